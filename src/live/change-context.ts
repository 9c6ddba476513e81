// What the plan's effective changes need beyond the managed targets (docs/effective-access.md, "Effective access",
// "What a plan does to access"): a project's grant reaches every workspace of the project, and a
// workspace's access counts its project's grant. So, only for targets with a grant change:
//   - a changed project: its workspaces (from resolution's full list when it has one, else one
//     list per 100 workspaces of the project) and the grants of those the files do not manage;
//   - a changed workspace in a project the files do not manage: that project's grants (and the
//     project list once, for its name).
// One list per such target, through the run's reader (run-reader.ts): a target the plan, its
// blind spots or the policies listed already, or a workspace a read by team (docs/connecting.md, "Reading by
// team") saw whole, costs nothing more. Nothing is read when there are no changes or every such
// target is managed.
import type { LiveState, Project, Team, Workspace } from '../core/model.js';
import type { ReadTarget } from '../core/organization.js';
import { printable } from '../core/printable.js';
import { CLIError } from '../errors.js';
import type { Change } from '../core/plan.js';
import type { ChangeContext } from '../effective/changes.js';
import { listTargets, type GrantLister } from './list-targets.js';

/** The calls the context needs: grant lists, and the project and workspace lists. */
export interface ContextReader extends GrantLister {
  listProjects(organization: string): Promise<readonly Project[]>;
  listWorkspaces(organization: string, options: { projectId?: string }): Promise<readonly Workspace[]>;
}

/** What the run knows of the organization: its teams, and its whole workspace list when the lookup read it. */
export interface KnownOrganization {
  readonly organization: string;
  readonly teams: readonly Team[];
  readonly workspaces?: readonly Workspace[];
}

function readTarget(type: ReadTarget['type'], target: Project | Workspace): ReadTarget {
  const projectId = 'projectId' in target ? target.projectId : undefined;
  return { type, id: target.id, name: target.name, ...(projectId ? { projectId } : {}) };
}

async function workspacesOf(client: ContextReader, resolved: KnownOrganization, projectIds: readonly string[]): Promise<Workspace[]> {
  if (resolved.workspaces) {
    // A workspace listed without its project could be in a changed one: never guess which it reaches.
    const unplaced = resolved.workspaces.find((w) => w.projectId === undefined);
    if (unplaced)
      throw new CLIError(
        `the workspace list gave no project for workspace "${printable(unplaced.name)}" (${printable(unplaced.id)}), so what a project's grant change reaches is not known; nothing was changed.`,
      );
    return resolved.workspaces.filter((w) => w.projectId !== undefined && projectIds.includes(w.projectId));
  }
  const lists = await Promise.all(projectIds.map((projectId) => client.listWorkspaces(resolved.organization, { projectId })));
  return lists.flat();
}

export async function readChangeContext(
  client: ContextReader,
  resolved: KnownOrganization,
  live: LiveState,
  changes: readonly Change[],
  concurrency: number,
): Promise<ChangeContext> {
  const managed = [...live.targets.values()];
  const projects: Project[] = managed.filter((t) => t.type === 'project').map((t) => ({ id: t.id, name: t.name }));
  const workspaces: Workspace[] = managed
    .filter((t) => t.type === 'workspace')
    .map((t) => ({ id: t.id, name: t.name, ...(t.projectId ? { projectId: t.projectId } : {}) }));
  const changedProjects = [...new Set(changes.filter((c) => c.target.type === 'project').map((c) => c.target.id))];
  const parents = [
    ...new Set(changes.map((c) => live.targets.get(c.target.id)?.projectId).filter((id): id is string => id !== undefined && !live.targets.has(id))),
  ];
  const extra: ReadTarget[] = [];
  if (changedProjects.length > 0) {
    for (const w of await workspacesOf(client, resolved, changedProjects)) {
      if (live.targets.has(w.id)) continue;
      workspaces.push(w);
      extra.push(readTarget('workspace', w));
    }
  }
  if (parents.length > 0) {
    const listed = new Map((await client.listProjects(resolved.organization)).map((p) => [p.id, p]));
    for (const id of parents) {
      const project = listed.get(id);
      if (!project) continue; // not visible to the token: its grants can't be read either
      projects.push(project);
      extra.push(readTarget('project', project));
    }
  }
  const read = extra.length > 0 ? await listTargets(client, extra, concurrency) : [];
  const grants = [...managed, ...read].flatMap((t) => t.grants);
  return { teams: resolved.teams, projects, workspaces, grants };
}
