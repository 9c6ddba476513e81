// A drift item: one thing live access differs from the files in, whatever kind (docs/drift.md). What
// attribution annotates and adoption writes into the files, named the same way by both.
import type { Change, Plan } from './plan.js';
import type { MemberChange } from './people.js';
import type { TeamChange } from './teams.js';

export type DriftItem =
  | { readonly kind: 'grant'; readonly change: Change }
  | { readonly kind: 'team'; readonly change: TeamChange }
  | { readonly kind: 'member'; readonly change: MemberChange };

/** Every item of a plan, grants first, in the plan's order. */
export function driftItemsOf(plan: Pick<Plan, 'changes' | 'teamChanges' | 'memberChanges'>): DriftItem[] {
  return [
    ...plan.changes.map((change) => ({ kind: 'grant', change }) as const),
    ...(plan.teamChanges ?? []).map((change) => ({ kind: 'team', change }) as const),
    ...(plan.memberChanges ?? []).map((change) => ({ kind: 'member', change }) as const),
  ];
}

/** A stable key of an item: the same item of two plans of the same state has the same key. */
export function driftItemKey(item: DriftItem): string {
  switch (item.kind) {
    case 'grant':
      return `grant ${item.change.resource} ${item.change.target.id} ${item.change.team.id}`;
    case 'team':
      return `team ${item.change.action} ${item.change.name}`;
    case 'member': {
      const change = item.change;
      const where = 'team' in change ? change.team.id : '';
      return `member ${change.action} ${where} ${change.person.email}`;
    }
  }
}
