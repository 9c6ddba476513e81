// The access tables: the one source of truth for levels, permission attributes, their allowed
// values, the implied values of every fixed level and the defaults of `custom`. Read by the schema,
// the validator, the normaliser, the emulator and the docs. Pure data, no imports. Every value
// cites its source; where none says what a fixed level reports, the row says NOT_KNOWN and the
// level is never compared on that attribute (src/diff/normalise.ts).
//
// Permission keys are dotted paths in the wire vocabulary: `project-access.settings` is the key
// `settings` of the nested `project-access` object of a team-projects resource (docs/api.md, "Wire
// format of team-projects"); team-workspaces attributes are flat, so their keys have no dot.

export const RESOURCES = ['team-projects', 'team-workspaces'] as const;
export type Resource = (typeof RESOURCES)[number];

export const PROJECT_LEVELS = ['read', 'write', 'maintain', 'admin', 'custom'] as const;
export const WORKSPACE_LEVELS = ['read', 'plan', 'write', 'admin', 'custom'] as const;
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];
export type WorkspaceLevel = (typeof WORKSPACE_LEVELS)[number];
export type Level = ProjectLevel | WorkspaceLevel;
export type FixedProjectLevel = Exclude<ProjectLevel, 'custom'>;
export type FixedWorkspaceLevel = Exclude<WorkspaceLevel, 'custom'>;
export type FixedLevel = FixedProjectLevel | FixedWorkspaceLevel;

export const LEVELS: { readonly [R in Resource]: readonly Level[] } = {
  'team-projects': PROJECT_LEVELS,
  'team-workspaces': WORKSPACE_LEVELS,
};

/** Rank of each fixed level within its resource type, for "is this below that" questions. */
export const LEVEL_RANK: { readonly [R in Resource]: Readonly<Record<string, number>> } = {
  'team-projects': { read: 1, write: 2, maintain: 3, admin: 4 },
  'team-workspaces': { read: 1, plan: 2, write: 3, admin: 4 },
};

export type PermissionValue = string | boolean;

export interface PermissionSpec {
  /** Dotted wire path, e.g. `workspace-access.runs`. */
  readonly key: string;
  /** Allowed string values in increasing order of privilege, or `boolean`. */
  readonly values: readonly string[] | 'boolean';
  /** The value the service fills in when `access` is `custom` and the attribute is omitted. */
  readonly customDefault: PermissionValue;
  readonly description: string;
  /**
   * Set on attributes newer than the seed: where they were first published. A server older than
   * them does not report them, so whether one supports them is learned at run time
   * (docs/api.md, "Server capabilities").
   */
  readonly newer?: string;
}

/** In an implied row: no public source says what a fixed level reports for this attribute. */
export const NOT_KNOWN: unique symbol = Symbol('not known');

// docs/api.md, "Seed: resources and fields", team-projects: attribute table, allowed values and custom defaults;
// the two newer attributes from docs/api.md, "Newer permissions" (values and defaults: go-tfe and the provider).
const VARIABLE_SETS_SINCE = 'go-tfe v1.74, provider v0.64.0';
const POLICY_OVERRIDES_SINCE = 'go-tfe and provider, April 2026';
export const PROJECT_PERMISSIONS: readonly PermissionSpec[] = [
  {
    key: 'project-access.settings',
    values: ['read', 'update', 'delete'],
    customDefault: 'read',
    description: 'Project settings: read, update, or update and delete the project.',
  },
  { key: 'project-access.teams', values: ['none', 'read', 'manage'], customDefault: 'none', description: "The project's team access: none, read, or manage." },
  {
    key: 'project-access.variable-sets',
    values: ['none', 'read', 'write'],
    customDefault: 'none',
    description: "The project's variable sets: none, read, or write.",
    newer: VARIABLE_SETS_SINCE,
  },
  { key: 'workspace-access.runs', values: ['read', 'plan', 'apply'], customDefault: 'read', description: "Runs on the project's workspaces." },
  { key: 'workspace-access.sentinel-mocks', values: ['none', 'read'], customDefault: 'none', description: 'Downloading Sentinel mocks.' },
  { key: 'workspace-access.state-versions', values: ['none', 'read-outputs', 'read', 'write'], customDefault: 'none', description: 'State versions.' },
  { key: 'workspace-access.variables', values: ['none', 'read', 'write'], customDefault: 'none', description: 'Workspace variables.' },
  { key: 'workspace-access.create', values: 'boolean', customDefault: false, description: 'Create workspaces in the project.' },
  { key: 'workspace-access.locking', values: 'boolean', customDefault: false, description: "Manually lock and unlock the project's workspaces." },
  { key: 'workspace-access.delete', values: 'boolean', customDefault: false, description: "Delete the project's workspaces." },
  {
    key: 'workspace-access.move',
    values: 'boolean',
    customDefault: false,
    description: 'Move workspaces into and out of the project (the receiving project must allow it too).',
  },
  { key: 'workspace-access.run-tasks', values: 'boolean', customDefault: false, description: "Manage run tasks in the project's workspaces." },
  {
    key: 'workspace-access.policy-overrides',
    values: 'boolean',
    customDefault: false,
    description: "Override soft-mandatory policy checks in the project's workspaces (with the organization permission delegate-policy-overrides).",
    newer: POLICY_OVERRIDES_SINCE,
  },
];

