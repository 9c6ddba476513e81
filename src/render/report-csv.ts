// The report as CSV (RFC 4180): one row per (team, target), the permissions and the sources each
// in one column. A cell that a spreadsheet would read as a formula is prefixed with `'`.
import type { Report } from '../core/effective.js';
import { RESOURCE_OF } from '../core/model.js';
import { orderedEntries } from '../core/permissions.js';
import { printable } from '../core/printable.js';
import { sourcesText } from './report-text.js';

export const CSV_HEADER = ['team', 'team_id', 'target_type', 'target', 'target_id', 'project', 'access', 'permissions', 'sources'] as const;

/** Quoted when it holds a comma, quote or line break; `=`, `+`, `-`, `@` at the start are defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function renderReportCsv(report: Report): string {
  const projectOf = new Map(report.workspaces.map((w) => [w.id, w.project?.name ?? '']));
  const rows = report.cells.map((cell) => [
    cell.team.name,
    cell.team.id,
    cell.target.type,
    cell.target.name,
    cell.target.id,
    cell.target.type === 'workspace' ? (projectOf.get(cell.target.id) ?? '') : cell.target.name,
    cell.access,
    orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions).map(([key, value]) => `${key}=${String(value)}`).join('; '),
    sourcesText(cell),
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
