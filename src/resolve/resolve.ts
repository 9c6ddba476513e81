// Names in a DesiredState -> ids, with the fewest requests: all teams first (pages of 100; the plan
// needs every visible team anyway, and an address without teams must say so before anything else
// is read: teams.ts), then at once all projects when any is managed or a set is given (pages of
// 100), workspaces as workspaces.ts decides; with workspace sets, the list catalog.ts reads serves
// the entries too. Team names are exact and case-sensitive (docs/api.md, "Name resolution"); every
// problem is collected, then one CLIError lists them all, sorted by file and line.
import type { TfeClient } from '../api/client.js';
import type { EntryTarget, Project, Team, TargetType, Workspace } from '../core/model.js';
import type { FilesState } from '../core/desired-state.js';
import { didYouMean } from './closest.js';
import { quote } from '../core/printable.js';
import { InternalError } from '../errors.js';
import { readCatalog, type CatalogReader, type SetCatalog } from './catalog.js';
import { listTeamsOf } from './teams.js';
import { findWorkspaces, type WorkspaceLookup } from './workspaces.js';
import { nameProblemsError, organizationError } from './problems.js';
import { checkName, checkTeams, noFindings, withTeamsAsNamed, type NameProblem } from './check-names.js';
import { NameIndex } from '../core/names.js';
import type { PlanWarning } from '../core/plan.js';

/**
 * The calls name resolution needs, and no other; `listOrganizations` only for the did-you-mean of
 * an organization that is not found, `listTaggedWorkspaces` only for files with sets.
 */
export type NameReader = Pick<TfeClient, 'listTeams' | 'showsOrganization' | 'listProjects' | 'showWorkspace' | 'showWorkspaceByName' | 'firstWorkspacePage' | 'restOfWorkspaces'> &
  Partial<Pick<TfeClient, 'listOrganizations' | 'listTaggedWorkspaces'>>;

export interface ResolvedTarget {
  readonly type: TargetType;
  readonly id: string;
  readonly name: string;
  /** A workspace's project, when the service reported it. */
  readonly projectId?: string;
  /** The files' entry (once the sets are expanded: the target as planned). */
  readonly desired: EntryTarget;
}

export interface Resolved {
  readonly organization: string;
  /** Every team the token can see. */
  readonly teams: readonly Team[];
  readonly teamsByName: ReadonlyMap<string, Team>;
  readonly targets: readonly ResolvedTarget[];
  /** Every workspace of the organization, when resolution listed them all (the plan's effective changes use it). */
  readonly workspaces?: readonly Workspace[];
  /** What the sets are expanded from, when the files give sets (src/expand/expand.ts). */
  readonly catalog?: SetCatalog;
  /** The desired state with each team as the organization spells it, when a name differs only by Unicode normalisation (check-names.ts). */
  readonly desired?: FilesState;
  /** What resolution warns of: names found only after Unicode normalisation. */
  readonly warnings?: readonly PlanWarning[];
}

const NOT_VISIBLE = 'not found, or the token may not see it';

type Named = Project | Workspace;

interface Known {
  readonly byName: ReadonlyMap<string, Named>;
  /** Everything listed (near misses come from it), when the whole list was read. */
  readonly all?: readonly Named[];
  /** Targets found by their pinned id after their name was not (to say "renamed?"). */
  readonly byPinnedId?: ReadonlyMap<string, Named>;
}

/** The id of one target, or a problem: missing (with near misses), or a pinned id that disagrees. */
/** A target whose name differs from one listed only by Unicode normalisation: that one, with a warning (check-names.ts). */
function normalised(target: EntryTarget, known: Known, warnings: PlanWarning[]): Named | undefined {
  // Only a whole list can say a name is there in another normalisation (a workspace looked up by its name is not).
  const listed = known.all ?? [];
  const findings = noFindings();
  const name = checkName({ kind: target.type, name: target.name, source: target.source }, new NameIndex(listed.map((x) => x.name)), NOT_VISIBLE, findings);
  if (name === undefined) return undefined;
  warnings.push(...findings.warnings);
  return listed.find((x) => x.name === name);
}

/** The target the name (and pinned id) finds, or a problem: missing (with near misses), or a pinned id that disagrees. */
function match(target: EntryTarget, known: Known, problems: NameProblem[], warnings: PlanWarning[]): Named | undefined {
  const { byName, all } = known;
  const found = byName.get(target.name) ?? normalised(target, known, warnings);
  const what = `${target.type} ${quote(target.name)}`;
  const problem = (message: string): undefined => void problems.push(target.source ? { source: target.source, message } : { message });
  if (found && target.id && found.id !== target.id) return problem(`${what} is pinned to id ${target.id}, but the service gives that name to ${found.id}.`);
  if (found) return found;
  const pinned = target.id ? (all?.find((x) => x.id === target.id) ?? known.byPinnedId?.get(target.id)) : undefined;
  const renamed = pinned ? ` Its pinned id ${target.id} is now named ${quote(pinned.name)}: renamed?` : '';
  return problem(`${what}: ${NOT_VISIBLE}.${renamed}${all ? didYouMean(target.name, all.map((x) => x.name)) : ''}`);
}

