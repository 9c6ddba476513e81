// A guard's refusal: which guard, why, and how to proceed. Values until the CLI edge, where
// GuardRefusedError carries them to exit code 3 (README, "Exit codes": 3, refused by a safety guard).
import type { Change, PlanRefusal } from '../core/plan.js';
import type { PolicyViolation } from '../core/policy.js';
import type { TeamChange } from '../core/teams.js';
import type { MemberChange } from '../core/people.js';
import { CLIError, EXIT } from '../errors.js';
import { violationText } from '../render/violation-lines.js';

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

/**
 * docs/effective-access.md, "Policies": the access once the plan is applied would break a policy of the files. Exit 3,
 * as a guard's refusal; --force does not lift it (the files' own rule, not a safety margin).
 */
export class PolicyRefusedError extends CLIError {
  override readonly name: string = 'PolicyRefusedError';
  constructor(readonly violations: readonly PolicyViolation[]) {
    const n = violations.length;
    const lines = [`refused: the access once applied breaks ${n === 1 ? 'a policy' : `policies (${n} violations)`} of the files; nothing was changed.`];
    for (const v of violations) lines.push(`  ${violationText(v)}`);
    lines.push('  To proceed: change the files (or the access they do not manage) until `tfe-access plan` lists no violation; --force does not lift this.');
    super(lines.join('\n'), EXIT.refused);
  }
}
