// The people of the organization (docs/api.md, "People"): the organization-membership list, every
// page, once per run, and the teams' members it does not explain (hidden members) from the team
// list the run already read: no request per team.
import type { PeopleReader } from '../core/member-write.js';
import type { Team } from '../core/model.js';
import type { LivePeople } from '../core/person.js';

/** Members of each team that no membership the token sees explains: never touched (core/people.ts, LivePeople.hidden). */
export function hiddenMembers(people: LivePeople['people'], teams: readonly Team[]): ReadonlyMap<string, readonly string[]> {
  const known = new Set(people.flatMap((p) => (p.userId === undefined ? [] : [p.userId])));
  const hidden = new Map<string, readonly string[]>();
  for (const team of teams) {
    const unseen = (team.userIds ?? []).filter((id) => !known.has(id));
    if (unseen.length > 0) hidden.set(team.id, unseen);
  }
  return hidden;
}

export async function readPeople(reader: PeopleReader, organization: string, teams: readonly Team[]): Promise<LivePeople> {
  const listed = await reader.listPeople(organization);
  return { ...listed, hidden: hiddenMembers(listed.people, teams) };
}
