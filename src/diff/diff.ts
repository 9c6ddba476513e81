// The diff: desired state against live state, as sorted changes. Pure: plain data in, plain data out.

import type { Resource } from '../core/access.js';
import type { DesiredState } from '../core/desired-state.js';
import {
  type DesiredGrant,
  type DesiredTarget,
  type GrantOrigin,
  type LiveGrant,
  type LiveState,
  type LiveTarget,
  OWNERS_TEAM,
  RESOURCE_OF,
  type TargetRef,
  type TargetType,
  type Team,
} from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import type { Change, RemoveChange } from '../core/plan.js';
import { InternalError } from '../errors.js';
import { compareAccess } from './normalise.js';
import { roleOfLive } from './roles.js';

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
  live.teams.forEach((team) => teamsByName.set(team.name, team));
  let teamsById: ReadonlyMap<string, Team> = live.teams;
  if (planned) {
    teamsByName.clear();
    const byId = new Map(live.teams);
    planned.forEach((team) => {
      teamsByName.set(team.name, team);
      byId.set(team.id, team);
    });
    teamsById = byId;
  }
  const targetsByType = { project: new Map<string, LiveTarget>(), workspace: new Map<string, LiveTarget>() };
  live.targets.forEach((target) => targetsByType[target.type].set(target.name, target));
  return { teamsById, teamsByName, targetsByType };
}

export function liveTargetOf(index: DiffIndex, target: DesiredTarget): LiveTarget {
  const found = index.targetsByType[target.type].get(target.name);
  // The resolver fails with a user error before the diff for a target it cannot find.
  if (!found) throw new InternalError(`${target.type} "${target.name}" was not read`);
  return found;
}

/** Each desired target's live target, in the files' order: looked up once for the diff and the warnings. */
export function liveTargetsOf(desired: DesiredState, index: DiffIndex): LiveTarget[] {
  return desired.targets.map((target) => liveTargetOf(index, target));
}

/** From this many live grants on, a target's grants are indexed by team instead of scanned. */
const INDEX_FROM = 16;

/** The positions of a target's live grants by team, or undefined when a scan is cheaper (most targets hold a handful). */
function byTeamOf(grants: readonly LiveGrant[]): Map<string, number[]> | undefined {
  if (grants.length < INDEX_FROM) return undefined;
  const byTeam = new Map<string, number[]>();
  grants.forEach((grant, i) => {
    const list = byTeam.get(grant.teamId);
    if (list) list.push(i);
    else byTeam.set(grant.teamId, [i]);
  });
  return byTeam;
}

/** The position of the first live grant of one team on a target (as a rule its only one); -1: none. */
function firstGrantOf(grants: readonly LiveGrant[], byTeam: Map<string, number[]> | undefined, teamId: string): number {
  if (byTeam) return byTeam.get(teamId)?.[0] ?? -1;
  for (let i = 0; i < grants.length; i++) if ((grants[i] as LiveGrant).teamId === teamId) return i;
  return -1;
}

const NONE: readonly number[] = [];

/** The positions of the team's further grants after `first` (only if the service erred); allocates nothing when there are none. */
function extraGrantsOf(grants: readonly LiveGrant[], byTeam: Map<string, number[]> | undefined, teamId: string, first: number): readonly number[] {
  if (byTeam) return byTeam.get(teamId)?.slice(1) ?? NONE;
  let extra: number[] | undefined;
  for (let i = first + 1; i < grants.length; i++) if ((grants[i] as LiveGrant).teamId === teamId) (extra ??= []).push(i);
  return extra ?? NONE;
}

/**
 * One diff's state across its targets. At 100,000 grants the cost is allocation and the work done
 * per grant, so nothing is built for a grant that does not change nor for a target until its first
 * change, and which live grants the plan has decided on (kept, changed or removed: what prune leaves
 * alone) is one mark per live grant in a single array, not a set of teams per target.
 */
