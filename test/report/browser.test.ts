// The HTML report in a real headless browser: Debian's `chromium` driven by puppeteer-core (which
// downloads no browser; `.ci/run` installs chromium when it is missing). The page is loaded from
// a file, its cells counted, the filters typed into, a cell clicked; every request it makes is
// recorded (there must be none but the file itself); print media hides the controls. A missing
// browser fails this file loudly: it is never skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { LEVEL_COLOURS } from '../../src/render/report-html/report-html-assets.js';
import { launchChromium, openReport, seriousAxeFindings } from '../support/browser.js';
import { ROOT, runCli } from '../support/cli.js';
import { ORG_TOKEN, SEED } from './seed.js';

const SCREENSHOT = join(ROOT, 'docs/report.png');
let dir: string;
let file: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-browser-'));
  file = join(dir, 'report.html');
  const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  try {
    const run = await runCli(['report', '--format', 'html', '--out', file], {
      env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'acme' },
      cwd: dir,
    });
    expect(run.code, run.err).toBe(0);
  } finally {
    await emulator.stop();
  }
  browser = await launchChromium(dir);
  page = await openReport(browser, file, requests, { bypassCSP: true, viewport: { width: 900, height: 520 } });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const visible = (selector: string): Promise<number> => page.$$eval(selector, (nodes: any[]) => nodes.filter((n) => n.offsetParent !== null).length);

async function typeInto(selector: string, text: string): Promise<void> {
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.type(selector, text);
}

describe('the HTML report in headless chromium', () => {
  it('loads with nothing but itself: the title says organization and state, one cell per team and row', async () => {
    expect(await page.title()).toMatch(/^Effective access: acme \(live, \d{4}-\d\d-\d\dT/);
    // 7 teams with access; 3 projects and 4 workspaces are the rows; 37 (team, target) pairs have access.
    expect(await page.$$eval('th.team', (n) => n.length)).toBe(7);
    expect(await page.$$eval('#matrix tbody td', (n) => n.length)).toBe(7 * 7);
    expect(await page.$$eval('td.cell', (n) => n.length)).toBe(37);
    const colour = await page.$eval('tr.workspace[data-name="networking-prod"] td[data-team="developers"]', (td: any) => [
      td.textContent,
      (globalThis as any).getComputedStyle(td).backgroundColor,
    ]);
    const hex = LEVEL_COLOURS.write!;
    expect(colour).toEqual(['write', `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`]);
    expect(requests).toEqual([`file://${file}`]);
  });

  it('the filters leave the teams and workspaces whose names hold the text', async () => {
    await typeInto('#team-filter', 'dev');
    expect(await visible('th.team')).toBe(1);
    expect(await visible('td.cell')).toBe(4); // developers: platform, networking-dev, networking-prod, sandbox
    await typeInto('#workspace-filter', 'networking');
    expect(await visible('tr.workspace')).toBe(2);
    expect(await page.$$eval('tr.project', (rows: any[]) => rows.filter((r) => r.offsetParent !== null).map((r) => r.dataset.name))).toEqual(['platform']);
    expect(await visible('td.cell')).toBe(3);
    expect(await page.$eval('#shown', (n) => n.textContent)).toBe('1 of 7 teams, 2 of 4 workspaces');
  });

  it('a click on a cell shows its sources', async () => {
    await page.click('tr.workspace[data-name="networking-prod"] td[data-team="developers"]');
    const details = await page.$eval('#details', (n: any) => ({ hidden: n.hidden, text: n.textContent }));
    expect(details.hidden).toBe(false);
    expect(details.text).toContain('developers on workspace networking-prod: write');
    expect(details.text).toContain('project platform: write');
    expect(details.text).toContain('workspace grant: plan');
  });

  it('the details close with their button and Escape; axe-core finds nothing serious or critical, closed or open', async () => {
    await page.click('#details-close');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.click('tr.workspace[data-name="networking-prod"] td[data-team="developers"]');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(true);
  });

  it('the organization powers: every team a row, every flag a column, secret teams said; the team filter narrows it too', async () => {
    await typeInto('#team-filter', '');
    await typeInto('#workspace-filter', '');
    expect(await visible('#powers tbody tr')).toBe(7);
    expect(await page.$$eval('#powers thead th.flag', (n) => n.length)).toBe(21);
    const sre = await page.$eval('#powers tr[data-team="sre"]', (tr: any) => Array.from(tr.querySelectorAll('td.flag.on')).map((td: any) => td.title));
    expect(sre).toEqual(['sre: manage-workspaces', 'sre: manage-projects']);
    expect(await page.$eval('#powers tr[data-team="vault"] td.secret', (td: any) => td.textContent)).toBe('secret');
    const on = await page.$eval('#powers tr[data-team="sre"] td.flag.on', (td: any) => (globalThis as any).getComputedStyle(td).backgroundColor);
    expect(on).not.toBe('rgba(0, 0, 0, 0)');
    await typeInto('#team-filter', 'vie');
    expect(await page.$$eval('#powers tbody tr', (rows: any[]) => rows.filter((r) => r.offsetParent !== null).map((r) => r.dataset.team))).toEqual(['viewers']);
    await typeInto('#team-filter', '');
    expect(requests).toEqual([`file://${file}`]);
  });

  it('prints without the controls, and the screenshot for docs/effective-access.md is taken', async () => {
    await typeInto('#team-filter', '');
    await typeInto('#workspace-filter', '');
    await page.click('tr.workspace[data-name="lake"] td[data-team="auditors"]');
    const screenshot = await page.screenshot({ fullPage: true });
    writeFileSync(process.env.WRITE_SCREENSHOT ? SCREENSHOT : join(dir, 'report.png'), screenshot);
    await page.emulateMediaType('print');
    expect(await page.$eval('.controls', (n: any) => (globalThis as any).getComputedStyle(n).display)).toBe('none');
    // Print shows the matrix as sheets of teams (every cell once) and an appendix row per cell.
    expect(await visible('.print-sheet td.pcell')).toBe(37);
    expect(await visible('#print-appendix tbody tr')).toBe(37);
    expect((await page.pdf({ format: 'A4', landscape: true, printBackground: true })).length).toBeGreaterThan(1000);
    expect(requests).toEqual([`file://${file}`]);
  });
});
