// Two snapshots compared (`report diff OLD NEW`, docs/evidence.md, "Comparing snapshots"): who
// gained and lost what. Per (team, target), matched by their ids so a rename is not a loss and a
// gain: access added, removed, or changed (the level, each permission, the sources); the teams
// added and removed, and those re-created by their identity provider (a new id under the name, its
// lost access to restore); by person (both snapshots by person), the people added and removed, each
// person's level per target and the organization powers they gained or lost. Pure; sorted, so the
// same two snapshots give the same bytes.
import { OWNERS_TEAM } from '../core/model.js';
import { compareText as byCode } from '../core/order.js';
import { looksRecreated } from '../core/recreated-team.js';
import type { Snapshot, SnapshotAccess, SnapshotCell, SnapshotSource, SnapshotTarget } from './snapshot.js';

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface PermissionChange {
  readonly permission: string;
  /** Null: the permission is not in that snapshot's cell. */
  readonly before: string | boolean | null;
  readonly after: string | boolean | null;
}

export interface AccessChange {
  readonly change: ChangeKind;
  readonly team: { readonly name: string; readonly id: string };
  readonly target: SnapshotTarget;
  readonly before: SnapshotAccess | null;
  readonly after: SnapshotAccess | null;
  /** Changed only: each permission whose value differs. */
  readonly permissions: readonly PermissionChange[];
  readonly sourcesAdded: readonly SnapshotSource[];
  readonly sourcesRemoved: readonly SnapshotSource[];
}

export interface PersonChange {
  readonly change: ChangeKind;
  readonly email: string;
  readonly target: SnapshotTarget;
  readonly before: string | null;
  readonly after: string | null;
  /** A gain or change: the teams giving it there that they joined since OLD, by name. */
  readonly joined: readonly string[];
  /** A loss or change: the teams that gave it there that they left since OLD, by name. */
  readonly left: readonly string[];
}

/** An organization power a person holds in NEW and not in OLD (`added`), or the other way round (`removed`). */
export interface PersonPowerChange {
  readonly change: 'added' | 'removed';
  readonly email: string;
  readonly power: string;
  /** A gain: the teams giving it in NEW that they joined since OLD, by name. */
  readonly joined: readonly string[];
  /** A loss: the teams that gave it in OLD that they left since, by name. */
  readonly left: readonly string[];
}

/** An organization power switched on (`added`) or off (`removed`) for a team, matched by id. */
export interface PowerChange {
  readonly change: 'added' | 'removed';
  readonly team: { readonly name: string; readonly id: string };
  readonly power: string;
}

/**
 * A team its identity provider re-created between the snapshots (core/recreated-team.ts): its name
 * under a new id, linked to an identity-provider group in NEW, holding none of the old id's grants.
 */
export interface SnapshotRecreation {
  readonly name: string;
  /** The old team's id (OLD), and the new one's (NEW). */
  readonly before: string;
  readonly after: string;
  /** The old id's access, lost with it: what to restore to the new id. */
  readonly restore: readonly AccessChange[];
}

/** A team whose name changed between the snapshots (the same id). */
export interface SnapshotRename {
  readonly id: string;
  readonly before: string;
  readonly after: string;
}

export interface SnapshotDiff {
  readonly old: Pick<Snapshot, 'organization' | 'generatedAt' | 'state'>;
  readonly new: Pick<Snapshot, 'organization' | 'generatedAt' | 'state'>;
  readonly teamsAdded: readonly string[];
  readonly teamsRemoved: readonly string[];
  readonly teamsRenamed: readonly SnapshotRename[];
  /** Teams re-created by their identity provider: out of `teamsAdded`, `teamsRemoved`, and their lost access out of `access`. */
  readonly teamsRecreated: readonly SnapshotRecreation[];
  /** Organization powers on or off: organization-wide, so on no target (the owners team holds every one: never listed). */
  readonly powers: readonly PowerChange[];
  readonly access: readonly AccessChange[];
  /** Both snapshots by person only. */
  readonly people?: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly access: readonly PersonChange[];
    /** Organization powers each person gained or lost through their teams (the owners team's included). */
    readonly powers: readonly PersonPowerChange[];
  };
}

