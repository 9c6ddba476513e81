// The paths of indirect access in the current profile (docs/api.md, "Indirect access"): variable
// sets and their relationships, agent pools, Stacks, a workspace's remote-state consumers and its
// sharing and execution (PATCH /workspaces/:id). Lists are paged. The seed profile has none (404).
import { type Answer, Invalid, NO_CONTENT, NOT_FOUND, ok } from './answers.js';
import { pagedList, param, type RequestContext } from './context.js';
import { isObject } from './grant-body.js';
import { addConsumers, changeReach, createPool, createStack, createVarset, type ReachChange } from './indirect-builders.js';
import { reachShown } from './routes-setup.js';
import { readName, readRelationshipId, readSetupBody } from './setup-body.js';
import { agentPoolResource, stackResource, varsetResource } from './wire-indirect.js';
import { workspaceResource } from './wire-resources.js';

/** The organization of the path when the profile has these paths and the caller may read them (an owner, or a team holding one of `flags`). */
function readableOrganization(ctx: RequestContext, ...flags: string[]): string | undefined {
  const org = param(ctx, 0);
  if (!ctx.store.profile.indirectAccess || !ctx.store.orgs.has(org) || !ctx.authz.isMember(org)) return undefined;
  return ctx.authz.isOwner(org) || ctx.authz.holds(org, ...flags) ? org : undefined;
}

/** `data[]` of `{type, id}` identifiers of one type, each an object of `org` (else 404 as the service answers). */
function identifiers(ctx: RequestContext, type: string, exists: (id: string) => boolean, pointer = '/data'): string[] {
  const data = isObject(ctx.body) ? ctx.body.data : undefined;
  if (!Array.isArray(data)) throw new Invalid(pointer, 'Data must be a list of identifiers');
  return data.map((item, i) => {
    if (!isObject(item) || item.type !== type || typeof item.id !== 'string')
      throw new Invalid(`${pointer}/${i}`, `Each must be {"type": "${type}", "id": "..."}`);
    if (!exists(item.id)) throw new Invalid(`${pointer}/${i}/id`, `${type} ${item.id} not found`);
    return item.id;
  });
}

/** A to-many relationship of a create body: its ids of `type` (absent: none). */
function relationshipIds(relationships: Record<string, unknown>, name: string, type: string, exists: (id: string) => boolean): string[] {
  const rel = relationships[name];
  if (rel === undefined) return [];
  const data = isObject(rel) ? rel.data : undefined;
  if (!Array.isArray(data)) throw new Invalid(`/data/relationships/${name}`, `${name} must be {"data": [...]}`);
  return data.map((item, i) => {
    if (!isObject(item) || item.type !== type || typeof item.id !== 'string' || !exists(item.id))
      throw new Invalid(`/data/relationships/${name}/data/${i}`, `${name} must name existing ${type}`);
    return item.id;
  });
}

const inOrg =
  (ctx: RequestContext, org: string, kind: 'workspaces' | 'projects') =>
  (id: string): boolean =>
    (kind === 'workspaces' ? ctx.store.workspaces.get(id) : ctx.store.projects.get(id))?.org === org;

function readBoolean(attributes: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = attributes[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Invalid(`/data/attributes/${key}`, `${key} must be true or false`);
  return value;
}

export function listVarsets(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx, 'manage-workspaces');
  if (org === undefined) return NOT_FOUND;
  return ok(pagedList(ctx, ctx.store.indirect.varsetsOf(org), varsetResource));
}

