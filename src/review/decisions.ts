// The filled sheets checked before anything is carried out (docs/evidence.md, "Access reviews"):
// every row of one review round of the files' organization, as `review start` wrote it (its
// check), decided (keep or revoke) by a named reviewer at an RFC 3339 time; a person kept and
// revoked from one team on two rows is a contradiction. One line per problem, naming sheet:row. Pure.
import type { SheetRow } from '../core/review.js';
import { quote } from '../core/printable.js';
import { decisionOf, type ReadRow } from './parse.js';
import { organizationOfReview, rowCheck } from './sheet.js';

/** A decided row: the sheet's row as start wrote it, with its decision, and where it is. */
export interface DecidedRow {
  readonly at: string;
  readonly row: SheetRow & { readonly decision: 'keep' | 'revoke' };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Whether `text` is an RFC 3339 date-time with its offset (`2026-11-26T16:00:00Z`). */
export const isRfc3339 = (text: string): boolean => RFC3339.test(text) && !Number.isNaN(Date.parse(text));

/** The row as start wrote it, from the sheet's columns. */
export function sheetRowOf(read: ReadRow): SheetRow {
  const f = read.fields;
  const type = f['target-type'] === 'project' ? 'project' : 'workspace';
  return {
    review: f.review,
    owner: f.owner,
    kind: f.kind === 'person' ? 'person' : 'team',
    subject: f.subject,
    ...(f.via === '' ? {} : { via: f.via }),
    teamId: f['team-id'],
    target: { type, name: f.target, id: f['target-id'] },
    access: f.access,
    sources: f.sources,
    check: f['row-check'],
    decision: decisionOf(read) ?? '',
    reviewer: f.reviewer.trim(),
    rationale: f.rationale,
    decidedAt: f['decided-at'].trim(),
  };
}

/** What one row breaks, or undefined. */
function rowProblem(read: ReadRow, round: string, organization: string): string | undefined {
  const f = read.fields;
  const of = organizationOfReview(f.review);
  if (of !== organization) return `${read.at}: the row is of organization ${quote(of)}, not ${quote(organization)} of the files`;
  if (f.review !== round) return `${read.at}: the row is of review ${quote(f.review)}, not ${quote(round)}: close the sheets of one round together`;
  if (!['team', 'person'].includes(f.kind) || !['project', 'workspace'].includes(f['target-type']) || rowCheck(sheetRowOf(read)) !== f['row-check'])
    return `${read.at}: the row was changed after review start (its row-check does not match kind, subject, via, team, target, access or sources); fill only decision, reviewer, rationale and decided-at`;
  if (f.decision.trim() === '') return `${read.at}: undecided: decision is empty (keep or revoke)`;
  if (decisionOf(read) === undefined) return `${read.at}: decision ${quote(f.decision)} is neither keep nor revoke`;
  if (f.reviewer.trim() === '') return `${read.at}: no reviewer: say who decided`;
  if (f['decided-at'].trim() === '') return `${read.at}: no decided-at: say when (RFC 3339, 2026-11-26T16:00:00Z)`;
  if (!isRfc3339(f['decided-at'].trim())) return `${read.at}: decided-at ${quote(f['decided-at'])} is not an RFC 3339 time (2026-11-26T16:00:00Z)`;
  return undefined;
}

/** A person kept on one row and revoked on another from the same team: a revoke takes them out of the team, so both cannot hold. */
function contradictions(rows: readonly DecidedRow[]): string[] {
  const byMembership = new Map<string, DecidedRow[]>();
  for (const r of rows.filter((d) => d.row.kind === 'person')) {
    const key = `${r.row.subject.toLowerCase()}\u0000${r.row.teamId}`;
    byMembership.set(key, [...(byMembership.get(key) ?? []), r]);
  }
  return [...byMembership.values()].flatMap((list) => {
    const revoked = list.find((r) => r.row.decision === 'revoke');
    const kept = list.find((r) => r.row.decision === 'keep');
    if (!revoked || !kept) return [];
    return [
      `${revoked.at}: revokes ${revoked.row.subject} from team ${revoked.row.via ?? ''}, which ${kept.at} keeps: a revoke takes the person out of the team everywhere; decide both alike`,
    ];
  });
}

/** Every row decided, or every problem; `round` is the review the sheets belong to (the first row's, or review.json's). */
export function checkDecisions(rows: readonly ReadRow[], round: string, organization: string): { decided: DecidedRow[] } | { problems: string[] } {
  const problems = rows.flatMap((r) => rowProblem(r, round, organization) ?? []);
  if (problems.length > 0) return { problems };
  const decided = rows.map((r) => ({ at: r.at, row: sheetRowOf(r) as DecidedRow['row'] }));
  const contradicted = contradictions(decided);
  return contradicted.length > 0 ? { problems: contradicted } : { decided };
}