const key = (teamId: string, target: SnapshotTarget): string => `${teamId}\u0000${target.type}\u0000${target.id}`;
const minus = (a: readonly string[], b: readonly string[]): string[] => a.filter((x) => !b.includes(x));

/** A source's identity: its facts (kind, then permission or project, then level), never its words. */
const sourceKey = (s: SnapshotSource): string =>
  JSON.stringify([s.kind, 'permission' in s ? s.permission : 'name' in s ? s.name : '', 'access' in s ? s.access : '']);
const sourcesMinus = (a: readonly SnapshotSource[], b: readonly SnapshotSource[]): SnapshotSource[] => {
  const other = new Set(b.map(sourceKey));
  return a.filter((s) => !other.has(sourceKey(s)));
};

function permissionChanges(before: SnapshotAccess, after: SnapshotAccess): PermissionChange[] {
  const keys = [...new Set([...Object.keys(before.permissions), ...Object.keys(after.permissions)])];
  return keys
    .map((permission) => ({ permission, before: before.permissions[permission] ?? null, after: after.permissions[permission] ?? null }))
    .filter((c) => c.before !== c.after);
}

const accessOf = (cell: SnapshotCell): SnapshotAccess => ({ access: cell.access, permissions: cell.permissions, sources: cell.sources });

function cellChange(before: SnapshotCell | undefined, after: SnapshotCell | undefined): AccessChange | undefined {
  const cell = (after ?? before) as SnapshotCell;
  const base = { team: cell.team, target: cell.target, before: before ? accessOf(before) : null, after: after ? accessOf(after) : null };
  if (!before || !after) return { ...base, change: before ? 'removed' : 'added', permissions: [], sourcesAdded: [], sourcesRemoved: [] };
  const permissions = permissionChanges(before, after);
  const sourcesAdded = sourcesMinus(after.sources, before.sources);
  const sourcesRemoved = sourcesMinus(before.sources, after.sources);
  if (before.access === after.access && permissions.length === 0 && sourcesAdded.length === 0 && sourcesRemoved.length === 0) return undefined;
  return { ...base, change: 'changed', permissions, sourcesAdded, sourcesRemoved };
}

const targetOrder = (a: SnapshotTarget, b: SnapshotTarget): number => byCode(a.type, b.type) || byCode(a.name, b.name) || byCode(a.id, b.id);

function accessChanges(old: Snapshot, now: Snapshot): AccessChange[] {
  const before = new Map(old.cells.map((c) => [key(c.team.id, c.target), c]));
  const after = new Map(now.cells.map((c) => [key(c.team.id, c.target), c]));
  return [...new Set([...before.keys(), ...after.keys()])]
    .flatMap((k) => cellChange(before.get(k), after.get(k)) ?? [])
    .sort((a, b) => byCode(a.team.name, b.team.name) || targetOrder(a.target, b.target));
}

type People = NonNullable<Snapshot['people']>;
type TeamsByEmail = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The membership cause of a change: each team giving it in one snapshot (`through`) that the person is in there (`is`) and not in the other (`was`), by name. */
function moved(email: string, through: readonly string[] | undefined, was: TeamsByEmail, is: TeamsByEmail): string[] {
  return (through ?? [])
    .filter((id) => is.get(email)?.has(id) === true && was.get(email)?.has(id) !== true)
    .map((id) => is.get(email)?.get(id) as string)
    .sort(byCode);
}

const teamsOf = (people: People): TeamsByEmail => new Map(people.map((p) => [p.email, new Map(p.teams.map((t) => [t.id, t.name]))]));

