// The export use case, in pipeline order: list names -> select targets -> read live -> export.
// The command calls this and only writes the files it returns.
import type { TfeClient } from '../../api/client.js';
import type { LiveRequest } from '../../core/live-request.js';
import type { Project, Workspace } from '../../core/model.js';
import { notFoundLine, notFoundMessage } from '../../core/not-found.js';
import type { OrganizationRead, ReadTarget } from '../../core/organization.js';
import { CLIError } from '../../errors.js';
import { type ExportFiles, exportFiles } from '../../export/files.js';
import { readPeople } from '../../live/people.js';
import { readLive } from '../../live/read-live.js';
import { teamsOfOrganization } from '../../lookup/teams.js';
import { liveReadOptions, type ReadChoices, type RunConnection, type RunOptions, withClient } from '../run/request.js';
import { underControl } from '../run/run-control.js';

export interface ExportSelectionRequest {
  readonly all: boolean;
  readonly projects: readonly string[];
  readonly workspaces: readonly string[];
}

export interface ExportRequest {
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: ReadChoices;
  readonly organization: string;
  readonly selection: ExportSelectionRequest;
  readonly splitByProject: boolean;
  readonly schemaRef: string;
  /** With `selection.all`: the `all` sets, so the files are authoritative over the whole organization. */
  readonly authoritative?: boolean;
  /** `--teams`: every team the token sees, under `teams:` (from the team list read anyway). */
  readonly teams?: boolean;
  /** `--teams --members`: each team's people by email (one membership list more: docs/adopting.md). */
  readonly members?: boolean;
}

// Export lists every team, project and workspace (pages of 100) instead of looking names up one by
// one: it needs the project of each workspace for --split-by, near misses for a mistyped name, and
// it runs once per adoption, so a few list requests more are cheap.
async function catalogue(client: TfeClient, organization: string): Promise<OrganizationRead> {
  // Teams first: an address without them says so before anything else is read (lookup/teams.ts).
  const teams = await teamsOfOrganization(client, { organization });
  const [projects, workspaces] = await Promise.all([client.listProjects(organization), client.listWorkspaces(organization)]);
  return { organization, teams, projects, workspaces, allWorkspaces: true, pinned: [] };
}

function target(type: ReadTarget['type'], found: Project | Workspace): ReadTarget {
  // readLive carries a workspace's project into the live state: --split-by groups by it.
  const projectId = 'projectId' in found ? found.projectId : undefined;
  return { type, id: found.id, name: found.name, ...(projectId ? { projectId } : {}) };
}

function pick(
  organization: string,
  kind: ReadTarget['type'],
  names: readonly string[],
  all: readonly (Project | Workspace)[],
  problems: string[],
): ReadTarget[] {
  const byName = new Map(all.map((x) => [x.name, x]));
  const picked: ReadTarget[] = [];
  for (const name of new Set(names)) {
    const found = byName.get(name);
    if (found) picked.push(target(kind, found));
    else problems.push(notFoundLine(kind, name, organization, byName.keys()));
  }
  return picked;
}

/** The targets to read: every project and workspace with --all, else the named ones (or one error naming every unknown). */
export function selectExportTargets(
  organization: string,
  found: Pick<OrganizationRead, 'teams' | 'projects' | 'workspaces'>,
  selection: ExportSelectionRequest,
): LiveRequest {
  const problems: string[] = [];
  const targets = selection.all
    ? [...found.projects.map((p) => target('project', p)), ...found.workspaces.map((w) => target('workspace', w))]
    : [
        ...pick(organization, 'project', selection.projects, found.projects, problems),
        ...pick(organization, 'workspace', selection.workspaces, found.workspaces, problems),
      ];
  // One unknown name is one line; several are listed under a head line.
  const notFound = notFoundMessage(problems);
  if (notFound !== undefined) throw new CLIError(notFound);
  // Export and report read without files: no grant is expected anywhere.
  return { organization, teams: found.teams, targets, expected: new Map() };
}

export async function exportFromLive(client: TfeClient, request: ExportRequest): Promise<ExportFiles> {
  await client.serverInfo(); // once per run: a lower rate limit is heeded before the lists
  const found = await catalogue(client, request.organization);
  const resolved = selectExportTargets(request.organization, found, request.selection);
  // The workspace list read above lets --all read by team (docs/connecting.md, "Reading by team").
  const live = await readLive(client, { ...resolved, workspaces: found.workspaces }, liveReadOptions(request.read, request.run));
  const people = request.members ? await readPeople(client, request.organization, found.teams) : undefined;
  return exportFiles(live, {
    ...(people ? { people } : {}),
    named: new Set(request.selection.all ? [] : resolved.targets.map((t) => t.id)),
    schemaRef: request.schemaRef,
    ...(request.authoritative ? { authoritative: true } : {}),
    ...(request.teams ? { teams: true } : {}),
    ...(request.splitByProject ? { splitByProject: new Map(found.projects.map((p) => [p.id, p.name])) } : {}),
  });
}

export async function exportOrganization(request: ExportRequest): Promise<ExportFiles> {
  return underControl(request.run ?? {}, (control) => withClient(request.connection, control, (client) => exportFromLive(client, request)));
}
