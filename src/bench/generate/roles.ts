// The custom permission sets of a generated organization, as named roles. Each differs from every
// fixed level and from the other roles, so changing a grant from one access to another in the pool
// is always a real update (never `equal` or `label-only`); roles.test.ts checks that.
import type { PermissionSet, Resource } from '../../core/access.js';

/** Permission keys are the tables' dotted wire paths (core/access.ts). Omitted keys take the custom defaults. */
export const BENCH_ROLES: { readonly [R in Resource]: Readonly<Record<string, PermissionSet>> } = {
  'team-projects': {
    'bench-deployer': { 'project-access.settings': 'read', 'workspace-access.runs': 'apply', 'workspace-access.variables': 'read', 'workspace-access.locking': true },
    'bench-auditor': { 'project-access.teams': 'read', 'workspace-access.state-versions': 'read-outputs', 'workspace-access.sentinel-mocks': 'read' },
  },
  'team-workspaces': {
    'bench-planner': { runs: 'plan', 'state-versions': 'read-outputs' },
    'bench-operator': { runs: 'apply', variables: 'read', 'workspace-locking': true, 'run-tasks': true },
  },
};

/** The fixed levels a generated grant may have (every level but custom). */
export const BENCH_LEVELS: { readonly [R in Resource]: readonly string[] } = {
  'team-projects': ['read', 'write', 'maintain', 'admin'],
  'team-workspaces': ['read', 'plan', 'write', 'admin'],
};

/** `{ 'project-access.settings': 'read' }` -> `{ 'project-access': { settings: 'read' } }`; flat keys stay flat. */
export function nested(permissions: PermissionSet): Record<string, string | boolean | Record<string, string | boolean>> {
  const out: Record<string, string | boolean | Record<string, string | boolean>> = {};
  for (const [key, value] of Object.entries(permissions)) {
    const dot = key.indexOf('.');
    if (dot < 0) {
      out[key] = value;
      continue;
    }
    const group = key.slice(0, dot);
    const existing = out[group];
    const inner = typeof existing === 'object' ? existing : {};
    inner[key.slice(dot + 1)] = value;
    out[group] = inner;
  }
  return out;
}