// docs/api.md, "Seed: resources and fields", team-workspaces: attribute table, allowed values and custom defaults.
export const WORKSPACE_PERMISSIONS: readonly PermissionSpec[] = [
  { key: 'runs', values: ['read', 'plan', 'apply'], customDefault: 'read', description: 'Runs on the workspace.' },
  { key: 'variables', values: ['none', 'read', 'write'], customDefault: 'none', description: 'Workspace variables.' },
  { key: 'state-versions', values: ['none', 'read-outputs', 'read', 'write'], customDefault: 'none', description: 'State versions.' },
  { key: 'sentinel-mocks', values: ['none', 'read'], customDefault: 'none', description: 'Downloading Sentinel mocks.' },
  { key: 'workspace-locking', values: 'boolean', customDefault: false, description: 'Manually lock and unlock the workspace.' },
  { key: 'run-tasks', values: 'boolean', customDefault: false, description: 'Manage run tasks in the workspace.' },
  {
    key: 'policy-overrides',
    values: 'boolean',
    customDefault: false,
    description: 'Override soft-mandatory policy checks in the workspace (with the organization permission delegate-policy-overrides).',
    newer: POLICY_OVERRIDES_SINCE,
  },
];

export const PERMISSIONS: { readonly [R in Resource]: readonly PermissionSpec[] } = {
  'team-projects': PROJECT_PERMISSIONS,
  'team-workspaces': WORKSPACE_PERMISSIONS,
};

export type PermissionSet = Readonly<Record<string, PermissionValue>>;

/**
 * One order of the permissions of both tables, by key without its group (`workspace-access.`,
 * `project-access.`): what only a project has of its own, then a workspace's permissions in its
 * table's order (a project's `locking` where a workspace's `workspace-locking` is, its workspace
 * `create`, `delete` and `move` before them). A project grant and its workspaces' cells are then
 * written in the same order (render/shared/access-short.ts); a test keeps every key of both tables here.
 */
export const PERMISSION_ORDER: readonly string[] = [
  'settings',
  'teams',
  'variable-sets',
  'runs',
  'variables',
  'state-versions',
  'sentinel-mocks',
  'create',
  'delete',
  'move',
  'workspace-locking',
  'locking',
  'run-tasks',
  'policy-overrides',
];

/** A row of implied values in table order; a NOT_KNOWN column is left out of the set (the level is never compared on it). */
function row(keys: readonly PermissionSpec[], values: readonly (PermissionValue | typeof NOT_KNOWN)[]): PermissionSet {
  if (values.length !== keys.length) throw new Error(`an implied row has ${values.length} values for ${keys.length} attributes`);
  const out: Record<string, PermissionValue> = {};
  keys.forEach((spec, i) => {
    const value = values[i];
    if (value !== undefined && value !== NOT_KNOWN) out[spec.key] = value;
  });
  return out;
}

const NK: typeof NOT_KNOWN = NOT_KNOWN;

