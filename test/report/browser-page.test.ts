// The HTML report's page in headless chromium (test/support/browser.ts), on a report built in
// memory (test/report/wide-report.ts) with `--after` changes and a `--can` question: the grid is
// one tab stop moved by the arrow keys; the details panel is a dialog beside its cell (never over
// it, on a phone too), closed by its button or Escape with the focus handed back; the filters
// (project names, a level) and sorts; the who-can control says what `report --can` says of each cell;
// each changed cell is marked; axe-core finds nothing serious or critical.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAN_QUESTIONS } from '../../src/core/can.js';
import { renderAccessReport } from '../../src/render/report.js';
import { launchChromium, openReport, seriousAxeFindings } from '../support/browser.js';
import { wideCan, wideReport } from './wide-report.js';

const report = wideReport(6, 12, { after: true, can: 'runs:apply' });
let dir: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-page-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderAccessReport(report, 'html', { byTeam: false }));
  browser = await launchChromium(dir);
  page = await openReport(browser, file, requests, { bypassCSP: true });
  await page.setViewport({ width: 1000, height: 700 });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const active = (): Promise<string> =>
  page.evaluate(() => {
    const el = (globalThis as any).document.activeElement;
    if (el.id) return `#${el.id}`;
    // The team of a cell's column, empty cells too (they carry no data-team).
    const team = el.closest('table').querySelectorAll('thead th')[el.cellIndex]?.dataset.team;
    return `${el.closest('tr')?.dataset.name} ${team}`;
  });
/** A cell by its row's name and its team (teams in name order: team-NN is column NN + 2). */
const cell = (row: string, team: string): string => `#matrix tbody tr[data-name="${row}"] td:nth-child(${Number(team.slice(5)) + 2})`;
const shown = (selector: string, key: string): Promise<string[]> =>
  page.$$eval(selector, (nodes: any[], k: string) => nodes.filter((n) => n.offsetParent !== null).map((n) => n.dataset[k]), key);
const pick = async (id: string, value: string): Promise<void> => {
  await page.select(`#${id}`, value);
};

