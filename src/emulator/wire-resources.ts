// Organizations, projects, workspaces and tokens in the real wire shapes (docs/api.md, "Samples":
// project-show, projects-list, workspace-show, workspaces-list; teams are wire-teams.ts's). Only the
// attributes this project reads carry real values; the rest are there so answers have the real keys.
import type { WorkspaceReach } from './indirect-state.js';
import type { Organization, Project, Store, Workspace } from './state.js';
import { workspaceByNamePath } from './wire-grants.js';

const API = '/api/v2';

export function organizationResource(org: Organization): unknown {
  return {
    id: org.name,
    type: 'organizations',
    attributes: {
      name: org.name,
      email: org.email,
      'created-at': org.createdAt,
      permissions: { 'can-update': true, 'can-destroy': true },
      ...(org.userTokensEnabled === undefined ? {} : { 'user-tokens-enabled': org.userTokensEnabled }),
    },
    links: { self: `${API}/organizations/${encodeURIComponent(org.name)}` },
  };
}

function organizationRelationship(org: string): unknown {
  return { data: { id: org, type: 'organizations' }, links: { related: `${API}/organizations/${encodeURIComponent(org)}` } };
}

export function projectResource(store: Store, project: Project, { inList = false } = {}): unknown {
  const attributes: Record<string, unknown> = {
    name: project.name,
    description: project.description,
    'workspace-count': store.workspaceCount(project.id),
    'team-count': store.grantsOn(project.id).length,
    permissions: { 'can-update': true, 'can-destroy': true, 'can-create-workspace': true },
    ...projectExecution(store, project).attributes,
  };
  // docs/api.md, "Samples": project-show carries this attribute, projects-list does not.
  if (!inList) attributes['auto-destroy-activity-duration'] = null;
  const self = `${API}/projects/${project.id}`;
  return {
    id: project.id,
    type: 'projects',
    attributes,
    relationships: {
      organization: organizationRelationship(project.org),
      'tag-bindings': { links: { related: `${self}/tag-bindings` } },
      'effective-tag-bindings': { links: { related: `${self}/effective-tag-bindings` } },
      ...projectExecution(store, project).relationships,
    },
    links: { self },
  };
}

/** The current profile's `default-execution-mode` and `default-agent-pool` of a project (docs/api.md, "Indirect access"); none in the seed profile. */
function projectExecution(store: Store, project: Project): { attributes: Record<string, unknown>; relationships: Record<string, unknown> } {
  if (!store.profile.indirectAccess) return { attributes: {}, relationships: {} };
  const defaults = store.indirect.projectDefaults.get(project.id);
  const pool = defaults?.agentPoolId ?? null;
  return {
    attributes: { 'default-execution-mode': defaults?.executionMode ?? 'remote' },
    relationships: { 'default-agent-pool': { data: pool ? { id: pool, type: 'agent-pools' } : null } },
  };
}

const WORKSPACE_PERMISSION_FLAGS = [
  'can-update',
  'can-destroy',
  'can-queue-run',
  'can-read-run',
  'can-read-variable',
  'can-update-variable',
  'can-read-state-versions',
  'can-read-state-outputs',
  'can-create-state-versions',
  'can-queue-apply',
  'can-lock',
  'can-unlock',
  'can-force-unlock',
  'can-read-settings',
  'can-manage-tags',
  'can-manage-run-tasks',
  'can-force-delete',
  'can-manage-assessments',
  'can-manage-ephemeral-workspaces',
  'can-read-assessment-results',
  'can-queue-destroy',
] as const;

/**
 * A workspace's attributes as the service sends them, in its key order; the workspace's own values
 * (created-at, latest-change-at, name, permissions, tag-names, updated-at: null here) come from workspaceAttributes.
 */
