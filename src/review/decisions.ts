// The filled sheets checked before anything is carried out (docs/evidence.md, "Access reviews"):
// every row of one review round of the files' organization, as `review start` wrote it (its
// check), decided (keep or revoke) by one of its owner's reviewers at an RFC 3339 time within the
// round (not before it started, not after the close); a person kept and revoked from one team on
// two rows is a contradiction. One line per problem, naming sheet:row, every problem of every row
// at once. Pure.

import { quote } from '../core/printable.js';
import { isMemberRow, REVIEW_KINDS, type ReviewKind, type ReviewOwner, type ReviewTarget, type SheetRow } from '../core/review.js';
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

const TARGET_TYPES: readonly string[] = ['project', 'workspace', 'organization'];

/** The row's target as the sheet says it; a type start never writes is read as a workspace (and refused by its check). */
function targetOf(f: ReadRow['fields']): ReviewTarget {
  const type = f['target-type'] === 'organization' ? 'organization' : f['target-type'] === 'project' ? 'project' : 'workspace';
  return { type, name: f.target, id: f['target-id'] };
}

/** Whether the kind and the target's type are ones start writes together: a power or a membership on the organization, other rows on a project or workspace. */
function wellFormed(f: ReadRow['fields']): boolean {
  if (!(REVIEW_KINDS as readonly string[]).includes(f.kind) || !TARGET_TYPES.includes(f['target-type'])) return false;
  return (f.kind === 'power' || f.kind === 'membership') === (f['target-type'] === 'organization');
}

/** The row as start wrote it, from the sheet's columns. */
export function sheetRowOf(read: ReadRow): SheetRow {
  const f = read.fields;
  return {
    review: f.review,
    owner: f.owner,
    kind: (REVIEW_KINDS as readonly string[]).includes(f.kind) ? (f.kind as ReviewKind) : 'team',
    subject: f.subject,
    ...(f.via === '' ? {} : { via: f.via }),
    teamId: f['team-id'],
    target: targetOf(f),
    access: f.access,
    sources: f.sources,
    check: f['row-check'],
    decision: decisionOf(read) ?? '',
    reviewer: f.reviewer.trim(),
    rationale: f.rationale,
    decidedAt: f['decided-at'].trim(),
  };
}

/** Who may decide and when: the files' owners (their `reviewers`), and the close's time. */
export interface Binding {
  readonly owners: readonly ReviewOwner[];
  /** The close's time (ms since the epoch): a decision after it has not happened yet. */
  readonly closedAt: number;
}

/** When the round started: the time of its id (`acme@2026-11-20T10:00:00Z`), when it is one. */
export const roundStart = (review: string): number => Date.parse(review.slice(review.lastIndexOf('@') + 1));

const sameName = (a: string, b: string): boolean => a.trim().normalize('NFC').toLowerCase() === b.trim().normalize('NFC').toLowerCase();

/**
 * Whether `reviewer` may decide a row of `owner`'s sheet: one of that owner's reviewers; the
 * unowned sheet (owner empty) has no owner of its own, so any owner's reviewer may decide it.
 */
function reviewerProblem(at: string, owner: string, reviewer: string, owners: readonly ReviewOwner[]): string | undefined {
  const own = owners.find((o) => o.owner === owner);
  const allowed = owner === '' ? owners.flatMap((o) => o.reviewers) : (own?.reviewers ?? []);
  if (allowed.some((r) => sameName(r, reviewer))) return undefined;
  if (owner !== '' && own === undefined) return `${at}: owner ${quote(owner)} is not in review-owners of the files: no reviewer of theirs can decide the row`;
  const whose = owner === '' ? 'any owner of review-owners' : `owner ${quote(owner)}`;
  return `${at}: reviewer ${quote(reviewer)} is not a reviewer of ${whose} (review-owners: ${allowed.join(', ') || 'none'}): only they decide its rows`;
}

/** Whether the decision time lies within the round: not before it started, not after the close. */
function timeProblem(at: string, review: string, decidedAt: string, closedAt: number): string | undefined {
  const when = Date.parse(decidedAt);
  const started = roundStart(review);
  if (!Number.isNaN(started) && when < started)
    return `${at}: decided-at ${decidedAt} is before the round started (${review.slice(review.lastIndexOf('@') + 1)})`;
  if (when > closedAt) return `${at}: decided-at ${decidedAt} is after the close (${new Date(closedAt).toISOString()}): a decision cannot be in the future`;
  return undefined;
}

/** What one row breaks, or undefined. */
function rowProblem(read: ReadRow, round: string, organization: string, binding?: Binding): string | undefined {
  const f = read.fields;
  const of = organizationOfReview(f.review);
  if (of !== organization) return `${read.at}: the row is of organization ${quote(of)}, not ${quote(organization)} of the files`;
  if (f.review !== round) return `${read.at}: the row is of review ${quote(f.review)}, not ${quote(round)}: close the sheets of one round together`;
  if (!wellFormed(f) || rowCheck(sheetRowOf(read)) !== f['row-check'])
    return `${read.at}: the row was changed after review start (its row-check does not match kind, subject, via, team, target, access or sources); fill only decision, reviewer, rationale and decided-at`;
  if (f.decision.trim() === '') return `${read.at}: undecided: decision is empty (keep or revoke)`;
  if (decisionOf(read) === undefined) return `${read.at}: decision ${quote(f.decision)} is neither keep nor revoke`;
  if (f.reviewer.trim() === '') return `${read.at}: no reviewer: say who decided`;
  if (f['decided-at'].trim() === '') return `${read.at}: no decided-at: say when (RFC 3339, 2026-11-26T16:00:00Z)`;
  if (!isRfc3339(f['decided-at'].trim())) return `${read.at}: decided-at ${quote(f['decided-at'])} is not an RFC 3339 time (2026-11-26T16:00:00Z)`;
  if (binding === undefined) return undefined;
  return reviewerProblem(read.at, f.owner, f.reviewer.trim(), binding.owners) ?? timeProblem(read.at, f.review, f['decided-at'].trim(), binding.closedAt);
}

/** A person kept on one row and revoked on another from the same team: a revoke takes them out of the team, so both cannot hold. */
function contradictions(rows: readonly DecidedRow[]): string[] {
  const byMembership = new Map<string, DecidedRow[]>();
  for (const r of rows.filter((d) => isMemberRow(d.row))) {
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

/** The rows that hold, and every problem of the others (each row's first), contradictions included: all of them in one run. */
export function checkRows(rows: readonly ReadRow[], round: string, organization: string, binding?: Binding): { decided: DecidedRow[]; problems: string[] } {
  const problems: string[] = [];
  const decided: DecidedRow[] = [];
  for (const r of rows) {
    const problem = rowProblem(r, round, organization, binding);
    if (problem === undefined) decided.push({ at: r.at, row: sheetRowOf(r) as DecidedRow['row'] });
    else problems.push(problem);
  }
  return { decided, problems: [...problems, ...contradictions(decided)] };
}

/** Every row decided, or every problem; `round` is the review the sheets belong to (the first row's, or review.json's). */
export function checkDecisions(
  rows: readonly ReadRow[],
  round: string,
  organization: string,
  binding?: Binding,
): { decided: DecidedRow[] } | { problems: string[] } {
  const { decided, problems } = checkRows(rows, round, organization, binding);
  return problems.length > 0 ? { problems } : { decided };
}
