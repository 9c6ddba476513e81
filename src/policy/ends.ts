// When each grant the files give ends, by the ids of its team and target (docs/effective-access.md, "Policies",
// `max-expiry`): the expanded targets' grants that carry `expires:`, those that have ended
// included (a live grant the plan has not removed yet ended then; it is not permanent). What the rules that
// read grant expiries compare, and what a saved plan keeps for `apply --plan`. Pure.
import type { EntryTarget } from '../core/model.js';
import { byKey } from '../core/order.js';
import type { GrantEnd } from '../core/policy.js';

/** A target of the files once resolved and its sets expanded: its id and what the files want there. */
interface Planned {
  readonly id: string;
  readonly desired: EntryTarget;
}

/** Sorted by target id, then team id: the same files always give the same list. */
export function grantEnds(targets: readonly Planned[], teamsByName: ReadonlyMap<string, { readonly id: string }>): GrantEnd[] {
  const out: GrantEnd[] = [];
  for (const target of targets) {
    // A team still granted here (by a set, say) is held to that grant's end, not to an ended one's.
    const granted = new Set(target.desired.grants.map((g) => g.team));
    const ended = (target.desired.expired ?? []).filter((g) => !granted.has(g.team));
    for (const grant of [...target.desired.grants, ...ended]) {
      const team = teamsByName.get(grant.team);
      if (grant.expires && team) out.push({ teamId: team.id, targetId: target.id, at: grant.expires.at });
    }
  }
  const key = (e: GrantEnd): string => `${e.targetId}\u0000${e.teamId}`;
  return out.sort(byKey(key));
}
