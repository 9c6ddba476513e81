// The guards as `plan` reports them: every guard apply will evaluate, on the same inputs, so a
// plan that apply would refuse says so in every format (docs/apply.md, "Safety guards"). The inputs come
// from the desired state and the live read the plan was made from, as apply takes them.

import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import type { DiffPlan, Plan, PlanChange, PlanRefusal } from '../core/plan.js';
import { incompleteTargetsOf } from '../diff/completeness.js';
import { memberGuardInputsOf } from '../diff/member-guard-inputs.js';
import { managesMembers } from '../diff/members.js';
import { checkGuards, type GuardInputs, ownTeamsOf } from './guards.js';
import type { Refusal } from './refusal.js';

/** The guards' inputs of a plan made from `desired` against `live`: what apply decides from. */
export function guardInputsOf(desired: Pick<DesiredState, 'settings' | 'teams'>, live: LiveState): GuardInputs {
  const teams = desired.settings.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: desired.settings.maxTeamDeletions };
  // docs/apply.md, "Safety guards": the member guards' figures, from the people the plan read.
  const members = live.people && managesMembers(desired) ? { members: memberGuardInputsOf(desired, live) } : {};
  // The token's own teams: a deletion of one is refused (guards.ts, own-team).
  const ownTeams = ownTeamsOf(live.viewer);
  const own = ownTeams.size > 0 ? { ownTeams } : {};
  const tokens = desired.settings.maxTokenRevocations === undefined ? {} : { maxTokenRevocations: desired.settings.maxTokenRevocations };
  return { maxRemovals: desired.settings.maxRemovals, incompleteTargets: incompleteTargetsOf(live), ...teams, ...members, ...own, ...tokens };
}

/** A refusal as the plan carries it: which guard, why, how to proceed (not the changes: the plan has them). */
export function planRefusalOf(refusal: Refusal): PlanRefusal {
  return { guard: refusal.guard, message: refusal.message, howToProceed: refusal.howToProceed };
}

/** What apply without --force refuses of `changes`. */
export function refusalsOf(changes: readonly PlanChange[], inputs: GuardInputs): PlanRefusal[] {
  return checkGuards(changes, { ...inputs, force: false }).map(planRefusalOf);
}

/** The diff's plan with its refusals. */
export function guardPlan(plan: DiffPlan, inputs: GuardInputs): Plan {
  return { ...plan, refusals: refusalsOf(plan.changes, inputs) };
}
