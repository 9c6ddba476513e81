// team-projects and team-workspaces: list, show, add, update, remove, exactly as the seed says (docs/api.md, "Seed: endpoints");
// the current profile lists them by team too (docs/api.md, "Listing by team").
import type { Resource } from '../core/access.js';
import { type Answer, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { grantEvent, recordWrite } from './audit-record.js';
import { createGrant, grantPermissions } from './builders.js';
import { listPaginatedOnRequest, pagedList, param, type RequestContext } from './context.js';
import { checkFixedLevel, readCreate, readUpdate } from './grant-body.js';
import type { Grant, Team } from './state.js';
import { grantResource } from './wire-grants.js';

const LIST_FILTER: { readonly [R in Resource]: string } = {
  'team-projects': 'filter[project][id]',
  'team-workspaces': 'filter[workspace][id]',
};
const TEAM_FILTER = 'filter[team][id]';

function target(ctx: RequestContext, resource: Resource, id: string): { org: string; id: string } | undefined {
  return resource === 'team-projects' ? ctx.store.projects.get(id) : ctx.store.workspaces.get(id);
}

/** The grant named by the path, when it exists, has this type and the caller may see it. */
function visibleGrant(ctx: RequestContext, resource: Resource): Grant | undefined {
  const grant = ctx.store.grants.get(param(ctx, 0));
  if (!grant || grant.resource !== resource || !ctx.authz.canSeeGrant(grant)) return undefined;
  return grant;
}

/**
 * docs/api.md, "Seed: endpoints": the filter is required; without it (or with an id the caller cannot see) there is no
 * project/workspace to list, which "Seed: status codes and errors" answers 404.
 */
function onTarget(ctx: RequestContext, resource: Resource): Grant[] | undefined {
  const targetId = ctx.query.get(LIST_FILTER[resource]);
  if (!targetId || !ctx.authz.canSeeTarget(resource, targetId)) return undefined;
  return ctx.store.grantsOn(targetId);
}

/** Every workspace grant of the team's organization (of the caller's organizations, without a team), in workspace order. */
function organizationWide(ctx: RequestContext, team: Team | undefined): Grant[] {
  if (team) return ctx.store.workspaceGrantsOf(team.id);
  const orgs = [...ctx.store.orgs.keys()].filter((org) => ctx.authz.isMember(org));
  return orgs.flatMap((org) => ctx.store.workspacesOf(org)).flatMap((w) => ctx.store.grantsOn(w.id));
}

/**
 * The current profile, as the v2 spec lists them (docs/api.md, "Listing by team"): `filter[team][id]` narrows either
 * list to one team; team-workspaces may leave the workspace filter out, for the grants of every workspace. A team the
 * caller cannot see is 404, like a target.
 */
function currentList(ctx: RequestContext, resource: Resource): Grant[] | undefined {
  const teamId = ctx.query.get(TEAM_FILTER);
  const team = teamId === null ? undefined : ctx.store.teams.get(teamId);
  if (teamId !== null && (!team || !ctx.authz.canSeeTeam(team))) return undefined;
  const grants = resource === 'team-projects' || ctx.query.has(LIST_FILTER[resource]) ? onTarget(ctx, resource) : organizationWide(ctx, team);
  return team && grants ? grants.filter((g) => g.teamId === team.id) : grants;
}

export function listGrants(resource: Resource) {
  return (ctx: RequestContext): Answer => {
    // The seed profile knows no team filter: its lists need their target filter (docs/emulator.md, "Profiles").
    const listed = ctx.store.profile.teamFilter ? currentList(ctx, resource) : onTarget(ctx, resource);
    if (!listed) return NOT_FOUND;
    const grants = listed.filter((g) => ctx.authz.canSeeGrant(g));
    const render = (g: Grant): unknown => grantResource(ctx.store, g);
    // docs/api.md, "Seed: pagination envelope": only the project list is always paginated.
    return ok(resource === 'team-projects' ? pagedList(ctx, grants, render) : listPaginatedOnRequest(ctx, grants, render));
  };
}

export function showGrant(resource: Resource) {
  return (ctx: RequestContext): Answer => {
    const grant = visibleGrant(ctx, resource);
    return grant ? ok({ data: grantResource(ctx.store, grant) }) : NOT_FOUND;
  };
}

export function createGrantRoute(resource: Resource) {
  return (ctx: RequestContext): Answer => {
    const request = readCreate(ctx.body, resource, ctx.store.profile);
    const where = target(ctx, resource, request.targetId);
    const team = ctx.store.teams.get(request.teamId);
    // docs/api.md, "Seed: status codes and errors": 404 when the project/workspace or the team is not found, or the caller is not allowed.
    if (!where || !ctx.authz.canAdminTarget(resource, where.id) || !team || team.org !== where.org) return NOT_FOUND;
    // docs/api.md, "Errors the real service gives": a team that already has access there is a 422 "Team has already been taken".
    if (ctx.store.grantOf(where.id, team.id)) throw new Invalid('/data/attributes/team', 'Team has already been taken');
    const grant = createGrant(ctx.store, { resource, teamId: team.id, targetId: where.id, access: request.access, sent: request.sent });
    recordWrite(ctx, where.org, [grantEvent(grant, 'add_team')]);
    // docs/api.md, "Seed: endpoints": create answers 200 (201 in the v2 spec, the current profile's; "Wire format of team-projects": any 2xx).
    return ok({ data: grantResource(ctx.store, grant, { created: true }) }, ctx.store.profile.createdStatus);
  };
}

export function updateGrant(resource: Resource) {
  return (ctx: RequestContext): Answer => {
    const grant = visibleGrant(ctx, resource);
    if (!grant || !ctx.authz.canAdminTarget(resource, grant.targetId)) return NOT_FOUND;
    const request = readUpdate(ctx.body, resource, grant.id, ctx.store.profile);
    const access = request.access ?? grant.access;
    checkFixedLevel(access, request.sent);
    // docs/api.md, "Seed: endpoints": partial PATCH, "attributes that are not sent keep their current values"; a custom grant
    // starts from the values the grant reports now ("Wire format of team-projects": moving levels resets custom values).
    grant.permissions = grantPermissions(ctx.store.profile, resource, access, grant.permissions, request.sent);
    grant.access = access;
    recordWrite(ctx, ctx.store.orgOfTarget(grant) ?? '', [grantEvent(grant, 'update_team_permissions')]);
    return ok({ data: grantResource(ctx.store, grant) });
  };
}

export function deleteGrant(resource: Resource) {
  return (ctx: RequestContext): Answer => {
    const grant = visibleGrant(ctx, resource);
    if (!grant || !ctx.authz.canAdminTarget(resource, grant.targetId)) return NOT_FOUND;
    const org = ctx.store.orgOfTarget(grant) ?? '';
    ctx.store.removeGrant(grant);
    recordWrite(ctx, org, [grantEvent(grant, 'remove_team')]);
    return NO_CONTENT;
  };
}