function personAccessChanges(old: People, now: People, teams: { before: TeamsByEmail; after: TeamsByEmail }): PersonChange[] {
  const levels = (people: People): Map<string, { email: string; target: SnapshotTarget; access: string; through: readonly string[] }> =>
    new Map(people.flatMap((p) => p.access.map((a) => [`${p.email}\u0000${a.target.type}\u0000${a.target.id}`, { email: p.email, ...a }] as const)));
  const before = levels(old);
  const after = levels(now);
  return [...new Set([...before.keys(), ...after.keys()])].flatMap((k): PersonChange[] => {
    const b = before.get(k);
    const a = after.get(k);
    const cell = (a ?? b) as { email: string; target: SnapshotTarget };
    if (b && a && b.access === a.access) return [];
    const change: ChangeKind = !b ? 'added' : !a ? 'removed' : 'changed';
    const joined = moved(cell.email, a?.through, teams.before, teams.after);
    const left = moved(cell.email, b?.through, teams.after, teams.before);
    return [{ change, email: cell.email, target: cell.target, before: b?.access ?? null, after: a?.access ?? null, joined, left }];
  });
}

/** The organization powers each person holds in one snapshot and not in the other, with the membership that caused it. */
function personPowerChanges(old: People, now: People, teams: { before: TeamsByEmail; after: TeamsByEmail }): PersonPowerChange[] {
  const powersOf = (people: People): Map<string, { email: string; power: string; through: readonly string[] }> =>
    new Map(people.flatMap((p) => p.powers.map((w) => [`${p.email}\u0000${w.power}`, { email: p.email, ...w }] as const)));
  const before = powersOf(old);
  const after = powersOf(now);
  return [...new Set([...before.keys(), ...after.keys()])].flatMap((k): PersonPowerChange[] => {
    const b = before.get(k);
    const a = after.get(k);
    if (b && a) return [];
    const { email, power } = (a ?? b) as { email: string; power: string };
    const joined = moved(email, a?.through, teams.before, teams.after);
    const left = moved(email, b?.through, teams.after, teams.before);
    return [{ change: a ? 'added' : 'removed', email, power, joined, left }];
  });
}

function peopleChanges(old: People, now: People): NonNullable<SnapshotDiff['people']> {
  const emails = (people: People): string[] => people.map((p) => p.email);
  const teams = { before: teamsOf(old), after: teamsOf(now) };
  return {
    added: minus(emails(now), emails(old)).sort(byCode),
    removed: minus(emails(old), emails(now)).sort(byCode),
    access: personAccessChanges(old, now, teams).sort((x, y) => byCode(x.email, y.email) || targetOrder(x.target, y.target)),
    powers: personPowerChanges(old, now, teams).sort((x, y) => byCode(x.email, y.email) || byCode(x.power, y.power)),
  };
}

/**
 * The powers each team gained or lost, by team id: a team only in one snapshot gains or loses all
 * it holds. The owners team holds every power whatever its flags say, so it changes none.
 */
function powerChanges(old: Snapshot, now: Snapshot): PowerChange[] {
  const byId = (s: Snapshot): Map<string, Snapshot['teams'][number]> => new Map(s.teams.filter((t) => t.name !== OWNERS_TEAM).map((t) => [t.id, t]));
  const before = byId(old);
  const after = byId(now);
  const out: PowerChange[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(id);
    const a = after.get(id);
    const team = (a ?? b) as Snapshot['teams'][number];
    const ref = { name: team.name, id };
    for (const power of minus(a?.powers ?? [], b?.powers ?? [])) out.push({ change: 'added', team: ref, power });
    for (const power of minus(b?.powers ?? [], a?.powers ?? [])) out.push({ change: 'removed', team: ref, power });
  }
  return out.sort((x, y) => byCode(x.team.name, y.team.name) || byCode(x.power, y.power));
}

