// Headless chromium for the HTML report's browser tests (Debian's `chromium`, driven by
// puppeteer-core, which downloads no browser; a missing browser fails loudly, never skips): the
// launch, a page that records every request it makes (a report must make none but its own file),
// and the accessibility check of axe-core run inside the page.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(dir: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium); .ci/run does it in CI.`);
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: [...FLAGS, `--user-data-dir=${join(dir, 'profile')}`] });
}

/**
 * A page on `file`, every request recorded in `requests` and all but file:// aborted. With
 * `bypassCSP`, the page's Content-Security-Policy is not applied, so axe-core can be injected (the
 * report's own policy forbids any script but its own); with `viewport`, the page has that size
 * before the report loads.
 */
export async function openReport(
  browser: Browser,
  file: string,
  requests: string[],
  options: { bypassCSP?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const page = await browser.newPage();
  if (options.viewport) await page.setViewport(options.viewport);
  if (options.bypassCSP) await page.setBypassCSP(true);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    requests.push(request.url());
    void (request.url().startsWith('file://') ? request.continue() : request.abort());
  });
  await page.goto(`file://${file}`);
  return page;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** axe-core's findings of impact serious or critical on the page as it stands. */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => typeof (globalThis as any).axe === 'object'))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)) }));
  });
  return (violations as AxeFinding[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
