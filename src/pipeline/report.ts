// The report use case: list teams, projects and workspaces -> read the grants of every project and
// workspace -> (with --after: plan the files against what was read, apply the plan in memory) ->
// effective access -> the selection. The command only parses flags and prints.
import type { TfeClient } from '../api/client.js';
import type { Report } from '../core/report.js';
import type { LiveState, Project, Team, Workspace } from '../core/model.js';
import type { FilesState } from '../core/desired-state.js';
import { changesOf, grantChanges, type Plan } from '../core/plan.js';
import { firstReads, listKey, type RunReads } from '../core/run-reads.js';
import { planOver, type PlanResult, type PlanStage } from '../assemble/plan-over.js';
import { satisfy } from './gather.js';
import { grantsAfter, type IdentifiedGrant } from '../effective/after.js';
import { newerPermissions, type Resource } from '../core/access.js';
import type { ServerInfo } from '../core/server.js';
import { supportOf } from '../diff/support.js';
import { EffectiveIndex, type GrantInput } from '../effective/compute.js';
import { canAnswer, canAnswers, cellsWithFacts, filesGrants } from './report-facts.js';
import type { CanQuestion } from '../core/can.js';
import { CLIError } from '../errors.js';
import type { OrganizationRead } from '../core/organization.js';
import { readLive } from '../live/read-live.js';
import { selectExportTargets } from './export.js';
import { desiredFromFiles } from './files.js';
import { liveReadOptions, withClient, withClock, type ClockedRun, type RunConnection, type ReadChoices, type RunOptions } from './request.js';
import { EVERY_TARGET } from '../assemble/targets.js';
import { expandedOver } from '../assemble/names.js';
import { resolveNames } from '../resolve/resolve-names.js';
import { teamsOfOrganization } from '../lookup/teams.js';
import { underControl } from './run-control.js';
import { selectReport, type ReportSelection } from './report-selection.js';
import { checkPolicies } from '../policy/check.js';
import { policyNameFindings } from '../policy/selectors.js';
import { nameProblemsError } from '../assemble/name-problems.js';
import { coverageOf, populationReasons, withReasons } from '../diff/completeness.js';
import { scopeOf } from '../core/scope.js';
import { targetPolicies, type DesiredPolicy, type GrantEnd, type PolicyViolation } from '../core/policy.js';
import { rulesRead } from '../core/policy-rules.js';
import { namesTags } from '../core/set-criteria.js';
import { grantEnds } from '../policy/ends.js';
import { teamsAfter } from '../effective/teams-after.js';
import { isPendingTeamId } from '../core/teams.js';
import { readsPeople, type ReportBy } from './report-people.js';
import { readPeople } from '../live/people.js';
import { peopleAfter } from '../effective/people-after.js';
import { reportPeople } from '../effective/people.js';
import type { LivePeople } from '../core/person.js';
import { cellChanges, changesShown } from './report-changed.js';
import { extractionFacts, type ExtractionFacts } from './report-extraction.js';

