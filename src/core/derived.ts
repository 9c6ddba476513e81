// Derived access (docs/effective-access.md, "Indirect access"; docs/evidence.md, "Derived rows"): what
// a team reaches beyond its grants, one row per team, target it reaches through and object reached,
// as evidence bundles and review sheets carry it. Plain data: effective/derived.ts makes it, over
// the walk of effective/reach.ts; what the read could not see is its gaps.
import type { ReachGap } from './can.js';
import type { AccessSource } from './effective.js';
import type { ReachQuestion, ReachVia } from './indirect.js';
import type { TargetRef, TeamRef } from './model.js';

/** Team T reaches `reaches` (variable set V, the outputs of A, agent pool P, Stack S) through its access on `target`. */
export interface DerivedRow {
  readonly team: TeamRef;
  /** The workspace it reaches through (for a Stack, the project): where the access that carries it is. */
  readonly target: TargetRef;
  readonly reaches: ReachQuestion;
  /** What the team does on `target`, and why `target` leads there (the setting that carries it beside the grant). */
  readonly via: ReachVia;
  /** `yes`: its access on `target` allows it; `unknown`: a source may allow it, not known (never counted as yes). */
  readonly answer: 'yes' | 'unknown';
  /** The sources on `target` that give it (as `report --can` names them). */
  readonly sources: readonly AccessSource[];
}

/** Every derived row of the organization, and what the read of the edges could not see (empty: read whole). */
export interface DerivedAccess {
  readonly rows: readonly DerivedRow[];
  readonly gaps: readonly ReachGap[];
}

/** What the read of the edges could not see, as a coverage reason names it (core/coverage.ts, `edges-unread`). */
export const EDGE_GAPS = [
  'varsets',
  'agent-pools',
  'stacks',
  'workspaces',
  'remote-state-consumers',
  'varset-scopes',
  'inherited-pools',
  'hidden-workspaces',
] as const;
export type EdgeGap = (typeof EDGE_GAPS)[number];

const GAP_OF: Readonly<Record<Exclude<ReachGap['reason'], 'not-listed'>, EdgeGap>> = {
  // The team access the walk starts from was read in part: a token that does not see every team (or workspace).
  'access-partial': 'hidden-workspaces',
  'consumers-not-read': 'remote-state-consumers',
  'relationship-short': 'varset-scopes',
  'pool-not-named': 'inherited-pools',
  'partial-token': 'hidden-workspaces',
};

/** The kinds of what was not read, once each, in EDGE_GAPS order. */
export function edgeGapsOf(gaps: readonly ReachGap[]): EdgeGap[] {
  const found = new Set(gaps.map((g) => (g.reason === 'not-listed' ? g.list : GAP_OF[g.reason])));
  return EDGE_GAPS.filter((g) => found.has(g));
}

/** Whether a derived row is carried by a setting beside the grant (one a workspace, set or pool can change), or by the grant alone. */
export const carriedBySetting = (via: ReachVia): boolean => via.edge !== 'own' && via.uses !== 'project-role';
