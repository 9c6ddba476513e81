// What the policies are checked on (docs/effective-access.md, "Policies", "What checking costs"): every workspace and
// project of the organization a policy selects, managed by the files or not, with its grants and,
// for a workspace, its project's grants (its effective access counts them). Read with the lists
// sets use (src/lookup/catalog.ts: pages of 100, the key-value tags only when a match needs
// them), then one grant list per selected target the plan did not read already, through the run's
// reader (run-reader.ts: none for a workspace a read by team saw whole). Nothing is read when the
// files have no policies.
import type { LiveGrant, LiveState, LiveTarget, Project, Team } from '../core/model.js';
import { targetPolicies, type DesiredPolicy } from '../core/policy.js';
import { namesTags } from '../core/set-criteria.js';
import type { OrganizationInput } from '../effective/compute.js';
import { policySets, selectedBy } from '../policy/check.js';
import type { ReadTarget, SetCatalog } from '../core/organization.js';
import { readCatalog, type CatalogReader } from '../lookup/catalog.js';
import { listTargets, type GrantLister } from './list-targets.js';
import type { PeopleReader } from '../core/member-write.js';

/** The calls the check needs beyond the plan's own reads: the people for a rule that reads them (`max-members`). */
export interface PolicyReader extends GrantLister, CatalogReader, PeopleReader {
  listProjects(organization: string): Promise<readonly Project[]>;
}

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

/** What the run knows of the organization: its teams and, with sets, the lists they were expanded from. */
export interface PolicyOrganization {
  readonly organization: string;
  readonly teams: readonly Team[];
  readonly catalog?: SetCatalog;
}

/** The workspaces as the policies need them: the plan's own list when it is whole and has the tags they match. */
async function catalogFor(
  client: PolicyReader,
  resolved: PolicyOrganization,
  policies: readonly DesiredPolicy[],
  projects: readonly Project[],
): Promise<SetCatalog> {
  const sets = policySets(policies);
  const tags = sets.some((s) => s.type === 'workspace' && namesTags(s.match));
  const own = resolved.catalog;
  if (own?.complete && (own.keyValueTags || !tags)) return own;
  return readCatalog(client, resolved.organization, sets, projects);
}

/** The lists the policies select from (the catalog's, read as sets read them): what their names are checked against, before any grant is read. */
export async function readPolicyLists(client: PolicyReader, resolved: PolicyOrganization, policies: readonly DesiredPolicy[]): Promise<SetCatalog> {
  const projects = resolved.catalog?.projects ?? (await client.listProjects(resolved.organization));
  return catalogFor(client, resolved, policies, projects);
}

/**
 * The organization as the policies see it now: pass its grants through `grantsAfter` for the plan's
 * after-state. `lists`: readPolicyLists's, when the caller has them already.
 */
export async function readPolicyContext(
  client: PolicyReader,
  resolved: PolicyOrganization,
  live: LiveState,
  policies: readonly DesiredPolicy[],
  concurrency: number,
  lists?: SetCatalog,
): Promise<PolicyContext> {
  const { projects, workspaces } = lists ?? (await readPolicyLists(client, resolved, policies));
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
  const read = selected.size > 0 ? await listTargets(client, [...selected.values()], concurrency) : [];
  const grants = [...live.targets.values(), ...read].flatMap((t) => t.grants);
  return { teams: resolved.teams, projects, workspaces, grants, read, projectsUnseen: [...projectsUnseen] };
}
