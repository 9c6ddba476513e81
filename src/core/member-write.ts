// What reading and writing people needs from the API, in the domain's words (docs/api.md, "People").
// The TfeClient of src/api satisfies it structurally; the executor, the live read and their fakes
// speak only this.
import type { RemoveOutcome } from './model.js';
import type { LivePeople, Person } from './person.js';

export interface PeopleReader {
  /**
   * `GET /organizations/:organization/organization-memberships?include=user,teams`, every page (of
   * 100): the people the token sees, service accounts included, with the list's status counts.
   */
  listPeople(organization: string): Promise<Pick<LivePeople, 'people' | 'statusCounts'>>;
}

export interface MemberApi extends PeopleReader {
  /** `POST /teams/:id/relationships/organization-memberships`: several people in one request; an invitee can be added too. */
  addTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void>;
  /** `DELETE /teams/:id/relationships/organization-memberships`: several people in one request. */
  removeTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void>;
  /** `POST /organizations/:organization/organization-memberships` with the email and the teams; the membership as answered (status `invited`). */
  invitePerson(organization: string, email: string, teamIds: readonly string[]): Promise<Person>;
  /** `DELETE /organization-memberships/:id`: the person leaves the organization; `unconfirmed` as for a grant. */
  removePerson(membershipId: string): Promise<RemoveOutcome>;
}
