// A broken policy (README, "Policies"): which policy, on which target, by which team. Plain data,
// shared by the checker (src/policy/), the plan, the report and their renderers.
import type { TargetRef, TeamRef } from './model.js';

export interface PolicyViolation {
  /** The policy's name. */
  readonly policy: string;
  readonly target: TargetRef;
  /** The team that breaks it; null when no one team does (`max-teams`: the message names them all). */
  readonly team: TeamRef | null;
  readonly message: string;
}
