// `GET /account/details` (docs/api.md, "Account details"): who the caller's token is. The admin
// token is a site-admin user; an organization or team token is a synthetic service user whose
// `authenticated-resource` names the organization or team. Both profiles answer it alike.
import { ID_SUFFIX_LENGTH } from '../core/ids.js';
import { ok, UNAUTHORIZED, type Answer } from './answers.js';
import type { RequestContext } from './context.js';
import { mulberry32, randomString } from './prng.js';
import type { Identity, Store } from './state.js';

const API = '/api/v2';
// docs/api.md, "Account details": the service user of a team token is `api-team_` and six characters.
const TEAM_USERNAME_SUFFIX = 6;
// The organization token's `api-org-<name>-` and ten characters: an unverified fixture's (same section).
const ORG_USERNAME_SUFFIX = 10;

/** A stable string of `length` id characters derived from `key`: the same caller is the same user on every request, and no id of the store's stream is drawn. */
function derived(key: string, length: number): string {
  let hash = 0x811c9dc5; // FNV-1a, enough to spread the keys over the PRNG's seeds
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return randomString(mulberry32(hash), length);
}

/** The admin token's user: a member of every organization's owners team (wire-resources.ts), as the owner of every organization it is. */
export const ADMIN_USER_ID = `user-${derived('admin', ID_SUFFIX_LENGTH)}`;

interface AccountUser {
  readonly id: string;
  readonly username: string;
  readonly serviceAccount: boolean;
  readonly resource: { readonly type: 'users' | 'organizations' | 'teams'; readonly id: string };
}

/** The user the token answers as; undefined for a team token whose team is gone. */
function accountOf(store: Store, identity: Identity): AccountUser | undefined {
  if (identity.kind === 'admin') {
    const id = ADMIN_USER_ID;
    return { id, username: 'admin', serviceAccount: false, resource: { type: 'users', id } };
  }
  if (identity.kind === 'org') {
    const username = `api-org-${identity.org}-${derived(`org:${identity.org}`, ORG_USERNAME_SUFFIX)}`;
    return {
      id: `user-${derived(`org-user:${identity.org}`, ID_SUFFIX_LENGTH)}`,
      username,
      serviceAccount: true,
      resource: { type: 'organizations', id: identity.org },
    };
  }
  if (!store.teams.has(identity.teamId)) return undefined;
  const username = `api-team_${derived(`team:${identity.teamId}`, TEAM_USERNAME_SUFFIX)}`;
  return {
    id: `user-${derived(`team-user:${identity.teamId}`, ID_SUFFIX_LENGTH)}`,
    username,
    serviceAccount: true,
    resource: { type: 'teams', id: identity.teamId },
  };
}

/** The `users` document of the docs' sample: the attributes this project reads carry real values, the rest the sample's keys. */
function userResource(user: AccountUser): unknown {
  const self = `${API}/users/${user.id}`;
  return {
    id: user.id,
    type: 'users',
    attributes: {
      username: user.username,
      'is-service-account': user.serviceAccount,
      'auth-method': 'tfc',
      'avatar-url': 'https://www.gravatar.com/avatar/00000000000000000000000000000000?s=100&d=mm',
      'v2-only': user.serviceAccount,
      'is-site-admin': !user.serviceAccount,
      'is-sso-login': false,
      email: null,
      'unconfirmed-email': null,
      permissions: { 'can-create-organizations': !user.serviceAccount, 'can-change-email': !user.serviceAccount, 'can-change-username': !user.serviceAccount },
    },
    relationships: {
      'authentication-tokens': { links: { related: `${self}/authentication-tokens` } },
      'authenticated-resource': {
        data: { id: user.resource.id, type: user.resource.type },
        links: { related: `${API}/${user.resource.type}/${encodeURIComponent(user.resource.id)}` },
      },
    },
    links: { self },
  };
}

/** The admin user's membership of `org` (`include=organization-memberships` of its owners team): an id of the emulator's own. */
export function adminMembershipId(org: string): string {
  return `ou-${derived(`membership:${org}`, ID_SUFFIX_LENGTH)}`;
}

/** The admin token's user as a `users` resource: what `include=users` of an owners team carries (wire-teams.ts). */
export function adminUserResource(store: Store): unknown {
  const user = accountOf(store, { kind: 'admin' });
  return user ? userResource(user) : undefined;
}

export function accountDetails(ctx: RequestContext): Answer {
  const user = accountOf(ctx.store, ctx.authz.identity);
  // A team token outlives no team in this emulator; should one, it is a token no longer valid.
  return user ? ok({ data: userResource(user) }) : UNAUTHORIZED;
}
