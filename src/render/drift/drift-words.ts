// What drift says, in every format (docs/drift.md, "Read the drift"): the same items a plan has, read
// as differences found between live access and the files, not as changes to make. Every item counts,
// grants, teams and members alike, in one of three columns: missing (the files have it, live does
// not), different, not in the files (live has it, the files do not). Pure.
import type { TeamRef } from '../../core/model.js';
import type { MemberChange } from '../../core/people.js';
import { type ChangeOf, managedChanges, type Plan, type PlanChangeKind } from '../../core/plan.js';
import type { TeamChange } from '../../core/teams.js';
import { statusNote } from '../changes/member-lines.js';

/** One row of the drift counts. */
export interface DriftCount {
  readonly missing: number;
  readonly different: number;
  readonly notInFiles: number;
}

type Column = keyof DriftCount;

/** Each kind's column of each of its actions. A rename is different: live has the team under its `previously:` name. */
const COLUMNS: { readonly [K in PlanChangeKind]: { readonly [A in ChangeOf<K>['action']]: Column } } = {
  grant: { add: 'missing', update: 'different', remove: 'notInFiles' },
  team: { create: 'missing', rename: 'different', update: 'different', delete: 'notInFiles' },
  member: { invite: 'missing', add: 'missing', remove: 'notInFiles', 'remove-from-organization': 'notInFiles' },
  // A policy setting changed by hand (or never set) is different: the organization always has a policy.
  'token-policy': { update: 'different' },
};

function countOf(actions: readonly string[], column: { readonly [action: string]: Column }): DriftCount {
  const n = { missing: 0, different: 0, notInFiles: 0 };
  for (const action of actions) {
    const at = column[action];
    if (at !== undefined) n[at] += 1;
  }
  return n;
}

/** The drift of a plan's items; `teams` and `members` only when the files manage them (the plan has the lists). */
export interface DriftCounts {
  readonly grants: DriftCount;
  readonly teams?: DriftCount;
  readonly members?: DriftCount;
  /** docs/drift.md: the token policy's settings, when the files manage it. */
  readonly tokenPolicy?: DriftCount;
  readonly all: DriftCount;
}

export type DriftSubject = Pick<Plan, 'organization' | 'changes' | 'manages' | 'pendingInvites'>;

/** A kind's row of the counts; undefined when the plan does not manage the kind. */
function rowOf<K extends PlanChangeKind>(plan: DriftSubject, kind: K): DriftCount | undefined {
  const changes = managedChanges(plan, kind);
  const column: { readonly [action: string]: Column } = COLUMNS[kind];
  return (
    changes &&
    countOf(
      changes.map((c) => c.action),
      column,
    )
  );
}

export function driftCounts(plan: DriftSubject): DriftCounts {
  const grants = rowOf(plan, 'grant') ?? { missing: 0, different: 0, notInFiles: 0 };
  const teams = rowOf(plan, 'team');
  const members = rowOf(plan, 'member');
  const tokenPolicy = rowOf(plan, 'token-policy');
  const rows = [grants, teams, members, tokenPolicy].filter((r): r is DriftCount => r !== undefined);
  const sum = (column: Column): number => rows.reduce((n, r) => n + r[column], 0);
  return {
    grants,
    ...(teams ? { teams } : {}),
    ...(members ? { members } : {}),
    ...(tokenPolicy ? { tokenPolicy } : {}),
    all: { missing: sum('missing'), different: sum('different'), notInFiles: sum('notInFiles') },
  };
}

const total = (c: DriftCount): number => c.missing + c.different + c.notInFiles;

/** `1 missing, 2 different, 0 not in the files`. */
export function countWords(c: DriftCount): string {
  return `${c.missing} missing, ${c.different} different, ${c.notInFiles} not in the files`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `; 1 grant and 2 teams differ`, when teams or members drifted: which items the counts are of. */
function kindsWords(counts: DriftCounts): string {
  const teams = counts.teams ? total(counts.teams) : 0;
  const members = counts.members ? total(counts.members) : 0;
  const tokens = counts.tokenPolicy ? total(counts.tokenPolicy) : 0;
  if (teams + members + tokens === 0) return '';
  const grants = total(counts.grants);
  const parts = [
    ...(grants > 0 ? [plural(grants, 'grant', 'grants')] : []),
    ...(teams > 0 ? [plural(teams, 'team', 'teams')] : []),
    ...(members > 0 ? [plural(members, 'member', 'members')] : []),
    ...(tokens > 0 ? [plural(tokens, 'token-policy setting', 'token-policy settings')] : []),
  ];
  const listed = parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
  return `; ${listed} ${total(counts.all) === 1 ? 'differs' : 'differ'}`;
}

/** Whether anything drifted: a grant, a team or a member. */
export function drifted(plan: DriftSubject): boolean {
  return total(driftCounts(plan).all) > 0;
}

/** `live access differs from the files (1 missing, 2 different, 1 not in the files; 1 grant and 3 members differ)`. */
export function differsWords(plan: DriftSubject): string {
  const counts = driftCounts(plan);
  return `live access differs from the files (${countWords(counts.all)}${kindsWords(counts)})`;
}

/** The first line of drift in text and Markdown: `Drift in ORG: ...`, or that there is none. */
export function driftLine(plan: DriftSubject): string {
  return drifted(plan) ? `Drift in ${plan.organization}: ${differsWords(plan)}.` : `No drift: access in ${plan.organization} matches the files.`;
}

const pendingWords = (n: number): string => (n === 1 ? '1 invitation pending' : `${n} invitations pending`);

/** Under the first line: a line per kind of item the files manage that drifted (`Teams: 1 missing, ...`), and the invitations pending. */
export function driftKindLines(plan: DriftSubject): string[] {
  const counts = driftCounts(plan);
  const pending = plan.pendingInvites?.length ?? 0;
  const lines: string[] = [];
  if (counts.teams && total(counts.teams) > 0) lines.push(`Teams: ${countWords(counts.teams)}.`);
  if (counts.members && (total(counts.members) > 0 || pending > 0))
    lines.push(`Members: ${countWords(counts.members)}${pending > 0 ? `; ${pendingWords(pending)}` : ''}.`);
  return lines;
}

const names = (teams: readonly TeamRef[]): string => teams.map((t) => t.name).join(', ');

/** What a team's drift is, after its name: `in the files; live has no such team`. */
export function teamDriftWords(change: TeamChange): string {
  switch (change.action) {
    case 'create':
      return 'in the files; live has no such team';
    case 'rename':
      return `live names it ${change.from} (${change.id})`;
    case 'update':
      return `differs from the files (${change.id}): - live, + the files`;
    case 'delete':
      return `live has it (${change.id}), the files do not, with ${plural(change.grants.length, 'grant', 'grants')} on the targets read`;
  }
}

/** What a person's drift is, after their email: `live has them in sre; the files do not list them`. */
export function memberDriftWords(change: MemberChange): string {
  const invited = statusNote(change);
  switch (change.action) {
    case 'invite':
      return `the files list them${change.teams.length > 0 ? ` in ${names(change.teams)}` : ''}; live has no such person in the organization`;
    case 'add':
      return `the files list them in ${change.team.name}; live does not${invited}`;
    case 'remove':
      return `live has them in ${change.team.name}; the files do not list them${invited}`;
    case 'remove-from-organization':
      return `live has them in the organization${change.teams.length > 0 ? ` (in ${names(change.teams)})` : ''}; the files list them in no team${invited}`;
  }
}
