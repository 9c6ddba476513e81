// A guard's refusal: which guard, why, and how to proceed. Values until the CLI edge, where
// GuardRefusedError carries them to exit code 3 (README, "Exit codes": 3, refused by a safety guard).

import type { MemberChange } from '../core/people.js';
import type { Change, PlanRefusal } from '../core/plan.js';
import type { TeamChange } from '../core/teams.js';
import { CLIError, EXIT } from '../errors.js';

export interface Refusal extends PlanRefusal {
  /** The changes the guard objects to. */
  readonly changes: readonly Change[];
  /** The team changes it objects to (max-team-deletions). */
  readonly teamChanges?: readonly TeamChange[];
  /** The member changes it objects to (max-member-removals, min-owners, max-people-removals). */
  readonly memberChanges?: readonly MemberChange[];
}

export function describeRefusals(refusals: readonly Refusal[]): string {
  const lines = [`refused by ${refusals.length === 1 ? 'a safety guard' : `${refusals.length} safety guards`}; nothing was changed.`];
  for (const refusal of refusals) {
    lines.push(`  [${refusal.guard}] ${refusal.message}`);
    lines.push(`    To proceed: ${refusal.howToProceed}`);
  }
  return lines.join('\n');
}

export class GuardRefusedError extends CLIError {
  override readonly name: string = 'GuardRefusedError';
  constructor(readonly refusals: readonly Refusal[]) {
    super(describeRefusals(refusals), EXIT.refused);
  }
}
