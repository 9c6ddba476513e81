// Teams in the real wire shape (docs/api.md, "Samples", team-show and teams-list; "Teams"): every
// organization-access flag of the profile, in lists too (the list sample's fewer keys are a stale
// sample, "Teams"), `sso-team-id`, `allow-member-token-management`, the `scim-*` attributes when
// the organization has SCIM, and `include=users,organization-memberships`: every member, service
// users and hidden members included (docs/api.md, "People"), and the memberships of the members and
// of the people invited to the team.
import type { Answer } from './answers.js';
import type { Membership } from './people-state.js';
import type { Store, Team } from './state.js';
import { reportedFlags } from './team-flags.js';
import { membershipResource, membershipTeamIds } from './wire-people.js';
import { userResource } from './wire-users.js';

const API = '/api/v2';
const INCLUDABLE: readonly string[] = ['users', 'organization-memberships'];

/** docs/api.md, "Teams": an include the endpoint does not know is a 400 naming the include parameter. */
export const INVALID_TEAM_INCLUDE: Answer = { status: 400, body: { errors: [{ status: '400', title: 'bad request', detail: 'Invalid include parameter' }] } };

/** The relationships `include=` asks for (a comma list, `%2C` decoded); undefined when it names one not `includable`. */
export function includesOf(query: URLSearchParams, includable: readonly string[]): Set<string> | undefined {
  const raw = query.get('include');
  if (raw === null) return new Set();
  const asked = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return asked.every((name) => includable.includes(name)) ? new Set(asked) : undefined;
}

/** The relationships `include=` asks of a teams endpoint; undefined when it names one they do not include. */
export function teamIncludes(query: URLSearchParams): Set<string> | undefined {
  return includesOf(query, INCLUDABLE);
}

/**
 * The organization memberships of a team (docs/api.md, "People"): its members' (a hidden member has
 * none) and its invitees', as the v2 spec's membership list of a team: "both active members and invited users".
 */
export function teamMemberships(store: Store, team: Team): Membership[] {
  const members = store.people.membersOf(team.id).flatMap((userId) => store.people.membershipOf(team.org, userId) ?? []);
  const invited = store.people.membershipsOf(team.org).filter((m) => m.status === 'invited' && m.invitedTeams.has(team.id));
  return [...members, ...invited];
}

/**
 * `relationships.users` of a team: its members but those whose membership is inactive (docs/api.md,
 * "Identity-provider lifecycles": the v2 spec's `users` holds active users only; an inactive member
 * stays in the team and in its membership list).
 */
export function listedUsersOf(store: Store, team: Team): string[] {
  return store.people.membersOf(team.id).filter((userId) => store.people.membershipOf(team.org, userId)?.status !== 'inactive');
}

function scimAttributes(store: Store, team: Team): Record<string, unknown> {
  if (store.orgs.get(team.org)?.scim !== true) return {};
  return {
    'scim-linked': team.scim !== undefined,
    'scim-group-name': team.scim?.groupName ?? null,
    'scim-sync-paused': false,
    'scim-updated-at': team.scim ? (team.scim.updatedAt ?? '2025-06-17T18:35:29.000Z') : null,
  };
}

export function teamResource(store: Store, team: Team, includes: ReadonlySet<string> = new Set()): unknown {
  const users = listedUsersOf(store, team).map((id) => ({ type: 'users', id }));
  const memberships = includes.has('organization-memberships')
    ? { 'organization-memberships': { data: teamMemberships(store, team).map((m) => ({ type: 'organization-memberships', id: m.id })) } }
    : {};
  return {
    id: team.id,
    type: 'teams',
    attributes: {
      name: team.name,
      'sso-team-id': team.ssoTeamId,
      'users-count': users.length,
      visibility: team.visibility,
      'allow-member-token-management': team.allowMemberTokenManagement,
      ...scimAttributes(store, team),
      permissions: {
        'can-update-membership': true,
        'can-destroy': true,
        'can-update-organization-access': true,
        'can-update-api-token': true,
        'can-update-visibility': true,
      },
      'organization-access': reportedFlags(store.profile.organizationFlags, team.organizationAccess),
    },
    relationships: { users: { data: users }, ...memberships, 'authentication-token': { meta: {} } },
    links: { self: `${API}/teams/${team.id}` },
  };
}

/**
 * The `included` resources of the teams answered, each once: users without their email (the users
 * page: nothing identifying beyond the username), memberships naming the teams `visible` keeps.
 */
export function includedOf(store: Store, teams: readonly Team[], includes: ReadonlySet<string>, visible: (teamId: string) => boolean): unknown[] {
  const out = new Map<string, unknown>();
  for (const team of teams) {
    if (includes.has('users')) {
      for (const id of listedUsersOf(store, team)) {
        const user = store.people.users.get(id);
        if (user && !out.has(id)) out.set(id, userResource(user, { withEmail: false }));
      }
    }
    if (!includes.has('organization-memberships')) continue;
    for (const m of teamMemberships(store, team)) {
      if (!out.has(m.id)) out.set(m.id, membershipResource(store, m, membershipTeamIds(store, m).filter(visible)));
    }
  }
  return [...out.values()];
}
