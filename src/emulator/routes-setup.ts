// The name-resolution and set-up endpoints of docs/api.md, "Name resolution": organizations,
// projects, workspaces and tokens (teams: routes-teams.ts). Lists are paginated like every list of the real API.
import { type Answer, Invalid, NOT_FOUND, ok } from './answers.js';
import { recordWrite } from './audit-record.js';
import { createOrganization, createProject, createWorkspace } from './builders.js';
import { pagedList, param, type RequestContext } from './context.js';
import { DEFAULT_REACH, type WorkspaceReach } from './indirect-state.js';
import { AUDIT_TOKEN_QUERY, newAuditToken } from './routes-audit-setup.js';
import { makerOf } from './routes-tokens.js';
import { addTeamServiceUser } from './service-users.js';
import { readName, readOptionalString, readRelationshipId, readSetupBody } from './setup-body.js';
import { DEFAULT_PROJECT, type Workspace } from './state.js';
import type { TokenRecord } from './token-book.js';
import { organizationResource, projectResource, workspaceResource } from './wire-resources.js';
import { tokenResource } from './wire-tokens.js';
import { bindingResources, INVALID_INCLUDE, includesBindings, readTagBindings, readTagNames, workspaceFilter } from './workspace-tags.js';

const CREATED = 201;
// The real API answers 422 "Name has already been taken" (docs/api.md, "Errors the real service gives").
export const NAME_TAKEN = (): Invalid => new Invalid('/data/attributes/name', 'Name has already been taken');

/** `filter[names]=a,b`: comma-separated, matched case-insensitively (a client re-matches exactly). */
export function namesFilter(ctx: RequestContext): Set<string> | undefined {
  const raw = ctx.query.get('filter[names]');
  if (raw === null) return undefined;
  return new Set(
    raw
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== ''),
  );
}

export function listOrganizations(ctx: RequestContext): Answer {
  const orgs = [...ctx.store.orgs.values()].filter((o) => ctx.authz.isMember(o.name));
  return ok(pagedList(ctx, orgs, organizationResource));
}

export function showOrganization(ctx: RequestContext): Answer {
  const org = ctx.store.orgs.get(param(ctx, 0));
  return org && ctx.authz.isMember(org.name) ? ok({ data: organizationResource(org) }) : NOT_FOUND;
}

export function createOrganizationRoute(ctx: RequestContext): Answer {
  // Only the emulator's admin token creates organizations (docs/emulator.md, "The emulator").
  if (ctx.authz.identity.kind !== 'admin') return NOT_FOUND;
  const { attributes } = readSetupBody(ctx.body, 'organizations');
  const name = readName(attributes, 'organization');
  if (ctx.store.orgs.has(name)) throw NAME_TAKEN();
  return ok({ data: organizationResource(createOrganization(ctx.store, name, readOptionalString(attributes, 'email'))) }, CREATED);
}

/** A token's answer, and its `authentication_token` `create` event in the organization's audit trail. */
function tokenAnswer(ctx: RequestContext, org: string, record: TokenRecord): Answer {
  recordWrite(ctx, org, [{ id: record.id, type: 'authentication_token', action: 'create', meta: null }]);
  return ok({ data: tokenResource(record, { secret: true }) }, CREATED);
}

/** The legacy team token: no description, no expiry unless sent (docs/api.md, "Tokens": null reads as never). */
export function createTeamToken(ctx: RequestContext): Answer {
  const team = ctx.store.teams.get(param(ctx, 0));
  if (!team || !ctx.authz.isOwner(team.org)) return NOT_FOUND;
  const record = ctx.store.issueToken({ kind: 'team', teamId: team.id }, team.org, { createdBy: makerOf(ctx.authz.identity) });
  addTeamServiceUser(ctx.store, team);
  return tokenAnswer(ctx, team.org, record);
}

/** The organization's token, or with `?token=audit-trails` its audit-trail token (docs/api.md, "Audit trail"). */
export function createOrganizationToken(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isOwner(org)) return NOT_FOUND;
  const audit = ctx.query.get('token') === AUDIT_TOKEN_QUERY;
  const createdBy = makerOf(ctx.authz.identity);
  const record = audit ? newAuditToken(ctx.store, org, createdBy) : ctx.store.issueToken({ kind: 'org', org }, org, { createdBy });
  return tokenAnswer(ctx, org, record);
}

