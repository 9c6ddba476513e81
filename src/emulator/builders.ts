// Creating organizations, teams, projects, workspaces and grants: shared by the seed loader and the
// set-up endpoints so both give the same defaults (an `owners` team whose member is the admin user,
// and a "Default Project" in every organization, as in the real service; docs/api.md, "Name
// resolution" and "People").

import type { Level, PermissionValue, Resource } from '../core/access.js';
import { OWNERS_TEAM } from '../core/model.js';
import { customDefaults, impliedPermissions, type Profile } from './profile.js';
import { addAdminTo } from './service-users.js';
import { DEFAULT_PROJECT, type Grant, type Organization, type Project, type Store, type TagBinding, type Team, type Workspace } from './state.js';

export const ID_PREFIX = { team: 'team', project: 'prj', workspace: 'ws', 'team-projects': 'tprj', 'team-workspaces': 'tws' } as const;

function chooseId(store: Store, prefix: string, wanted: string | undefined): string {
  return wanted === undefined ? store.newId(prefix) : store.claimId(wanted);
}

/** Fixed ids for the `owners` team and the Default Project (seed files pin ids for stable tests). */
export interface BuiltInIds {
  owners?: string;
  defaultProject?: string;
  /** A seed's `created-at` (ISO); default the emulator's clock now. */
  createdAt?: string;
}

export function createOrganization(store: Store, name: string, email: string | null, ids: BuiltInIds = {}): Organization {
  const org = store.addOrganization(name, email, ids.createdAt);
  createTeam(store, name, { name: OWNERS_TEAM, id: ids.owners, visibility: 'organization', organizationAccess: {} });
  createProject(store, name, { name: DEFAULT_PROJECT, id: ids.defaultProject });
  addAdminTo(store, name);
  return org;
}

export interface TeamSpec {
  name: string;
  id?: string;
  visibility: 'organization' | 'secret';
  organizationAccess: Record<string, boolean>;
  /** Default null. */
  ssoTeamId?: string | null;
  /** Default true (docs/api.md, "Teams"). */
  allowMemberTokenManagement?: boolean;
  scim?: { readonly groupName: string; readonly updatedAt?: string };
}

export function createTeam(store: Store, org: string, spec: TeamSpec): Team {
  const id = chooseId(store, ID_PREFIX.team, spec.id);
  return store.addTeam({
    id,
    org,
    name: spec.name,
    visibility: spec.visibility,
    organizationAccess: { ...spec.organizationAccess },
    ssoTeamId: spec.ssoTeamId ?? null,
    allowMemberTokenManagement: spec.allowMemberTokenManagement ?? true,
    ...(spec.scim ? { scim: spec.scim } : {}),
  });
}

export function createProject(
  store: Store,
  org: string,
  spec: { name: string; id?: string; description?: string | null; tagBindings?: TagBinding[] },
): Project {
  const id = chooseId(store, ID_PREFIX.project, spec.id);
  return store.addProject({ id, org, name: spec.name, description: spec.description ?? null, tagBindings: spec.tagBindings ?? [] });
}

export interface WorkspaceSpec {
  name: string;
  id?: string;
  projectId: string;
  tagNames?: string[];
  tagBindings?: TagBinding[];
}

export function createWorkspace(store: Store, org: string, spec: WorkspaceSpec): Workspace {
  const id = chooseId(store, ID_PREFIX.workspace, spec.id);
  const tags = { tagNames: spec.tagNames ?? [], tagBindings: spec.tagBindings ?? [] };
  return store.addWorkspace({ id, org, name: spec.name, projectId: spec.projectId, createdAt: new Date().toISOString(), ...tags });
}

export interface GrantSpec {
  resource: Resource;
  teamId: string;
  targetId: string;
  access: Level;
  /** Permission attributes set explicitly (custom only); the rest take the custom defaults. */
  sent: Record<string, PermissionValue>;
  id?: string;
}

/** Fixed levels report their implied values; custom fills the custom defaults (docs/api.md, "Seed: access levels"), of the profile's attributes. */
export function grantPermissions(
  profile: Profile,
  resource: Resource,
  access: Level,
  base: Readonly<Record<string, PermissionValue>>,
  sent: Record<string, PermissionValue>,
): Record<string, PermissionValue> {
  if (access !== 'custom') return { ...impliedPermissions(profile, resource, access) };
  return { ...base, ...sent };
}

export function createGrant(store: Store, spec: GrantSpec): Grant {
  return store.addGrant({
    id: chooseId(store, ID_PREFIX[spec.resource], spec.id),
    resource: spec.resource,
    teamId: spec.teamId,
    targetId: spec.targetId,
    access: spec.access,
    permissions: grantPermissions(store.profile, spec.resource, spec.access, customDefaults(store.profile, spec.resource), spec.sent),
  });
}