/** Workspaces not found by name but pinned by id, looked up by id: only on this error path. */
async function pinnedWorkspaces(client: NameReader, targets: readonly EntryTarget[], found: ReadonlyMap<string, Named>): Promise<Map<string, Named>> {
  const ids = targets.filter((t) => t.id !== undefined && !found.has(t.name)).map((t) => t.id as string);
  const shown = await Promise.all(ids.map((id) => client.showWorkspace(id)));
  return new Map(shown.filter((w): w is Workspace => w !== undefined).map((w) => [w.id, w]));
}

/** The organization's teams, projects and the workspaces named; a wrong organization is a problem at its line. */
/** With workspace sets, the list read for them serves the entries (the whole list: no request more); else workspaces.ts decides. */
async function lookUpWorkspaces(client: NameReader, organization: string, names: readonly string[], catalog: SetCatalog): Promise<WorkspaceLookup> {
  const found = new Map(catalog.workspaces.filter((w) => names.includes(w.name)).map((w) => [w.name, w]));
  if (catalog.complete) return { found, all: catalog.workspaces };
  const rest = await findWorkspaces(client, organization, names.filter((n) => !found.has(n)));
  return { found: new Map([...found, ...rest.found]) };
}

/** The projects (when a project is managed or a set given) and, for sets, what they expand from. */
async function listFor(client: NameReader, desired: FilesState): Promise<{ projects: Project[]; catalog?: SetCatalog }> {
  const sets = desired.sets ?? [];
  const needed = sets.length > 0 || desired.targets.some((t) => t.type === 'project');
  const projects = needed ? await client.listProjects(desired.organization) : [];
  if (sets.length === 0) return { projects };
  return { projects, catalog: await readCatalog(catalogReaderOf(client), desired.organization, sets, projects) };
}

/** Only files with sets need the tagged list: a reader without it (a test's fake) serves the rest. */
function catalogReaderOf(client: NameReader): CatalogReader {
  const list = client.listTaggedWorkspaces;
  if (!list) throw new InternalError('this name reader cannot list workspaces with their tags, which sets need');
  return { listTaggedWorkspaces: (organization, options) => list.call(client, organization, options) };
}

async function listsOf(client: NameReader, desired: FilesState) {
  const organization = desired.organization;
  try {
    // Teams first: an address without them (HCP Europe) says so before anything else is read.
    const teams = await listTeamsOf(client, organization);
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

export async function resolve(client: NameReader, desired: FilesState): Promise<Resolved> {
  const organization = desired.organization;
  const workspaceTargets = desired.targets.filter((t) => t.type === 'workspace');
  const [teams, projects, workspaces, catalog] = await listsOf(client, desired);
  const teamsByName = new Map(teams.map((t) => [t.name, t]));
  const projectsByName = new Map(projects.map((p) => [p.name, p]));
  const findings = noFindings();
  const { problems, warnings } = findings;
  const named = withTeamsAsNamed(desired, checkTeams(desired, teams, findings));
  const byPinnedId = workspaces.all ? undefined : await pinnedWorkspaces(client, workspaceTargets, workspaces.found);
  const knownWorkspaces: Known = { byName: workspaces.found, ...(workspaces.all ? { all: workspaces.all } : {}), ...(byPinnedId ? { byPinnedId } : {}) };
  const targets: ResolvedTarget[] = [];
  for (const target of named.targets) {
    const found = target.type === 'project' ? match(target, { byName: projectsByName, all: projects }, problems, warnings) : match(target, knownWorkspaces, problems, warnings);
    if (!found) continue;
    // The workspace's project, for the effective-access warnings of the plan.
    const projectId = 'projectId' in found ? found.projectId : undefined;
    targets.push({ type: target.type, id: found.id, name: target.name, desired: target, ...(projectId ? { projectId } : {}) });
  }
  if (problems.length > 0) throw nameProblemsError(problems);
  const more = { ...(workspaces.all ? { workspaces: workspaces.all } : {}), ...(catalog ? { catalog } : {}), ...(named === desired ? {} : { desired: named }), ...(warnings.length > 0 ? { warnings } : {}) };
  return { organization, teams, teamsByName, targets, ...more };
}
