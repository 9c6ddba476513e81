// The HTML report printed, in headless chromium (test/support/browser.ts): 50 teams by 40
// workspaces, wider than any page. Print cuts the matrix into sheets of teams and rows
// (render/report-html/report-html-print-script.ts), each with the rows' names repeated: every team is in a
// sheet, each sheet fits the printable width and takes exactly one page of the PDF (the page count
// is that of the page without the sheets plus one per sheet), the appendix lists every cell; on
// screen the first column sticks while the matrix scrolls sideways.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAccessReport } from '../../src/render/report.js';
import { PRINT_ROWS_PER_SHEET, PRINT_TEAMS_PER_SHEET } from '../../src/render/report-html/report-html-print-script.js';
import { launchChromium, openReport } from '../support/browser.js';
import { pdfText } from '../support/pdf-text.js';
import { wideReport } from './wide-report.js';

const TEAMS = 50;
const report = wideReport(TEAMS, 40);
// 40 workspace rows and a header row per project of ten.
const ROWS = 40 + 4;
let dir: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-print-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderAccessReport(report, 'html', { byTeam: false }));
  browser = await launchChromium(dir);
  page = await openReport(browser, file, requests);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Pages of a PDF: its `/Type /Page` objects (not the `/Pages` tree nodes). */
const pagesOf = (pdf: Uint8Array): number =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []
  ).length;
const A4 = { format: 'A4', landscape: true, printBackground: true } as const;

describe('the HTML report of 50 teams by 40 workspaces, printed', () => {
  it('on screen: the workspace names stick at the left while the matrix scrolls sideways', async () => {
    await page.setViewport({ width: 900, height: 600 });
    const before = await page.$eval('#matrix tr.workspace th', (th: any) => th.getBoundingClientRect().left);
    // Issue 37, finding 9: the matrix scrolls in its own box, never the page.
    await page.$eval('#matrix-scroll', (box: any) => box.scrollBy(600, 0));
    const after = await page.$eval('#matrix tr.workspace th', (th: any) => th.getBoundingClientRect().left);
    const cellLeft = await page.$eval('#matrix tr.workspace td:nth-child(20)', (td: any) => td.getBoundingClientRect().left);
    expect(await page.$eval('#matrix-scroll', (box: any) => box.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (globalThis as any).window.scrollX)).toBe(0);
    expect(after).toBeLessThanOrEqual(Math.max(before, 0) + 1);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(cellLeft).toBeGreaterThan(after);
    await page.$eval('#matrix-scroll', (box: any) => box.scrollTo(0, 0));
  });

  it('print: every team in a sheet of at most ten, the rows named on each, every sheet within the printable width', async () => {
    // A4 landscape less Chrome's default margins, at 96 px to the inch.
    await page.setViewport({ width: 1050, height: 700 });
    await page.emulateMediaType('print');
    const sheets = await page.$$eval('.print-sheet', (nodes: any[]) =>
      nodes.map((n) => ({
        teams: Array.from(n.querySelectorAll('th.pteam')).map((th: any) => th.textContent as string),
        rows: n.querySelectorAll('tbody tr').length,
        firstColumn: Array.from(n.querySelectorAll('tbody th')).length,
        fits: n.querySelector('table').scrollWidth <= n.clientWidth,
        visible: n.offsetParent !== null,
      })),
    );
    expect(sheets).toHaveLength(Math.ceil(TEAMS / PRINT_TEAMS_PER_SHEET) * Math.ceil(ROWS / PRINT_ROWS_PER_SHEET));
    expect(sheets.flatMap((s) => s.teams).sort()).toEqual(
      [...report.teams.map((t) => t.name), ...report.teams.map((t) => t.name)].sort(), // each team in both sheets of rows
    );
    for (const sheet of sheets) {
      expect(sheet).toMatchObject({ fits: true, visible: true, firstColumn: sheet.rows });
      expect(sheet.teams.length).toBeLessThanOrEqual(PRINT_TEAMS_PER_SHEET);
    }
    expect(await page.$$eval('.print-sheet td.pcell', (n) => n.length)).toBe(report.cells.length);
    expect(await page.$$eval('#print-appendix tbody tr', (n) => n.length)).toBe(report.cells.length);
    expect(await page.$eval('#print-appendix table', (t: any) => t.scrollWidth <= t.parentElement.clientWidth)).toBe(true);
    expect(await page.$eval('#matrix', (n: any) => (globalThis as any).getComputedStyle(n).display)).toBe('none');
  });

  it("the PDF's text holds every team's name in the sheets alone (the powers table and the appendix, which name them too, taken out)", async () => {
    await page.evaluate(() => (globalThis as any).document.querySelectorAll('#powers, #powers-title, #print-appendix').forEach((n: any) => (n.hidden = true)));
    const text = pdfText(await page.pdf(A4)).join('\n');
    expect(text).toContain('Effective access, teams 1 to 10 of 50');
    const missing = report.teams.map((t) => t.name).filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
    // The reader is honest: a name printed nowhere is not found.
    expect(text).not.toContain('team-50');
    await page.evaluate(() => (globalThis as any).document.querySelectorAll('#powers, #powers-title, #print-appendix').forEach((n: any) => (n.hidden = false)));
  }, 60_000);

  it('the PDF has one page per sheet but the first (under the title) more than the page without them: no sheet spills over or is lost', async () => {
    const whole = pagesOf(await page.pdf(A4));
    const sheets = await page.$$eval('.print-sheet', (n) => n.length);
    await page.evaluate(() => (globalThis as any).document.querySelectorAll('.print-sheet').forEach((n: any) => n.remove()));
    const without = pagesOf(await page.pdf(A4));
    expect(without).toBeGreaterThan(0);
    // Issue 37, finding 9: the first sheet shares the title's page (no page of a title alone), every other takes its own.
    expect(whole - without).toBe(sheets - 1);
    expect(requests).toHaveLength(1);
  }, 60_000);
});
