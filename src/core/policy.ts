// Policies (docs/effective-access.md, "Policies"): what the files ask, and a broken one: which policy, on which
// target, by which team. Plain data, shared by validation, the checker (src/policy/), the plan,
// the report and their renderers.
import type { FixedLevel } from './access.js';
import type { Selecting, SetMatch, SourceRef, TargetRef, TargetType, TeamRef } from './model.js';

export interface PolicyViolation {
  /** The policy's name. */
  readonly policy: string;
  readonly target: TargetRef;
  /** The team that breaks it; null when no one team does (`max-teams`: the message names them all). */
  readonly team: TeamRef | null;
  readonly message: string;
}

/** What a policy asks of every target it matches (docs/effective-access.md, "Policies"): one rule per policy. */
export type PolicyRule =
  /** No team above `access`, but the owners team and `exceptTeams`. */
  | { readonly kind: 'max-access'; readonly access: FixedLevel; readonly exceptTeams: readonly string[] }
  /** `team` has at least `access`. */
  | { readonly kind: 'min-access'; readonly team: string; readonly access: FixedLevel }
  /** At most `count` teams (the owners team not counted) have at least `access`. */
  | { readonly kind: 'max-teams'; readonly access: FixedLevel; readonly count: number };

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
