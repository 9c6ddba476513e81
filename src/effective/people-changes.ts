// Who gains or loses what (docs/effective-access.md, "People"): a plan that read people names, on
// each of its effective changes, the active human members of the team as the plan leaves it; and
// each member change is an effective change of its own: a person added to a team gains the team's
// access (as the plan leaves its grants), one removed (or removed from the organization) loses
// what the team had. Over the targets the plan's effective changes are computed on (the context).
// An invitation gives nothing until it is accepted, so it moves no access here. Pure.
import type { EffectiveCell, EffectiveChange } from '../core/effective.js';
import type { TeamRef } from '../core/model.js';
import type { LivePeople } from '../core/person.js';
import { personKey, type MemberChange } from '../core/people.js';
import { byTypeThenName, compareText } from '../core/order.js';
import { EffectiveIndex, type OrganizationInput } from './compute.js';
import { activeMembers, peopleAfter } from './people-after.js';
import { isHuman } from './people.js';

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

function memberEntry(move: Move, cell: EffectiveCell): EffectiveChange {
  const gains = move.action === 'add';
  return {
    team: move.team,
    target: cell.target,
    before: gains ? null : cell.access,
    after: gains ? cell.access : null,
    direction: gains ? 'rises' : 'falls',
    via: [],
    member: { action: move.action, email: move.email },
  };
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
  const members = activeMembers(peopleAfter(plan.people, plan.memberChanges));
  const named = changes.map((c) => ({ ...c, people: members.get(c.team.id) ?? [] }));
  const own = movesOf(plan.people, plan.memberChanges).flatMap((move) =>
    cellsOfTeam(move.action === 'add' ? after : before, move.team.id).map((cell) => memberEntry(move, cell)),
  );
  return [...named, ...own].sort(
    (a, b) =>
      compareText(a.team.name, b.team.name) ||
      byTypeThenName(a.target, b.target) ||
      compareText(a.member ? '1' : '0', b.member ? '1' : '0') ||
      compareText(a.direction, b.direction) ||
      compareText(personKey(a.member?.email ?? ''), personKey(b.member?.email ?? '')),
  );
}
