// What the API's writes leave in the audit trail (docs/api.md, "Audit trail"): who made them, as the
// service names a caller (`auth`), and the events of grants, team members, organization memberships
// and tokens. Team settings leave none: the service records no team events.
import { ID_SUFFIX_LENGTH } from '../core/ids.js';
import { nestPermissions, orderedEntries } from '../core/permissions.js';
import type { AuditActor, AuditResource } from './audit-log.js';
import type { RequestContext } from './context.js';
import { ADMIN_USER_ID, ADMIN_USERNAME, derived, organizationServiceUser, teamServiceUserId } from './service-users.js';
import type { Grant, Identity, Store } from './state.js';

/** `auth.organization_id`: the service's `org-` id, which the emulator derives from the name (its organizations are named, not numbered). */
export function organizationId(org: string): string {
  return `org-${derived(`org-id:${org}`, ID_SUFFIX_LENGTH)}`;
}

/**
 * The caller as the trail names it: a person's token that person; a team or organization token its
 * service user (`api-team_...`, `api-org-...`), as `/account/details` answers; the admin token the
 * emulator's site admin `admin`. Every one `Client`: impersonation is the set-up route's.
 */
export function actorOf(store: Store, identity: Identity): AuditActor {
  const client = (accessorId: string, description: string): AuditActor => ({ accessorId, description, type: 'Client', impersonatorId: null });
  switch (identity.kind) {
    case 'admin':
      return client(ADMIN_USER_ID, ADMIN_USERNAME);
    case 'org':
    case 'audit': {
      const user = organizationServiceUser(identity.org);
      return client(user.id, user.username);
    }
    case 'team': {
      const id = teamServiceUserId(identity.teamId);
      return client(id, store.people.users.get(id)?.username ?? id);
    }
    case 'user':
      return client(identity.userId, store.people.users.get(identity.userId)?.username ?? identity.userId);
  }
}

/** The events of one request of the API, one request id for all of them. */
export function recordWrite(ctx: RequestContext, org: string, resources: readonly AuditResource[]): void {
  if (resources.length === 0) return;
  const actor = actorOf(ctx.store, ctx.authz.identity);
  const requestId = ctx.store.audit.newRequestId();
  for (const resource of resources) ctx.store.audit.record(org, actor, resource, requestId);
}

export type GrantAction = 'add_team' | 'update_team_permissions' | 'remove_team';

/**
 * A grant's event: on the workspace or project, `meta.team` the team's id (the docs say "the name
 * or identifier"; the emulator sends the id) and `meta.permissions` the grant's access and
 * permissions as its wire attributes (nested); `remove_team` has no permissions.
 */
export function grantEvent(grant: Grant, action: GrantAction): AuditResource {
  const type = grant.resource === 'team-projects' ? 'project' : 'workspace';
  const meta: Record<string, unknown> = { team: grant.teamId };
  if (action !== 'remove_team') meta.permissions = { access: grant.access, ...nestPermissions(orderedEntries(grant.resource, grant.permissions)) };
  return { id: grant.targetId, type, action, meta };
}

/** A team member's event: on the team, `meta.user` the username (an invitee, who has none yet, joins no team until accepting). */
export function memberEvent(store: Store, teamId: string, userId: string, action: 'add_member' | 'remove_member'): AuditResource[] {
  const username = store.people.users.get(userId)?.username;
  return typeof username === 'string' ? [{ id: teamId, type: 'team', action, meta: { user: username } }] : [];
}