export function listProjects(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return NOT_FOUND;
  const names = namesFilter(ctx);
  const projects = ctx.store
    .projectsOf(org)
    .filter((p) => ctx.authz.canSeeProject(p))
    .filter((p) => names === undefined || names.has(p.name.toLowerCase()));
  // docs/api.md, "Samples", projects-list: the projects list also carries meta.status-counts.
  const statusCounts = { total: projects.length, matching: projects.length };
  return ok(pagedList(ctx, projects, (p) => projectResource(ctx.store, p, { inList: true }), { 'status-counts': statusCounts }));
}

export function showProject(ctx: RequestContext): Answer {
  const project = ctx.store.projects.get(param(ctx, 0));
  return project && ctx.authz.canSeeProject(project) ? ok({ data: projectResource(ctx.store, project) }) : NOT_FOUND;
}

export function createProjectRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isOwner(org)) return NOT_FOUND;
  const { attributes } = readSetupBody(ctx.body, 'projects');
  const name = readName(attributes, 'project');
  if (ctx.store.projectByName(org, name)) throw NAME_TAKEN();
  const project = createProject(ctx.store, org, { name, description: readOptionalString(attributes, 'description') });
  return ok({ data: projectResource(ctx.store, project) }, CREATED);
}

/** The workspace's sharing and execution, in the profile that has them (docs/api.md, "Indirect access"). */
export function reachShown(ctx: RequestContext, w: Workspace): WorkspaceReach | undefined {
  return ctx.store.profile.indirectAccess ? (ctx.store.indirect.shownReach(w.id, w.projectId) ?? DEFAULT_REACH()) : undefined;
}

/** One or more workspaces in their documents, with `included` key-value tags when the request asked (docs/api.md, "Workspace tags"). */
function workspaceDocument(ctx: RequestContext, inList: boolean, render: (one: (w: Workspace) => unknown) => Record<string, unknown>): Answer {
  const include = includesBindings(ctx.query, ctx.store.profile);
  if (include === undefined) return INVALID_INCLUDE;
  const included: unknown[] = [];
  const document = render((w) => {
    const reach = reachShown(ctx, w);
    if (!include) return workspaceResource(w, { inList, reach });
    const { refs, included: more } = bindingResources(ctx.store, w);
    included.push(...more);
    return workspaceResource(w, { inList, bindings: refs, reach });
  });
  return ok(include ? { ...document, included } : document);
}

export function listWorkspaces(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return NOT_FOUND;
  // docs/api.md, "Name resolution": `search[name]` is fuzzy (here: a case-insensitive substring); `filter[project][id]` exact.
  const search = ctx.query.get('search[name]')?.toLowerCase();
  const projectId = ctx.query.get('filter[project][id]');
  const candidates: Workspace[] = projectId === null ? ctx.store.workspacesOf(org) : ctx.store.workspacesInProject(projectId);
  const tagged = workspaceFilter(ctx.store, ctx.query);
  const workspaces = candidates
    .filter((w) => w.org === org && (search === undefined || w.name.toLowerCase().includes(search)) && tagged(w))
    .filter((w) => ctx.authz.canSeeWorkspace(w));
  return workspaceDocument(ctx, true, (one) => pagedList(ctx, workspaces, one) as Record<string, unknown>);
}

function showOne(ctx: RequestContext, workspace: Workspace | undefined): Answer {
  if (!workspace || !ctx.authz.canSeeWorkspace(workspace)) return NOT_FOUND;
  return workspaceDocument(ctx, false, (one) => ({ data: one(workspace) }));
}

export function showWorkspaceByName(ctx: RequestContext): Answer {
  return showOne(ctx, ctx.store.workspaceByName(param(ctx, 0), param(ctx, 1)));
}

export function showWorkspace(ctx: RequestContext): Answer {
  return showOne(ctx, ctx.store.workspaces.get(param(ctx, 0)));
}

export function createWorkspaceRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (!ctx.store.orgs.has(org) || !ctx.authz.isOwner(org)) return NOT_FOUND;
  const { attributes, relationships } = readSetupBody(ctx.body, 'workspaces');
  const name = readName(attributes, 'workspace');
  const projectId = readRelationshipId(relationships, 'project', 'projects');
  const tags = {
    tagNames: readTagNames(attributes['tag-names'], '/data/attributes/tag-names'),
    tagBindings: readTagBindings(relationships, ctx.store.profile),
  };
  // Without a project the workspace goes to the organization's Default Project, as in the real service.
  const project = projectId === undefined ? ctx.store.projectByName(org, DEFAULT_PROJECT) : ctx.store.projects.get(projectId);
  if (!project || project.org !== org) return NOT_FOUND;
  if (ctx.store.workspaceByName(org, name)) throw NAME_TAKEN();
  return ok({ data: workspaceResource(createWorkspace(ctx.store, org, { name, projectId: project.id, ...tags })) }, CREATED);
}
