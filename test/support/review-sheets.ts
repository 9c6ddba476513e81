// The review tests' sheets: a CSV sheet `review start` wrote, read as rows by column and written
// back with some rows filled (as a reviewer does in a spreadsheet), and rendered rows read back with
// decisions filled in (the pure tests of review/). One copy, where the review tests had three.
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { SheetRow } from '../../src/core/review.js';
import { renderReviewSheet } from '../../src/render/review/review-csv.js';
import { type ReadRow, readSheet } from '../../src/review/parse.js';
import { rowCheck } from '../../src/review/sheet.js';

/** A sheet row by column name. */
export type Row = Record<string, string>;

export async function readRows(path: string): Promise<Row[]> {
  return parse(await readFile(path, 'utf8'), { columns: true }) as Row[];
}

/**
 * The sheet at `path` written back with each row filled by `fill` (undefined: left as it is), its
 * lines ended by `eol` (a spreadsheet saving on Windows writes `\r\n`).
 */
export async function fillSheet(path: string, fill: (row: Row) => Partial<Row> | undefined, eol: '\n' | '\r\n' = '\n'): Promise<void> {
  const [header, ...records] = parse(await readFile(path, 'utf8')) as string[][];
  const columns = header as string[];
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = records.map((record) => {
    const row = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? '']));
    const filled = { ...row, ...fill(row) };
    return columns.map((c) => quote(filled[c] ?? '')).join(',');
  });
  await writeFile(path, [columns.join(','), ...lines].join(eol) + eol);
}

/** `rows` rendered as the sheet `file` and read back, row i's fields overlaid with `fill[i]`. */
export function filledRows(file: string, rows: SheetRow[], fill: Record<string, string>[]): ReadRow[] {
  const read = readSheet(file, renderReviewSheet(rows));
  if (!('rows' in read)) throw new Error(read.problem);
  return read.rows.map((r, i) => ({ ...r, fields: { ...r.fields, ...fill[i] } }));
}

/** What a sheet row says before anyone decides it: the row's review, owner, subject, target, access and sources. */
export type RowFacts = Pick<SheetRow, 'review' | 'owner' | 'kind' | 'subject' | 'teamId' | 'target' | 'access' | 'sources'>;

/** A row as `review start` writes it (undecided unless `over` says), its check (review/sheet.ts) over the fields it ends with. */
export function sheetRow(facts: RowFacts, over: Partial<SheetRow> = {}): SheetRow {
  const base = { ...facts, decision: '' as const, reviewer: '', rationale: '', decidedAt: '', ...over };
  return { ...base, check: rowCheck(base) };
}
