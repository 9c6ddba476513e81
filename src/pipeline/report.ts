// The report use case: list teams, projects and workspaces -> read the grants of every project and
// workspace -> (with --after: plan the files against what was read, apply the plan in memory) ->
// effective access -> the selection. The command only parses flags and prints.
import type { TfeClient } from '../api/client.js';
import type { Report } from '../core/report.js';
import type { LiveState, Project, Team, Workspace } from '../core/model.js';
import type { FilesState } from '../core/desired-state.js';
import type { DiffPlan } from '../core/plan.js';
import { buildPlan } from '../diff/plan.js';
import { grantsAfter, type IdentifiedGrant } from '../effective/after.js';
import { newerPermissions, type Resource } from '../core/access.js';
import type { ServerInfo } from '../core/server.js';
import { supportOf } from '../diff/support.js';
import { effectiveAccess, type GrantInput } from '../effective/compute.js';
import { CLIError } from '../errors.js';
import { readLive, type GrantLister } from '../live/read-live.js';
import type { NameReader } from '../resolve/resolve.js';
import { selectExportTargets } from './export.js';
import { desiredFromFiles, openClient, readOptionsOf, resolveAndExpand, type PlanRequest } from './plan.js';
import { teamsOfOrganization } from '../resolve/teams.js';
import { RunControl } from './run-control.js';
import { selectReport, type ReportSelection } from './report-selection.js';
import { checkPolicies } from '../policy/check.js';
import { policyNameFindings } from '../policy/selectors.js';
import { nameProblemsError } from '../resolve/problems.js';
import { coverageOf } from '../diff/completeness.js';
import { scopeOf } from '../core/scope.js';
import type { DesiredPolicy, GrantEnd, PolicyViolation } from '../core/policy.js';
import { rulesRead } from '../core/policy-rules.js';
import { grantEnds } from '../policy/ends.js';
import { namesTags } from '../core/set-criteria.js';

export interface ReportRequest extends Pick<PlanRequest, 'cwd' | 'env' | 'address' | 'concurrency' | 'rateLimit' | 'homeDir' | 'onProgress' | 'afterLoad' | 'onRateLimit' | 'signal' | 'timeoutMs' | 'readBy' | 'onNotice' | 'now'> {
  /** Desired-state files: the organization is theirs, and --after applies their plan. */
  readonly paths: string[];
  /** `--organization` (else TFE_ORGANIZATION, read by the command); must agree with the files. */
  readonly organization: string | undefined;
  readonly after: boolean;
  readonly selection: ReportSelection;
}

export interface Catalogue {
  readonly teams: readonly Team[];
  readonly projects: readonly Project[];
  readonly workspaces: readonly Workspace[];
  /** Whether the workspaces came with their key-value tags (asked for when a set matches tags). */
  readonly keyValueTags?: boolean;
}

function organizationOf(desired: FilesState | undefined, named: string | undefined): string {
  if (desired && named !== undefined && named !== desired.organization) {
    throw new CLIError(`--organization "${named}" is not the organization of the files ("${desired.organization}"): leave one out.`);
  }
  const organization = desired?.organization ?? named;
  if (!organization) throw new CLIError('which organization? Pass --organization ORG, set TFE_ORGANIZATION, or name the desired-state files.');
  return organization;
}

/** Name resolution served from the lists already read: no request. */
export function catalogueReader(found: Catalogue): NameReader {
  return {
    listTeams: () => Promise.resolve([...found.teams]),
    showsOrganization: () => Promise.resolve(true),
    listProjects: () => Promise.resolve([...found.projects]),
    showWorkspace: (id) => Promise.resolve(found.workspaces.find((w) => w.id === id)),
    showWorkspaceByName: (_organization, name) => Promise.resolve(found.workspaces.find((w) => w.name === name)),
    firstWorkspacePage: () => Promise.resolve({ items: [...found.workspaces] }),
    restOfWorkspaces: () => Promise.resolve([...found.workspaces]),
    listTaggedWorkspaces: () => Promise.resolve({ workspaces: [...found.workspaces], keyValueTags: found.keyValueTags === true }),
  };
}

