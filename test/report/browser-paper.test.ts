// Issue 37, Build 7 and findings 8 and 9 (docs/effective-access.md, "The HTML report"), in headless
// chromium (test/support/browser.ts) on 16 teams by 40 workspaces with a who-can question: at
// 1440x900 and on a phone (390x844) the page never scrolls sideways (the matrix scrolls in its own
// box), the panel opens beside the tapped cell, lists the permissions one a line and keeps the
// focus; printed, there is no page of a title alone, every page names the organization, the time
// of the read and its page of how many, the appendix is compact and the who-can answers are kept;
// axe-core finds nothing serious or critical.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAccessReport } from '../../src/render/report.js';
import { launchChromium, openReport, seriousAxeFindings } from '../support/browser.js';
import { pdfPageTexts, pdfText } from '../support/pdf-text.js';
import { wideReport } from './wide-report.js';

const report = wideReport(16, 40, { can: 'runs:apply' });
let dir: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const A4 = { format: 'A4', landscape: true, printBackground: true } as const;

/** Pages of a PDF: its `/Type /Page` objects (not the `/Pages` tree nodes). */
const pagesOf = (pdf: Uint8Array): number =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []
  ).length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-paper-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderAccessReport(report, 'html', { byTeam: false }));
  browser = await launchChromium(dir);
  page = await openReport(browser, file, requests, { bypassCSP: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  describe(`on screen at ${viewport.width}x${viewport.height}`, () => {
    it('finding 9: the page never scrolls sideways; the matrix scrolls in its own box; axe-core finds nothing serious or critical', async () => {
      await page.setViewport(viewport);
      const widths = await page.evaluate(() => ({
        page: (globalThis as any).document.documentElement.scrollWidth,
        view: (globalThis as any).document.documentElement.clientWidth,
        box: (globalThis as any).document.getElementById('matrix-scroll').clientWidth,
        matrix: (globalThis as any).document.getElementById('matrix').scrollWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.view);
      expect(widths.box).toBeLessThanOrEqual(widths.view);
      if (viewport.width < 800) expect(widths.matrix).toBeGreaterThan(widths.box);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });

    it('finding 9: a tapped cell, far right in the scrolled matrix, opens the panel next to it, in view, not over it', async () => {
      await page.setViewport(viewport);
      const selector = '#matrix tbody tr[data-name="workspace-21"] td:last-child';
      await page.$eval(selector, (td: any) => td.scrollIntoView({ block: 'center', inline: 'center' }));
      await page.tap(selector);
      const cell = (await (await page.$(selector))!.boundingBox())!;
      const panel = (await (await page.$('#details'))!.boundingBox())!;
      expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(false);
      // Beside the cell: just under (or above) it, and reaching across its column.
      const gap = Math.min(Math.abs(panel.y - (cell.y + cell.height)), Math.abs(cell.y - (panel.y + panel.height)));
      expect(gap).toBeLessThanOrEqual(12);
      expect(panel.x).toBeLessThanOrEqual(cell.x + cell.width);
      expect(panel.x + panel.width).toBeGreaterThanOrEqual(cell.x);
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
      expect(
        await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth <= (globalThis as any).document.documentElement.clientWidth),
      ).toBe(true);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });
  });
}

describe('the details panel', () => {
  it('finding 9: the permissions are a list, one a line; Tab and Shift+Tab stay in the open dialog', async () => {
    await page.setViewport({ width: 1440, height: 900 });
    const selector = '#matrix tbody td.cell.lvl-admin';
    await page.focus(selector);
    await page.keyboard.press('Enter');
    const expected = await page.$eval(selector, (td: any) => td.dataset.permissions.split(', '));
    expect(expected.length).toBeGreaterThan(3);
    expect(await page.$$eval('#details ul.permissions li', (lis: any[]) => lis.map((li) => li.textContent))).toEqual(expected);
    const inside = (): Promise<boolean> =>
      page.evaluate(() => (globalThis as any).document.getElementById('details').contains((globalThis as any).document.activeElement));
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await inside()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(true);
  });
});

describe('printed (A4 landscape)', () => {
  let pages: string[];
  let count: number;
  let all: string;

  beforeAll(async () => {
    await page.setViewport({ width: 1050, height: 700 });
    await page.emulateMediaType('print');
    const pdf = await page.pdf(A4);
    count = pagesOf(pdf);
    pages = pdfPageTexts(pdf);
    all = pdfText(pdf).join('\n');
  }, 60_000);

  it('finding 9: no page of a title alone: the first page holds the first sheet of the matrix', () => {
    expect(pages[0]).toContain('Effective access: acme');
    expect(pages[0]).toContain('Effective access, teams 1 to 10 of 16');
  });

  it('finding 9: every page names the organization, the time of the read, and its page of how many', () => {
    expect(pages).toHaveLength(count);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain('Effective access: acme');
      expect(text, `page ${i + 1}`).toContain(report.generatedAt);
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${count}`);
    });
  });

  it('finding 9: a compact appendix: the whole print of 16 teams by 40 workspaces is a few pages', async () => {
    const cells = await page.$$eval('#print-appendix tbody tr', (n) => n.length);
    expect(cells).toBe(report.cells.length);
    // Four sheets of the matrix, the organization powers, and the appendix of every cell.
    expect(count).toBeLessThanOrEqual(12);
  });

  it('finding 8: the who-can answers are kept in print: each sheet cell says yes, no or unknown, and the summary is printed', async () => {
    const answers = await page.$$eval('#print-matrix td.pcell', (tds: any[]) => tds.map((td) => td.querySelector('.ans')?.textContent ?? ''));
    expect(answers.length).toBe(report.cells.length);
    expect(answers.every((a) => ['yes', 'no', 'unknown'].includes(a))).toBe(true);
    expect(answers.filter((a) => a === 'yes').length).toBeGreaterThan(0);
    const screen = await page.$$eval('#matrix td.cell .ans', (spans: any[]) => spans.map((s) => s.textContent));
    expect(answers.filter((a) => a === 'yes').length).toBe(screen.filter((a) => a === 'yes').length);
    expect(all).toContain('Who can runs:apply');
    expect(requests).toHaveLength(1);
  });
});
