// `GET /account/details` (docs/api.md, "Account details"): who the caller's token is. The admin
// token is a site-admin user; a person's token that person; an organization or team token a
// synthetic service user whose `authenticated-resource` names the organization or team. Both
// profiles answer it alike.
import { type Answer, ok, UNAUTHORIZED } from './answers.js';
import type { RequestContext } from './context.js';
import { ADMIN_USER_ID, ADMIN_USERNAME, organizationServiceUser, teamServiceUserId } from './service-users.js';
import type { Identity, Store } from './state.js';
import { type UserView, userResource } from './wire-users.js';

interface AccountUser extends UserView {
  readonly siteAdmin: boolean;
  readonly resource: { readonly type: 'users' | 'organizations' | 'teams'; readonly id: string };
}

const API = '/api/v2';

/** The user the token answers as; undefined for a token whose team or person is gone. */
function accountOf(store: Store, identity: Identity): AccountUser | undefined {
  if (identity.kind === 'admin') {
    const admin = store.people.users.get(ADMIN_USER_ID) ?? { id: ADMIN_USER_ID, username: ADMIN_USERNAME, email: null, serviceAccount: false };
    return { ...admin, siteAdmin: true, resource: { type: 'users', id: ADMIN_USER_ID } };
  }
  // No public source says who an audit-trail token is: the emulator answers as for the organization's token.
  if (identity.kind === 'org' || identity.kind === 'audit') {
    const user = organizationServiceUser(identity.org);
    return { ...user, email: null, serviceAccount: true, siteAdmin: false, resource: { type: 'organizations', id: identity.org } };
  }
  const userId = identity.kind === 'user' ? identity.userId : store.teams.has(identity.teamId) ? teamServiceUserId(identity.teamId) : undefined;
  const user = userId === undefined ? undefined : store.people.users.get(userId);
  if (!user) return undefined;
  const resource = identity.kind === 'team' ? ({ type: 'teams', id: identity.teamId } as const) : ({ type: 'users', id: user.id } as const);
  return { ...user, siteAdmin: false, resource };
}

/** The docs' account sample: the user's attributes, with `authenticated-resource`. */
function accountResource(user: AccountUser): unknown {
  const resource = userResource(user) as { attributes: Record<string, unknown>; relationships: Record<string, unknown> };
  return {
    ...resource,
    attributes: { ...resource.attributes, 'is-site-admin': user.siteAdmin, 'is-sso-login': false, 'unconfirmed-email': null },
    relationships: {
      ...resource.relationships,
      'authenticated-resource': {
        data: { id: user.resource.id, type: user.resource.type },
        links: { related: `${API}/${user.resource.type}/${encodeURIComponent(user.resource.id)}` },
      },
    },
  };
}

export function accountDetails(ctx: RequestContext): Answer {
  const user = accountOf(ctx.store, ctx.authz.identity);
  // A team token outlives no team in this emulator; should one, it is a token no longer valid.
  return user ? ok({ data: accountResource(user) }) : UNAUTHORIZED;
}
