// The rules of effective access as data: what the owners team and each organization permission
// give on every project and workspace, and which workspace role a project level gives on the
// project's workspaces. docs/api.md, "Effective access" cites the docs for each row.
import type { FixedProjectLevel, FixedWorkspaceLevel } from '../core/access.js';
import type { TargetType } from '../core/model.js';

/** What a source gives on every target of a kind: a fixed level of that kind, or nothing. */
export interface OrganizationRule {
  readonly project?: FixedProjectLevel;
  readonly workspace?: FixedWorkspaceLevel;
}

/** The owners team: admin on every project and workspace (docs/api.md, "Effective access"). */
export const OWNERS_RULE: OrganizationRule = { project: 'admin', workspace: 'admin' };

/**
 * Organization permissions, strongest first (the order sources are listed in). `manage-projects`
 * cascades to workspaces, as the teams API requires `manage-workspaces` with it; `read-projects`
 * likewise requires `read-workspaces` (docs/api.md, "Effective access").
 */
export const ORGANIZATION_RULES: readonly (OrganizationRule & { readonly permission: string })[] = [
  { permission: 'manage-projects', project: 'admin', workspace: 'admin' },
  { permission: 'manage-workspaces', workspace: 'admin' },
  { permission: 'read-projects', project: 'read', workspace: 'read' },
  { permission: 'read-workspaces', workspace: 'read' },
];

/** The workspace role a project level gives on each of the project's workspaces (docs/api.md, "Seed: access levels"). */
export const WORKSPACE_ROLE_OF: { readonly [L in FixedProjectLevel]: FixedWorkspaceLevel } = {
  read: 'read',
  write: 'write',
  maintain: 'admin',
  admin: 'admin',
};

/**
 * A custom project grant's `workspace-access` values apply to the project's workspaces under the
 * team-workspaces name: the same key without the group, except `locking`, which team-workspaces
 * calls `workspace-locking` (docs/api.md, "Seed: resources and fields"). A key with no
 * team-workspaces counterpart (`create`, `move`, `delete`) says nothing about one workspace.
 */
export const WORKSPACE_KEY_OF_PROJECT_KEY: Readonly<Record<string, string>> = { locking: 'workspace-locking' };

export const WORKSPACE_GROUP = 'workspace-access';

export const TARGET_TYPES: readonly TargetType[] = ['project', 'workspace'];
