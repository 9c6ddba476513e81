// Workspace names -> workspaces with the fewest requests. By name costs one request per workspace;
// listing costs one per 100 workspaces of the organization, a number known only after the first
// page. So: one name, look it up; several, read the first page (which may already hold them) and
// then take whichever is cheaper for the rest. Total: at most min(W, ceil(W_org/100)) + 1.
import type { ListPage } from '../api/translate.js';
import type { Workspace } from '../core/model.js';

/** The calls looking workspaces up by name needs: one by its name, or the list page by page. */
export interface WorkspaceFinder {
  showWorkspaceByName(organization: string, name: string): Promise<Workspace | undefined>;
  firstWorkspacePage(organization: string): Promise<ListPage<Workspace>>;
  restOfWorkspaces(organization: string, first: ListPage<Workspace>): Promise<Workspace[]>;
}

export interface WorkspaceLookup {
  /** Found workspaces by name. */
  readonly found: ReadonlyMap<string, Workspace>;
  /** Every workspace of the organization, when the strategy listed them all (for near misses). */
  readonly all?: readonly Workspace[];
}

async function byName(client: WorkspaceFinder, organization: string, names: readonly string[], into: Map<string, Workspace>): Promise<void> {
  const found = await Promise.all(names.map((name) => client.showWorkspaceByName(organization, name)));
  found.forEach((workspace, i) => {
    // The by-name endpoint is exact; the check guards against a server that is not.
    if (workspace && workspace.name === names[i]) into.set(workspace.name, workspace);
  });
}

export async function findWorkspaces(client: WorkspaceFinder, organization: string, names: readonly string[]): Promise<WorkspaceLookup> {
  const found = new Map<string, Workspace>();
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return { found };
  if (wanted.length === 1) {
    await byName(client, organization, wanted, found);
    return { found };
  }
  const first = await client.firstWorkspacePage(organization);
  const wantedSet = new Set(wanted);
  const remember = (list: readonly Workspace[]) => {
    for (const w of list) if (wantedSet.has(w.name)) found.set(w.name, w);
  };
  remember(first.items);
  const missing = wanted.filter((n) => !found.has(n));
  const pagesLeft = first.page ? first.page.totalPages - first.page.currentPage : 0;
  // A first page that is the only one is the whole list: kept, as the plan's effective changes use it.
  if (missing.length === 0) return pagesLeft === 0 ? { found, all: first.items } : { found };
  if (pagesLeft <= missing.length) {
    const all = await client.restOfWorkspaces(organization, first);
    remember(all);
    return { found, all };
  }
  await byName(client, organization, missing, found);
  return { found };
}
