// What `recommend` proposes (docs/recommend.md): for each grant, keep, lower or remove, with the
// evidence behind it. Plain data: the rule (effective/recommend.ts) makes it, render/recommend/
// phrases it.
import type { Coverage } from './coverage.js';
import type { Access, ReportedAccess, SourceRef, TargetRef, TargetType, TeamRef } from './model.js';
import type { UsageAction } from './usage.js';

export type ProposalKind = 'keep' | 'lower' | 'remove';

/**
 * A proposal set aside in the files (`dismissals:`, docs/recommend.md, "Dismissals"): not raised
 * again until `until`, unless new evidence lowers the grant below `access` (the access it was
 * proposed to when dismissed; absent: any lowering or removal is set aside).
 */
export interface Dismissal {
  readonly team: string;
  readonly type: TargetType;
  readonly target: string;
  readonly reason: string;
  /** RFC 3339 date or time: the dismissal ends then. */
  readonly until: string;
  readonly access?: string;
  readonly source?: SourceRef;
}

/**
 * Why a grant is kept as it is or not lowered further: the team is `owners` or in `ignore-teams`,
 * the grant is younger than the window, a policy's `min-access`, reads the runs cannot show, the
 * counted actions needed all of it, or no smaller access covers them without giving more elsewhere.
 */
export const KEEP_REASONS = ['owners', 'ignore-teams', 'too-recent', 'dismissed', 'min-access', 'reads-unknown', 'used', 'no-smaller-access'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];

/** What the window's runs show of one grant: the actions counted for it, the last, who made them. */
export interface GrantUsage {
  readonly counts: { readonly [A in UsageAction]: number };
  /** ISO: the newest counted action; null when none. */
  readonly lastUse: string | null;
  /** Usernames of the people whose actions were counted. */
  readonly people: readonly string[];
  /** Names of the teams whose token's runs were counted (this grant's own team). */
  readonly tokens: readonly string[];
  /** People (and tokens) an action of whom was counted for this grant and another: several of their sources could have allowed it. */
  readonly ambiguous: readonly string[];
}

export interface Proposal {
  readonly team: TeamRef;
  readonly target: TargetRef;
  readonly current: Access | ReportedAccess;
  readonly kind: ProposalKind;
  /** The access proposed; null to remove the grant; the current access when kept. */
  readonly proposed: Access | null;
  /** What held the proposal up (a keep's reasons, or the floors a lowering stopped at). */
  readonly reasons: readonly KeepReason[];
  readonly usage: GrantUsage;
}

/** The window the runs were read over. */
export interface UsageWindow {
  readonly days: number;
  /** ISO. */
  readonly from: string;
  readonly to: string;
}

/** What was read, and what could not be (docs/recommend.md, "The evidence"). */
export interface UsageSources {
  /** The runs index: pages requested now, runs of the window (read now and kept in the usage log). */
  readonly runsIndex: { readonly pages: number; readonly runs: number; readonly logged?: number };
  /** What the run could not read, each a phrase's key: `reads` (state and variables), `audit-trail-ages` (when each grant was made). */
  readonly notRead: readonly string[];
  /** Runs of the window whose creator or confirmer is no one the token sees (a person gone, a deleted token's user): counted for nothing. */
  readonly unattributed: number;
}

export interface Recommendation {
  readonly organization: string;
  readonly window: UsageWindow;
  /** `--custom`: lowerings are exact custom vectors, not fixed levels. */
  readonly custom: boolean;
  readonly sources: UsageSources;
  /**
   * Whether the grants and memberships read are known to be whole (docs/recommend.md, "What it
   * cannot see"): a token that does not see every team reads no grant of the teams it cannot see,
   * and nothing is proposed about those.
   */
  readonly coverage: Coverage;
  /** Sorted by target type, target name, team name. */
  readonly proposals: readonly Proposal[];
}
