// The diff: desired state against live state, as sorted changes. Pure: plain data in, plain data out.
import { InternalError } from '../errors.js';
import type { DesiredGrant, DesiredTarget, GrantOrigin, LiveGrant, LiveState, LiveTarget, TargetType, Team } from '../core/model.js';
import type { DesiredState } from '../core/desired-state.js';
import { OWNERS_TEAM, RESOURCE_OF } from '../core/model.js';
import type { TargetRef } from '../core/model.js';
import type { Change, RemoveChange } from '../core/plan.js';
import { compareAccess } from './normalise.js';
import { roleOfLive } from './roles.js';
import { byTypeThenName, compareText } from '../core/order.js';

export interface DiffIndex {
  readonly teamsById: ReadonlyMap<string, Team>;
  readonly teamsByName: ReadonlyMap<string, Team>;
  /** Live targets by type, then name: two lookups instead of a concatenated key per target. */
  readonly targetsByType: { readonly [T in TargetType]: ReadonlyMap<string, LiveTarget> };
}

/**
 * `planned`: the teams as the plan leaves them (resolve/planned-teams.ts), when the files manage
 * teams: grants then find a team renamed or created in the same plan by its new name.
 */
export function indexLive(live: LiveState, planned?: ReadonlyMap<string, Team>): DiffIndex {
  const teamsByName = new Map<string, Team>();
  for (const team of live.teams.values()) teamsByName.set(team.name, team);
  let teamsById: ReadonlyMap<string, Team> = live.teams;
  if (planned) {
    teamsByName.clear();
    const byId = new Map(live.teams);
    for (const team of planned.values()) {
      teamsByName.set(team.name, team);
      byId.set(team.id, team);
    }
    teamsById = byId;
  }
  const targetsByType = { project: new Map<string, LiveTarget>(), workspace: new Map<string, LiveTarget>() };
  for (const target of live.targets.values()) targetsByType[target.type].set(target.name, target);
  return { teamsById, teamsByName, targetsByType };
}

export function liveTargetOf(index: DiffIndex, target: DesiredTarget): LiveTarget {
  const found = index.targetsByType[target.type].get(target.name);
  // The resolver fails with a user error before the diff for a target it cannot find.
  if (!found) throw new InternalError(`${target.type} "${target.name}" was not read`);
  return found;
}

/** From this many live grants on, a target's grants are indexed by team instead of scanned. */
const INDEX_FROM = 16;

/** The live grants of a target by team, or undefined when a scan is cheaper (most targets hold a handful). */
function byTeamOf(grants: readonly LiveGrant[]): Map<string, LiveGrant[]> | undefined {
  if (grants.length < INDEX_FROM) return undefined;
  const byTeam = new Map<string, LiveGrant[]>();
  for (const grant of grants) {
    const list = byTeam.get(grant.teamId);
    if (list) list.push(grant);
    else byTeam.set(grant.teamId, [grant]);
  }
  return byTeam;
}

const NONE: readonly LiveGrant[] = [];

/** The first live grant of one team on a target: as a rule its only one. */
function firstGrantOf(grants: readonly LiveGrant[], byTeam: Map<string, LiveGrant[]> | undefined, teamId: string): LiveGrant | undefined {
  if (byTeam) return byTeam.get(teamId)?.[0];
  for (const grant of grants) if (grant.teamId === teamId) return grant;
  return undefined;
}

/** Any further grants of the team (only if the service erred); allocates nothing when there are none. */
function extraGrantsOf(grants: readonly LiveGrant[], byTeam: Map<string, LiveGrant[]> | undefined, teamId: string): readonly LiveGrant[] {
  if (byTeam) return byTeam.get(teamId)?.slice(1) ?? NONE;
  let seen = false;
  let extra: LiveGrant[] | undefined;
  for (const grant of grants) {
    if (grant.teamId !== teamId) continue;
    if (seen) (extra ??= []).push(grant);
    seen = true;
  }
  return extra ?? NONE;
}

