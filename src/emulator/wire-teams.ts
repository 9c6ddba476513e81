// Teams in the real wire shape (docs/api.md, "Samples", team-show and teams-list; "Teams"): every
// organization-access flag of the profile, in lists too (the list sample's fewer keys are a stale
// sample, "Teams"), `sso-team-id`, `allow-member-token-management`, the `scim-*` attributes when
// the organization has SCIM, and `include=users,organization-memberships`.
import { OWNERS_TEAM } from '../core/model.js';
import type { Answer } from './answers.js';
import { ADMIN_USER_ID, adminMembershipId, adminUserResource } from './routes-account.js';
import type { Store, Team } from './state.js';
import { reportedFlags } from './team-flags.js';

const API = '/api/v2';
const INCLUDABLE: readonly string[] = ['users', 'organization-memberships'];

/** docs/api.md, "Teams": an include the endpoint does not know is a 400 naming the include parameter. */
export const INVALID_TEAM_INCLUDE: Answer = { status: 400, body: { errors: [{ status: '400', title: 'bad request', detail: 'Invalid include parameter' }] } };

/** The relationships `include=` asks for; undefined when it names one the teams endpoints do not include. */
export function teamIncludes(query: URLSearchParams): Set<string> | undefined {
  const raw = query.get('include');
  if (raw === null) return new Set();
  const asked = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return asked.every((name) => INCLUDABLE.includes(name)) ? new Set(asked) : undefined;
}

/** docs/api.md, "Account details": the admin token's user is the one member of every owners team, and of no other team. */
function memberIds(team: Team): string[] {
  return team.name === OWNERS_TEAM ? [ADMIN_USER_ID] : [];
}

function scimAttributes(store: Store, team: Team): Record<string, unknown> {
  if (store.orgs.get(team.org)?.scim !== true) return {};
  return {
    'scim-linked': team.scim !== undefined,
    'scim-group-name': team.scim?.groupName ?? null,
    'scim-sync-paused': false,
    'scim-updated-at': team.scim ? '2025-06-17T18:35:29.000Z' : null,
  };
}

export function teamResource(store: Store, team: Team, includes: ReadonlySet<string> = new Set()): unknown {
  const users = memberIds(team).map((id) => ({ type: 'users', id }));
  const memberships = includes.has('organization-memberships')
    ? { 'organization-memberships': { data: users.map(() => ({ type: 'organization-memberships', id: adminMembershipId(team.org) })) } }
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

/** The `included` resources of the teams answered, each once. */
export function includedOf(store: Store, teams: readonly Team[], includes: ReadonlySet<string>): unknown[] {
  const withMembers = teams.filter((t) => memberIds(t).length > 0);
  const out: unknown[] = [];
  if (includes.has('users') && withMembers.length > 0) out.push(adminUserResource(store));
  if (includes.has('organization-memberships')) {
    for (const org of new Set(withMembers.map((t) => t.org))) {
      out.push({
        id: adminMembershipId(org),
        type: 'organization-memberships',
        attributes: { status: 'active', email: null },
        relationships: { user: { data: { type: 'users', id: ADMIN_USER_ID } }, organization: { data: { type: 'organizations', id: org } } },
      });
    }
  }
  return out;
}
