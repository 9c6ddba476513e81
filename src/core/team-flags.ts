// The organization-access flags of a team: the one table of them (as core/access.ts is for the
// grants' permissions). Each row: the flag's wire name, its default, the flags the service switches
// on with it, whether it is newer than the seed, what it lets a team do, and where that is said.
// The schema, validation and its did-you-mean, the diff's normalisation, the support check, every
// plan format and docs/files.md read it. Pure data.
//
// Sources (docs/api.md, "Teams"): the teams API docs list every flag with default false; the
// companion flags are the service's coercion (the create sample answers `manage-workspaces: true`
// with `read-workspaces: true`; the provider's issue #1964 shows `manage-teams` bringing
// `manage-membership`, `manage-projects` bringing `read-projects`); the permissions docs say what
// each requires.

export interface TeamFlagSpec {
  /** The wire name, in `organization-access`. */
  readonly key: string;
  /** The value the service gives a flag a create leaves out. */
  readonly defaultValue: boolean;
  /** The flags the service switches on with this one (directly; impliedFlags closes over them). */
  readonly implies: readonly string[];
  /**
   * Set on flags the seed profile does not have (its team sample shows fourteen flags): where
   * they were first published. Whether a server has one is learned at run time (diff/team-support.ts).
   */
  readonly newer?: string;
  readonly description: string;
  /** Where the flag, its default and its companions are said. */
  readonly source: string;
}

const TEAMS_DOC = 'teams API docs';
const PERMISSIONS_DOC = 'organization permissions docs';
const SPEC = 'v2 OpenAPI spec (2026-08)';

export const TEAM_FLAGS: readonly TeamFlagSpec[] = [
  {
    key: 'manage-policies',
    defaultValue: false,
    implies: [],
    description: 'Manage policies and policy sets (and read runs on every workspace).',
    source: TEAMS_DOC,
  },
  {
    key: 'manage-policy-overrides',
    defaultValue: false,
    implies: [],
    description: 'Override soft-mandatory policy checks on every workspace.',
    source: TEAMS_DOC,
  },
  {
    key: 'delegate-policy-overrides',
    defaultValue: false,
    implies: [],
    description: 'Lets grants with policy-overrides take effect for the team.',
    source: 'Terraform Enterprise teams API docs (2026); go-tfe v1.104.0 (beta)',
    newer: 'go-tfe v1.104.0, provider v0.78.0',
  },
  { key: 'manage-run-tasks', defaultValue: false, implies: [], description: 'Manage run tasks.', source: TEAMS_DOC },
  {
    key: 'manage-workspaces',
    defaultValue: false,
    implies: ['read-workspaces'],
    description: 'Create and administer every workspace (admin on all of them).',
    source: `${TEAMS_DOC} (the create sample answers it with read-workspaces)`,
  },
  { key: 'manage-vcs-settings', defaultValue: false, implies: [], description: 'Manage VCS providers and SSH keys.', source: TEAMS_DOC },
  {
    key: 'manage-agent-pools',
    defaultValue: false,
    implies: [],
    description: 'Manage agent pools (and read every workspace and project).',
    source: `${TEAMS_DOC}; ${PERMISSIONS_DOC}`,
  },
  { key: 'manage-providers', defaultValue: false, implies: [], description: 'Publish and delete providers of the private registry.', source: TEAMS_DOC },
  { key: 'manage-modules', defaultValue: false, implies: [], description: 'Publish and delete modules of the private registry.', source: TEAMS_DOC },
  {
    key: 'manage-projects',
    defaultValue: false,
    implies: ['manage-workspaces', 'read-projects'],
    description: 'Create and administer every project (and so every workspace).',
    source: `${TEAMS_DOC} ("you cannot set manage-workspaces to false when setting manage-projects to true"); provider issue #1964 (read-projects)`,
  },
  {
    key: 'read-projects',
    defaultValue: false,
    implies: ['read-workspaces'],
    description: 'Read every project.',
    source: `${TEAMS_DOC} ("if read-projects is true, read-workspaces must be true as well")`,
  },
  { key: 'read-workspaces', defaultValue: false, implies: [], description: 'Read every workspace.', source: TEAMS_DOC },
  {
    key: 'manage-membership',
    defaultValue: false,
    implies: [],
    description: 'Invite and remove users, and add and remove them from visible teams.',
    source: TEAMS_DOC,
  },
  {
    key: 'manage-teams',
    defaultValue: false,
    implies: ['manage-membership'],
    description: 'Create, update and delete visible teams, and manage their tokens.',
    source: `${PERMISSIONS_DOC} (it needs manage-membership); provider issue #1964`,
  },
  {
    key: 'manage-organization-access',
    defaultValue: false,
    implies: ['manage-teams', 'manage-membership'],
    description: "Change teams' organization access (its holders can give themselves any flag).",
    source: `${PERMISSIONS_DOC} (it needs manage-teams and manage-membership)`,
  },
  {
    key: 'access-secret-teams',
    defaultValue: false,
    implies: [],
    description: 'Extend the team-management flags to secret teams.',
    source: `${PERMISSIONS_DOC} ("Include secret teams"); go-tfe v1.53.0`,
    newer: 'go-tfe v1.53.0, provider v0.55.0',
  },
  // The five below are in the v2 OpenAPI spec only (test/fixtures/openapi/README.md): no docs page
  // names their keys, go-tfe v1 and the provider have none of them. Their UI names, paired by
  // meaning, are the permissions docs' (docs/api.md, "Teams").
  {
    key: 'manage-public-providers',
    defaultValue: false,
    implies: [],
    description: "Manage the organization's providers of the public registry (HCP Terraform only).",
    source: `v2 OpenAPI spec (2026-08; HCP Terraform only); ${PERMISSIONS_DOC} ("Manage public providers")`,
    newer: 'v2 OpenAPI spec (its first version, 2026-06)',
  },
  {
    key: 'manage-public-modules',
    defaultValue: false,
    implies: [],
    description: "Manage the organization's modules of the public registry (HCP Terraform only).",
    source: `v2 OpenAPI spec (2026-08; HCP Terraform only); ${PERMISSIONS_DOC} ("Manage public modules")`,
    newer: 'v2 OpenAPI spec (its first version, 2026-06)',
  },
  {
    key: 'manage-registry-components',
    defaultValue: false,
    implies: [],
    description: 'Manage the Stack component configurations of the private registry.',
    source: `${SPEC}; ${PERMISSIONS_DOC} ("Manage Stack component configurations")`,
    newer: 'v2 OpenAPI spec (its first version, 2026-06)',
  },
  {
    key: 'manage-registry-artifact-tags',
    defaultValue: false,
    implies: [],
    description: 'Assign project tags to the modules and providers of the private registry.',
    source: `${SPEC}; ${PERMISSIONS_DOC} ("Assign project tags to modules and providers", HCP Terraform)`,
    newer: 'v2 OpenAPI spec (its first version, 2026-06)',
  },
  {
    key: 'manage-registry-artifact-version-tags',
    defaultValue: false,
    implies: [],
    description: 'Assign reserved keys to the versions of modules and providers of the private registry.',
    source: `${SPEC}; ${PERMISSIONS_DOC} ("Assign reserved keys to module and provider versions", HCP Terraform)`,
    newer: 'v2 OpenAPI spec (its first version, 2026-06)',
  },
];

