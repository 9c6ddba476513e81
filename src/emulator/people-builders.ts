// Making and moving people (docs/api.md, "People"): shared by the seed, the API's routes and the
// set-up routes, so each gives the same result. An invitee is in no team until they accept; the
// teams they were invited to wait on their membership.
import { OWNERS_TEAM } from '../core/model.js';
import type { Membership, MembershipStatus, User } from './people-state.js';
import type { Store, Team } from './state.js';

export interface UserSpec {
  readonly email: string | null;
  /** Absent: an active person's is made from the email; an invitee's is null until they accept. */
  readonly username?: string | null;
  readonly serviceAccount?: boolean;
  readonly id?: string;
}

/** The part of the email before `@`, in the characters usernames take, made unique with a number. */
export function usernameFor(store: Store, email: string): string {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_-]/g, '-') || 'user';
  let candidate = base;
  for (let n = 2; store.people.userByUsername(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

/** The user of `email` (users are the service's, across organizations), or a new one. */
export function userFor(store: Store, spec: UserSpec, status: MembershipStatus): User {
  const known = spec.email === null ? undefined : store.people.userByEmail(spec.email);
  if (known) return known;
  const username = spec.username !== undefined ? spec.username : status === 'invited' || spec.email === null ? null : usernameFor(store, spec.email);
  const id = spec.id === undefined ? store.newId('user') : store.claimId(spec.id);
  return store.people.addUser({ id, username, email: spec.email, serviceAccount: spec.serviceAccount ?? false });
}

/** A membership of `org` for `user`: an active one joins its teams now, an invited one when accepted. */
export function addMembership(store: Store, org: string, user: User, status: MembershipStatus, teamIds: readonly string[], id?: string): Membership {
  const membershipId = id === undefined ? store.newId('ou') : store.claimId(id);
  const membership = store.people.addMembership({ id: membershipId, org, userId: user.id, status, invitedTeams: new Set() });
  addToTeams(store, membership, teamIds);
  return membership;
}

export function addToTeams(store: Store, membership: Membership, teamIds: readonly string[]): void {
  for (const teamId of teamIds) {
    if (membership.status === 'invited') membership.invitedTeams.add(teamId);
    else store.people.join(teamId, membership.userId);
  }
}

export function removeFromTeam(store: Store, membership: Membership, teamId: string): void {
  membership.invitedTeams.delete(teamId);
  store.people.leave(teamId, membership.userId);
}

/** As the invitee would: the membership becomes active, they register (a username), and join the teams it lists. */
export function acceptInvitation(store: Store, membership: Membership, username?: string): void {
  const user = store.people.users.get(membership.userId);
  if (user && user.username === null) store.people.setUsername(user, username ?? usernameFor(store, user.email ?? 'user'));
  membership.status = 'active';
  for (const teamId of membership.invitedTeams) if (store.teams.has(teamId)) store.people.join(teamId, membership.userId);
  membership.invitedTeams.clear();
}

/**
 * docs/api.md, "People" (and "Teams", the owners team): "you cannot ... leave the owner's team
 * empty": whether removing `leaving` leaves the owners team without a member who is a person
 * (service users do not count; hidden members do, they are people).
 */
export function emptiesOwners(store: Store, team: Team, leaving: ReadonlySet<string>): boolean {
  if (team.name !== OWNERS_TEAM) return false;
  const before = store.people.membersOf(team.id).filter((id) => store.people.users.get(id)?.serviceAccount !== true);
  return before.length > 0 && before.every((id) => leaving.has(id));
}

/** The team ids of an organization, for a person leaving it. */
export function teamIdsOf(store: Store, org: string): string[] {
  return store.teamsOf(org).map((t) => t.id);
}