describe('the HTML report page in headless chromium', () => {
  it('the grid is one tab stop: one cell tabindex 0, every other -1; Tab enters it once and leaves it', async () => {
    const stops = await page.$$eval('#matrix tbody td', (tds: any[]) => tds.map((td) => td.tabIndex));
    expect(stops.filter((t) => t === 0)).toHaveLength(1);
    expect(stops.filter((t) => t === -1)).toHaveLength(stops.length - 1);
    expect(await page.$$eval('#matrix[role="grid"]', (n) => n.length)).toBe(1);
    await page.focus('#can');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.tabIndex)).toBe(0);
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.closest('#matrix') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.closest('#matrix'))).toBe(null);
  });

  it('arrow keys, Home and End move between cells, the tab stop with them', async () => {
    await page.focus(cell('workspace-01', 'team-01'));
    await page.keyboard.press('ArrowRight');
    expect(await active()).toBe('workspace-01 team-02');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('workspace-02 team-02');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('workspace-01 team-01');
    await page.keyboard.press('End');
    expect(await active()).toBe('workspace-01 team-05');
    await page.keyboard.press('Home');
    expect(await active()).toBe('workspace-01 team-00');
    const stops = await page.$$eval('#matrix tbody td[tabindex="0"]', (tds: any[]) => tds.map((td) => `${td.closest('tr').dataset.name} ${td.dataset.team}`));
    expect(stops).toEqual(['workspace-01 team-00']);
  });

  it('Enter opens the details, a dialog named by its heading and focused; Escape closes it and the focus is back on the cell', async () => {
    const target = report.cells.find((c) => c.target.name === 'workspace-04' && c.team.name === 'team-02')!;
    await page.focus(cell('workspace-04', 'team-02'));
    await page.keyboard.press('Enter');
    const dialog = await page.$eval('#details', (n: any) => ({
      hidden: n.hidden,
      role: n.getAttribute('role'),
      name: (globalThis as any).document.getElementById(n.getAttribute('aria-labelledby')).textContent,
      focused: (globalThis as any).document.activeElement === n,
      text: n.textContent,
    }));
    expect(dialog).toMatchObject({ hidden: false, role: 'dialog', focused: true, name: `team-02 on workspace workspace-04: ${target.access}` });
    expect(dialog.text).toContain('Sources:');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(true);
    expect(await active()).toBe('workspace-04 team-02');
    await page.keyboard.press(' ');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(false);
    await page.click('#details-close');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(true);
    expect(await active()).toBe('workspace-04 team-02');
  });

  for (const viewport of [
    { width: 1000, height: 700 },
    { width: 390, height: 844 },
  ]) {
    it(`the open panel never covers the cell it describes (${viewport.width}x${viewport.height})`, async () => {
      await page.setViewport(viewport);
      const cells = await page.$$eval('#matrix td.cell', (tds: any[]) => tds.map((td) => `${td.closest('tr').dataset.name}\u0000${td.dataset.team}`));
      for (const key of [cells[0]!, cells[Math.floor(cells.length / 2)]!, cells[cells.length - 1]!]) {
        const [row, team] = key.split('\u0000') as [string, string];
        await page.click(cell(row, team));
        const panel = (await (await page.$('#details'))!.boundingBox())!;
        const box = (await (await page.$(cell(row, team)))!.boundingBox())!;
        expect(intersects(panel, box), `${row} ${team}`).toBe(false);
        expect(panel.width).toBeLessThanOrEqual(viewport.width);
        await page.keyboard.press('Escape');
      }
      await page.setViewport({ width: 1000, height: 700 });
    });
  }

  it('the workspace filter matches project names; the level filter keeps the rows and teams with a cell of that level', async () => {
    await page.type('#workspace-filter', 'project-01');
    expect(await shown('#matrix tr.workspace', 'name')).toEqual(report.workspaces.filter((w) => w.project?.name === 'project-01').map((w) => w.name));
    await page.click('#workspace-filter', { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await pick('level-filter', 'admin');
    const admin = report.cells.filter((c) => c.access === 'admin' && c.target.type === 'workspace');
    expect(new Set(await shown('#matrix tr.workspace', 'name'))).toEqual(new Set(admin.map((c) => c.target.name)));
    expect(new Set(await shown('#matrix th.team', 'team'))).toEqual(new Set(admin.map((c) => c.team.name)));
    expect(new Set(await shown('#matrix td.cell', 'level'))).toContain('admin');
    // The grid's one tab stop moves to a cell still shown.
    await page.waitForFunction(() => ((globalThis as any).document.querySelector('#matrix tbody td[tabindex="0"]')?.offsetParent ? true : false));
    expect(await page.$$eval('#matrix tbody td[tabindex="0"]', (n) => n.length)).toBe(1);
    await pick('level-filter', '');
    expect(await shown('#matrix tr.workspace', 'name')).toHaveLength(12);
  });

  it('rows sort by name, by teams with access, by highest level; teams by name either way', async () => {
    const counts = (): Promise<number[]> =>
      page.$$eval('#matrix tbody.group:first-of-type tr.workspace', (rows: any[]) =>
        rows.map((tr) => tr.querySelectorAll('td.cell:not([data-level="none"])').length),
      );
    await pick('row-sort', 'teams');
    const byTeams = await counts();
    expect(byTeams).toEqual([...byTeams].sort((a, b) => b - a));
    expect(new Set(byTeams).size).toBeGreaterThan(1);
    await pick('row-sort', 'level');
    const rank: Record<string, number> = { none: 0, read: 1, plan: 2, custom: 3, write: 4, maintain: 5, admin: 6 };
    const highest = await page.$$eval('#matrix tbody.group:first-of-type tr.workspace', (rows: any[]) =>
      rows.map((tr) => Array.from(tr.querySelectorAll('td.cell')).map((td: any) => td.dataset.level as string)),
    );
    const tops = highest.map((levels) => Math.max(0, ...levels.map((l) => rank[l]!)));
    expect(tops).toEqual([...tops].sort((a, b) => b - a));
    await pick('row-sort', 'name');
    expect(await shown('#matrix tr.workspace', 'name')).toEqual(report.workspaces.map((w) => w.name));
    await pick('column-sort', 'desc');
    expect(await shown('#matrix th.team', 'team')).toEqual(['team-05', 'team-04', 'team-03', 'team-02', 'team-01', 'team-00']);
    expect(await page.$eval('#matrix tr.workspace td:last-child', (td: any) => td.dataset.team ?? 'empty')).not.toBe('team-05');
    await pick('column-sort', 'asc');
    expect(await shown('#matrix th.team', 'team')).toEqual(['team-00', 'team-01', 'team-02', 'team-03', 'team-04', 'team-05']);
  });

  // Issue 37, Build 4: the page shows the text's and JSON's own answers (report --can), not a computation of its own.
  it('the who-can control starts on the question asked and makes every cell say what report --can says', async () => {
    const answersShown = (): Promise<Record<string, string>> =>
      page.$$eval('#matrix td.cell:not([data-level="none"])', (tds: any[]) =>
        Object.fromEntries(tds.map((td) => [`${td.dataset.team} ${td.dataset.target}`, td.querySelector('.ans')?.textContent])),
      );
    const expected = (name: string): Record<string, string> => {
      const can = wideCan(report, name);
      const answer = new Map([
        ...can.holders.map((h): [string, string] => [`${h.team.name} ${h.target.type} ${h.target.name}`, 'yes']),
        ...can.unknown.map((h): [string, string] => [`${h.team.name} ${h.target.type} ${h.target.name}`, 'unknown']),
      ]);
      return Object.fromEntries(
        report.cells.map((c) => [`${c.team.name} ${c.target.type} ${c.target.name}`, answer.get(`${c.team.name} ${c.target.type} ${c.target.name}`) ?? 'no']),
      );
    };
    expect(await page.$eval('#can', (s: any) => s.options[s.selectedIndex].text)).toBe('runs:apply');
    expect(await answersShown()).toEqual(expected('runs:apply'));
    for (const name of ['variables:write', 'manage-team-access', 'workspace-locking']) {
      await pick('can', String(CAN_QUESTIONS.findIndex((q) => q.name === name)));
      expect(await answersShown()).toEqual(expected(name));
    }
    expect(Object.values(await answersShown())).toContain('yes');
    expect(await page.$eval('#can-summary', (n) => n.textContent)).toMatch(/^Who can workspace-locking: \d+ cells yes/);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it('--after: each changed cell is marked with a sign and words, its panel says before -> after; the level filter can keep them', async () => {
    const changed = report.changed!;
    expect(changed.length).toBeGreaterThan(0);
    expect(await page.$$eval('#matrix td.changed', (n) => n.length)).toBe(changed.length);
    expect(await page.$$eval('#matrix td.changed', (tds: any[]) => tds.every((td) => td.querySelector('.mark[aria-label="changed"]') !== null))).toBe(true);
    const gone = changed.find((c) => c.after === null)!;
    await page.click(cell(gone.before!.target.name, gone.before!.team.name));
    const text = await page.$eval('#details', (n) => n.textContent);
    expect(text).toContain(`Changed by the plan: ${gone.before!.access}`);
    expect(text).toContain('-> no access');
    await page.keyboard.press('Escape');
    await pick('level-filter', 'changed');
    expect(await shown('#matrix th.team', 'team')).toEqual(['team-00']);
    await pick('level-filter', '');
    expect(requests).toHaveLength(1);
  });

  it('the accessibility check can fail: on a page with a button of no name, it reports it', async () => {
    const other = await browser.newPage();
    await other.setContent('<!doctype html><html lang="en"><head><title>t</title></head><body><main><button></button></main></body></html>');
    expect((await seriousAxeFindings(other)).map((f) => f.id)).toContain('button-name');
    await other.close();
  });
});
