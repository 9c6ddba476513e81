// The people of the emulator (docs/api.md, "People"): users, their organization memberships and who
// is in which team, indexed so that no request scans every person: memberships by organization and
// user, members by team, teams by user, users by email and username. A team's members
// (`relationships.users`) and an organization's memberships are kept apart on purpose: an invited
// person has a membership and no team yet; a hidden member (the service's own staff) is in a team and
// in no membership the organization lists; a service user is in both.

export interface User {
  readonly id: string;
  /** null for an invitee who has not registered (docs/api.md, "People"). */
  username: string | null;
  /** null for a service user (the account sample's service users have none). */
  readonly email: string | null;
  readonly serviceAccount: boolean;
}

/** `inactive` is the v2 spec's third status; nothing in the emulator makes one but a seed. */
export type MembershipStatus = 'active' | 'invited' | 'inactive';

export interface Membership {
  readonly id: string;
  readonly org: string;
  readonly userId: string;
  status: MembershipStatus;
  /** The teams an invitee joins on accepting (docs/api.md, "People": invited people are in no team yet). */
  readonly invitedTeams: Set<string>;
}

export class People {
  readonly users = new Map<string, User>();
  readonly memberships = new Map<string, Membership>();
  private readonly byOrg = new Map<string, Map<string, Membership>>();
  private readonly members = new Map<string, Set<string>>();
  private readonly teamsOfUser = new Map<string, Set<string>>();
  private readonly byEmail = new Map<string, User>();
  private readonly byUsername = new Map<string, User>();

  addUser(user: User): User {
    this.users.set(user.id, user);
    if (user.email !== null) this.byEmail.set(user.email.toLowerCase(), user);
    if (user.username !== null) this.byUsername.set(user.username.toLowerCase(), user);
    return user;
  }

  /** Usernames are unique without case across the service; an invitee gets one on registering. */
  setUsername(user: User, username: string): void {
    if (user.username !== null) this.byUsername.delete(user.username.toLowerCase());
    user.username = username;
    this.byUsername.set(username.toLowerCase(), user);
  }

  userByEmail(email: string): User | undefined {
    return this.byEmail.get(email.trim().toLowerCase());
  }

  userByUsername(username: string): User | undefined {
    return this.byUsername.get(username.toLowerCase());
  }

  addMembership(membership: Membership): Membership {
    this.memberships.set(membership.id, membership);
    let ofOrg = this.byOrg.get(membership.org);
    if (!ofOrg) {
      ofOrg = new Map();
      this.byOrg.set(membership.org, ofOrg);
    }
    ofOrg.set(membership.userId, membership);
    return membership;
  }

  /** The person leaves the organization and every team of it (`teamIdsOfOrg`: the organization's teams). */
  removeMembership(membership: Membership, teamIdsOfOrg: readonly string[]): void {
    this.memberships.delete(membership.id);
    this.byOrg.get(membership.org)?.delete(membership.userId);
    for (const teamId of teamIdsOfOrg) this.leave(teamId, membership.userId);
  }

  membershipOf(org: string, userId: string): Membership | undefined {
    return this.byOrg.get(org)?.get(userId);
  }

  /** In the order they were made, as a list answers them. */
  membershipsOf(org: string): Membership[] {
    return [...(this.byOrg.get(org)?.values() ?? [])];
  }

  join(teamId: string, userId: string): void {
    const members = this.members.get(teamId) ?? new Set<string>();
    this.members.set(teamId, members.add(userId));
    const teams = this.teamsOfUser.get(userId) ?? new Set<string>();
    this.teamsOfUser.set(userId, teams.add(teamId));
  }

  leave(teamId: string, userId: string): void {
    this.members.get(teamId)?.delete(userId);
    this.teamsOfUser.get(userId)?.delete(teamId);
  }

  /** `relationships.users` of a team: every member, service users and hidden members included. */
  membersOf(teamId: string): string[] {
    return [...(this.members.get(teamId) ?? [])];
  }

  isMember(teamId: string, userId: string): boolean {
    return this.members.get(teamId)?.has(userId) === true;
  }

  /** The teams a user is in, across organizations. */
  teamsOf(userId: string): string[] {
    return [...(this.teamsOfUser.get(userId) ?? [])];
  }

  /** A deleted team takes its members and its invitations with it. */
  removeTeam(teamId: string): void {
    for (const userId of this.membersOf(teamId)) this.teamsOfUser.get(userId)?.delete(teamId);
    this.members.delete(teamId);
    for (const membership of this.memberships.values()) membership.invitedTeams.delete(teamId);
  }
}
