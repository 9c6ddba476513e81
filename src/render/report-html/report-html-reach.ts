// An indirect question on the HTML page (docs/effective-access.md, "Indirect access"): `--can
// varset:NAME` and its kin are not among the matrix's who-can questions (one per permission), so
// the page lists the answer under the matrix, in the words and rows of the text (report-can.ts),
// with what it could not see.
import { reachQuestionOf } from '../../core/indirect.js';
import type { Report } from '../../core/report.js';
import { canHead, canRow } from '../report/report-can.js';
import { gapWords } from '../report-words/report-reach.js';
import { escapeHtml } from '../shared/markdown-text.js';

const cells = (row: readonly string[]): string => row.map((c) => `<td>${escapeHtml(c)}</td>`).join('');

/** The section, or nothing when no indirect question was asked. */
export function reachHtml(report: Report): string {
  const can = report.can;
  if (!can || !reachQuestionOf(can.question)) return '';
  const rows = [...can.holders.map((h) => ['yes', ...canRow(h)]), ...can.unknown.map((h) => ['not known', ...canRow(h)])];
  const table =
    rows.length > 0
      ? `<table class="reach"><thead><tr><th scope="col">answer</th><th scope="col">team</th><th scope="col">through</th><th scope="col">sources and how</th></tr></thead><tbody>${rows
          .map((r) => `<tr>${cells(r)}</tr>`)
          .join('')}</tbody></table>`
      : '<p>None of the teams and targets shown.</p>';
  const gaps = (can.gaps ?? []).map(gapWords);
  const incomplete =
    gaps.length > 0
      ? `<p class="incomplete">Incomplete: the answer may leave out who reaches it through what was not read:</p><ul>${gaps.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>`
      : '';
  return `<section id="reach"><h2>${escapeHtml(canHead(can))}</h2>${table}${incomplete}</section>\n`;
}