const WORKSPACE_ATTRIBUTES: Readonly<Record<string, unknown>> = {
  actions: { 'is-destroyable': true },
  'allow-destroy-plan': true,
  'assessments-enabled': false,
  'auto-apply': false,
  'auto-apply-run-trigger': false,
  'auto-destroy-at': null,
  'auto-destroy-status': null,
  'auto-destroy-activity-duration': null,
  'inherits-project-auto-destroy': null,
  'created-at': null,
  description: null,
  environment: 'default',
  'execution-mode': 'remote',
  'file-triggers-enabled': true,
  'global-remote-state': false,
  'latest-change-at': null,
  'last-assessment-result-at': null,
  locked: false,
  'locked-reason': null,
  name: null,
  'oauth-client-name': null,
  operations: true,
  permissions: null,
  'apply-duration-average': null,
  'plan-duration-average': null,
  'policy-check-failures': null,
  'queue-all-runs': false,
  'resource-count': 0,
  'run-failures': null,
  source: 'tfe-api',
  'source-name': null,
  'source-url': null,
  'speculative-enabled': true,
  'structured-run-output-enabled': true,
  'tag-names': null,
  'terraform-version': '1.9.4',
  'trigger-prefixes': [],
  'updated-at': null,
  'vcs-repo': null,
  'vcs-repo-identifier': null,
  'working-directory': null,
  'workspace-kpis-runs-count': 0,
  'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
};

/** The current profile's sharing and execution of the workspace (docs/api.md, "Indirect access"); the seed profile's stay the table's. */
function reachAttributes(reach: WorkspaceReach | undefined): Record<string, unknown> {
  if (!reach) return {};
  return {
    'execution-mode': reach.executionMode,
    'global-remote-state': reach.globalRemoteState,
    'project-remote-state': reach.projectRemoteState,
    // false: as the project's defaults say (docs/api.md, "Indirect access").
    'setting-overwrites': { 'execution-mode': reach.ownExecution, 'agent-pool': reach.ownExecution && reach.agentPoolId !== null },
  };
}

function workspaceAttributes(ws: Workspace, reach: WorkspaceReach | undefined): Record<string, unknown> {
  // Keys already in the table keep their place: the answer's key order stays the service's.
  return {
    ...WORKSPACE_ATTRIBUTES,
    ...reachAttributes(reach),
    'created-at': ws.createdAt,
    'latest-change-at': ws.createdAt,
    name: ws.name,
    permissions: Object.fromEntries(WORKSPACE_PERMISSION_FLAGS.map((flag) => [flag, true])),
    'tag-names': [...ws.tagNames],
    'updated-at': ws.createdAt,
  };
}

/**
 * `bindings`: the references of the workspace's effective key-value tags, when the request included
 * them; `reach`: its sharing and execution, in the current profile.
 */
export function workspaceResource(
  ws: Workspace,
  { inList = false, bindings, reach }: { inList?: boolean; bindings?: unknown[]; reach?: WorkspaceReach } = {},
): unknown {
  const byId = `${API}/workspaces/${ws.id}`;
  const attributes = workspaceAttributes(ws, reach);
  // docs/api.md, "Samples": workspace-show has this attribute, workspaces-list not.
  if (!inList) attributes['unarchived_workspace_change_requests_count'] = 0;
  return {
    id: ws.id,
    type: 'workspaces',
    attributes,
    // The real `self` of a workspace is its by-name URL (docs/api.md, "Name resolution").
    links: { self: workspaceByNamePath(ws.org, ws.name), 'self-html': `/app/${encodeURIComponent(ws.org)}/workspaces/${encodeURIComponent(ws.name)}` },
    relationships: {
      'agent-pool': { data: reach?.agentPoolId ? { id: reach.agentPoolId, type: 'agent-pools' } : null },
      'current-configuration-version': { data: null, links: { related: `${byId}/current-configuration-version` } },
      'current-run': { data: null, links: { related: `${byId}/current-run` } },
      'effective-tag-bindings': { ...(bindings ? { data: bindings } : {}), links: { related: `${byId}/effective-tag-bindings` } },
      'latest-run': { data: null, links: { related: `${byId}/latest-run` } },
      'current-state-version': { data: null, links: { related: `${byId}/current-state-version` } },
      'current-assessment-result': { data: null },
      organization: { data: { id: ws.org, type: 'organizations' } },
      outputs: { data: [], links: { related: `${byId}/current-state-version-outputs` } },
      project: { data: { id: ws.projectId, type: 'projects' } },
      readme: { data: null },
      'remote-state-consumers': { links: { related: `${byId}/relationships/remote-state-consumers` } },
      'ssh-key': { data: null, links: { related: `${byId}/ssh-key` } },
      'locked-by': { data: null, links: { related: `${byId}/locked-by` } },
      'tag-bindings': { links: { related: `${byId}/tag-bindings` } },
      vars: { data: [] },
    },
  };
}
