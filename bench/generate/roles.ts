// The custom permission sets of a generated organization, as named roles. Each differs from every
// fixed level and from the other roles, so changing a grant from one access to another in the pool
// is always a real update (never `equal` or `label-only`); roles.test.ts checks that.
import { LEVELS, type PermissionSet, type Resource } from '../../src/core/access.js';

/** Permission keys are the tables' dotted wire paths (core/access.ts). Omitted keys take the custom defaults. */
export const BENCH_ROLES: { readonly [R in Resource]: Readonly<Record<string, PermissionSet>> } = {
  'team-projects': {
    'bench-deployer': {
      'project-access.settings': 'read',
      'workspace-access.runs': 'apply',
      'workspace-access.variables': 'read',
      'workspace-access.locking': true,
    },
    'bench-auditor': { 'project-access.teams': 'read', 'workspace-access.state-versions': 'read-outputs', 'workspace-access.sentinel-mocks': 'read' },
  },
  'team-workspaces': {
    'bench-planner': { runs: 'plan', 'state-versions': 'read-outputs' },
    'bench-operator': { runs: 'apply', variables: 'read', 'workspace-locking': true, 'run-tasks': true },
  },
};

/** The fixed levels a generated grant may have (every level but custom). */
export const BENCH_LEVELS: { readonly [R in Resource]: readonly string[] } = {
  'team-projects': LEVELS['team-projects'].filter((level) => level !== 'custom'),
  'team-workspaces': LEVELS['team-workspaces'].filter((level) => level !== 'custom'),
};

/** Permissions in the wire nesting, for the seed and the YAML: the core's own translation. */
export { nestPermissions as nested } from '../../src/core/permissions.js';