/** Create answers 201, as SPEC has it (the docs say 200: docs/api.md, "Indirect access"). */
export function createVarsetRoute(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx);
  if (org === undefined) return NOT_FOUND;
  const { attributes, relationships } = readSetupBody(ctx.body, 'varsets');
  const parent = relationships.parent === undefined ? undefined : readRelationshipId(relationships, 'parent', 'projects');
  if (parent !== undefined && !inOrg(ctx, org, 'projects')(parent)) throw new Invalid('/data/relationships/parent', 'Parent project not found');
  const vars = isObject(relationships.vars) && Array.isArray(relationships.vars.data) ? relationships.vars.data.length : 0;
  const varset = createVarset(ctx.store, org, {
    name: readName(attributes, 'workspace'),
    global: readBoolean(attributes, 'global', false),
    ...(parent === undefined ? {} : { parentProjectId: parent }),
    workspaceIds: relationshipIds(relationships, 'workspaces', 'workspaces', inOrg(ctx, org, 'workspaces')),
    projectIds: relationshipIds(relationships, 'projects', 'projects', inOrg(ctx, org, 'projects')),
    varCount: vars,
  });
  return ok({ data: varsetResource(varset) }, 201);
}

/** `POST|DELETE /varsets/:id/relationships/{workspaces,projects}`: 204. */
export function varsetRelationship(kind: 'workspaces' | 'projects', add: boolean) {
  return (ctx: RequestContext): Answer => {
    const varset = ctx.store.indirect.varsets.get(param(ctx, 0));
    if (!ctx.store.profile.indirectAccess || !varset || !ctx.authz.isOwner(varset.org)) return NOT_FOUND;
    const ids = identifiers(ctx, kind, inOrg(ctx, varset.org, kind));
    const set = kind === 'workspaces' ? varset.workspaceIds : varset.projectIds;
    for (const id of ids) {
      if (add) set.add(id);
      else set.delete(id);
    }
    return NO_CONTENT;
  };
}

export function listAgentPools(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx, 'manage-agent-pools');
  if (org === undefined) return NOT_FOUND;
  return ok(pagedList(ctx, ctx.store.indirect.poolsOf(org), (p) => agentPoolResource(ctx.store, p)));
}

/** `organization-scoped` defaults to true on create (docs/api.md, "Indirect access"). */
export function createAgentPoolRoute(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx);
  if (org === undefined) return NOT_FOUND;
  const { attributes, relationships } = readSetupBody(ctx.body, 'agent-pools');
  const pool = createPool(ctx.store, org, {
    name: readName(attributes, 'workspace'),
    organizationScoped: readBoolean(attributes, 'organization-scoped', true),
    allowedWorkspaceIds: relationshipIds(relationships, 'allowed-workspaces', 'workspaces', inOrg(ctx, org, 'workspaces')),
    allowedProjectIds: relationshipIds(relationships, 'allowed-projects', 'projects', inOrg(ctx, org, 'projects')),
    excludedWorkspaceIds: relationshipIds(relationships, 'excluded-workspaces', 'workspaces', inOrg(ctx, org, 'workspaces')),
  });
  return ok({ data: agentPoolResource(ctx.store, pool) }, 201);
}

/** Stacks (docs only; HCP): paged, with `filter[project][id]`, which GOTFE1 sends undocumented. */
export function listStacks(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx, 'manage-projects');
  if (org === undefined) return NOT_FOUND;
  const project = ctx.query.get('filter[project][id]');
  const stacks = ctx.store.indirect.stacksOf(org).filter((s) => project === null || s.projectId === project);
  return ok(pagedList(ctx, stacks, stackResource));
}

/** The consumers the caller can see: every other workspace with global sharing, every other of the project with project sharing, else the explicit list. */
export function listConsumers(ctx: RequestContext): Answer {
  const workspace = ctx.store.workspaces.get(param(ctx, 0));
  if (!ctx.store.profile.indirectAccess || !workspace || !ctx.authz.canSeeWorkspace(workspace)) return NOT_FOUND;
  const reach = ctx.store.indirect.reachOf(workspace.id);
  const onlyConfigured = ctx.query.get('show_only_configured') === 'true';
  const everyOther = !onlyConfigured && (reach.globalRemoteState || reach.projectRemoteState);
  const candidates = everyOther
    ? (reach.globalRemoteState ? ctx.store.workspacesOf(workspace.org) : ctx.store.workspacesInProject(workspace.projectId)).filter(
        (w) => w.id !== workspace.id,
      )
    : [...reach.consumerIds].flatMap((id) => ctx.store.workspaces.get(id) ?? []);
  // The answer leaves out the workspaces the caller cannot read.
  const seen = candidates.filter((w) => ctx.authz.canSeeWorkspace(w));
  return ok(pagedList(ctx, seen, (w) => workspaceResource(w, { inList: true, reach: reachShown(ctx, w) })));
}