interface DiffRun {
  readonly desired: DesiredState;
  readonly index: DiffIndex;
  readonly changes: Change[];
  /** 1 for a live grant decided on; a target's grants from its offset on. */
  readonly decided: Uint8Array;
  /** Of the current target: where its marks start, how many are set. */
  offset: number;
  marked: number;
}

/** Marks the live grant at `position` of the current target as decided on. */
function decide(run: DiffRun, position: number): void {
  if (run.decided[run.offset + position] === 1) return;
  run.decided[run.offset + position] = 1;
  run.marked++;
}

/** How a change or a warning names its target: the files' type, the live name and id. */
export const targetRefOf = (target: DesiredTarget, live: LiveTarget): TargetRef => ({ type: target.type, name: live.name, id: live.id });

/** One target's diff as it goes: the target, its live side, and how a change names it once one does. */
interface TargetRun {
  readonly target: DesiredTarget;
  readonly live: LiveTarget;
  readonly resource: Resource;
  readonly byTeam: Map<string, number[]> | undefined;
  ref: TargetRef | undefined;
}

const refOf = (at: TargetRun): TargetRef => (at.ref ??= targetRefOf(at.target, at.live));

// The diff of one target, pushed onto `run.changes`. A team the files name has all its live grants
// decided on (its first kept or changed, any extra removed), so prune, which removes the grants of
// teams the files do not name, is the grants left unmarked.
function diffTarget(run: DiffRun, target: DesiredTarget, live: LiveTarget): void {
  const at: TargetRun = { target, live, resource: RESOURCE_OF[target.type], byTeam: byTeamOf(live.grants), ref: undefined };
  for (let g = 0; g < target.grants.length; g++) diffGrant(run, at, target.grants[g] as DesiredGrant);
  if (target.expired) removeExpired(run, target, live, at.byTeam);
  if (target.prune && run.marked !== live.grants.length) prune(run, at);
}

/** A grant of the files: added when the team has none here, else its first live grant kept or updated and any other removed. */
function diffGrant(run: DiffRun, at: TargetRun, grant: DesiredGrant): void {
  const team = run.index.teamsByName.get(grant.team);
  if (!team) throw new InternalError(`team "${grant.team}" was not resolved`);
  const first = firstGrantOf(at.live.grants, at.byTeam, team.id);
  // docs/sets.md, "Sets": every change says where its desired grant comes from (without sets: the entry).
  if (first < 0) {
    run.changes.push({
      action: 'add',
      resource: at.resource,
      team: { name: team.name, id: team.id },
      target: refOf(at),
      after: grant.access,
      ...fromFile(grant),
      source: grant.origin ?? entryOf(at.target),
    });
    return;
  }
  decide(run, first);
  updateGrant(run, at, grant, team, at.live.grants[first] as LiveGrant);
  // The service refuses a second grant for one team ("Team has already been taken"); should one
  // exist anyway, the file names the team, so the extra copies go.
  const extras = extraGrantsOf(at.live.grants, at.byTeam, team.id, first);
  for (let e = 0; e < extras.length; e++) {
    const extra = extras[e] as number;
    decide(run, extra);
    const source = grant.origin ?? entryOf(at.target);
    run.changes.push(removal(run.desired, at.target.type, at.live.grants[extra] as LiveGrant, { name: team.name, id: team.id }, refOf(at), source));
  }
}

/** The team's live grant changed to the file's access, unless the two are equal. */
function updateGrant(run: DiffRun, at: TargetRun, grant: DesiredGrant, team: Team, current: LiveGrant): void {
  const comparison = compareAccess(at.resource, grant.access, current.access);
  if (comparison === 'equal') return;
  run.changes.push({
    action: 'update',
    resource: at.resource,
    id: current.id,
    team: { name: team.name, id: team.id },
    target: refOf(at),
    before: current.access,
    ...beforeRole(run.desired, at.target.type, current),
    after: grant.access,
    labelOnly: comparison === 'label-only',
    ...fromFile(grant),
    source: grant.origin ?? entryOf(at.target),
  });
}

