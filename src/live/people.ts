// The people of the organization (docs/api.md, "People"): the organization-membership list, every
// page, once per run, and the teams' members it does not explain (hidden members) from the team
// list the run already read: no request per team.
import type { PeopleReader } from '../core/member-write.js';
import type { Team } from '../core/model.js';
import { hiddenMembers, type LivePeople } from '../core/person.js';

export async function readPeople(reader: PeopleReader, organization: string, teams: readonly Team[]): Promise<LivePeople> {
  const listed = await reader.listPeople(organization);
  return { ...listed, hidden: hiddenMembers(listed.people, teams) };
}
