// Policies (docs/effective-access.md, "Policies"): what the files ask, and a broken one: which policy, on which
// target, by which team, and what breaks it. Plain data, shared by validation, the checker
// (src/policy/), the plan, the report and their renderers; the kinds of rule are the rows of
// core/policy-rules.ts.
import type { Selecting, SetMatch, SourceRef, TargetRef, TargetType, TeamRef } from './model.js';
import type { Finding, PolicyRule } from './policy-rules.js';

interface ViolationOf {
  /** The policy's name. */
  readonly policy: string;
  readonly target: TargetRef;
  /** The team that breaks it; null when no one team does (`max-teams`: the finding names them all). */
  readonly team: TeamRef | null;
}

/** A violation as the check finds it: what breaks the policy, as data (render/violation-message.ts phrases it). */
export interface FoundViolation extends ViolationOf {
  readonly found: Finding;
}

/** A violation read back from a saved plan: its words, as the plan wrote them (the file keeps no more). */
export interface SavedViolation extends ViolationOf {
  readonly message: string;
}

export type PolicyViolation = FoundViolation | SavedViolation;

/**
 * When a grant the files give ends (docs/files.md, "Grants that expire"), by the ids of its team and
 * target: what the rules that read grant expiries compare (core/policy-rules.ts). A grant with no
 * end listed never ends.
 */
export interface GrantEnd {
  readonly teamId: string;
  readonly targetId: string;
  /** RFC 3339, UTC (GrantExpiry.at). */
  readonly at: string;
}

/** `policies:`, validated: a rule checked on the effective access of every target the match selects. */
export interface DesiredPolicy extends Selecting {
  readonly name: string;
  readonly type: TargetType;
  readonly match: SetMatch;
  readonly rule: PolicyRule;
  readonly source?: SourceRef;
  /** Where each team name of the rule was written, for the resolver's messages. */
  readonly teamSources?: ReadonlyMap<string, SourceRef>;
}
