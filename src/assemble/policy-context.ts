// What the policies are checked on (docs/effective-access.md, "Policies", "What checking costs"), over
// what was read: every workspace and project of the organization a policy selects, managed by the
// files or not, with its grants and, for a workspace, its project's grants (its effective access
// counts them). The lists are the policies' (live/policy-context.ts reads them); a selected target
// the run has not listed yet is a need, one list each (pipeline/reads/gather.ts), and one the run listed
// already (the plan's, a blind spot's project, a workspace a read by team saw whole) costs nothing.
import type { LiveGrant, LiveState, LiveTarget } from '../core/model.js';
import { liveTarget, type ReadTarget, type SetCatalog } from '../core/organization.js';
import { type DesiredPolicy, targetPolicies } from '../core/policy.js';
import { listKey, type RunReads } from '../core/run-reads.js';
import type { OrganizationInput } from '../effective/compute.js';
import { selectedBy } from '../policy/check.js';
import { done, needs, type Planned, type PolicyOrganization } from './needs.js';

/** The organization for the check, with the grants as read (each with its id, for `grantsAfter`). */
export interface PolicyContext extends OrganizationInput {
  readonly grants: readonly LiveGrant[];
  /**
   * The targets read for the policies beyond the plan's own: what the token could not see there
   * makes the run's read partial as the managed targets' does (diff/completeness.ts, coverageOf).
   */
  readonly read: readonly LiveTarget[];
  /** The workspaces a policy selects whose project the token cannot list (display names): its grants there are not counted. */
  readonly projectsUnseen: readonly string[];
}

/** The targets the policies select that `live` does not hold, and the workspaces whose project the token cannot list. */
function selectedTargets(live: LiveState, policies: readonly DesiredPolicy[], lists: SetCatalog): { selected: ReadTarget[]; projectsUnseen: string[] } {
  const { projects, workspaces } = lists;
  const selected = new Map<string, ReadTarget>();
  const want = (target: ReadTarget): void => {
    if (!live.targets.has(target.id) && !selected.has(target.id)) selected.set(target.id, target);
  };
  const projectsById = new Map(projects.map((p) => [p.id, p]));
  const workspacesById = new Map(workspaces.map((w) => [w.id, w]));
  const projectsUnseen = new Set<string>();
  for (const policy of targetPolicies(policies)) {
    for (const target of selectedBy(policy, projects, workspaces)) {
      const workspace = target.type === 'workspace' ? workspacesById.get(target.id) : undefined;
      want({ type: target.type, id: target.id, name: target.name, ...(workspace?.projectId ? { projectId: workspace.projectId } : {}) });
      // A workspace's effective access counts its project's grant.
      const project = workspace?.projectId === undefined ? undefined : projectsById.get(workspace.projectId);
      if (project) want({ type: 'project', id: project.id, name: project.name });
      else if (workspace?.projectId !== undefined) projectsUnseen.add(`workspace ${JSON.stringify(workspace.name)}`);
    }
  }
  return { selected: [...selected.values()], projectsUnseen: [...projectsUnseen] };
}

/** The organization as the policies see it now, over `reads`; pass its grants through `grantsAfter` for the plan's after-state. */
export function policyContextOver(
  reads: RunReads,
  org: PolicyOrganization,
  live: LiveState,
  policies: readonly DesiredPolicy[],
  lists: SetCatalog,
): Planned<PolicyContext> {
  const { selected, projectsUnseen } = selectedTargets(live, policies, lists);
  const missing = selected.filter((t) => !reads.lists.has(listKey(t)));
  if (missing.length > 0) return needs({ kind: 'grants', targets: missing });
  const read = selected.map((t) => liveTarget(t, reads.lists.get(listKey(t)) ?? []));
  const grants = [...live.targets.values(), ...read].flatMap((t) => t.grants);
  return done({ teams: org.teams, projects: lists.projects, workspaces: lists.workspaces, grants, read, projectsUnseen });
}
