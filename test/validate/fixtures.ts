// The failure fixtures and what validating each must report (shared by the fixture and schema tests).
import { fileURLToPath } from 'node:url';

export const INVALID_DIR = fileURLToPath(new URL('../fixtures/invalid/', import.meta.url));

/** Fixture (file or directory under test/fixtures/invalid) -> every problem, as `validate` prints it. */
export const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'alias-bomb.yaml': ['alias-bomb.yaml:3:16: more than 1000 alias expansions (MAX_ALIAS_EXPANSIONS); refused'],
  'attribute-name-typo.yaml': ['attribute-name-typo.yaml:7:29: projects.platform.teams.sre.workspace-access: unknown key "lock". Did you mean "locking"?'],
  'attribute-outside-group.yaml': ['attribute-outside-group.yaml:7:9: projects.platform.teams.sre: unknown key "runs"; "runs" belongs under workspace-access'],
  'attribute-value-typo.yaml': [
    'attribute-value-typo.yaml:5:36: workspaces.networking-prod.teams.sre.runs: "applly" is not one of read, plan or apply. Did you mean "apply"?',
  ],
  'attribute-with-fixed-level.yaml': [
    'attribute-with-fixed-level.yaml:7:9: workspaces.networking-prod.teams.sre: "runs" may be set only with access: custom (this grant has access: write)',
  ],
  'custom-without-attributes.yaml': [
    'custom-without-attributes.yaml:5:12: workspaces.networking-prod.teams.sre: "custom" needs its permissions: name a workspace role, or write a mapping {access: custom, ...}',
  ],
  'duplicate-key.yaml': ['duplicate-key.yaml:7:7: projects.platform.teams: key "dev" appears twice in this mapping (first at line 5, col 7)'],
  'expiry-and-role.yaml': [
    'expiry-and-role.yaml:10:42: projects.platform.teams.interns.expires: "2026-02-30" is not a date or time: February 2026 has no day 30 (it has 28)',
    'expiry-and-role.yaml:11:41: projects.platform.teams.oncall.expires: "2026-12-01 18:00" is not a date or time: expected a date YYYY-MM-DD (the grant ends with that day, UTC) or an RFC 3339 time with its offset (2026-12-01T18:00:00Z, 2026-12-01T18:00:00+02:00)',
    'expiry-and-role.yaml:12:27: projects.platform.teams.developers.role: "deployr" is not a project role. Did you mean "deployer"?',
    'expiry-and-role.yaml:13:30: projects.platform.teams.ops: "access" and "role" exclude each other: a grant is a level (access) or a role (role: deployer), not both',
    'expiry-and-role.yaml:14:30: projects.platform.teams.sre: "project-access" may not be set with a role (role: deployer gives every permission of the grant)',
    'expiry-and-role.yaml:15:19: projects.platform.teams.ci.role: "planner" is a workspace role; a project takes a project role',
    'expiry-and-role.yaml:16:19: projects.platform.teams.qa.role: "write" is an access level, not a role; use access: write',
    'expiry-and-role.yaml:17:7: projects.platform.teams.nobody: missing "access" (a level) or "role" (a role name)',
    'expiry-and-role.yaml:21:38: workspaces.net.teams.sre.expires: "2026-12-31T23:59:60Z" is not a date or time: second 60 (a leap second) is not accepted; write :59',
  ],
  'empty.yaml': ['empty.yaml:1:1: the file is empty; a desired-state file needs at least `organization: NAME`'],
  'grant-number.yaml': [
    'grant-number.yaml:5:12: projects.platform.teams.dev: expected an access level, a project role name or a mapping with `access`, got 42',
  ],
  'id-wrong-prefix.yaml': [
    'id-wrong-prefix.yaml:4:9: projects.platform.id: "ws-AbC123" is not a project id: the service\'s project ids are "prj-" and then letters and digits only, such as "prj-W6k9K23oSXRHGpj3"',
  ],
  'ignore-teams-twice.yaml': ['ignore-teams-twice.yaml:6:7: settings.ignore-teams: "break-glass" is listed twice'],
  'ignored-team-granted.yaml': [
    'ignored-team-granted.yaml:7:7: workspaces.networking-prod.teams.break-glass: team "break-glass" is also in settings.ignore-teams (line 3, col 18); a team is either managed here or ignored',
  ],
  'inline-access-typo.yaml': [
    'inline-access-typo.yaml:5:22: projects.platform.teams.dev.access: "maintian" is not a project access level (read, write, maintain, admin or custom). Did you mean "maintain"?',
  ],
  'inline-without-access.yaml': ['inline-without-access.yaml:5:7: workspaces.networking-prod.teams.sre: missing "access" (a level) or "role" (a role name)'],
  'level-of-other-kind.yaml': [
    'level-of-other-kind.yaml:5:11: projects.platform.teams.ci: "plan" is a workspace level, not a project level; a project takes read, write, maintain, admin or a project role',
  ],
  'level-typo.yaml': ['level-typo.yaml:5:12: projects.platform.teams.dev: "writ" is not an access level or a project role. Did you mean "write"?'],
  'max-removals-negative.yaml': ['max-removals-negative.yaml:3:17: settings.max-removals: must be 0 or more, got -1'],
  'missing-teams.yaml': ['missing-teams.yaml:3:3: workspaces.networking-prod: missing required key "teams"'],
  'organization-twice': [
    'organization-twice/b.yaml:2:15: organization: "acme-staging" differs from "acme" at organization-twice/a.yaml:1:15; one run manages one organization',
  ],
  'prune-not-boolean.yaml': ['prune-not-boolean.yaml:3:10: settings.prune: expected true or false, got "yes"'],
  'role-named-like-level.yaml': ['role-named-like-level.yaml:4:5: roles.project: a role may not be named like an access level ("admin"); choose another name'],
  'role-twice-across-files': [
    'role-twice-across-files/b.yaml:4:5: roles.workspace.planner: workspace role "planner" is defined twice; first defined at role-twice-across-files/a.yaml:4:5',
  ],
  'role-wrong-kind.yaml': [
    'role-wrong-kind.yaml:8:11: projects.platform.teams.ci: "planner" is a workspace role; a project takes a project role or one of read, write, maintain, admin',
  ],
  'several-problems.yaml': [
    'several-problems.yaml:3:10: settings.prune: expected true or false, got "no"',
    'several-problems.yaml:4:3: settings: unknown key "max-removal". Did you mean "max-removals"?',
    'several-problems.yaml:9:12: projects.platform.teams.dev: "writ" is not an access level or a project role. Did you mean "write"?',
    'several-problems.yaml:10:28: projects.platform.teams.ops: "project-access" may be set only with access: custom (this grant has access: read)',
    'several-problems.yaml:11:56: projects.platform.teams.sre.workspace-access.runs: "deploy" is not one of read, plan or apply',
    'several-problems.yaml:15:11: workspaces.networking-prod.teams.ci: expected an access level, a workspace role name or a mapping with `access`, got 7',
  ],
  'team-twice-across-files': [
    'team-twice-across-files/b.yaml:6:7: projects.platform.teams.dev: team "dev" appears twice for project "platform"; first defined at team-twice-across-files/a.yaml:5:7',
  ],
  'top-level-list.yaml': ['top-level-list.yaml:1:1: (top level): expected a mapping, got a list'],
  'two-documents.yaml': ['two-documents.yaml:2:1: YAML syntax: a desired-state file holds one YAML document (no second `---`); use several files instead'],
  'unknown-alias.yaml': ['unknown-alias.yaml:5:12: projects.platform.teams.dev: alias *level has no anchor &level before it'],
  'unknown-role.yaml': [
    'unknown-role.yaml:9:19: projects.platform.teams.developers: "deployr" is not an access level or a project role. Did you mean "deployer"?',
    'unknown-role.yaml:10:12: projects.platform.teams.ops: "release-manager" is not an access level or a project role; expected read, write, maintain, admin or a project role (deployer)',
  ],
  'newer-permissions.yaml': [
    'newer-permissions.yaml:5:48: projects.platform.teams.dev.project-access: unknown key "variable-set". Did you mean "variable-sets"?',
    'newer-permissions.yaml:5:109: projects.platform.teams.dev.workspace-access.policy-overrides: expected true or false, got "maybe"',
    'newer-permissions.yaml:6:29: projects.platform.teams.ops: "project-access" may be set only with access: custom (this grant has access: admin)',
    'newer-permissions.yaml:10:30: workspaces.net.teams.sre: unknown key "policy-override". Did you mean "policy-overrides"?',
    'newer-permissions.yaml:10:53: workspaces.net.teams.sre: unknown key "variable-sets"; expected access, role, expires, runs, variables, state-versions, sentinel-mocks, workspace-locking, run-tasks or policy-overrides',
  ],
  'unknown-target-key.yaml': ['unknown-target-key.yaml:4:5: projects.platform: unknown key "tems". Did you mean "teams"?'],
  'unknown-top-key.yaml': ['unknown-top-key.yaml:1:1: (top level): unknown key "organisation". Did you mean "organization"?'],
  'workspace-role-nested.yaml': [
    'workspace-role-nested.yaml:5:7: roles.workspace.planner: unknown key "workspace-access"; these permissions are flat, without workspace-access: write runs, variables, state-versions, sentinel-mocks, workspace-locking, run-tasks or policy-overrides directly',
  ],
  'yaml-syntax.yaml': ['yaml-syntax.yaml:5:1: YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ]'],
};

/** Fixtures whose mistake the JSON Schema alone catches (the rest need YAML, cross-file or role rules). */
export const SCHEMA_MATTERS: readonly string[] = [
  'unknown-top-key.yaml',
  'unknown-target-key.yaml',
  'role-named-like-level.yaml',
  'attribute-with-fixed-level.yaml',
  'attribute-value-typo.yaml',
  'attribute-name-typo.yaml',
  'attribute-outside-group.yaml',
  'workspace-role-nested.yaml',
  'id-wrong-prefix.yaml',
  'prune-not-boolean.yaml',
  'max-removals-negative.yaml',
  'grant-number.yaml',
  'inline-access-typo.yaml',
  'top-level-list.yaml',
  'missing-teams.yaml',
  'ignore-teams-twice.yaml',
  'inline-without-access.yaml',
  'several-problems.yaml',
];