export interface ReportRequest {
  /** Desired-state files: the organization is theirs, and --after applies their plan. */
  readonly paths: string[];
  readonly cwd: string;
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: ReadChoices;
  /** `--organization` (else TFE_ORGANIZATION, read by the command); must agree with the files. */
  readonly organization: string | undefined;
  readonly after: boolean;
  readonly selection: ReportSelection;
  /** `--by` (absent: by team): by person, the people are read and each one's access reported (docs/effective-access.md, "People"). */
  readonly by?: ReportBy;
  /** Told what the run learned of its extraction (`report --evidence`: pipeline/evidence.ts), once the read is done. */
  readonly onExtraction?: (facts: ExtractionFacts) => void;
  /** `--can PERMISSION` (docs/evidence.md, "Who can"): the question, found by the command (core/can.ts, findQuestion). */
  readonly can?: CanQuestion;
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

/**
 * The organization as the report read it, every list whole: what the files' names are resolved
 * and their sets expanded against (pipeline/names.ts), as a plan does after its lookups.
 */
export function organizationRead(organization: string, found: Catalogue): OrganizationRead {
  const { teams, projects, workspaces } = found;
  const catalog = { projects, workspaces, complete: true, keyValueTags: found.keyValueTags === true };
  return { organization, teams, projects, workspaces, allWorkspaces: true, pinned: [], catalog };
}

/**
 * The plan of the files over what the report read (every target, the lists whole): what `apply`
 * would do now, through the one pure call a plan makes (assemble/plan-over.ts, planOver); a read it
 * needs that the report did not make (the people, for files that prune them) is made as a plan makes it.
 */
async function planOnRead(
  client: TfeClient,
  desired: FilesState,
  org: OrganizationRead,
  live: LiveState,
  request: { read: ReadChoices; now: number },
): Promise<Plan> {
  const lists = new Map([...live.targets.values()].map((t) => [listKey(t), t.grants] as const));
  const reads: RunReads = {
    ...firstReads(await client.serverInfo(), org),
    live,
    lists,
    ...(org.catalog ? { policyLists: org.catalog } : {}),
    ...(live.people ? { people: { kind: 'listed', listed: live.people } } : {}),
  };
  const files = { paths: [], desired, targets: EVERY_TARGET };
  const ask = { now: request.now, keepUnseenTeams: true };
  const { value } = await satisfy<PlanResult, PlanStage>(client, reads, (r, from) => planOver(files, r, ask, from), { concurrency: request.read.concurrency });
  return value.plan;
}

/**
 * The grants as the server will report them once the plan is applied: a newer permission it does
 * not have is not kept (src/diff/support.ts), so it is not counted either.
 */
function asTheServerKeeps(grants: readonly IdentifiedGrant[], live: LiveState, server: ServerInfo): IdentifiedGrant[] {
  const dropped = (resource: Resource): string[] =>
    newerPermissions(resource)
      .filter((s) => supportOf(resource, s.key, live, server) === 'unsupported')
      .map((s) => s.key);
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
  const matches = [...(desired?.sets ?? []), ...targetPolicies(desired?.policies ?? [])].map((m) => m.match);
  if (!matches.some(namesTags)) return { workspaces: await client.listWorkspaces(organization) };
  return client.listTaggedWorkspaces(organization, { keyValueTags: true });
}

async function readOrganization(
  client: TfeClient,
  organization: string,
  request: ReportRequest,
  desired: FilesState | undefined,
): Promise<{ found: Catalogue; live: LiveState }> {
  await client.serverInfo(); // once per run: a lower rate limit is heeded before the lists
  // Teams first: an address without them says so before anything else is read (lookup/teams.ts).
  const teams = await teamsOfOrganization(client, desired ?? { organization });
  const [projects, workspaces] = await Promise.all([client.listProjects(organization), workspacesOf(client, organization, desired)]);
  const found = { teams, projects, ...workspaces };
  // Every project and workspace: the workspaces by team when the server can and it is cheaper (docs/connecting.md, "Reading by team").
  const everything = { ...selectExportTargets(organization, found, { all: true, projects: [], workspaces: [] }), workspaces: found.workspaces };
  const live = await readLive(client, everything, liveReadOptions(request.read, request.run));
  return { found, live };
}

/**
 * docs/effective-access.md, "Policies": the files' policies on the access reported (everything is read already). Their
 * team names and their matches' names are checked as plan checks them, from the lists read (no
 * request); the report has no warnings, so a policy that covers nothing simply has no violation.
 */
function violationsIn(desired: FilesState | undefined, found: Catalogue, grants: readonly GrantInput[], now: number, people?: LivePeople): PolicyViolation[] {
  if (!desired?.policies?.length) return [];
  // The policies' teams as the organization spells them, and their matches' names: one error naming every name not found.
  const named = { ...desired, targets: [], sets: [] };
  const teams = resolveNames(named, organizationRead(desired.organization, found));
  const policies = (teams.resolved.desired ?? named).policies ?? [];
  const scope = { ...found, complete: true, keyValueTags: found.keyValueTags === true };
  const problems = [...teams.problems, ...policyNameFindings(policies, scope, desired.organization).problems];
  if (problems.length > 0) throw nameProblemsError(problems);
  return checkPolicies(policies, { ...found, grants, now, ends: endsIn(desired, found, policies), ...(people ? { people } : {}) });
}

/** When each grant of the files ends, for a rule that reads it (max-expiry): the files' targets and sets, expanded as a plan expands them. */
function endsIn(desired: FilesState, found: Catalogue, policies: readonly DesiredPolicy[]): GrantEnd[] {
  if (
    !rulesRead(
      policies.map((p) => p.rule),
      'grant-expiries',
    )
  )
    return [];
  const { resolved } = expandedOver(desired, organizationRead(desired.organization, found));
  return grantEnds(resolved.targets, resolved.teamsByName);
}

const workspaceName = (w: Workspace): string => `workspace ${JSON.stringify(w.name)}`;

export async function reportOrganization(unclocked: ReportRequest): Promise<Report> {
  // The clock is read once per run, as a plan does. --after: the files as they stand now, an
  // expired grant removed (docs/files.md, "Grants that expire").
  const request = withClock(unclocked);
  const desired = request.paths.length > 0 ? await desiredFromFiles(request.paths, request.cwd, request.run.now) : undefined;
  const organization = organizationOf(desired, request.organization);
  if (request.after && !desired) throw new CLIError('--after reports the access once the files are applied: name the desired-state files (PATHS).');
  request.run.afterLoad?.();
  return underControl(request.run, (control) => withClient(request.connection, control, (client) => reportWith(client, organization, desired, request)));
}

async function reportWith(
  client: TfeClient,
  organization: string,
  desired: FilesState | undefined,
  request: ReportRequest & { readonly run: ClockedRun },
): Promise<Report> {
  // The run's clock, read once before the first request: what an evidence manifest's extraction starts at.
  const generatedAt = new Date(request.run.now).toISOString();
  const by = request.by ?? 'team';
  const { found: read, live: grantsRead } = await readOrganization(client, organization, request, desired);
  if (request.onExtraction) request.onExtraction(await extractionFacts(client, organization, read, grantsRead));
  // People only when asked for: a report by team makes the requests it always made.
  const people = readsPeople(by, request.after, desired) ? await readPeople(client, organization, read.teams) : undefined;
  const live = people ? { ...grantsRead, people } : grantsRead;
  const liveGrants = [...live.targets.values()].flatMap((t) => t.grants);
  const plan =
    request.after && desired
      ? await planOnRead(client, desired, organizationRead(organization, read), live, { read: request.read, now: request.run.now })
      : undefined;
  const grants: readonly GrantInput[] = plan ? asTheServerKeeps(grantsAfter(liveGrants, grantChanges(plan)), live, await client.serverInfo()) : liveGrants;
  // --after: the teams once the plan's team changes are made. The policies see every one; the
  // report shows those with an id (a team the plan creates gets one only when it is applied).
  const teams = teamsAfter(read.teams, plan ? changesOf(plan.changes, 'team') : []);
  const found = { ...read, teams: teams.filter((t) => !isPendingTeamId(t.id)) };
  const index = new EffectiveIndex({ ...found, grants });
  // docs/evidence.md, "Correct cells": moot grants flagged; with files, whether they govern each grant and when they end it.
  const files = desired && filesGrants(desired, organizationRead(organization, read));
  const cells = cellsWithFacts(index, index.all(), files);
  // The people as the plan leaves them (--after), for the report by person and the policies that read them.
  const peopleAfterPlan = people && peopleAfter(people, plan ? changesOf(plan.changes, 'member') : []);
  const violations = violationsIn(desired, { ...read, teams }, grants, request.run.now, peopleAfterPlan);
  const projects = new Map(found.projects.map((p) => [p.id, p]));
  const workspaces = found.workspaces.map((w) => {
    const project = w.projectId === undefined ? undefined : projects.get(w.projectId);
    return project ? { ...w, project } : w;
  });
  const scope = scopeOf({ paths: request.paths, ...request.selection, ...(by === 'person' ? { people: request.selection.people ?? [] } : {}) });
  // A workspace in a project the token cannot list: what that project's grants give there is not counted.
  const unlisted = found.workspaces.filter((w) => w.projectId !== undefined && !projects.has(w.projectId));
  // docs/evidence.md, "What complete means": the populations are proven whole, never taken as whole.
  const population = populationReasons(live.viewer, read.projects.length + read.workspaces.length);
  const whole = {
    organization,
    state: request.after ? 'after' : 'live',
    generatedAt,
    ...found,
    workspaces,
    cells,
    violations,
    coverage: withReasons(coverageOf(live, unlisted.map(workspaceName)), population),
    scope,
    // Every team's cells, the teams the report hides included: a person has what all their teams have.
    ...(peopleAfterPlan && by === 'person'
      ? { people: reportPeople(peopleAfterPlan, found.teams, cells, (c) => index.sourcesOf(c.team.id, c.target.type, c.target.id)) }
      : {}),
  } as const;
  const selected = selectReport(whole, request.selection);
  // --after: what the plan changes, the live cells against those once applied (docs/evidence.md, "Changes marked"),
  // each side with the facts the report's cells carry (moot, managed), so a change says what the report says.
  const liveIndex = plan && new EffectiveIndex({ ...read, grants: liveGrants });
  const changes = liveIndex ? cellChanges(cellsWithFacts(liveIndex, liveIndex.all(), files), cells) : undefined;
  const report = changes ? { ...selected, changed: changesShown(changes, selected, request.selection.teams.length > 0) } : selected;
  // What the report could not see of the targets it shows: a grant of an unseen team elsewhere does not make it partial.
  const shown = new Set([...report.projects.map((p) => p.id), ...report.workspaces.map((w) => w.id)]);
  const coverage = withReasons(
    coverageOf({ ...live, targets: new Map([...live.targets].filter(([id]) => shown.has(id))) }, unlisted.filter((w) => shown.has(w.id)).map(workspaceName)),
    population,
  );
  // docs/evidence.md, "Who can": the asked question's answer and every question's, one computation (effective/can.ts).
  return { ...report, coverage, answers: canAnswers(report, index), ...(request.can ? { can: canAnswer(request.can, report, index) } : {}) };
}
