// The emulator's set-up route for an identity provider re-creating a team (docs/emulator.md, "People
// by hand"; docs/api.md, "Identity-provider lifecycles"): HCP Terraform's SCIM page says a group
// re-activated in the provider "creates a new team": a new id, no grants. Nothing in the API links
// the old id to the new one, and creating or deleting a team is not audited.
import { type Answer, Invalid, NOT_FOUND, ok } from './answers.js';
import { createTeam } from './builders.js';
import { param, type RequestContext } from './context.js';
import { removeTeamServiceUser } from './service-users.js';
import { teamResource } from './wire-teams.js';

const CREATED = 201;

/**
 * `POST /emulator/teams/:id/recreate`: the SCIM-linked team is deleted with its grants and tokens,
 * and made again under a new id with its name, visibility, SSO id and link (updated now), its
 * members (the group's) and no organization access. 201 with the new team; 422 for a team no SCIM
 * group owns (only an identity provider re-creates a team behind the API's back).
 */
export function recreateTeamRoute(ctx: RequestContext): Answer {
  const old = ctx.store.teams.get(param(ctx, 0));
  if (ctx.authz.identity.kind !== 'admin' || !old) return NOT_FOUND;
  if (!old.scim) throw new Invalid('/', `team "${old.name}" is not linked to a SCIM group: only an identity provider re-creates a team`);
  const members = ctx.store.people.membersOf(old.id).filter((id) => ctx.store.people.users.get(id)?.serviceAccount !== true);
  removeTeamServiceUser(ctx.store, old);
  ctx.store.removeTeam(old);
  const team = createTeam(ctx.store, old.org, {
    name: old.name,
    visibility: old.visibility,
    organizationAccess: {},
    ssoTeamId: old.ssoTeamId,
    scim: { groupName: old.scim.groupName, updatedAt: new Date(ctx.store.audit.now()).toISOString() },
  });
  for (const userId of members) ctx.store.people.join(team.id, userId);
  return ok({ data: teamResource(ctx.store, team) }, CREATED);
}
