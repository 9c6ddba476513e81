// Merging one target's own entry with the sets that match it (docs/sets.md, "Sets", "Merging"). Pure.
//
// - The desired teams are the union of every matching set's teams and the entry's.
// - The entry beats a set for the same team; the grant says which sets it overrides.
// - Two sets that give one team different grants conflict, unless the entry names that team or
//   one of the grants has ended (core/expiry.ts decided it: it is in the set's `expired`; no longer
//   desired, the other stands). A team only ended grants give has its first, as ended.
// - The target prunes when the entry or any matching set prunes, `prune` as written or else
//   settings.prune, unless the entry itself says `prune: false`: decided here, once (pruneOf).
// Sets are taken in name order, so the order of files and of sets never changes the result.
import {
  type Access,
  type DesiredGrant,
  type DesiredSet,
  type DesiredTarget,
  type EntryTarget,
  type GrantOrigin,
  RESOURCE_OF,
  type TargetType,
} from '../core/model.js';
import { byKey, byName } from '../core/order.js';
import { orderedEntries } from '../core/permissions.js';

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
  /** The grant has ended (it is in the set's `expired`). */
  readonly ended: boolean;
}

/** Each team's grant from the sets (the first set by name in force, else the first ended), every set that gives it, and the conflicts. */
function setGrants(
  type: TargetType,
  name: string,
  sets: readonly DesiredSet[],
): { grants: Map<string, FromSet>; givers: Map<string, string[]>; conflicts: SetConflict[] } {
  const grants = new Map<string, FromSet>();
  const givers = new Map<string, string[]>();
  const conflicts: SetConflict[] = [];
  for (const set of sets) {
    // In force first, then ended: only grants in force conflict, so the conflicts come in team order.
    const take = (grant: DesiredGrant, ended: boolean): void => {
      givers.set(grant.team, [...(givers.get(grant.team) ?? []), set.name]);
      const first = grants.get(grant.team);
      if (!first || (first.ended && !ended)) grants.set(grant.team, { set, grant, ended });
      else if (!first.ended && !ended && accessKey(type, first.grant.access) !== accessKey(type, grant.access))
        conflicts.push({ target: { type, name }, team: grant.team, first: { set: first.set, grant: first.grant }, second: { set, grant } });
    };
    for (const grant of set.grants) take(grant, false);
    for (const grant of set.expired ?? []) take(grant, true);
  }
  return { grants, givers, conflicts };
}

/** Whether the target prunes, and what makes it: the one place `prune` is decided (docs/sets.md, "Sets"). `byDefault`: settings.prune. */
export function pruneOf(entry: EntryTarget | undefined, sets: readonly DesiredSet[], byDefault: boolean): { prune: boolean; prunedBy?: GrantOrigin } {
  if (entry?.prune === false) return { prune: false };
  if (entry && (entry.prune ?? byDefault)) return { prune: true, prunedBy: { kind: 'entry', name: entry.name } };
  const pruning = sets.find((s) => s.prune ?? byDefault);
  return pruning ? { prune: true, prunedBy: { kind: 'set', name: pruning.name } } : { prune: false };
}

/** The target as planned: its entry (if any) merged with the sets that match it (any order). `byDefault`: settings.prune. */
export function mergeTarget(type: TargetType, name: string, entry: EntryTarget | undefined, matching: readonly DesiredSet[], byDefault: boolean): MergeResult {
  const sets = [...matching].sort(byName);
  const { grants, givers, conflicts } = setGrants(type, name, sets);
  const own = new Set(entry?.grants.map((g) => g.team) ?? []);
  const unresolved = conflicts.filter((c) => !own.has(c.team));
  if (unresolved.length > 0) return { conflicts: unresolved };
  const merged: DesiredGrant[] = (entry?.grants ?? []).map((grant) => {
    const overrides = givers.get(grant.team);
    return { ...grant, origin: { kind: 'entry', name, ...(overrides ? { overrides: [...new Set(overrides)] } : {}) } };
  });
  const ended: DesiredGrant[] = [];
  for (const [team, { set, grant, ended: over }] of grants) {
    if (!own.has(team)) (over ? ended : merged).push({ ...grant, origin: { kind: 'set', name: set.name } });
  }
  const expired = [...(entry?.expired ?? []), ...ended.sort(byTeam)];
  const source = entry?.source ?? sets[0]?.source;
  return {
    target: {
      type,
      name,
      ...(entry?.id === undefined ? {} : { id: entry.id }),
      ...pruneOf(entry, sets, byDefault),
      grants: merged.sort(byTeam),
      ...(source ? { source } : {}),
      ...(entry?.ignoreWarnings ? { ignoreWarnings: entry.ignoreWarnings } : {}),
      ...(expired.length > 0 ? { expired } : {}),
    },
  };
}