/** `POST|DELETE /workspaces/:id/relationships/remote-state-consumers`: 204; only while neither sharing setting is on. */
export function changeConsumers(add: boolean) {
  return (ctx: RequestContext): Answer => {
    const workspace = ctx.store.workspaces.get(param(ctx, 0));
    if (!ctx.store.profile.indirectAccess || !workspace || !ctx.authz.canAdminWorkspace(workspace)) return NOT_FOUND;
    const ids = identifiers(ctx, 'workspaces', inOrg(ctx, workspace.org, 'workspaces'));
    if (add) addConsumers(ctx.store, workspace.id, ids);
    else for (const id of ids) ctx.store.indirect.reachOf(workspace.id).consumerIds.delete(id);
    return NO_CONTENT;
  };
}

const EXECUTION_MODES = ['remote', 'local', 'agent'] as const;

function reachChangeOf(attributes: Record<string, unknown>, relationships: Record<string, unknown>): ReachChange {
  const mode = attributes['execution-mode'];
  if (mode !== undefined && !(EXECUTION_MODES as readonly unknown[]).includes(mode))
    throw new Invalid('/data/attributes/execution-mode', 'Execution mode must be remote, local or agent');
  const rel = relationships['agent-pool'];
  const pool = rel === undefined ? undefined : isObject(rel) && rel.data === null ? null : readRelationshipId(relationships, 'agent-pool', 'agent-pools');
  const flag = (key: string) =>
    attributes[key] === undefined ? {} : { [key === 'global-remote-state' ? 'globalRemoteState' : 'projectRemoteState']: readBoolean(attributes, key, false) };
  return {
    ...flag('global-remote-state'),
    ...flag('project-remote-state'),
    ...(mode === undefined ? {} : { executionMode: mode as ReachChange['executionMode'] & string }),
    ...(pool === undefined ? {} : { agentPoolId: pool }),
  };
}

/** `PATCH /workspaces/:id`: the sharing and execution settings (the only attributes the emulator changes); workspace admins. */
export function updateWorkspace(ctx: RequestContext): Answer {
  const workspace = ctx.store.workspaces.get(param(ctx, 0));
  if (!ctx.store.profile.indirectAccess || !workspace || !ctx.authz.canAdminWorkspace(workspace)) return NOT_FOUND;
  const { attributes, relationships } = readSetupBody(ctx.body, 'workspaces');
  const reach = changeReach(ctx.store, workspace.id, reachChangeOf(attributes, relationships));
  return ok({ data: workspaceResource(workspace, { reach }) });
}

/** The emulator's set-up of Stacks (no create path is public in SPEC): `{"stacks": [{"name", "project"}]}` with project names; 201 with the Stacks made. */
export function addStacksRoute(ctx: RequestContext): Answer {
  const org = readableOrganization(ctx);
  if (org === undefined) return NOT_FOUND;
  const list = isObject(ctx.body) ? ctx.body.stacks : undefined;
  if (!Array.isArray(list)) throw new Invalid('/stacks', 'Stacks must be a list of {"name", "project"}');
  const wanted = list.map((item, i) => {
    const project = isObject(item) && typeof item.project === 'string' ? ctx.store.projectByName(org, item.project) : undefined;
    if (!isObject(item) || typeof item.name !== 'string' || item.name === '' || !project)
      throw new Invalid(`/stacks/${i}`, 'Each Stack needs a name and the name of a project of the organization');
    return { name: item.name, projectId: project.id };
  });
  const made = wanted.map((s) => createStack(ctx.store, org, s.name, s.projectId));
  return ok({ data: made.map(stackResource) }, 201);
}
