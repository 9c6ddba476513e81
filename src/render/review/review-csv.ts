// A review sheet as CSV (RFC 4180; docs/evidence.md, "Access reviews"): the header, then a row per
// team or person with access. A cell a spreadsheet would read as a formula is defused as the
// report's CSV defuses it (report-csv.ts); control characters are shown as spaces. CRLF line ends.
import { printable } from '../../core/printable.js';
import { SHEET_COLUMNS, type SheetRow, sheetFields } from '../../core/review.js';
import { csvField } from '../report/report-csv.js';

export const csvLine = (fields: readonly string[]): string => fields.map((f) => csvField(printable(f))).join(',');

export function renderReviewSheet(rows: readonly SheetRow[]): string {
  return [csvLine(SHEET_COLUMNS), ...rows.map((row) => csvLine(sheetFields(row)))].join('\r\n') + '\r\n';
}
