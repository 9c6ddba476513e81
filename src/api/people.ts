// The client's people (docs/api.md, "People"): the organization-membership list, every page of 100
// with the user and the teams included, read once into Persons with the list's status counts; a
// team's members added or removed in one request each, through their memberships (an invitee can be
// added too); an invitation by email; a removal from the organization. The TfeClient delegates here,
// so that it satisfies MemberApi (core/member-write.ts) without knowing the wire.

import type { RemoveOutcome } from '../core/model.js';
import type { LivePeople, Person } from '../core/person.js';
import type { Exchange } from './exchange.js';
import type { HttpRequest } from './http.js';
import { invitationBody, membershipIdsFromList, type PeoplePage, peopleFromList, personFromDocument, teamMembersBody } from './translate-person.js';

const org = (name: string): string => `/organizations/${encodeURIComponent(name)}`;
const teamMembers = (teamId: string): string => `/teams/${encodeURIComponent(teamId)}/relationships/organization-memberships`;

/** docs/api.md, "People": the user (its email and `is-service-account`) and the teams of each membership. */
export const PEOPLE_INCLUDE = 'user,teams';

export class PeopleRequests {
  constructor(private readonly exchange: Exchange) {}

  /**
   * Every membership the token sees, service accounts included. A server without the list (a 404:
   * an older one, or the token may not read people) is a RemoteError naming the request, for the
   * caller to phrase.
   */
  async list(organization: string): Promise<Pick<LivePeople, 'people' | 'statusCounts'>> {
    const request: HttpRequest = { method: 'GET', path: `${org(organization)}/organization-memberships`, query: { include: PEOPLE_INCLUDE } };
    let statusCounts: PeoplePage['statusCounts'];
    // The counts of the first page of the read that holds: a list read again from page 1 replaces them.
    const read = (body: unknown, context: string): PeoplePage => {
      const page = peopleFromList(body, context);
      if (page.page === undefined || page.page.currentPage === 1) statusCounts = page.statusCounts;
      return page;
    };
    const listed = await this.exchange.listAll(request, read);
    return { people: listed.map((l) => l.person), ...(statusCounts ? { statusCounts } : {}) };
  }

  /**
   * `GET /teams/:id/relationships/organization-memberships?filter[is_service_account]=true`, every
   * page: the memberships of the team the service itself calls service accounts' (docs/api.md,
   * "Identity-provider lifecycles"). A server without the list or the filter answers 400 or 404, a
   * RemoteError for the caller (live/service-accounts.ts) to fall back on.
   */
  async teamServiceAccounts(teamId: string): Promise<string[]> {
    const request: HttpRequest = { method: 'GET', path: teamMembers(teamId), query: { 'filter[is_service_account]': 'true' } };
    return (await this.exchange.listAll(request, membershipIdsFromList)).map((m) => m.id);
  }

  /** One POST of every membership; none, no request. Never sent again after a lost answer (session.ts): the caller reads the people again. */
  async addTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void> {
    if (membershipIds.length === 0) return;
    await this.exchange.session.request({ method: 'POST', path: teamMembers(teamId), body: teamMembersBody(membershipIds) });
  }

  /** One DELETE with every membership in its body, as go-tfe sends it; none, no request. */
  async removeTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void> {
    if (membershipIds.length === 0) return;
    await this.exchange.session.request({ method: 'DELETE', path: teamMembers(teamId), body: teamMembersBody(membershipIds) });
  }

  /** The invitation as answered (201, or 200): the membership, `invited`, with its user. */
  invite(organization: string, email: string, teamIds: readonly string[]): Promise<Person> {
    return this.exchange.one(
      { method: 'POST', path: `${org(organization)}/organization-memberships`, body: invitationBody(email, teamIds) },
      personFromDocument,
    );
  }

  /** `DELETE /organization-memberships/:id`; `unconfirmed` as for a grant. */
  remove(membershipId: string): Promise<RemoveOutcome> {
    return this.exchange.remove({ method: 'DELETE', path: `/organization-memberships/${encodeURIComponent(membershipId)}` });
  }
}
