// What the plan's effective changes need beyond the managed targets (docs/effective-access.md, "Effective access",
// "What a plan does to access"), over what was read: a project's grant reaches every workspace of
// the project, and a workspace's access counts its project's grant. So, only for targets with a
// grant change:
//   - a changed project: its workspaces (from resolution's full list when it has one, else one
//     list per 100 workspaces of the project) and the grants of those the files do not manage;
//   - a changed workspace in a project the files do not manage: that project's grants (and the
//     project list once, for its name; that one project by id when it is the only one).
// A list the run has not read is a need (pipeline/reads/gather.ts); a target the plan, its blind spots or
// the policies listed already, or a workspace a read by team (docs/connecting.md, "Reading by team")
// saw whole, costs nothing more. Nothing is needed when there are no changes or every such target is
// managed.
import type { LiveState, Project, Workspace } from '../core/model.js';
import { liveTarget, type ReadTarget } from '../core/organization.js';
import type { Change } from '../core/plan.js';
import { printable } from '../core/printable.js';
import type { Resolved } from '../core/resolved.js';
import { listKey, type RunReads } from '../core/run-reads.js';
import type { ChangeContext } from '../effective/changes.js';
import { CLIError } from '../errors.js';
import { done, needs, type Planned } from './needs.js';

/** What the run knows of the organization: the names resolved, narrowed to its teams and its whole workspace list when the lookup read it. */
type KnownOrganization = Pick<Resolved, 'organization' | 'teams' | 'workspaces'>;

function readTarget(type: ReadTarget['type'], target: Project | Workspace): ReadTarget {
  const projectId = 'projectId' in target ? target.projectId : undefined;
  return { type, id: target.id, name: target.name, ...(projectId ? { projectId } : {}) };
}

function workspacesOf(reads: RunReads, resolved: KnownOrganization, projectIds: readonly string[]): Planned<Workspace[]> {
  if (resolved.workspaces) {
    // A workspace listed without its project could be in a changed one: never guess which it reaches.
    const unplaced = resolved.workspaces.find((w) => w.projectId === undefined);
    if (unplaced)
      throw new CLIError(
        `the workspace list gave no project for workspace "${printable(unplaced.name)}" (${printable(unplaced.id)}), so what a project's grant change reaches is not known; nothing was changed.`,
      );
    return done(resolved.workspaces.filter((w) => w.projectId !== undefined && projectIds.includes(w.projectId)));
  }
  const missing = projectIds.filter((id) => !reads.projectWorkspaces.has(id));
  if (missing.length > 0) return needs({ kind: 'workspaces', organization: resolved.organization, projectIds: missing });
  return done(projectIds.flatMap((id) => reads.projectWorkspaces.get(id) ?? []));
}

/**
 * The projects of `ids` the token sees (one it cannot see has grants it cannot read either): from the
 * project list, or the one project by id when it is the only one needed (one request, where the
 * list is one per 100 projects); the list when more are needed.
 */
function parentsOf(reads: RunReads, organization: string, ids: readonly string[]): Planned<Project[]> {
  // The policies' lists hold the whole project list too, when a policy selects.
  const list = reads.projects ?? reads.policyLists?.projects;
  const shown = reads.shownProjects;
  if (!list && ids.every((id) => shown?.has(id))) return done(ids.flatMap((id) => shown?.get(id) ?? []));
  if (!list) return ids.length === 1 ? needs({ kind: 'project', id: ids[0] as string }) : needs({ kind: 'projects', organization });
  const listed = new Map(list.map((p) => [p.id, p]));
  return done(ids.flatMap((id) => listed.get(id) ?? []));
}

export function changeContextOver(reads: RunReads, resolved: KnownOrganization, live: LiveState, changes: readonly Change[]): Planned<ChangeContext> {
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
    const reached = workspacesOf(reads, resolved, changedProjects);
    if (reached.kind === 'needs') return reached;
    for (const w of reached.value) {
      if (live.targets.has(w.id)) continue;
      workspaces.push(w);
      extra.push(readTarget('workspace', w));
    }
  }
  if (parents.length > 0) {
    const found = parentsOf(reads, resolved.organization, parents);
    if (found.kind === 'needs') return found;
    for (const project of found.value) {
      projects.push(project);
      extra.push(readTarget('project', project));
    }
  }
  const missing = extra.filter((t) => !reads.lists.has(listKey(t)));
  if (missing.length > 0) return needs({ kind: 'grants', targets: missing });
  const read = extra.map((t) => liveTarget(t, reads.lists.get(listKey(t)) ?? []));
  const grants = [...managed, ...read].flatMap((t) => t.grants);
  return done({ teams: resolved.teams, projects, workspaces, grants });
}
