// The grants once a plan is applied, computed in memory: what `report --after` and the plan's
// effective changes are computed from. Pure; the service's own answers are not needed, since a
// fixed level's permissions are its row of the tables and a custom grant is written whole.
import type { Change } from '../core/plan.js';
import type { GrantInput } from './compute.js';

/** A grant with the id the plan refers to it by (live grants have one; added grants get none). */
export interface IdentifiedGrant extends GrantInput {
  readonly id?: string;
}

/** `grants` with the plan's changes made: adds appended, updates replacing the access, removals gone. */
export function grantsAfter<G extends IdentifiedGrant>(grants: readonly G[], changes: readonly Change[]): IdentifiedGrant[] {
  const updated = new Map<string, Change>();
  const removed = new Set<string>();
  for (const change of changes) {
    if (change.action === 'update') updated.set(change.id, change);
    if (change.action === 'remove') removed.add(change.id);
  }
  const out: IdentifiedGrant[] = [];
  for (const grant of grants) {
    if (grant.id !== undefined && removed.has(grant.id)) continue;
    const update = grant.id === undefined ? undefined : updated.get(grant.id);
    out.push(update?.action === 'update' ? { ...grant, access: update.after } : grant);
  }
  for (const change of changes) {
    if (change.action === 'add') out.push({ resource: change.resource, teamId: change.team.id, targetId: change.target.id, access: change.after });
  }
  return out;
}