export const TEAM_FLAG_KEYS: readonly string[] = TEAM_FLAGS.map((f) => f.key);

const BY_KEY: ReadonlyMap<string, TeamFlagSpec> = new Map(TEAM_FLAGS.map((f) => [f.key, f]));

export function teamFlag(key: string): TeamFlagSpec | undefined {
  return BY_KEY.get(key);
}

/** Every flag `key` brings with it, directly or through another (never `key` itself). */
export function impliedBy(key: string): string[] {
  const out = new Set<string>();
  const visit = (k: string): void => {
    for (const next of BY_KEY.get(k)?.implies ?? []) {
      if (out.has(next)) continue;
      out.add(next);
      visit(next);
    }
  };
  visit(key);
  return TEAM_FLAG_KEYS.filter((k) => out.has(k));
}

/**
 * An authoritative `organization-access` map as the service will leave it: every flag of the table,
 * those the map sets true and those they bring true, every other false. A map that leaves an implied
 * flag out means it (docs/files.md, "`teams`"): the plan never diffs on it.
 */
export function normaliseFlags(given: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const on = new Set<string>();
  for (const [key, value] of Object.entries(given)) {
    if (value !== true || !BY_KEY.has(key)) continue;
    on.add(key);
    for (const implied of impliedBy(key)) on.add(implied);
  }
  return Object.fromEntries(TEAM_FLAG_KEYS.map((key) => [key, on.has(key)]));
}

/** The flags set true in `given` that bring `key`: why it cannot be false there. */
export function implyingFlags(given: Readonly<Record<string, boolean>>, key: string): string[] {
  return TEAM_FLAG_KEYS.filter((k) => given[k] === true && impliedBy(k).includes(key));
}
