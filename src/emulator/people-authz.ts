// Who may read and change people (docs/api.md, "People", who may call): owners (the owners team,
// its token, the organization token, the admin token) always; a holder of a team-management
// permission reads and invites; `manage-membership` changes the members of the visible teams and of
// its own, the secret ones too with `access-secret-teams`; the owners team's members are the owners'
// to change. Anything else is a 404, as everywhere ("Seed: authentication" 5).
import { OWNERS_TEAM } from '../core/model.js';
import type { Authz } from './authz.js';
import type { Membership } from './people-state.js';
import { ADMIN_USER_ID, teamServiceUserId } from './service-users.js';
import type { Store, Team } from './state.js';

const MANAGE_MEMBERSHIP = 'manage-membership';
const TEAM_MANAGEMENT = [MANAGE_MEMBERSHIP, 'manage-teams', 'manage-organization-access'];

/** List, show and invite: owners and "users or teams with one of the Team Management permissions". */
export function canManagePeople(authz: Authz, org: string): boolean {
  return authz.isOwner(org) || authz.holds(org, ...TEAM_MANAGEMENT);
}

/** Add to and remove from `team`. */
export function canChangeMembers(authz: Authz, team: Team): boolean {
  if (authz.isOwner(team.org)) return true;
  if (team.name === OWNERS_TEAM || !authz.holds(team.org, MANAGE_MEMBERSHIP)) return false;
  return team.visibility !== 'secret' || authz.inTeam(team.id) || authz.seesSecretTeams(team.org);
}

/** Remove from the organization: a manage-membership holder only one whose every team it may change ("visibility into all of the teams"). */
export function canRemovePerson(authz: Authz, store: Store, membership: Membership, teamIds: readonly string[]): boolean {
  if (authz.isOwner(membership.org)) return true;
  if (!authz.holds(membership.org, MANAGE_MEMBERSHIP)) return false;
  return teamIds.every((id) => {
    const team = store.teams.get(id);
    return team !== undefined && canChangeMembers(authz, team);
  });
}

/** The user the caller acts as, when it holds memberships: the admin, a person, a team token's service user. */
export function callerUserId(authz: Authz): string | undefined {
  const identity = authz.identity;
  if (identity.kind === 'admin') return ADMIN_USER_ID;
  if (identity.kind === 'user') return identity.userId;
  return identity.kind === 'team' ? teamServiceUserId(identity.teamId) : undefined;
}
