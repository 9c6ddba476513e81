// What the sets are expanded from (docs/sets.md, "Sets", "What reading costs"): the organization's
// workspaces with their projects and tags, read with the fewest requests. The projects list is
// already read; its `workspace-count` says what listing a project's workspaces costs. So when every
// workspace set names its projects and listing just those projects (`filter[project][id]`, one
// list each) takes fewer pages than the whole list, only they are read; otherwise the whole list,
// one request per 100 workspaces. Nothing is read per workspace. Tags are matched here, never by
// the server's tag filters (docs/api.md, "Workspace tags", says why).
import { PAGE_SIZE } from '../api/paginate.js';
import type { DesiredSet, Project, Workspace } from '../core/model.js';
import { nfc } from '../core/names.js';
import type { SetCatalog } from '../core/organization.js';
import { namesTags } from '../core/set-criteria.js';

/** The one call reading for sets needs: the workspaces with their tags, of a project or all. */
export interface CatalogReader {
  listTaggedWorkspaces(
    organization: string,
    options: { projectId?: string; keyValueTags: boolean },
  ): Promise<{ readonly workspaces: readonly Workspace[]; readonly keyValueTags: boolean }>;
}

const pages = (count: number): number => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The projects to list one by one, or undefined when the whole list is cheaper (or its cost unknown). */
function narrowTo(sets: readonly DesiredSet[], projects: readonly Project[]): Project[] | undefined {
  if (sets.some((s) => s.match.projects === undefined)) return undefined;
  const named = new Set(sets.flatMap((s) => s.match.projects ?? []).map(nfc));
  const chosen = projects.filter((p) => named.has(nfc(p.name)));
  const counts = projects.map((p) => p.workspaceCount);
  if (counts.some((c) => c === undefined)) return undefined;
  const whole = pages(counts.reduce<number>((n, c) => n + (c ?? 0), 0));
  const narrow = chosen.reduce((n, p) => n + pages(p.workspaceCount ?? 0), 0);
  return narrow < whole ? chosen : undefined;
}

/** The workspaces of the organization as the workspace sets need them; no request without one. */
export async function readCatalog(client: CatalogReader, organization: string, sets: readonly DesiredSet[], projects: readonly Project[]): Promise<SetCatalog> {
  const workspaceSets = sets.filter((s) => s.type === 'workspace');
  if (workspaceSets.length === 0) return { projects, workspaces: [], complete: false, keyValueTags: false };
  // A bare word matches a key as well as a flat tag: any tag criterion needs the key-value tags.
  const keyValueTags = workspaceSets.some((s) => namesTags(s.match));
  const narrowed = narrowTo(workspaceSets, projects);
  if (narrowed === undefined) {
    const whole = await client.listTaggedWorkspaces(organization, { keyValueTags });
    return { projects, workspaces: whole.workspaces, complete: true, keyValueTags: whole.keyValueTags };
  }
  const lists = await Promise.all(narrowed.map((p) => client.listTaggedWorkspaces(organization, { projectId: p.id, keyValueTags })));
  // A server that ignored the filter answers more than asked: the sets match each workspace by its own project anyway.
  const byId = new Map(lists.flatMap((l) => l.workspaces).map((w) => [w.id, w]));
  return { projects, workspaces: [...byId.values()], complete: false, keyValueTags: keyValueTags && lists.every((l) => l.keyValueTags) };
}