function renames(old: Snapshot, now: Snapshot): SnapshotRename[] {
  const before = new Map(old.teams.map((t) => [t.id, t.name]));
  return now.teams
    .flatMap((t) => {
      const was = before.get(t.id);
      return was !== undefined && was !== t.name ? [{ id: t.id, before: was, after: t.name }] : [];
    })
    .sort((x, y) => byCode(x.after, y.after));
}

/** Of the cells the old id held, those the new id holds on the same target: a restore started. */
function heldAgain(old: Snapshot, now: Snapshot, before: string, after: string): number {
  const targets = new Set(old.cells.filter((c) => c.team.id === before).map((c) => key('', c.target)));
  return now.cells.filter((c) => c.team.id === after && targets.has(key('', c.target))).length;
}

/**
 * The teams removed and added under one name whose new id looks re-created (core/recreated-team.ts,
 * the plan's rule): linked in NEW, holding none of the old id's grants. Their removed access goes to
 * restore; a name that two teams of a snapshot share is never matched.
 */
function recreations(
  old: Snapshot,
  now: Snapshot,
  removed: readonly string[],
  added: readonly string[],
  access: readonly AccessChange[],
): SnapshotRecreation[] {
  const once = (teams: readonly Snapshot['teams'][number][], ids: readonly string[]) => {
    const byName = new Map<string, Snapshot['teams'][number] | null>();
    for (const t of teams.filter((t) => ids.includes(t.id))) byName.set(t.name, byName.has(t.name) ? null : t);
    return byName;
  };
  const gone = once(old.teams, removed);
  const out: SnapshotRecreation[] = [];
  for (const [name, team] of once(now.teams, added)) {
    const was = gone.get(name);
    if (!team || !was || !looksRecreated(team, heldAgain(old, now, was.id, team.id))) continue;
    out.push({ name, before: was.id, after: team.id, restore: access.filter((c) => c.change === 'removed' && c.team.id === was.id) });
  }
  return out.sort((x, y) => byCode(x.name, y.name));
}

const header = (s: Snapshot): SnapshotDiff['old'] => ({ organization: s.organization, generatedAt: s.generatedAt, state: s.state });

export function compareSnapshots(old: Snapshot, now: Snapshot): SnapshotDiff {
  const teamNames = (s: Snapshot, ids: readonly string[]): string[] => s.teams.filter((t) => ids.includes(t.id)).map((t) => t.name);
  const oldIds = old.teams.map((t) => t.id);
  const newIds = now.teams.map((t) => t.id);
  const [removed, added] = [minus(oldIds, newIds), minus(newIds, oldIds)];
  const access = accessChanges(old, now);
  const recreated = recreations(old, now, removed, added, access);
  const matched = new Set(recreated.flatMap((r) => [r.before, r.after]));
  const restored = new Set(recreated.flatMap((r) => r.restore));
  return {
    old: header(old),
    new: header(now),
    teamsAdded: teamNames(
      now,
      added.filter((id) => !matched.has(id)),
    ).sort(byCode),
    teamsRemoved: teamNames(
      old,
      removed.filter((id) => !matched.has(id)),
    ).sort(byCode),
    teamsRenamed: renames(old, now),
    teamsRecreated: recreated,
    powers: powerChanges(old, now),
    access: access.filter((c) => !restored.has(c)),
    ...(old.people && now.people ? { people: peopleChanges(old.people, now.people) } : {}),
  };
}

/** How many differences: what the exit code and the summary count. */
export function differenceCount(diff: SnapshotDiff): number {
  const people = diff.people ? diff.people.added.length + diff.people.removed.length + diff.people.access.length + diff.people.powers.length : 0;
  const recreated = diff.teamsRecreated.reduce((n, r) => n + 1 + r.restore.length, 0);
  return diff.teamsAdded.length + diff.teamsRemoved.length + diff.teamsRenamed.length + recreated + diff.powers.length + diff.access.length + people;
}
