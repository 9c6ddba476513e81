// Tables of the manual that restate a table of the code, held equal to it wherever the page lives:
// the warning codes (docs/plan.md, "Warnings") and the exit codes (README, "Exit codes").
import { describe, expect, it } from 'vitest';
import { INTERRUPT_EXIT } from '../../src/cli/interrupt.js';
import { WARNING_CODES } from '../../src/core/warning-codes.js';
import { EXIT } from '../../src/errors.js';
import { readPage } from '../support/manual.js';

/** The first cells of the table that follows a heading, up to the next heading. */
function firstCells(page: string, heading: string): string[] {
  const text = readPage(page);
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${page}: ${heading}`).toBeGreaterThanOrEqual(0);
  const section = text.slice(start + heading.length + 2).split(/\n#{1,6} /)[0] ?? '';
  return [...section.matchAll(/^\| ([^|]+?) \|/gm)]
    .map((m) => m[1] ?? '')
    .filter((cell) => !/^-+$/.test(cell))
    .slice(1);
}

describe('tables of the manual', () => {
  it('docs/plan.md lists every warning code, in the order of the code, and no other', () => {
    expect(firstCells('docs/plan.md', '## Warnings')).toEqual(WARNING_CODES.map((code) => `\`${code}\``));
  });

  it('the README lists every exit code a command ends with', () => {
    const listed = firstCells('README.md', '### Exit codes').flatMap((cell) => cell.split(', ').map(Number));
    expect(listed.sort((a, b) => a - b)).toEqual([...Object.values(EXIT), ...Object.values(INTERRUPT_EXIT)].sort((a, b) => a - b));
  });
});
