// People both ways (docs/api.md, "People"): an `organization-memberships` resource with its
// included user -> Person; the bodies of an invitation and of a team's membership writes. The
// email is the membership's `email` attribute where the service sends it (the clients read it
// there), else the included user's (the docs' samples have it only there); `is-service-account`
// is the user's, so the user must be included: a service account read as a person could be
// proposed for removal. Read from `unknown`; anything else is a WireFormatError, never a guess.
import { type LivePeople, MEMBERSHIP_STATUSES, type MembershipStatus, type Person } from '../core/person.js';
import { describeWire, isObject, ObjectReader } from './json.js';
import { type ListPage, pageInfoFrom } from './translate.js';

const MEMBERSHIPS = 'organization-memberships';

/** A person of a list page, keyed by the membership's id as every list item is. */
export interface ListedPerson {
  readonly id: string;
  readonly person: Person;
}

export interface PeoplePage extends ListPage<ListedPerson> {
  /** `meta.status-counts`, when the page reports it. */
  readonly statusCounts?: LivePeople['statusCounts'];
}

interface IncludedUser {
  readonly username: string | null;
  readonly email: string | undefined;
  readonly serviceAccount: boolean;
}

function includedUsers(document: ObjectReader): ReadonlyMap<string, IncludedUser> {
  const included = document.value.included;
  const users = new Map<string, IncludedUser>();
  if (!Array.isArray(included)) return users;
  included.forEach((item: unknown, i) => {
    if (!isObject(item) || item.type !== 'users') return;
    const user = ObjectReader.of(item, `included[${i}]`, document.context);
    const attributes = user.object('attributes');
    const service = attributes.value['is-service-account'];
    if (typeof service !== 'boolean') throw attributes.error(`${attributes.at('is-service-account')} is ${describeWire(service)}, expected true or false`);
    users.set(user.string('id'), {
      username: attributes.optionalString('username') ?? null,
      email: attributes.optionalString('email'),
      serviceAccount: service,
    });
  });
  return users;
}

function statusOf(attributes: ObjectReader): MembershipStatus {
  const status = attributes.string('status');
  if (!(MEMBERSHIP_STATUSES as readonly string[]).includes(status))
    throw attributes.error(`${attributes.at('status')} is "${status}", expected one of ${MEMBERSHIP_STATUSES.join(', ')}`);
  return status as MembershipStatus;
}

function teamIdsOf(relationships: ObjectReader): string[] {
  const data = relationships.optionalObject('teams').value.data;
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data)) throw relationships.error(`${relationships.at('teams.data')} is ${describeWire(data)}, expected an array`);
  return data.map((entry: unknown, i) => ObjectReader.of(entry, `${relationships.at('teams.data')}[${i}]`, relationships.context).string('id'));
}

function personOf(value: unknown, path: string, users: ReadonlyMap<string, IncludedUser>, context: string): Person {
  const membership = ObjectReader.of(value, path, context);
  const type = membership.string('type');
  if (type !== MEMBERSHIPS) throw membership.error(`${membership.at('type')} is "${type}", expected "${MEMBERSHIPS}"`);
  const id = membership.string('id');
  const attributes = membership.object('attributes');
  const relationships = membership.optionalObject('relationships');
  const userId = relationships.optionalObject('user').optionalObject('data').optionalString('id');
  const user = userId === undefined ? undefined : users.get(userId);
  if (userId !== undefined && !user) throw membership.error(`the user ${userId} of ${id} is not in \`included\` (the list is asked with include=user)`);
  const email = attributes.optionalString('email') ?? user?.email;
  // A service user has no email (docs/api.md, "Account details"): "" names it no one a file can write.
  if (email === undefined && user?.serviceAccount !== true) throw membership.error(`${id} reports no email, neither its own nor its user's`);
  return {
    membershipId: id,
    email: email ?? '',
    status: statusOf(attributes),
    ...(userId !== undefined ? { userId } : {}),
    ...(user ? { username: user.username } : {}),
    serviceAccount: user?.serviceAccount ?? false,
    teamIds: teamIdsOf(relationships),
  };
}

function statusCountsOf(document: ObjectReader): PeoplePage['statusCounts'] {
  const meta = document.value.meta;
  if (!isObject(meta) || meta['status-counts'] === undefined || meta['status-counts'] === null) return undefined;
  const counts = ObjectReader.of(meta['status-counts'], 'meta.status-counts', document.context);
  const count = (key: string): number => {
    const value = counts.value[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw counts.error(`${counts.at(key)} is ${describeWire(value)}, expected a count`);
    return value;
  };
  return { total: count('total'), active: count('active'), invited: count('invited') };
}

/** A page of `GET /organizations/:org/organization-memberships?include=user,teams`. */
export function peopleFromList(body: unknown, context: string): PeoplePage {
  const document = ObjectReader.of(body, '', context);
  const users = includedUsers(document);
  const items = document.array('data').map((item, i) => {
    const person = personOf(item, `data[${i}]`, users, context);
    return { id: person.membershipId, person };
  });
  const page = pageInfoFrom(document);
  const statusCounts = statusCountsOf(document);
  return { items, ...(page ? { page } : {}), ...(statusCounts ? { statusCounts } : {}) };
}

/** A page of `GET /teams/:id/relationships/organization-memberships` read for its memberships' ids (no user is included there). */
export function membershipIdsFromList(body: unknown, context: string): ListPage<{ readonly id: string }> {
  const document = ObjectReader.of(body, '', context);
  const items = document.array('data').map((item, i) => {
    const membership = ObjectReader.of(item, `data[${i}]`, context);
    const type = membership.string('type');
    if (type !== MEMBERSHIPS) throw membership.error(`${membership.at('type')} is "${type}", expected "${MEMBERSHIPS}"`);
    return { id: membership.string('id') };
  });
  const page = pageInfoFrom(document);
  return { items, ...(page ? { page } : {}) };
}

/** One membership with its included user: an invitation's answer (the user comes unasked). */
export function personFromDocument(body: unknown, context: string): Person {
  const document = ObjectReader.of(body, '', context);
  return personOf(document.object('data').value, 'data', includedUsers(document), context);
}

/** The body of `POST /organizations/:org/organization-memberships`: the email, and the teams when there are any. */
export function invitationBody(email: string, teamIds: readonly string[]): unknown {
  const teams = teamIds.length > 0 ? { relationships: { teams: { data: teamIds.map((id) => ({ type: 'teams', id })) } } } : {};
  return { data: { type: MEMBERSHIPS, attributes: { email }, ...teams } };
}

/** The body of `POST|DELETE /teams/:id/relationships/organization-memberships`: every membership in one request. */
export function teamMembersBody(membershipIds: readonly string[]): unknown {
  return { data: membershipIds.map((id) => ({ type: MEMBERSHIPS, id })) };
}
