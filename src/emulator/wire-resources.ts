// Organizations, teams, projects, workspaces and tokens in the real wire shapes (docs/api.md, "Samples":
// team-show, teams-list, project-show, projects-list, workspace-show, workspaces-list). Only the
// attributes this project reads carry real values; the rest are there so answers have the real keys.
import type { Organization, Project, Store, Team, Workspace } from './state.js';
import { workspaceByNamePath } from './wire-grants.js';
import { ADMIN_USER_ID } from './routes-account.js';
import { OWNERS_TEAM } from '../core/model.js';

const API = '/api/v2';

// docs/api.md, "Samples", team-show: `organization-access`. The list sample (teams-list) shows fewer
// keys; answers follow each sample.
export const ORGANIZATION_ACCESS_KEYS = [
  'manage-policies', 'manage-policy-overrides', 'manage-run-tasks', 'manage-workspaces', 'manage-vcs-settings',
  'manage-agent-pools', 'manage-providers', 'manage-modules', 'manage-projects', 'read-projects', 'read-workspaces',
  'manage-membership', 'manage-teams', 'manage-organization-access',
] as const;
const ORGANIZATION_ACCESS_KEYS_IN_LISTS: readonly string[] = [
  'manage-policies', 'manage-policy-overrides', 'manage-run-tasks', 'manage-workspaces', 'manage-vcs-settings',
  'manage-agent-pools', 'manage-projects', 'read-projects', 'read-workspaces',
];

export function organizationResource(org: Organization): unknown {
  return {
    id: org.name,
    type: 'organizations',
    attributes: { name: org.name, email: org.email, 'created-at': org.createdAt, permissions: { 'can-update': true, 'can-destroy': true } },
    links: { self: `${API}/organizations/${encodeURIComponent(org.name)}` },
  };
}

export function teamResource(team: Team, { inList = false } = {}): unknown {
  const keys = inList ? ORGANIZATION_ACCESS_KEYS_IN_LISTS : ORGANIZATION_ACCESS_KEYS;
  const access = Object.fromEntries(keys.map((key) => [key, team.organizationAccess[key] === true]));
  // docs/api.md, "Account details": the admin token's user is an owner of every organization; the
  // owners team lists it, which is how a user token is known to be an owner's.
  const users = team.name === OWNERS_TEAM ? [{ type: 'users', id: ADMIN_USER_ID }] : [];
  return {
    id: team.id,
    type: 'teams',
    attributes: {
      name: team.name,
      'sso-team-id': null,
      'users-count': users.length,
      visibility: team.visibility,
      'allow-member-token-management': true,
      permissions: {
        'can-update-membership': true,
        'can-destroy': true,
        'can-update-organization-access': true,
        'can-update-api-token': true,
        'can-update-visibility': true,
      },
      'organization-access': access,
    },
    relationships: { users: { data: users }, 'authentication-token': { meta: {} } },
    links: { self: `${API}/teams/${team.id}` },
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
    },
    links: { self },
  };
}

const WORKSPACE_PERMISSION_FLAGS = [
  'can-update', 'can-destroy', 'can-queue-run', 'can-read-run', 'can-read-variable', 'can-update-variable',
  'can-read-state-versions', 'can-read-state-outputs', 'can-create-state-versions', 'can-queue-apply', 'can-lock',
  'can-unlock', 'can-force-unlock', 'can-read-settings', 'can-manage-tags', 'can-manage-run-tasks', 'can-force-delete',
  'can-manage-assessments', 'can-manage-ephemeral-workspaces', 'can-read-assessment-results', 'can-queue-destroy',
] as const;

function workspaceAttributes(ws: Workspace): Record<string, unknown> {
  return {
    actions: { 'is-destroyable': true },
    'allow-destroy-plan': true, 'assessments-enabled': false, 'auto-apply': false, 'auto-apply-run-trigger': false,
    'auto-destroy-at': null, 'auto-destroy-status': null, 'auto-destroy-activity-duration': null,
    'inherits-project-auto-destroy': null, 'created-at': ws.createdAt, description: null, environment: 'default',
    'execution-mode': 'remote', 'file-triggers-enabled': true, 'global-remote-state': false,
    'latest-change-at': ws.createdAt, 'last-assessment-result-at': null, locked: false, 'locked-reason': null,
    name: ws.name, 'oauth-client-name': null, operations: true,
    permissions: Object.fromEntries(WORKSPACE_PERMISSION_FLAGS.map((flag) => [flag, true])),
    'apply-duration-average': null, 'plan-duration-average': null, 'policy-check-failures': null,
    'queue-all-runs': false, 'resource-count': 0, 'run-failures': null, source: 'tfe-api', 'source-name': null,
    'source-url': null, 'speculative-enabled': true, 'structured-run-output-enabled': true, 'tag-names': [...ws.tagNames],
    'terraform-version': '1.9.4', 'trigger-prefixes': [], 'updated-at': ws.createdAt, 'vcs-repo': null,
    'vcs-repo-identifier': null, 'working-directory': null, 'workspace-kpis-runs-count': 0,
    'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
  };
}

/** `bindings`: the references of the workspace's effective key-value tags, when the request included them. */
export function workspaceResource(ws: Workspace, { inList = false, bindings }: { inList?: boolean; bindings?: unknown[] } = {}): unknown {
  const byId = `${API}/workspaces/${ws.id}`;
  const attributes = workspaceAttributes(ws);
  // docs/api.md, "Samples": workspace-show has this attribute, workspaces-list not.
  if (!inList) attributes['unarchived_workspace_change_requests_count'] = 0;
  return {
    id: ws.id,
    type: 'workspaces',
    attributes,
    // The real `self` of a workspace is its by-name URL (docs/api.md, "Name resolution").
    links: { self: workspaceByNamePath(ws.org, ws.name), 'self-html': `/app/${encodeURIComponent(ws.org)}/workspaces/${encodeURIComponent(ws.name)}` },
    relationships: {
      'agent-pool': { data: null },
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

/** POST /teams/:id/authentication-token and /organizations/:org/authentication-token (docs/api.md, "Name resolution"). */
export function tokenResource(id: string, token: string): unknown {
  return {
    id,
    type: 'authentication-tokens',
    attributes: { 'created-at': new Date().toISOString(), 'last-used-at': null, description: null, token, 'expired-at': null },
    relationships: { 'created-by': { data: null } },
  };
}