/** Prune: the live grants no grant of the files decided on go, but those of a team we cannot name, the owners and ignored teams. */
function prune(run: DiffRun, at: TargetRun): void {
  const grants = at.live.grants;
  for (let i = 0; i < grants.length; i++) {
    if (run.decided[run.offset + i] === 1) continue;
    const grant = grants[i] as LiveGrant;
    const team = run.index.teamsById.get(grant.teamId);
    // A grant of a team we cannot name is never removed: a partial read must not remove what it could not see.
    if (!team || team.name === OWNERS_TEAM || run.desired.settings.ignoreTeams.includes(team.name)) continue;
    // A removal's source is what prunes the target.
    const source = at.target.prunedBy ?? entryOf(at.target);
    run.changes.push(removal(run.desired, at.target.type, grant, { name: team.name, id: team.id }, refOf(at), source));
  }
}

const entryOf = (target: DesiredTarget): GrantOrigin => ({ kind: 'entry', name: target.name });

/** What a change takes from the file's grant besides its access; built only for a grant that changes. */
function fromFile(grant: DesiredGrant): { afterRole?: string; expires?: string } {
  if (grant.role === undefined && grant.expires === undefined) return NO_EXTRAS;
  return { ...(grant.role === undefined ? {} : { afterRole: grant.role }), ...(grant.expires ? { expires: grant.expires.at } : {}) };
}
const NO_EXTRAS: { afterRole?: string; expires?: string } = {};

/**
 * The live grants of teams whose grant of the files has expired go, whatever prune says: the files
 * put them there (docs/files.md, "Grants that expire"). Whatever the live grant has become (changed by
 * hand or not), it goes: the expiry ends the team's access here. A team another source of the
 * files still grants here (its live grants are decided on already) is kept as that source says;
 * the owners team is never removed.
 */
function removeExpired(run: DiffRun, target: DesiredTarget, live: LiveTarget, byTeam: Map<string, number[]> | undefined): void {
  const grants = live.grants;
  for (const grant of target.expired ?? []) {
    const team = run.index.teamsByName.get(grant.team);
    if (!team || team.name === OWNERS_TEAM) continue;
    const first = firstGrantOf(grants, byTeam, team.id);
    if (first < 0 || run.decided[run.offset + first] === 1) continue;
    const expired = { reason: 'expired' as const, ...(grant.expires ? { expires: grant.expires.at } : {}) };
    for (const position of [first, ...extraGrantsOf(grants, byTeam, team.id, first)]) {
      decide(run, position);
      const removed = removal(
        run.desired,
        target.type,
        grants[position] as LiveGrant,
        { name: team.name, id: team.id },
        targetRefOf(target, live),
        grant.origin ?? entryOf(target),
      );
      run.changes.push({ ...removed, ...expired });
    }
  }
}

/** `{beforeRole}` when the live grant has the permissions of exactly one role of the files. */
function beforeRole(desired: DesiredState, type: TargetType, grant: LiveGrant): { beforeRole?: string } {
  const role = roleOfLive(desired.roles, type, grant.access);
  return role === undefined ? {} : { beforeRole: role };
}

function removal(
  desired: DesiredState,
  type: TargetType,
  grant: LiveGrant,
  team: { name: string; id: string },
  target: TargetRef,
  source: GrantOrigin,
): RemoveChange {
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
export function diff(
  desired: DesiredState,
  live: LiveState,
  index: DiffIndex = indexLive(live),
  liveTargets: readonly LiveTarget[] = liveTargetsOf(desired, index),
): Change[] {
  const grants = liveTargets.reduce((sum, target) => sum + target.grants.length, 0);
  const run: DiffRun = { desired, index, changes: [], decided: new Uint8Array(grants), offset: 0, marked: 0 };
  desired.targets.forEach((target, i) => {
    const live = liveTargets[i] as LiveTarget;
    run.marked = 0;
    diffTarget(run, target, live);
    run.offset += live.grants.length;
  });
  return run.changes.sort(compareChanges);
}