// docs/api.md, "Seed: access levels" (columns in PROJECT_PERMISSIONS order). variable-sets and
// policy-overrides: NOT_KNOWN at every level, no public source says what a fixed level reports
// (docs/api.md, "Newer permissions").
export const PROJECT_IMPLIED: { readonly [L in FixedProjectLevel]: PermissionSet } = {
  read: row(PROJECT_PERMISSIONS, ['read', 'none', NK, 'read', 'none', 'read', 'read', false, false, false, false, false, NK]),
  write: row(PROJECT_PERMISSIONS, ['read', 'none', NK, 'apply', 'read', 'write', 'write', false, true, false, false, false, NK]),
  maintain: row(PROJECT_PERMISSIONS, ['read', 'none', NK, 'apply', 'read', 'write', 'write', true, true, true, false, true, NK]),
  admin: row(PROJECT_PERMISSIONS, ['delete', 'manage', NK, 'apply', 'read', 'write', 'write', true, true, true, true, true, NK]),
};

// docs/api.md, "Implied permission values per fixed level": the seed shows only `write`; plan,
// write and admin come from the official provider's acceptance tests, read from the docs.
// policy-overrides: `write` reports false (the provider's data-source test of a `write` grant,
// docs/api.md, "Newer permissions"); NOT_KNOWN at the other levels. Columns in WORKSPACE_PERMISSIONS order.
export const WORKSPACE_IMPLIED: { readonly [L in FixedWorkspaceLevel]: PermissionSet } = {
  read: row(WORKSPACE_PERMISSIONS, ['read', 'read', 'read', 'none', false, false, NK]),
  plan: row(WORKSPACE_PERMISSIONS, ['plan', 'read', 'read', 'none', false, false, NK]),
  write: row(WORKSPACE_PERMISSIONS, ['apply', 'write', 'write', 'read', true, false, false]),
  admin: row(WORKSPACE_PERMISSIONS, ['apply', 'write', 'write', 'read', true, true, NK]),
};

export const IMPLIED: { readonly [R in Resource]: Readonly<Record<string, PermissionSet>> } = {
  'team-projects': PROJECT_IMPLIED,
  'team-workspaces': WORKSPACE_IMPLIED,
};

export const CUSTOM_DEFAULTS: { readonly [R in Resource]: PermissionSet } = {
  'team-projects': Object.fromEntries(PROJECT_PERMISSIONS.map((p) => [p.key, p.customDefault])),
  'team-workspaces': Object.fromEntries(WORKSPACE_PERMISSIONS.map((p) => [p.key, p.customDefault])),
};

export const LEVEL_DESCRIPTIONS: { readonly [R in Resource]: Readonly<Record<string, string>> } = {
  // docs/api.md, "Seed: access levels".
  'team-projects': {
    read: "Read the project; the read workspace role on the project's workspaces.",
    write: "Read the project; the write workspace role on the project's workspaces.",
    maintain: "Read the project; the admin workspace role on the project's workspaces.",
    admin: 'Administer the project, its workspaces and its team access; create and move workspaces.',
    custom: 'Individually chosen permissions on the project and its workspaces.',
  },
  'team-workspaces': {
    read: 'Read the workspace.',
    plan: 'Read the workspace and queue speculative plans.',
    write: 'Read, plan and apply; write variables and state; lock the workspace.',
    admin: 'Everything on the workspace, including run tasks and team access.',
    custom: 'Individually chosen permissions on the workspace.',
  },
};

export function isLevel(resource: Resource, value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS[resource] as readonly string[]).includes(value);
}

export function isFixedLevel(resource: Resource, value: unknown): value is FixedLevel {
  return isLevel(resource, value) && value !== 'custom';
}

export function permissionSpec(resource: Resource, key: string): PermissionSpec | undefined {
  return PERMISSIONS[resource].find((p) => p.key === key);
}

/** The attributes newer than the seed: a server may not support them (docs/api.md, "Server capabilities"). */
export function newerPermissions(resource: Resource): readonly PermissionSpec[] {
  return PERMISSIONS[resource].filter((p) => p.newer !== undefined);
}
