// Merging one target's own entry with the sets that match it (docs/sets.md, "Sets", "Merging"). Pure.
//
// - The desired teams are the union of every matching set's teams and the entry's.
// - The entry beats a set for the same team; the grant says which sets it overrides.
// - Two sets that give one team different grants conflict, unless the entry names that team or
//   one of the grants has expired at the run's `now` (it is no longer desired; the other stands).
// - The target prunes when the entry or any matching set prunes, unless the entry itself says
//   `prune: false`.
// Sets are taken in name order, so the order of files and of sets never changes the result.
import { RESOURCE_OF, type Access, type DesiredGrant, type DesiredSet, type DesiredTarget, type GrantOrigin, type TargetType } from '../core/model.js';
import { isExpired } from '../core/expiry.js';
import { orderedEntries } from '../core/permissions.js';
import { byKey, byName } from '../core/order.js';

export interface SetConflict {
  readonly target: { readonly type: TargetType; readonly name: string };
  readonly team: string;
  /** The two sets, in name order, with the grant each gives. */
  readonly first: { readonly set: DesiredSet; readonly grant: DesiredGrant };
  readonly second: { readonly set: DesiredSet; readonly grant: DesiredGrant };
}

export type MergeResult = { readonly target: DesiredTarget } | { readonly conflicts: readonly SetConflict[] };

const byTeam = byKey((grant: DesiredGrant) => grant.team);

/** Two grants are the same when they mean the same access: a role's name is only its label. */
function accessKey(type: TargetType, access: Access): string {
  return access.access === 'custom' ? JSON.stringify(orderedEntries(RESOURCE_OF[type], access.permissions)) : access.access;
}

interface FromSet {
  readonly set: DesiredSet;
  readonly grant: DesiredGrant;
}

/** Each team's grant from the sets (the first set by name), every set that gives it, and the conflicts. */
function setGrants(type: TargetType, name: string, sets: readonly DesiredSet[], now: number | undefined): { grants: Map<string, FromSet>; givers: Map<string, string[]>; conflicts: SetConflict[] } {
  const grants = new Map<string, FromSet>();
  const givers = new Map<string, string[]>();
  const conflicts: SetConflict[] = [];
  const ended = (grant: DesiredGrant): boolean => now !== undefined && grant.expires !== undefined && isExpired(grant.expires.at, now);
  for (const set of sets) {
    for (const grant of set.grants) {
      givers.set(grant.team, [...(givers.get(grant.team) ?? []), set.name]);
      const first = grants.get(grant.team);
      if (!first || (ended(first.grant) && !ended(grant))) grants.set(grant.team, { set, grant });
      else if (!ended(first.grant) && !ended(grant) && accessKey(type, first.grant.access) !== accessKey(type, grant.access)) conflicts.push({ target: { type, name }, team: grant.team, first, second: { set, grant } });
    }
  }
  return { grants, givers, conflicts };
}

function pruneOf(entry: DesiredTarget | undefined, sets: readonly DesiredSet[]): { prune: boolean; prunedBy?: GrantOrigin } {
  if (entry?.pruneExplicit && !entry.prune) return { prune: false };
  if (entry?.prune) return { prune: true, prunedBy: { kind: 'entry', name: entry.name } };
  const pruning = sets.find((s) => s.prune);
  return pruning ? { prune: true, prunedBy: { kind: 'set', name: pruning.name } } : { prune: false };
}

/**
 * The target as planned: its entry (if any) merged with the sets that match it (any order). `now`:
 * the run's clock, so that a set's expired grant conflicts with no other (absent: none has expired).
 */
export function mergeTarget(type: TargetType, name: string, entry: DesiredTarget | undefined, matching: readonly DesiredSet[], now?: number): MergeResult {
  const sets = [...matching].sort(byName);
  const { grants, givers, conflicts } = setGrants(type, name, sets, now);
  const own = new Set(entry?.grants.map((g) => g.team) ?? []);
  const unresolved = conflicts.filter((c) => !own.has(c.team));
  if (unresolved.length > 0) return { conflicts: unresolved };
  const merged: DesiredGrant[] = (entry?.grants ?? []).map((grant) => {
    const overrides = givers.get(grant.team);
    return { ...grant, origin: { kind: 'entry', name, ...(overrides ? { overrides: [...new Set(overrides)] } : {}) } };
  });
  for (const [team, { set, grant }] of grants) {
    if (!own.has(team)) merged.push({ ...grant, origin: { kind: 'set', name: set.name } });
  }
  const source = entry?.source ?? sets[0]?.source;
  return {
    target: {
      type,
      name,
      ...(entry?.id === undefined ? {} : { id: entry.id }),
      ...pruneOf(entry, sets),
      grants: merged.sort(byTeam),
      ...(source ? { source } : {}),
      ...(entry?.pruneExplicit ? { pruneExplicit: true } : {}),
      ...(entry?.ignoreWarnings ? { ignoreWarnings: entry.ignoreWarnings } : {}),
      ...(entry?.expired ? { expired: entry.expired } : {}),
    },
  };
}
