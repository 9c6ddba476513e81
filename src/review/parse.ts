// A filled review sheet read back (docs/evidence.md, "Access reviews"): CSV as a spreadsheet saves
// it (a byte-order mark, either line end, the columns in any order, columns of its own added), each
// row by its spreadsheet number (the header is row 1), a defused formula (`'=...`) undone. Pure.
import { parse } from 'csv-parse/sync';
import { REVIEW_DECISIONS, SHEET_COLUMNS, type SheetColumn } from '../core/review.js';

/** A row as the sheet gives it, by column, with where it is (`review-platform.csv:3`). */
export interface ReadRow {
  readonly at: string;
  readonly fields: { readonly [C in SheetColumn]: string };
}

export type ReadSheet = { readonly rows: readonly ReadRow[] } | { readonly problem: string };

/** `'=1+1` back to `=1+1`: what render/report/report-csv.ts's csvField prefixed. */
const undefused = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function readSheet(name: string, text: string): ReadSheet {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error: unknown) {
    return { problem: `${name}: not a CSV sheet: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  const [header, ...data] = records;
  const index = new Map((header ?? []).map((column, i) => [column.trim(), i]));
  const absent = SHEET_COLUMNS.filter((c) => !index.has(c));
  if (absent.length > 0) return { problem: `${name}:1: not a review sheet of review start: no column ${absent.join(', ')}` };
  const rows = data.map((record, i) => {
    const fields = Object.fromEntries(SHEET_COLUMNS.map((c) => [c, undefused(record[index.get(c) as number] ?? '')])) as ReadRow['fields'];
    return { at: `${name}:${i + 2}`, fields };
  });
  return { rows };
}

/** The decision as written, trimmed and in lower case, when it is one (`Keep` is keep). */
export function decisionOf(row: ReadRow): (typeof REVIEW_DECISIONS)[number] | undefined {
  const written = row.fields.decision.trim().toLowerCase();
  return (REVIEW_DECISIONS as readonly string[]).includes(written) ? (written as (typeof REVIEW_DECISIONS)[number]) : undefined;
}
