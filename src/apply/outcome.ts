// What became of each change: a typed outcome, never an exception. The summary and the exit code
// are computed from these.
import type { Change, Plan } from '../core/plan.js';

export type OutcomeStatus = 'applied' | 'already-so' | 'failed';

export interface AppliedOutcome {
  readonly status: 'applied';
  readonly change: Change;
  /** How a lost answer or a moved grant was resolved, when it had to be. */
  readonly note?: string;
}

export interface AlreadySoOutcome {
  readonly status: 'already-so';
  readonly change: Change;
  /** Why nothing had to be done. */
  readonly note: string;
}

export interface FailedOutcome {
  readonly status: 'failed';
  readonly change: Change;
  /** The service's reason (its error detail) or what went wrong on the way. */
  readonly reason: string;
}

export type ChangeOutcome = AppliedOutcome | AlreadySoOutcome | FailedOutcome;

export interface OutcomeCounts {
  readonly applied: number;
  readonly alreadySo: number;
  readonly failed: number;
}

export interface ApplyReport {
  /** One outcome per change, in the plan's order. */
  readonly outcomes: readonly ChangeOutcome[];
  readonly counts: OutcomeCounts;
  /** True when no change failed: live access now matches the plan. */
  readonly converged: boolean;
}

export function reportOf(outcomes: readonly ChangeOutcome[]): ApplyReport {
  const counts = { applied: 0, alreadySo: 0, failed: 0 };
  for (const outcome of outcomes) {
    switch (outcome.status) {
      case 'applied':
        counts.applied += 1;
        break;
      case 'already-so':
        counts.alreadySo += 1;
        break;
      case 'failed':
        counts.failed += 1;
        break;
    }
  }
  return { outcomes, counts, converged: counts.failed === 0 };
}

/** How an apply ended: nothing to do, cancelled at the question, or applied with a report. */
export type ApplyResult =
  | { readonly kind: 'no-changes'; readonly plan: Plan }
  | { readonly kind: 'cancelled'; readonly plan: Plan }
  | { readonly kind: 'applied'; readonly plan: Plan; readonly report: ApplyReport };
