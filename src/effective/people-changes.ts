// Who gains or loses what (docs/effective-access.md, "People"): a plan that read people names, on
// each of its effective changes, the active human members of the team as the plan leaves it; and
// each member change is an effective change of its own: a person added to a team gains the team's
// access (as the plan leaves its grants), one removed (or removed from the organization) loses
// what the team had. Over the targets the plan's effective changes are computed on (the context).
// An invitation gives nothing until it is accepted, so it moves no access here. A member change
// moves the person's access, not the team's: one who leaves a team but keeps as much on a target
// through another team loses nothing there (no entry), one who keeps less falls to that (issue 37,
// "developers: 16 workspaces fall to none" when one member left). Pure.

import { type Level, PROJECT_LEVELS, WORKSPACE_LEVELS } from '../core/access.js';
import type { EffectiveCell, EffectiveChange } from '../core/effective.js';
import type { TeamRef } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import { type MemberChange, personKey } from '../core/people.js';
import type { LivePeople } from '../core/person.js';
import { EffectiveIndex, type OrganizationInput } from './compute.js';
import { isHuman } from './people.js';
import { activeMembers, peopleAfter } from './people-after.js';

/** The plan's people: as read, and its member changes. */
export interface PlanPeople {
  readonly people: LivePeople;
  readonly memberChanges: readonly MemberChange[];
}

/** A person's joining or leaving one team, when it moves access: the person is an active human member. */
interface Move {
  readonly action: 'add' | 'remove';
  readonly email: string;
  readonly team: TeamRef;
}

function movesOf(people: LivePeople, changes: readonly MemberChange[]): Move[] {
  const active = new Map(people.people.filter((p) => isHuman(p) && p.status === 'active').map((p) => [personKey(p.email), p.email]));
  const out: Move[] = [];
  for (const change of changes) {
    const email = active.get(personKey(change.person.email));
    if (email === undefined || change.action === 'invite') continue;
    if (change.action === 'remove-from-organization') out.push(...change.teams.map((team) => ({ action: 'remove' as const, email, team })));
    else out.push({ action: change.action, email, team: change.team });
  }
  return out;
}

function cellsOfTeam(input: OrganizationInput, teamId: string): EffectiveCell[] {
  const team = input.teams.find((t) => t.id === teamId);
  return team ? new EffectiveIndex({ ...input, teams: [team] }).all() : [];
}

/** A fixed level's rank on its kind of target; custom is not ranked (-1). */
const rankOf = (type: EffectiveCell['target']['type'], level: Level): number =>
  level === 'custom' ? -1 : (type === 'project' ? (PROJECT_LEVELS as readonly string[]) : (WORKSPACE_LEVELS as readonly string[])).indexOf(level);

/** The person's level on a target through their other teams: the highest fixed one (custom when only custom), or null. */
function bestOf(type: EffectiveCell['target']['type'], levels: readonly Level[]): Level | null {
  if (levels.length === 0) return null;
  return levels.reduce((a, b) => (rankOf(type, b) > rankOf(type, a) ? b : a));
}

/** What the person holds on each target through `teamIds` in `input`, by target id. */
function heldThrough(input: OrganizationInput, teamIds: readonly string[]): Map<string, Level[]> {
  const teams = input.teams.filter((t) => teamIds.includes(t.id));
  const held = new Map<string, Level[]>();
  if (teams.length === 0) return held;
  for (const cell of new EffectiveIndex({ ...input, teams }).all()) held.set(cell.target.id, [...(held.get(cell.target.id) ?? []), cell.access]);
  return held;
}

/** The move's entry on one of the team's cells, or undefined when the person's other teams give as much there. */
function memberEntry(move: Move, cell: EffectiveCell, other: ReadonlyMap<string, Level[]>): EffectiveChange | undefined {
  const gains = move.action === 'add';
  const kept = bestOf(cell.target.type, other.get(cell.target.id) ?? []);
  if (kept !== null && (kept === cell.access || rankOf(cell.target.type, kept) >= rankOf(cell.target.type, cell.access)) && cell.access !== 'custom')
    return undefined;
  return {
    team: move.team,
    target: cell.target,
    before: gains ? kept : cell.access,
    after: gains ? cell.access : kept,
    direction: kept === null || kept !== 'custom' ? (gains ? 'rises' : 'falls') : 'mixed',
    via: [],
    member: { action: move.action, email: move.email },
  };
}

/** The person's other teams, as a move reads them: before the plan for a join, after it for a leave. */
function otherTeams(move: Move, before: LivePeople, after: LivePeople): string[] {
  const of = move.action === 'add' ? before : after;
  const person = of.people.find((p) => personKey(p.email) === personKey(move.email));
  return (person?.teamIds ?? []).filter((id) => id !== move.team.id);
}

/**
 * `changes` (the grant changes' effective changes) each with the people of its team after the plan,
 * and the member changes' own entries: an add reads the team's access after the plan (`after`), a
 * removal its access before it (`before`).
 */
export function effectiveChangesWithPeople(
  changes: readonly EffectiveChange[],
  before: OrganizationInput,
  after: OrganizationInput,
  plan: PlanPeople,
): EffectiveChange[] {
  const people = peopleAfter(plan.people, plan.memberChanges);
  const members = activeMembers(people);
  const named = changes.map((c) => ({ ...c, people: members.get(c.team.id) ?? [] }));
  const own = movesOf(plan.people, plan.memberChanges).flatMap((move) => {
    const input = move.action === 'add' ? after : before;
    const other = heldThrough(move.action === 'add' ? before : after, otherTeams(move, plan.people, people));
    return cellsOfTeam(input, move.team.id).flatMap((cell) => memberEntry(move, cell, other) ?? []);
  });
  return [...named, ...own].sort(
    (a, b) =>
      compareText(a.team.name, b.team.name) ||
      byTypeThenName(a.target, b.target) ||
      compareText(a.member ? '1' : '0', b.member ? '1' : '0') ||
      compareText(a.direction, b.direction) ||
      compareText(personKey(a.member?.email ?? ''), personKey(b.member?.email ?? '')),
  );
}