/** The grant lists already read, served again: no request. */
function grantsRead(live: LiveState): GrantLister {
  return {
    listGrants: (target) => {
      const read = live.targets.get(target.id);
      if (!read) return Promise.reject(new CLIError(`${target.type} ${target.id} was not read`));
      return Promise.resolve(read.grants);
    },
  };
}

/** The plan of the files against the organization as read: what `apply` would do now. */
export async function planOnRead(desired: FilesState, found: Catalogue, live: LiveState): Promise<DiffPlan> {
  const expanded = await resolveAndExpand(catalogueReader(found), desired);
  return buildPlan(expanded.desired, await readLive(grantsRead(live), expanded.resolved), { setWarnings: expanded.warnings });
}

/**
 * The grants as the server will report them once the plan is applied: a newer permission it does
 * not have is not kept (src/diff/support.ts), so it is not counted either.
 */
function asTheServerKeeps(grants: readonly IdentifiedGrant[], live: LiveState, server: ServerInfo): IdentifiedGrant[] {
  const dropped = (resource: Resource): string[] => newerPermissions(resource).filter((s) => supportOf(resource, s.key, live, server) === 'unsupported').map((s) => s.key);
  const lost = { 'team-projects': dropped('team-projects'), 'team-workspaces': dropped('team-workspaces') };
  return grants.map((grant) => {
    const keys = lost[grant.resource];
    if (grant.access.access !== 'custom' || keys.length === 0) return grant;
    const permissions = Object.fromEntries(Object.entries(grant.access.permissions).filter(([key]) => !keys.includes(key)));
    return { ...grant, access: { access: 'custom', permissions } };
  });
}

/** Every workspace; with the key-value tags when a set or policy of the files matches tags (the same pages). */
async function workspacesOf(client: TfeClient, organization: string, desired: FilesState | undefined): Promise<Pick<Catalogue, 'workspaces' | 'keyValueTags'>> {
  const matches = [...(desired?.sets ?? []), ...(desired?.policies ?? [])].map((m) => m.match);
  if (!matches.some(namesTags)) return { workspaces: await client.listWorkspaces(organization) };
  return client.listTaggedWorkspaces(organization, { keyValueTags: true });
}

async function readOrganization(client: TfeClient, organization: string, request: ReportRequest, desired: FilesState | undefined): Promise<{ found: Catalogue; live: LiveState }> {
  await client.serverInfo(); // once per run: a lower rate limit is heeded before the lists
  // Teams first: an address without them says so before anything else is read (resolve/teams.ts).
  const teams = await teamsOfOrganization(client, desired ?? { organization });
  const [projects, workspaces] = await Promise.all([client.listProjects(organization), workspacesOf(client, organization, desired)]);
  const found = { teams, projects, ...workspaces };
  // Every project and workspace: the workspaces by team when the server can and it is cheaper (docs/connecting.md, "Reading by team").
  const everything = { ...selectExportTargets(organization, found, { all: true, projects: [], workspaces: [] }), workspaces: found.workspaces };
  const live = await readLive(client, everything, { ...readOptionsOf(request), ...(request.onProgress ? { onProgress: request.onProgress } : {}) });
  return { found, live };
}

/**
 * docs/effective-access.md, "Policies": the files' policies on the access reported (everything is read already). Their
 * team names and their matches' names are checked as plan checks them, from the lists read (no
 * request); the report has no warnings, so a policy that covers nothing simply has no violation.
 */
