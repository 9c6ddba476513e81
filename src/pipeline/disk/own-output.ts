// Which existing files an `--out` may replace without --force (docs/files.md, "Outputs"): one the
// tool wrote, of the kind the command writes, recognised by what the tool always puts at its top.
// A file carries no name of its writer, so the opening is the mark: a JSON document's first keys
// in the tool's order, a CSV's header row, the HTML page's opening with its
// Content-Security-Policy, a saved plan's `kind` (export has the same rule with a header line of
// its own: export/header.ts). Text and Markdown have no such opening (their first line is a
// sentence about the data): an existing one is replaced only with --force.
import { SHEET_COLUMNS } from '../../core/review.js';
import { RECOMMEND_CSV_HEADER } from '../../render/recommend/recommend-csv.js';
import { CAN_CSV_HEADER } from '../../render/report/report-can.js';
import { CSV_HEADER } from '../../render/report/report-csv.js';
import { PEOPLE_CSV_HEADER } from '../../render/report/report-people-csv.js';
import { DIFF_CSV_HEADER } from '../../render/report-diff/report-diff-csv.js';
import { csvLine } from '../../render/review/review-csv.js';
import { htmlPageStart } from '../../render/shared/html-page.js';
import { SAVED_PLAN_KIND } from '../../saved-plan/saved-plan.js';

/** What a command writes, each with the words of its refusal and how the tool recognises its own. */
export type OutputKind = 'saved-plan' | 'report' | 'report-diff' | 'review-start' | 'recommend';

export const OUTPUT_NOUN: Record<OutputKind, string> = {
  'saved-plan': 'a saved plan',
  report: 'a report',
  'report-diff': 'a report comparison',
  'review-start': 'a review sheet or review.json',
  recommend: 'a recommendation',
};

/** The part both openings of the tool's HTML pages share (with and without a script). */
function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
}
const HTML_OPENING = commonPrefix(htmlPageStart('', '', { script: true }), htmlPageStart('', '', { script: false }));

const firstLine = (text: string): string => text.slice(0, Math.max(0, text.indexOf('\n'))).replace(/\r$/, '');
const csvOf = (columns: readonly string[]): string => csvLine(columns);

/** JSON.stringify(document, null, 2) of a document whose first keys are these, in this order. */
const jsonOpening = (keys: readonly string[]): RegExp => new RegExp(`^\\{\\n${keys.map((k) => `  "${k}": [^\\n]*\\n`).join('')}`);

const REPORT_JSON = jsonOpening(['format_version', 'organization', 'state', 'generated_at']);
const DIFF_JSON = /^\{\n {2}"format_version": [^\n]*\n {2}"old": \{/;
const REVIEW_JSON = jsonOpening(['review', 'organization', 'started_at']);
const RECOMMEND_JSON = /^\{\n {2}"format_version": [^\n]*\n {2}"organization": [^\n]*\n {2}"window": \{/;

function isSavedPlan(text: string): boolean {
  try {
    const document = JSON.parse(text) as unknown;
    return typeof document === 'object' && document !== null && (document as { kind?: unknown }).kind === SAVED_PLAN_KIND;
  } catch {
    return false;
  }
}

const RECOGNISERS: Record<OutputKind, (text: string) => boolean> = {
  'saved-plan': isSavedPlan,
  report: (text) =>
    REPORT_JSON.test(text) || text.startsWith(HTML_OPENING) || [CSV_HEADER, PEOPLE_CSV_HEADER, CAN_CSV_HEADER].some((h) => firstLine(text) === csvOf(h)),
  'report-diff': (text) => DIFF_JSON.test(text) || text.startsWith(HTML_OPENING) || firstLine(text) === csvOf(DIFF_CSV_HEADER),
  'review-start': (text) => REVIEW_JSON.test(text) || firstLine(text) === csvOf(SHEET_COLUMNS),
  recommend: (text) => RECOMMEND_JSON.test(text) || firstLine(text) === csvOf(RECOMMEND_CSV_HEADER),
};

/** True when `text` (an existing file's) is one the tool writes as `kind`: replacing it is writing it again. */
export function writtenByTool(kind: OutputKind, text: string): boolean {
  return RECOGNISERS[kind](text);
}
