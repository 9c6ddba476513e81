// What became of each change of an apply: a typed outcome, never an exception, and how the run
// ended. Plain data: the executor (src/apply/) makes them, the renderers (src/render/apply-*.ts)
// phrase them.

import type { MemberChange } from './people.js';
import type { Change, Plan } from './plan.js';
import type { TeamChange } from './teams.js';
import type { TokenPolicyChange } from './token-policy.js';
import type { WriteRefusal } from './write-refusal.js';

export type OutcomeStatus = 'applied' | 'already-so' | 'failed' | 'not-started';

/** How a change that did not go straight ended where it did, found by reading its target again. */
export type OutcomeNote =
  /** An update's grant was gone: the team's grant was added. */
  | { readonly kind: 'added-after-vanished' }
  /** A write's answer was lost, and the target showed it done. */
  | { readonly kind: 'answer-lost-done' }
  /** An add met the team's grant already there with the access wanted. */
  | { readonly kind: 'already-had'; readonly grantId: string }
  /** An add met the team's grant already there with other access: it was updated. */
  | { readonly kind: 'updated-found'; readonly grantId: string }
  /** A remove's grant was already gone. */
  | { readonly kind: 'already-gone' }
  /** A remove's answer was lost, and the target showed the grant gone. */
  | { readonly kind: 'answer-lost-gone' };

export interface AppliedOutcome {
  readonly status: 'applied';
  readonly change: Change;
  /** How a lost answer or a moved grant was resolved, when it had to be. */
  readonly note?: OutcomeNote;
}

export interface AlreadySoOutcome {
  readonly status: 'already-so';
  readonly change: Change;
  /** Why nothing had to be done. */
  readonly note: OutcomeNote;
}

export interface FailedOutcome {
  readonly status: 'failed';
  readonly change: Change;
  /** The service's reason (its error detail) or what went wrong on the way. */
  readonly reason: string;
  /** Set when the service refused the write for the token's rights: the executor starts no more changes. */
  readonly refused?: WriteRefusal;
  /**
   * Another run fails the same way (issue 36, Build 8): the service refused the write for what it is
   * (a 4xx but 408 and 429; a refusal for the token's rights stops the run and is said apart), or the
   * change needed such a failure (the grant of a team whose create was refused). A lost answer, a
   * 5xx, a 429 or a stop another run can fix.
   */
  readonly permanent?: true;
}

/** A failure for the token's rights. */
export type RefusedOutcome = FailedOutcome & { readonly refused: WriteRefusal };

/** The run stopped before this change's turn: nothing was sent for it. */
export interface NotStartedOutcome {
  readonly status: 'not-started';
  readonly change: Change;
}

export type ChangeOutcome = AppliedOutcome | AlreadySoOutcome | FailedOutcome | NotStartedOutcome;

export interface OutcomeCounts {
  readonly applied: number;
  readonly alreadySo: number;
  readonly failed: number;
  readonly notStarted: number;
}

/** Why an apply stopped before its end: a signal, a closed stdout, --timeout, a dead server, a write refused for the token's rights. */
export interface Stop {
  readonly reason: string;
  /** 130 SIGINT, 143 SIGTERM, 141 a closed stdout, 1 --timeout, a dead server or a refused write. */
  readonly exitCode: number;
  /** Set when a write refused for the token's rights stopped it: `reason` names the token and what it lacks. */
  readonly refused?: true;
}

/**
 * What became of a team change (docs/apply.md, "Team changes"): its status, the id of a team it
 * created, a failure's reason (a refusal for the token's rights stops the run as a grant's does).
 */
export interface TeamOutcome {
  readonly status: OutcomeStatus;
  readonly change: TeamChange;
  /** A create: the id the service gave the team. */
  readonly id?: string;
  readonly reason?: string;
  /** How it ended where it did, in words (a deletion the service had already made). */
  readonly note?: string;
  readonly refused?: WriteRefusal;
  /** A failure another run cannot fix (FailedOutcome's `permanent`). */
  readonly permanent?: true;
}

/**
 * What became of a member change (docs/apply.md, "Member changes"): a team's adds (or removals) go
 * in one request, so they share its outcome; a refusal for the token's rights stops the run as a
 * grant's does.
 */
export interface MemberOutcome {
  readonly status: OutcomeStatus;
  readonly change: MemberChange;
  readonly reason?: string;
  /** How it ended where it did, in words (a person already gone). */
  readonly note?: string;
  readonly refused?: WriteRefusal;
  /** A failure another run cannot fix (FailedOutcome's `permanent`). */
  readonly permanent?: true;
}

/** What became of a token-policy change (docs/apply.md, "Token policy"): one PATCH each. */
export interface TokenPolicyOutcome {
  readonly status: OutcomeStatus;
  readonly change: TokenPolicyChange;
  readonly reason?: string;
  readonly refused?: WriteRefusal;
  readonly permanent?: true;
}

export interface ApplyReport {
  /** One outcome per change, in the plan's order. */
  readonly outcomes: readonly ChangeOutcome[];
  /** One per team change, in the plan's order, when the plan has team changes; counted in `counts`. */
  readonly teamOutcomes?: readonly TeamOutcome[];
  /** One per member change, in the plan's order, when the plan has member changes; counted in `counts`. */
  readonly memberOutcomes?: readonly MemberOutcome[];
  /** One per token-policy change, when the plan has them; counted in `counts`. */
  readonly tokenPolicyOutcomes?: readonly TokenPolicyOutcome[];
  readonly counts: OutcomeCounts;
  /** True when every change was applied or already so: live access now matches the plan. */
  readonly converged: boolean;
  /** Set when the run stopped before its end; the changes after it are `not-started`. */
  readonly stopped?: Stop;
}

/** How an apply ended: nothing to do, cancelled at the question (by the answer or a signal), or applied with a report. */
export type ApplyResult =
  | { readonly kind: 'no-changes'; readonly plan: Plan }
  | { readonly kind: 'cancelled'; readonly plan: Plan; readonly stopped?: Stop }
  | { readonly kind: 'applied'; readonly plan: Plan; readonly report: ApplyReport };

/** How far an apply got, after each change's end. */
export interface ApplyProgress {
  readonly done: number;
  readonly total: number;
  readonly failures: number;
}
