// A drift item: one thing live access differs from the files in, whatever kind (docs/drift.md): one
// change of the plan's list. What attribution annotates and adoption writes into the files, named
// the same way by both.
import type { ChangeOf, Plan, PlanChange, PlanChangeKind } from './plan.js';
import { tokenSettingName } from './token-policy.js';

export type DriftItem = PlanChange;

/** Every item of a plan, in the plan's order (grants, then teams, then members). */
export function driftItemsOf(plan: Pick<Plan, 'changes'>): readonly DriftItem[] {
  return plan.changes;
}

/** Each kind's stable key of its change: the same change of two plans of the same state has the same key. */
const KEYS: { readonly [K in PlanChangeKind]: (change: ChangeOf<K>) => string } = {
  grant: (change) => `grant ${change.resource} ${change.target.id} ${change.team.id}`,
  team: (change) => `team ${change.action} ${change.name}`,
  member: (change) => `member ${change.action} ${'team' in change ? change.team.id : ''} ${change.person.email}`,
  'token-policy': (change) => `token-policy ${tokenSettingName(change)}`,
};

/** A change's identity: its kind and what it changes (the team and target of a grant, the team, the member). */
export function driftItemKey(item: DriftItem): string {
  return (KEYS[item.kind] as (change: DriftItem['change']) => string)(item.change);
}
