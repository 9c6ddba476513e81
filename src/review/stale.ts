// The round against live access at close (docs/evidence.md, "Access reviews"): the sheets `review
// start` would write now, from the close's own read, compared row by row with the filled ones. A row
// whose access changed since start (a level raised, a target renamed, a power granted; a power row
// whose power is gone, or now comes from elsewhere) is stale: its
// decision was over other access. Live access with no row (a grant made since start, a deleted row)
// and a sheet of the round not given are refused too, so the decisions cover the whole population
// as it is. Pure.
import { isMemberRow, type SheetRow } from '../core/review.js';
import { sheetRowOf } from './decisions.js';
import type { ReadRow } from './parse.js';
import type { ReviewSheets } from './rows.js';
import { rowCheck, sheetName } from './sheet.js';

/** Who has access where: one row of a sheet, whatever its level, sources or names; a power row, whatever gives it. */
const keyOf = (row: Pick<SheetRow, 'kind' | 'teamId' | 'target' | 'subject' | 'access'>): string => {
  const which = isMemberRow(row) ? row.subject.toLowerCase() : row.kind === 'power' || row.kind === 'derived' ? row.access : '';
  return [row.kind, row.teamId, row.target.id, which].join('\u0000');
};

function accessWords(row: SheetRow): string {
  if (row.kind === 'power') return `team ${row.subject} holds ${row.access} of organization ${row.target.name} (${row.sources})`;
  if (row.kind === 'membership') return `${row.subject}, inactive, is in team ${row.via ?? ''} (${row.sources})`;
  if (row.kind === 'derived') return `team ${row.subject} ${row.access} through ${row.target.type} ${row.target.name} (${row.sources})`;
  const who = row.kind === 'team' ? `team ${row.subject}` : `${row.subject} through team ${row.via ?? ''}`;
  return `${who} has ${row.access} on ${row.target.type} ${row.target.name} (${row.sources})`;
}

/** Every row of the sheets and every live access without one, as problems; `listed` are the sheets review.json names. */
export function staleProblems(rows: readonly ReadRow[], live: ReviewSheets, given: readonly string[], listed: readonly string[] = []): string[] {
  const liveRows = [
    ...live.sheets.flatMap((s) => s.rows.map((row) => ({ sheet: sheetName(s.owner), row }))),
    ...live.unowned.map((row) => ({ sheet: sheetName(undefined), row })),
  ];
  const byKey = new Map(liveRows.map((l) => [keyOf(l.row), l]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const read of rows) {
    const row = sheetRowOf(read);
    // A row changed after start is refused as such (decisions.ts); its columns say nothing of live.
    if (rowCheck(row) !== row.check) continue;
    const key = keyOf(row);
    seen.add(key);
    const now = byKey.get(key);
    if (now === undefined) problems.push(`${read.at}: stale: the access is no longer live (changed since review start); start a new round`);
    else if (now.row.check !== row.check)
      problems.push(
        `${read.at}: stale: live access changed since review start: now ${accessWords(now.row)}, the sheet says ${row.access} (${row.sources}); start a new round`,
      );
  }
  const missing = new Map<string, number>();
  for (const name of listed) if (!given.includes(name)) missing.set(name, 0);
  for (const l of liveRows) {
    if (seen.has(keyOf(l.row))) continue;
    if (!given.includes(l.sheet)) missing.set(l.sheet, (missing.get(l.sheet) ?? 0) + 1);
    else problems.push(`${l.sheet}: live access with no row: ${accessWords(l.row)}; granted since review start, or its row was deleted: start a new round`);
  }
  for (const [sheet, n] of missing)
    problems.push(`${sheet}: a sheet of the round is not given (${n} row${n === 1 ? '' : 's'} of live access on it): close every sheet of the round together`);
  return problems;
}
