// Derived access (docs/effective-access.md, "Indirect access"; docs/evidence.md, "Derived rows"): what
// a team reaches beyond its grants, one row per team, target it reaches through and object reached,
// as evidence bundles and review sheets carry it. Plain data: effective/derived.ts makes it, over
// the walk of effective/reach.ts; what the read could not see is its gaps.
import type { ReachGap } from './can.js';
import type { IndirectUnread } from './coverage.js';
import type { AccessSource } from './effective.js';
import type { ReachQuestion, ReachVia } from './indirect.js';
import type { TargetRef, TeamRef } from './model.js';
import { compareText } from './order.js';

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

/**
 * What the walks of the edges could not see, as the coverage reason `indirect-unread` names it
 * (core/coverage.ts): the lists not given, the workspaces whose consumers were not read, the sets
 * cut short, the workspaces on an unnamed pool, and whether the token left workspaces out (a team
 * access read in part leaves out the same: a team it cannot see). Undefined: read whole.
 */
export function indirectUnreadOf(gaps: readonly ReachGap[]): IndirectUnread | undefined {
  const lists = new Set<IndirectUnread['lists'][number]>();
  const consumers = new Set<string>();
  const short = new Set<string>();
  const unnamed = new Set<string>();
  let partialToken = false;
  for (const gap of gaps) {
    if (gap.reason === 'not-listed') lists.add(gap.list);
    else if (gap.reason === 'consumers-not-read') consumers.add(gap.workspace);
    else if (gap.reason === 'relationship-short') short.add(gap.varset);
    else if (gap.reason === 'pool-not-named') for (const w of gap.workspaces) unnamed.add(w);
    else partialToken = true;
  }
  const sorted = (set: Set<string>) => [...set].sort(compareText);
  const u = { lists: [...lists].sort(), consumers: sorted(consumers), short: sorted(short), unnamed: sorted(unnamed) };
  const any = u.lists.length + u.consumers.length + u.short.length + u.unnamed.length > 0 || partialToken;
  return any ? { ...u, partialToken } : undefined;
}

/** Whether a derived row is carried by a setting beside the grant (one a workspace, set or pool can change), or by the grant alone. */
export const carriedBySetting = (via: ReachVia): boolean => via.edge !== 'own' && via.uses !== 'project-role';
