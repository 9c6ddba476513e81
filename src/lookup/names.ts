// What name resolution reads, with the fewest requests: all teams first (pages of 100; the plan
// needs every visible team anyway, and an address without teams must say so before anything else
// is read: teams.ts), then at once all projects when any is managed or a set is given (pages of
// 100), workspaces as workspaces.ts decides; with workspace sets, the list catalog.ts reads serves
// the entries too; and only for a workspace not found by its name, the id the files pin. What is
// read is plain data (core/organization.ts): resolve/resolve-names.ts matches the names over it.

import type { FilesState } from '../core/desired-state.js';
import type { EntryTarget, Project, Workspace } from '../core/model.js';
import type { OrganizationRead, SetCatalog } from '../core/organization.js';
import { InternalError } from '../errors.js';
import { type CatalogReader, readCatalog } from './catalog.js';
import { type OrganizationLister, organizationError } from './organization-error.js';
import { listTeamsOf, type TeamReader } from './teams.js';
import { findWorkspaces, type WorkspaceFinder, type WorkspaceLookup } from './workspaces.js';

/**
 * The calls the lookup needs, and no other; `listOrganizations` only for the did-you-mean of an
 * organization that is not found, `listTaggedWorkspaces` only for files with sets.
 */
export interface NameReader extends TeamReader, WorkspaceFinder, OrganizationLister, Partial<CatalogReader> {
  listProjects(organization: string): Promise<Project[]>;
  showWorkspace(id: string): Promise<Workspace | undefined>;
}

/** Workspaces not found by name but pinned by id, looked up by id: only on this error path. */
async function pinnedWorkspaces(client: NameReader, targets: readonly EntryTarget[], found: ReadonlyMap<string, Workspace>): Promise<Workspace[]> {
  const ids = targets.filter((t) => t.type === 'workspace' && t.id !== undefined && !found.has(t.name)).map((t) => t.id as string);
  const shown = await Promise.all(ids.map((id) => client.showWorkspace(id)));
  return shown.filter((w): w is Workspace => w !== undefined);
}

/** With workspace sets, the list read for them serves the entries (the whole list: no request more); else workspaces.ts decides. */
async function lookUpWorkspaces(client: NameReader, organization: string, names: readonly string[], catalog: SetCatalog): Promise<WorkspaceLookup> {
  const found = new Map(catalog.workspaces.filter((w) => names.includes(w.name)).map((w) => [w.name, w]));
  if (catalog.complete) return { found, all: catalog.workspaces };
  const rest = await findWorkspaces(
    client,
    organization,
    names.filter((n) => !found.has(n)),
  );
  return { found: new Map([...found, ...rest.found]) };
}

/** The projects (when a project is managed or a set given) and, for sets, what they expand from. */
async function listFor(client: NameReader, desired: FilesState): Promise<{ projects?: Project[]; catalog?: SetCatalog }> {
  const sets = desired.sets ?? [];
  const needed = sets.length > 0 || desired.targets.some((t) => t.type === 'project');
  if (!needed) return {};
  const projects = await client.listProjects(desired.organization);
  if (sets.length === 0) return { projects };
  return { projects, catalog: await readCatalog(catalogReaderOf(client), desired.organization, sets, projects) };
}

/** Only files with sets need the tagged list: a reader without it (a test's fake) serves the rest. */
function catalogReaderOf(client: NameReader): CatalogReader {
  const list = client.listTaggedWorkspaces;
  if (!list) throw new InternalError('this name reader cannot list workspaces with their tags, which sets need');
  return { listTaggedWorkspaces: (organization, options) => list.call(client, organization, options) };
}

async function listsOf(client: NameReader, desired: FilesState, teamNames: readonly string[] | undefined) {
  const organization = desired.organization;
  try {
    // Teams first: an address without them (HCP Europe) says so before anything else is read.
    const teams = await listTeamsOf(client, organization, teamNames);
    const names = desired.targets.filter((t) => t.type === 'workspace').map((t) => t.name);
    // Without workspace sets, the workspace lookups need not wait for the projects.
    const withSets = desired.sets?.some((s) => s.type === 'workspace') === true;
    const [{ projects, catalog }, plain] = await Promise.all([listFor(client, desired), withSets ? undefined : findWorkspaces(client, organization, names)]);
    const workspaces = plain ?? (await lookUpWorkspaces(client, organization, names, catalog as SetCatalog));
    return [teams, projects, workspaces, catalog] as const;
  } catch (error: unknown) {
    throw (await organizationError(client, desired, error)) ?? error;
  }
}

/**
 * The organization as the names of `desired` need it: what resolveNames matches them against. With
 * `teamNames` (a scoped plan: assemble/affected.ts, teamNamesOf), only the teams of those names.
 */
export async function lookUpNames(client: NameReader, desired: FilesState, teamNames?: readonly string[]): Promise<OrganizationRead> {
  const [teams, projects, workspaces, catalog] = await listsOf(client, desired, teamNames);
  const pinned = workspaces.all ? [] : await pinnedWorkspaces(client, desired.targets, workspaces.found);
  return {
    organization: desired.organization,
    teams,
    projects: projects ?? [],
    ...(projects ? { projectsListed: true } : {}),
    workspaces: workspaces.all ?? [...workspaces.found.values()],
    allWorkspaces: workspaces.all !== undefined,
    pinned,
    ...(catalog ? { catalog } : {}),
    ...(teamNames ? { teamsNamed: teamNames } : {}),
  };
}
