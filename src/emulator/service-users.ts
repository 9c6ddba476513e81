// The users the emulator makes by itself (docs/api.md, "Account details" and "People"): the admin
// token's user, a member of every organization's owners team as the organization's creator is; the
// service user `api-team_XXXXXX` a team's first token brings into the team; the organization
// token's service user, who answers /account/details and is in no team. Their ids are derived from
// what they stand for, never drawn from the store's id stream: seeding a token shifts no other id.
import { ID_SUFFIX_LENGTH } from '../core/ids.js';
import { OWNERS_TEAM } from '../core/model.js';
import type { User } from './people-state.js';
import { mulberry32, randomString } from './prng.js';
import type { Store, Team } from './state.js';

// docs/api.md, "Account details": the service user of a team token is `api-team_` and six characters.
const TEAM_USERNAME_SUFFIX = 6;
// The organization token's `api-org-<name>-` and ten characters: an unverified fixture's (same section).
const ORG_USERNAME_SUFFIX = 10;

/** A stable string of `length` id characters derived from `key`: the same caller is the same user on every request. */
export function derived(key: string, length: number): string {
  let hash = 0x811c9dc5; // FNV-1a, enough to spread the keys over the PRNG's seeds
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return randomString(mulberry32(hash), length);
}

/** The admin token's user: a site admin, owner of every organization. */
export const ADMIN_USER_ID = `user-${derived('admin', ID_SUFFIX_LENGTH)}`;
export const ADMIN_USERNAME = 'admin';
/** The emulator's own address for its admin (`.test` is reserved: it reaches no one). */
export const ADMIN_EMAIL = 'admin@tfe-access.test';

/** The admin user's membership of `org`. */
export function adminMembershipId(org: string): string {
  return `ou-${derived(`membership:${org}`, ID_SUFFIX_LENGTH)}`;
}

/** The organization token's service user: answers /account/details, holds no membership (docs/api.md, "People"). */
export function organizationServiceUser(org: string): { readonly id: string; readonly username: string } {
  return { id: `user-${derived(`org-user:${org}`, ID_SUFFIX_LENGTH)}`, username: `api-org-${org}-${derived(`org:${org}`, ORG_USERNAME_SUFFIX)}` };
}

export function teamServiceUserId(teamId: string): string {
  return `user-${derived(`team-user:${teamId}`, ID_SUFFIX_LENGTH)}`;
}

function userOf(store: Store, user: User): User {
  const known = store.people.users.get(user.id);
  if (known) return known;
  store.claimId(user.id);
  return store.people.addUser(user);
}

/** The creator's membership: the admin user, active, in the owners team (go-tfe's tests count the creator among the members). */
export function addAdminTo(store: Store, org: string): void {
  const admin = userOf(store, { id: ADMIN_USER_ID, username: ADMIN_USERNAME, email: ADMIN_EMAIL, serviceAccount: false });
  const id = store.claimId(adminMembershipId(org));
  store.people.addMembership({ id, org, userId: admin.id, status: 'active', invitedTeams: new Set() });
  const owners = store.teamByName(org, OWNERS_TEAM);
  if (owners) store.people.join(owners.id, admin.id);
}

/**
 * A team's first token brings its service user into the team (docs/api.md, "People": `api-team_...`
 * is in `relationships.users` and `users-count`), with an active membership: the provider finds
 * such members among a team's organization memberships and sets them aside by `is-service-account`.
 * Later tokens of the team are the same user.
 */
export function addTeamServiceUser(store: Store, team: Team): void {
  const id = teamServiceUserId(team.id);
  if (store.people.users.has(id)) return;
  const username = `api-team_${derived(`team:${team.id}`, TEAM_USERNAME_SUFFIX)}`;
  userOf(store, { id, username, email: null, serviceAccount: true });
  const membershipId = store.claimId(`ou-${derived(`team-membership:${team.id}`, ID_SUFFIX_LENGTH)}`);
  store.people.addMembership({ id: membershipId, org: team.org, userId: id, status: 'active', invitedTeams: new Set() });
  store.people.join(team.id, id);
}

/** A deleted team's tokens go with it (state.ts), and so does their service user's membership. */
export function removeTeamServiceUser(store: Store, team: Team): void {
  const membership = store.people.membershipOf(team.org, teamServiceUserId(team.id));
  if (membership) store.people.removeMembership(membership, [team.id]);
}