// The diff of one target, pushed onto `changes`. At 100,000 grants the cost is allocation, so
// nothing is built for a grant that does not change.
function diffTarget(desired: DesiredState, target: DesiredTarget, live: LiveTarget, index: DiffIndex, changes: Change[]): void {
  const resource = RESOURCE_OF[target.type];
  const ref: TargetRef = { type: target.type, name: live.name, id: live.id };
  const byTeam = byTeamOf(live.grants);
  const listed = new Set<string>();
  // docs/sets.md, "Sets": every change says where its desired grant comes from (without sets: the entry).
  const entry = entryOf(target);

  for (const grant of target.grants) {
    const team = index.teamsByName.get(grant.team);
    if (!team) throw new InternalError(`team "${grant.team}" was not resolved`);
    listed.add(team.id);
    const current = firstGrantOf(live.grants, byTeam, team.id);
    const source = grant.origin ?? entry;
    if (!current) {
      changes.push({ action: 'add', resource, team: { name: team.name, id: team.id }, target: ref, after: grant.access, ...fromFile(grant), source });
      continue;
    }
    const comparison = compareAccess(resource, grant.access, current.access);
    if (comparison !== 'equal') {
      const labelOnly = comparison === 'label-only';
      const before = { before: current.access, ...beforeRole(desired, target.type, current) };
      changes.push({ action: 'update', resource, id: current.id, team: { name: team.name, id: team.id }, target: ref, ...before, after: grant.access, labelOnly, ...fromFile(grant), source });
    }
    // The service refuses a second grant for one team ("Team has already been taken"); should one
    // exist anyway, the file names the team, so the extra copies go.
    for (const extra of extraGrantsOf(live.grants, byTeam, team.id)) changes.push(removal(desired, target.type, extra, { name: team.name, id: team.id }, ref, source));
  }

  if (target.expired) removeExpired(desired, target, { live, byTeam, ref, listed }, index, changes);
  if (!target.prune) return;
  // A removal's source is what prunes the target.
  const pruner = target.prunedBy ?? entry;
  for (const grant of live.grants) {
    if (listed.has(grant.teamId)) continue;
    const team = index.teamsById.get(grant.teamId);
    // A grant of a team we cannot name is never removed: a partial read must not remove what it could not see.
    if (!team || team.name === OWNERS_TEAM || desired.settings.ignoreTeams.includes(team.name)) continue;
    changes.push(removal(desired, target.type, grant, { name: team.name, id: team.id }, ref, pruner));
  }
}

const entryOf = (target: DesiredTarget): GrantOrigin => ({ kind: 'entry', name: target.name });

/** What a change takes from the file's grant besides its access; built only for a grant that changes. */
function fromFile(grant: DesiredGrant): { afterRole?: string; expires?: string } {
  if (grant.role === undefined && grant.expires === undefined) return NO_EXTRAS;
  return { ...(grant.role === undefined ? {} : { afterRole: grant.role }), ...(grant.expires ? { expires: grant.expires.at } : {}) };
}
const NO_EXTRAS: { afterRole?: string; expires?: string } = {};

interface TargetRead {
  readonly live: LiveTarget;
  readonly byTeam: Map<string, LiveGrant[]> | undefined;
  readonly ref: TargetRef;
  /** Teams the plan has decided on for this target: prune leaves them alone. */
  readonly listed: Set<string>;
}

/**
 * The live grants of teams whose grant of the files has expired go, whatever prune says: the files
 * put them there (docs/files.md, "Grants that expire"). Whatever the live grant has become (changed by
 * hand or not), it goes: the expiry ends the team's access here. A team another source of the
 * files still grants here is kept as that source says; the owners team is never removed.
 */
function removeExpired(desired: DesiredState, target: DesiredTarget, read: TargetRead, index: DiffIndex, changes: Change[]): void {
  for (const grant of target.expired ?? []) {
    const team = index.teamsByName.get(grant.team);
    if (!team || read.listed.has(team.id) || team.name === OWNERS_TEAM) continue;
    read.listed.add(team.id);
    const first = firstGrantOf(read.live.grants, read.byTeam, team.id);
    if (!first) continue;
    const expired = { reason: 'expired' as const, ...(grant.expires ? { expires: grant.expires.at } : {}) };
    for (const live of [first, ...extraGrantsOf(read.live.grants, read.byTeam, team.id)]) {
      changes.push({ ...removal(desired, target.type, live, { name: team.name, id: team.id }, read.ref, grant.origin ?? entryOf(target)), ...expired });
    }
  }
}

/** `{beforeRole}` when the live grant has the permissions of exactly one role of the files. */
function beforeRole(desired: DesiredState, type: TargetType, grant: LiveGrant): { beforeRole?: string } {
  const role = roleOfLive(desired.roles, type, grant.access);
  return role === undefined ? {} : { beforeRole: role };
}

function removal(desired: DesiredState, type: TargetType, grant: LiveGrant, team: { name: string; id: string }, target: TargetRef, source: GrantOrigin): RemoveChange {
  return { action: 'remove', resource: RESOURCE_OF[type], id: grant.id, team, target, before: grant.access, ...beforeRole(desired, type, grant), source };
}

const ACTION_ORDER = { add: 0, update: 1, remove: 2 } as const;

/** Sorted by target (type, name), then team name, then action and grant id: a total order. */
export function compareChanges(a: Change, b: Change): number {
  return (
    byTypeThenName(a.target, b.target) ||
    compareText(a.team.name, b.team.name) ||
    ACTION_ORDER[a.action] - ACTION_ORDER[b.action] ||
    compareText(a.action === 'add' ? '' : a.id, b.action === 'add' ? '' : b.id)
  );
}

/** All changes that turn the live state of the managed targets into the desired one, sorted. */
export function diff(desired: DesiredState, live: LiveState, index: DiffIndex = indexLive(live)): Change[] {
  const changes: Change[] = [];
  for (const target of desired.targets) diffTarget(desired, target, liveTargetOf(index, target), index, changes);
  return changes.sort(compareChanges);
}
