// The HTML report by person in headless chromium, as test/report/browser.test.ts drives the report
// by team (puppeteer-core and Debian's chromium; a missing browser fails loudly): the person filter
// narrows the team columns to the teams of the people it matches and the table of people to them,
// together with the team filter; a clicked cell names the team's people; nothing is requested.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAccessReport } from '../../src/render/report.js';
import { launchChromium, openReport, seriousAxeFindings } from '../support/browser.js';
import { personReport } from './report-fixture.js';

let dir: string;
let file: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-people-browser-'));
  file = join(dir, 'people.html');
  writeFileSync(file, renderAccessReport(personReport(), 'html', { byTeam: false }));
  browser = await launchChromium(dir);
  page = await openReport(browser, file, requests, { bypassCSP: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const shownNames = (selector: string, key: string): Promise<string[]> =>
  page.$$eval(selector, (nodes: any[], k: string) => nodes.filter((n) => n.offsetParent !== null).map((n) => n.dataset[k]), key);

async function typeInto(selector: string, text: string): Promise<void> {
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.type(selector, text);
}

describe('the HTML report by person in headless chromium', () => {
  it('lists every person shown, the team columns and the counts; it requests nothing but itself', async () => {
    expect(await shownNames('#people tbody tr', 'person')).toEqual([
      '=cmd@example.com',
      'ana@example.com',
      'bo@example.com',
      'cy@vendor.example',
      'dee@example.com',
      'root@example.com',
    ]);
    expect(await shownNames('th.team', 'team')).toEqual(['auditors', 'contractors', 'developers', 'owners', 'sre']);
    expect(await page.$eval('#shown', (n) => n.textContent)).toBe('5 of 5 teams, 2 of 2 workspaces; 6 of 6 people');
    expect(requests).toEqual([`file://${file}`]);
  });

  it('the person filter keeps the teams of the people it matches, and those people', async () => {
    await typeInto('#person-filter', 'bo@');
    expect(await shownNames('#people tbody tr', 'person')).toEqual(['bo@example.com']);
    expect(await shownNames('th.team', 'team')).toEqual(['auditors', 'developers']);
    expect(await shownNames('#powers tbody tr', 'team')).toEqual(['auditors', 'developers']);
    // Every visible cell is in a column of bo's teams.
    expect(new Set(await shownNames('td.cell', 'team'))).toEqual(new Set(['auditors', 'developers']));
    expect(await page.$eval('#shown', (n) => n.textContent)).toBe('2 of 5 teams, 2 of 2 workspaces; 1 of 6 people');
  });

  it('with the team filter too, both narrow; cleared, everything is back', async () => {
    await typeInto('#team-filter', 'dev');
    expect(await shownNames('th.team', 'team')).toEqual(['developers']);
    await typeInto('#person-filter', 'root');
    expect(await shownNames('th.team', 'team')).toEqual([]);
    expect(await shownNames('#people tbody tr', 'person')).toEqual(['root@example.com']);
    await typeInto('#team-filter', '');
    expect(await shownNames('th.team', 'team')).toEqual(['owners']);
    await typeInto('#person-filter', '');
    expect(await shownNames('th.team', 'team')).toEqual(['auditors', 'contractors', 'developers', 'owners', 'sre']);
    expect(await shownNames('#people tbody tr', 'person')).toHaveLength(6);
  });

  it("a click on a cell shows its sources and the team's people", async () => {
    await page.click('tr.workspace[data-name="networking-prod"] td[data-team="developers"]');
    const details = await page.$eval('#details', (n: any) => ({ hidden: n.hidden, text: n.textContent }));
    expect(details.hidden).toBe(false);
    expect(details.text).toContain('developers on workspace networking-prod: write');
    expect(details.text).toContain('People (2): ana@example.com, bo@example.com');
    await page.click('tr.workspace[data-name="lake"] td[data-team="sre"]');
    expect(await page.$eval('#details', (n: any) => n.textContent)).toContain('People (0): none');
    expect(requests).toEqual([`file://${file}`]);
  });

  it('axe-core finds nothing serious or critical, the details panel closed and open; the panel keeps the people of the cell opened last', async () => {
    await page.keyboard.press('Escape');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.click('tr.workspace[data-name="networking-prod"] td[data-team="developers"]');
    expect(await page.$eval('#details', (n: any) => n.hidden)).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await page.$$eval('#details p.people', (n) => n.length)).toBe(1);
  });
});