async function violationsIn(desired: FilesState | undefined, found: Catalogue, grants: readonly GrantInput[], now: number): Promise<PolicyViolation[]> {
  if (!desired?.policies?.length) return [];
  const expanded = await resolveAndExpand(catalogueReader(found), { ...desired, targets: [], sets: [] });
  const policies = expanded.desired.policies ?? [];
  const scope = { ...found, complete: true, keyValueTags: found.keyValueTags === true };
  const { problems } = policyNameFindings(policies, scope, desired.organization);
  if (problems.length > 0) throw nameProblemsError(problems);
  return checkPolicies(policies, { ...found, grants, now, ends: await endsIn(desired, found, policies) });
}

/** When each grant of the files ends, for a rule that reads it (max-expiry): the files' targets and sets, expanded as a plan expands them. */
async function endsIn(desired: FilesState, found: Catalogue, policies: readonly DesiredPolicy[]): Promise<GrantEnd[]> {
  if (!rulesRead(policies.map((p) => p.rule), 'grant-expiries')) return [];
  const { resolved } = await resolveAndExpand(catalogueReader(found), desired);
  return grantEnds(resolved.targets, resolved.teamsByName);
}

const workspaceName = (w: Workspace): string => `workspace ${JSON.stringify(w.name)}`;

export async function reportOrganization(request: ReportRequest): Promise<Report> {
  // --after: the files as they stand now, an expired grant removed (docs/files.md, "Grants that expire").
  const now = request.now ?? Date.now(); // read once per run, as a plan does
  const desired = request.paths.length > 0 ? await desiredFromFiles(request.paths, request.cwd, [], now) : undefined;
  const organization = organizationOf(desired, request.organization);
  if (request.after && !desired) throw new CLIError('--after reports the access once the files are applied: name the desired-state files (PATHS).');
  request.afterLoad?.();
  const control = new RunControl(request);
  try {
    return await reportWith(openClient(request, control), organization, desired, { ...request, now });
  } catch (error: unknown) {
    // Stopped (--timeout, a dead server): that is the one line to show, not what it broke on the way.
    throw control.reasonFor(error);
  } finally {
    control.dispose();
  }
}

async function reportWith(client: TfeClient, organization: string, desired: FilesState | undefined, request: ReportRequest): Promise<Report> {
  try {
    const generatedAt = new Date().toISOString();
    const { found, live } = await readOrganization(client, organization, request, desired);
    const liveGrants = [...live.targets.values()].flatMap((t) => t.grants);
    const grants: readonly GrantInput[] =
      request.after && desired ? asTheServerKeeps(grantsAfter(liveGrants, (await planOnRead(desired, found, live)).changes), live, await client.serverInfo()) : liveGrants;
    const cells = effectiveAccess({ ...found, grants });
    const violations = await violationsIn(desired, found, grants, request.now ?? Date.now());
    const projects = new Map(found.projects.map((p) => [p.id, p]));
    const workspaces = found.workspaces.map((w) => {
      const project = w.projectId === undefined ? undefined : projects.get(w.projectId);
      return project ? { ...w, project } : w;
    });
    const scope = scopeOf({ paths: request.paths, ...request.selection });
    // A workspace in a project the token cannot list: what that project's grants give there is not counted.
    const unlisted = found.workspaces.filter((w) => w.projectId !== undefined && !projects.has(w.projectId));
    const whole = { organization, state: request.after ? 'after' : 'live', generatedAt, ...found, workspaces, cells, violations, coverage: coverageOf(live, unlisted.map(workspaceName)), scope } as const;
    const report = selectReport(whole, request.selection);
    // What the report could not see of the targets it shows: a grant of an unseen team elsewhere does not make it partial.
    const shown = new Set([...report.projects.map((p) => p.id), ...report.workspaces.map((w) => w.id)]);
    const coverage = coverageOf({ ...live, targets: new Map([...live.targets].filter(([id]) => shown.has(id))) }, unlisted.filter((w) => shown.has(w.id)).map(workspaceName));
    return { ...report, coverage };
  } finally {
    await client.close();
  }
}
