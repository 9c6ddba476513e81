// The people once a plan's member changes are made, in memory (docs/plan.md, "Member changes"):
// what `report --after --by person`, the plan's effective changes and the `max-members` policy
// read after a plan. Pure: a change names the person and the team, so no answer of the service is
// needed. An invitation makes a pending person (status `invited`: no access until they accept).

import { byKey } from '../core/order.js';
import { type MemberChange, type PersonRef, personKey } from '../core/people.js';
import type { LivePeople, Person } from '../core/person.js';
import { isHuman } from './people.js';

/** The id a person the plan invites goes by until the service gives their membership one. */
export const pendingMembershipId = (email: string): string => `pending-membership:${personKey(email)}`;

const matches = (person: Person, ref: PersonRef): boolean =>
  ref.membershipId !== undefined ? person.membershipId === ref.membershipId : personKey(person.email) === personKey(ref.email);

function withTeams(person: Person, teamIds: readonly string[]): Person {
  return { ...person, teamIds: [...new Set(teamIds)] };
}

function applyOne(people: Person[], change: MemberChange): Person[] {
  switch (change.action) {
    case 'add':
      return people.map((p) => (matches(p, change.person) ? withTeams(p, [...p.teamIds, change.team.id]) : p));
    case 'remove':
      return people.map((p) =>
        matches(p, change.person)
          ? withTeams(
              p,
              p.teamIds.filter((id) => id !== change.team.id),
            )
          : p,
      );
    case 'remove-from-organization':
      return people.filter((p) => !matches(p, change.person));
    case 'invite': {
      const invited: Person = {
        membershipId: change.person.membershipId ?? pendingMembershipId(change.person.email),
        email: change.person.email,
        status: 'invited',
        serviceAccount: false,
        teamIds: change.teams.map((t) => t.id),
      };
      return [...people.filter((p) => !matches(p, change.person)), invited];
    }
  }
}

/** `people` with the member changes made; hidden members and the list's counts as read. */
export function peopleAfter(people: LivePeople, changes: readonly MemberChange[]): LivePeople {
  if (changes.length === 0) return people;
  return { ...people, people: changes.reduce(applyOne, [...people.people]) };
}

/** The active human members of each team, by team id: who holds a team's access (service accounts and invitees do not count). */
export function activeMembers(people: LivePeople): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const person of people.people) {
    if (!isHuman(person) || person.status !== 'active') continue;
    for (const teamId of new Set(person.teamIds)) out.set(teamId, [...(out.get(teamId) ?? []), person.email]);
  }
  for (const emails of out.values()) emails.sort(byKey(personKey));
  return out;
}
