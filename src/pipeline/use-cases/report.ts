// The report use case: list teams, projects and workspaces -> read the grants of every project and
// workspace -> (with --after: plan the files against what was read, apply the plan in memory) ->
// effective access -> the selection. The command only parses flags and prints.

import type { TfeClient } from '../../api/client.js';
import type { IndirectListsRead } from '../../api/indirect.js';
import { collectNames, settle } from '../../assemble/names.js';
import { type PlanResult, type PlanStage, planOver } from '../../assemble/plan-over.js';
import { type PolicyCheck, type PolicyVerdict, policyEnds, policyListProblems, violationsOf } from '../../assemble/policies.js';
import { EVERY_TARGET } from '../../assemble/targets.js';
import { newerPermissions, type Resource } from '../../core/access.js';
import type { CanQuestion, ReachGap } from '../../core/can.js';
import type { IncompleteReason } from '../../core/coverage.js';
import { indirectUnreadOf } from '../../core/derived.js';
import type { FilesState } from '../../core/desired-state.js';
import type { IndirectRead, ProjectReachRead, ReachQuestion, WorkspaceReachRead } from '../../core/indirect.js';
import type { LiveGrant, LiveState, Project, Team, Workspace } from '../../core/model.js';
import type { OrganizationRead } from '../../core/organization.js';
import type { LivePeople } from '../../core/person.js';
import { changesOf, grantChanges, type Plan } from '../../core/plan.js';
import { targetPolicies } from '../../core/policy.js';
import type { Report, ReportTokens } from '../../core/report.js';
import { firstReads, listKey, type RunReads } from '../../core/run-reads.js';
import { scopeOf } from '../../core/scope.js';
import type { ServerInfo } from '../../core/server.js';
import { namesTags } from '../../core/set-criteria.js';
import { isPendingTeamId } from '../../core/teams.js';
import type { ListedTokens } from '../../core/token-policy.js';
import { coverageOf, populationReasons, unevaluatedReasons, withReasons } from '../../diff/completeness.js';
import { supportOf } from '../../diff/support.js';
import { namedTokens } from '../../diff/token-policy.js';
import { grantsAfter, type IdentifiedGrant } from '../../effective/after.js';
import { EffectiveIndex } from '../../effective/compute.js';
import { derivedAccess } from '../../effective/derived.js';
import { reportPeople } from '../../effective/people.js';
import { peopleAfter } from '../../effective/people-after.js';
import type { ReachInput } from '../../effective/reach.js';
import { teamsAfter } from '../../effective/teams-after.js';
import { CLIError } from '../../errors.js';
import type { Expanded } from '../../expand/expand.js';
import { readPeople } from '../../live/people.js';
import { readLive } from '../../live/read-live.js';
import { teamsOfOrganization } from '../../lookup/teams.js';
import { desiredFromFiles } from '../disk/files.js';
import { satisfy } from '../reads/gather.js';
import { cellChanges, changesShown } from '../report-steps/report-changed.js';
import { type ExtractionFacts, extractionFacts } from '../report-steps/report-extraction.js';
import { canAnswer, canAnswers, canInputOf, cellsWithFacts, filesGrants, powerAnswer } from '../report-steps/report-facts.js';
import { type ReportBy, readsPeople } from '../report-steps/report-people.js';
import { type ReachRead, reachQuestionAnswer, readEdges, withReaches } from '../report-steps/report-reach.js';
import { type ReportSelection, selectReport } from '../report-steps/report-selection.js';
import { type ClockedRun, liveReadOptions, type ReadChoices, type RunConnection, type RunOptions, withClient, withClock } from '../run/request.js';
import { underControl } from '../run/run-control.js';
import { selectExportTargets } from './export.js';

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
  /** Told what the run learned of its extraction (`report --evidence`: pipeline/use-cases/evidence.ts), once the read is done. */
  readonly onExtraction?: (facts: ExtractionFacts) => void;
  /** `--can PERMISSION` (docs/evidence.md, "Who can"): the question, found by the command (core/can.ts, findQuestion). */
  readonly can?: CanQuestion;
  /** `--can FLAG` of an organization power (docs/evidence.md, "Who holds an organization power"): the flag, checked by the command (core/team-flags.ts). */
  readonly power?: string;
  /** `--can varset:NAME | outputs:WORKSPACE | agent-pool:NAME | stack:NAME` (docs/effective-access.md, "Indirect access"): read the edges and answer it. */
  readonly reach?: ReachQuestion;
  /**
   * docs/effective-access.md, "Indirect access": read the edges (variable sets, remote-state sharing,
   * agent pools, Stacks) and give each cell its "reaches through" entries. `report` asks it unless
   * `--no-indirect`; a `--can` question of indirect access reads them either way.
   */
  readonly indirect?: boolean;
  /**
   * Evidence bundles, unless `--no-indirect` (docs/evidence.md, "Derived rows"): read the edges of
   * indirect access and give every derived row, what the read could not see in the coverage.
   */
  readonly derived?: boolean;
  /** `--tokens`, and every evidence bundle: the tokens the caller can list (docs/effective-access.md, "Tokens"). */
  readonly tokens?: boolean;
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
 * and their sets expanded against (assemble/names.ts), as a plan does after its lookups.
 */
function organizationRead(organization: string, teams: readonly Team[], projects: readonly Project[], listed: WorkspacesListed): OrganizationRead {
  const { workspaces } = listed;
  const catalog = { projects, workspaces, complete: true, keyValueTags: listed.keyValueTags === true };
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

/** The workspaces, whether they came with their key-value tags (asked for when a set matches tags), and each one's sharing and execution when the edges are read. */
interface WorkspacesListed {
  readonly workspaces: readonly Workspace[];
  readonly keyValueTags?: boolean;
  readonly reach?: readonly WorkspaceReachRead[];
}

/** Every workspace; with the key-value tags when a set or policy of the files matches tags (the same pages), else with the settings the edges need when they are read (the same pages). */
async function workspacesOf(client: TfeClient, organization: string, desired: FilesState | undefined, indirect: boolean): Promise<WorkspacesListed> {
  const matches = [...(desired?.sets ?? []), ...targetPolicies(desired?.policies ?? [])].map((m) => m.match);
  if (matches.some(namesTags)) return client.listTaggedWorkspaces(organization, { keyValueTags: true });
  return indirect ? client.listWorkspacesWithReach(organization) : { workspaces: await client.listWorkspaces(organization) };
}

/** The organization's lists whole and every target's grants, as the report reads them (`recommend` reads the same). */
export async function readOrganization(
  client: TfeClient,
  organization: string,
  request: Pick<ReportRequest, 'read' | 'run' | 'indirect'>,
  desired: FilesState | undefined,
): Promise<{ org: OrganizationRead; live: LiveState; reach?: IndirectListsRead }> {
  await client.serverInfo(); // once per run: a lower rate limit is heeded before the lists
  // Teams first: an address without them says so before anything else is read (lookup/teams.ts).
  const teams = await teamsOfOrganization(client, desired ?? { organization });
  const [projects, workspaces] = await Promise.all([
    projectsOf(client, organization, request.indirect === true),
    workspacesOf(client, organization, desired, request.indirect === true),
  ]);
  const org = organizationRead(organization, teams, projects.projects, workspaces);
  // Every project and workspace: the workspaces by team when the server can and it is cheaper (docs/connecting.md, "Reading by team").
  const everything = { ...selectExportTargets(organization, org, { all: true, projects: [], workspaces: [] }), workspaces: org.workspaces };
  const live = await readLive(client, everything, liveReadOptions(request.read, request.run));
  const reach = workspaces.reach && projects.reach ? { reach: { workspaces: workspaces.reach, projects: projects.reach } } : {};
  return { org, live, ...reach };
}

/** Every project; with each one's default execution when the edges are read (the same pages). */
async function projectsOf(
  client: TfeClient,
  organization: string,
  indirect: boolean,
): Promise<{ projects: readonly Project[]; reach?: readonly ProjectReachRead[] }> {
  return indirect ? client.listProjectsWithReach(organization) : { projects: await client.listProjects(organization) };
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

/** What the report read: the organization's lists whole, every target's grants, the people when it reads them. */
interface ReportRead {
  readonly org: OrganizationRead;
  readonly live: LiveState;
  readonly liveGrants: readonly LiveGrant[];
  /** docs/effective-access.md, "Indirect access": the edges, when read (report-steps/report-reach.ts). */
  readonly indirect?: IndirectRead;
  readonly reachRead: ReachRead;
}

/** Whether the report reads the edges: by default (`--no-indirect` says not), and for a question of them. */
const readsEdges = (request: ReportRequest): boolean => request.indirect === true || request.derived === true || request.reach !== undefined;

async function readReport(
  client: TfeClient,
  organization: string,
  desired: FilesState | undefined,
  request: ReportRequest & { readonly run: ClockedRun },
): Promise<ReportRead> {
  const edges = readsEdges(request);
  const { org, live: grantsRead, reach } = await readOrganization(client, organization, { ...request, indirect: edges }, desired);
  if (request.onExtraction) request.onExtraction(await extractionFacts(client, organization, org, grantsRead));
  // People only when asked for: a report by team makes the requests it always made.
  const people = readsPeople(request.by ?? 'team', request.after, desired) ? await readPeople(client, organization, org.teams) : undefined;
  const live = people ? { ...grantsRead, people } : grantsRead;
  const reachRead = { org, ...(reach ? { reach } : {}), seesEveryWorkspace: live.viewer?.seesEveryTeam === true };
  const indirect = edges ? await readEdges(client, reachRead, request.read.concurrency) : undefined;
  return { org, live, liveGrants: [...live.targets.values()].flatMap((t) => t.grants), reachRead, ...(indirect ? { indirect } : {}) };
}

/** The access the report shows: as read, or (--after) once the plan is applied. */
interface Shown {
  readonly plan?: Plan;
  readonly grants: readonly IdentifiedGrant[];
  /** Every team, those the plan creates included (the policies see them; the report shows those with an id). */
  readonly teams: readonly Team[];
  readonly people?: LivePeople;
}

async function shownOf(
  client: TfeClient,
  desired: FilesState | undefined,
  read: ReportRead,
  request: ReportRequest & { readonly run: ClockedRun },
): Promise<Shown> {
  const { org, live, liveGrants } = read;
  const plan = request.after && desired ? await planOnRead(client, desired, org, live, { read: request.read, now: request.run.now }) : undefined;
  const grants = plan ? asTheServerKeeps(grantsAfter(liveGrants, grantChanges(plan)), live, await client.serverInfo()) : liveGrants;
  // --after: the teams and the people once the plan's team and member changes are made.
  const teams = teamsAfter(org.teams, plan ? changesOf(plan.changes, 'team') : []);
  const people = live.people && peopleAfter(live.people, plan ? changesOf(plan.changes, 'member') : []);
  return { ...(plan ? { plan } : {}), grants, teams, ...(people ? { people } : {}) };
}

/** The access shown as the policies read a run's managed targets: each target read, with its grants as shown (a grant the plan adds has no id yet). */
function shownLive(live: LiveState, shown: Shown): LiveState {
  const byTarget = new Map<string, LiveGrant[]>();
  for (const grant of shown.grants) {
    const access = grant.access as LiveGrant['access'];
    const list = byTarget.get(grant.targetId) ?? [];
    list.push({ id: grant.id ?? '', resource: grant.resource, teamId: grant.teamId, targetId: grant.targetId, access, extra: {} });
    byTarget.set(grant.targetId, list);
  }
  const targets = new Map([...live.targets].map(([id, target]) => [id, { ...target, grants: byTarget.get(id) ?? [] }] as const));
  const { people: _asRead, ...rest } = live;
  return { ...rest, targets, ...(shown.people ? { people: shown.people } : {}) };
}

/**
 * docs/effective-access.md, "Policies": the files' policies on the access the report shows, through
 * a plan's one policy step (assemble/policies.ts, violationsOf) over the report's reads, checked as
 * they stand (with --after, once the plan is applied). Everything is read already: a target the read
 * did not list counts no grant; the report has no warnings.
 */
async function violationsShown(
  client: TfeClient,
  expanded: Expanded | undefined,
  read: ReportRead,
  shown: Shown,
  request: { read: ReadChoices; now: number },
): Promise<Pick<PolicyVerdict, 'violations' | 'unevaluated' | 'reachUnread'> & { teamTokens?: ListedTokens }> {
  const policies = expanded?.desired.policies ?? [];
  const catalog = read.org.catalog;
  if (!expanded || !catalog || policies.length === 0) return { violations: [] };
  const live = shownLive(read.live, shown);
  const unlisted = [
    ...catalog.projects.map((p) => ({ type: 'project' as const, id: p.id })),
    ...catalog.workspaces.map((w) => ({ type: 'workspace' as const, id: w.id })),
  ];
  const lists = new Map(unlisted.map((t) => [listKey(t), []] as const));
  // The edges the report read already: a max-reach policy does not read them again.
  const reads: RunReads = {
    ...firstReads(await client.serverInfo(), read.org),
    live,
    lists,
    policyLists: catalog,
    ...(read.indirect ? { indirect: read.indirect } : {}),
  };
  const organization = { organization: read.org.organization, teams: shown.teams, catalog };
  const check: PolicyCheck = {
    organization,
    policies,
    live,
    planned: { changes: [] },
    clock: { ends: policyEnds(expanded), now: request.now },
    state: 'live',
    lists: catalog,
  };
  const { value, reads: made } = await satisfy(client, reads, (r) => violationsOf(check, r), { concurrency: request.read.concurrency });
  return {
    violations: value.violations,
    ...(value.unevaluated ? { unevaluated: value.unevaluated } : {}),
    ...(value.reachUnread ? { reachUnread: value.reachUnread } : {}),
    ...(made.teamTokens ? { teamTokens: made.teamTokens } : {}),
  };
}

/** The files over what the report read: their names resolved and their sets expanded, with the policies' names checked (one error naming every problem, as a plan's). */
function expandedFiles(desired: FilesState | undefined, org: OrganizationRead): Expanded | undefined {
  if (!desired) return undefined;
  const collected = collectNames(desired, org);
  return settle(collected, EVERY_TARGET, policyListProblems(collected.expanded, org.catalog));
}

/** The projects the token lists, and each workspace with its project when listed. */
function targetsShown(org: OrganizationRead): { projects: Map<string, Project>; workspaces: Workspace[] } {
  const projects = new Map(org.projects.map((p) => [p.id, p]));
  const workspaces = org.workspaces.map((w) => {
    const project = w.projectId === undefined ? undefined : projects.get(w.projectId);
    return project ? { ...w, project } : w;
  });
  return { projects, workspaces };
}

/** The report's access, its violations and what it could not see, before the selection. */
async function wholeReport(client: TfeClient, read: ReportRead, desired: FilesState | undefined, request: ReportRequest & { readonly run: ClockedRun }) {
  const { org, live } = read;
  const by = request.by ?? 'team';
  const shown = await shownOf(client, desired, read, request);
  const expanded = expandedFiles(desired, org);
  // The report shows the teams with an id (a team the plan creates gets one only when it is applied).
  const teams = shown.teams.filter((t) => !isPendingTeamId(t.id));
  const { projects, workspaces } = targetsShown(org);
  const index = new EffectiveIndex({ teams, projects: org.projects, workspaces: org.workspaces, grants: shown.grants });
  // docs/evidence.md, "Correct cells": moot grants flagged; with files, whether they govern each grant and when they end it.
  const files = expanded && filesGrants(expanded);
  const cells = cellsWithFacts(index, index.all(), files);
  const { violations, unevaluated, reachUnread, teamTokens } = await violationsShown(client, expanded, read, shown, {
    read: request.read,
    now: request.run.now,
  });
  const scope = scopeOf({ paths: request.paths, ...request.selection, ...(by === 'person' ? { people: request.selection.people ?? [] } : {}) });
  // A workspace in a project the token cannot list: what that project's grants give there is not counted.
  const unlisted = org.workspaces.filter((w) => w.projectId !== undefined && !projects.has(w.projectId));
  // docs/evidence.md, "What complete means": the populations are proven whole, never taken as whole.
  // docs/effective-access.md, "Token lifetimes: `max-token-age`": a policy the team tokens could not be listed for was not evaluated, and says so.
  // docs/effective-access.md, "Indirect access": a max-reach policy whose edges were not read whole says so, as a plan's does.
  const unreadReach = reachUnread ? [{ code: 'reach-unread' as const, reach: reachUnread }] : [];
  const population = [...populationReasons(live.viewer, org.projects.length + org.workspaces.length), ...unevaluatedReasons(unevaluated), ...unreadReach];
  const whole = {
    organization: org.organization,
    state: request.after ? 'after' : 'live',
    // The run's clock, read once before the first request: what an evidence manifest's extraction starts at.
    generatedAt: new Date(request.run.now).toISOString(),
    ...{ teams, projects: org.projects, workspaces, cells, violations, scope },
    coverage: withReasons(coverageOf(live, unlisted.map(workspaceName)), population),
    // Every team's cells, the teams the report hides included: a person has what all their teams have.
    ...(shown.people && by === 'person'
      ? { people: reportPeople(shown.people, teams, cells, (c) => index.sourcesOf(c.team.id, c.target.type, c.target.id)) }
      : {}),
  } as const;
  return { whole, shown, index, files, cells, unlisted, population, teamTokens };
}

/** What the walks of indirect access go over: the report's cells, the edges read once, every workspace. */
function reachInput(over: { report: Report; index: EffectiveIndex; read: ReportRead }, indirect: IndirectRead): ReachInput {
  const { org, live } = over.read;
  return { can: canInputOf(over.report, over.index), indirect, workspaces: org.workspaces, seesEveryWorkspace: live.viewer?.seesEveryTeam === true };
}

/** The tokens the caller can list, each team token with its team's name (as a plan names them: diff/token-policy.ts). */
async function reportTokens(client: TfeClient, organization: string, teams: readonly Team[], read?: ListedTokens): Promise<ReportTokens> {
  // The list a max-token-age policy read already, else one read now.
  const listed = read ?? (await client.listTokens(organization));
  const named = namedTokens({ ...listed, policy: { maxTtl: {} } }, new Map(teams.map((t) => [t.id, t])));
  return { tokens: named.tokens, teamTokensListed: listed.teamTokensListed };
}

/** What the one read of the edges could not see (the cells' walks and the derived rows' alike), as one coverage reason (none: read whole). */
function indirectUnread(gaps: readonly ReachGap[]): IncompleteReason[] {
  const unread = indirectUnreadOf(gaps);
  return unread ? [{ code: 'indirect-unread', unread }] : [];
}

async function reportWith(
  client: TfeClient,
  organization: string,
  desired: FilesState | undefined,
  request: ReportRequest & { readonly run: ClockedRun },
): Promise<Report> {
  const read = await readReport(client, organization, desired, request);
  const { whole, shown, index, files, cells, unlisted, population, teamTokens } = await wholeReport(client, read, desired, request);
  const selected = selectReport(whole, request.selection);
  // --after: what the plan changes, the live cells against those once applied (docs/evidence.md, "Changes marked"),
  // each side with the facts the report's cells carry (moot, managed), so a change says what the report says.
  const liveIndex = shown.plan && new EffectiveIndex({ ...read.org, grants: read.liveGrants });
  const changes = liveIndex ? cellChanges(cellsWithFacts(liveIndex, liveIndex.all(), files), cells) : undefined;
  const report = changes ? { ...selected, changed: changesShown(changes, selected, request.selection.teams.length > 0) } : selected;
  // What the report could not see of the targets it shows: a grant of an unseen team elsewhere does not make it partial.
  const seen = new Set([...report.projects.map((p) => p.id), ...report.workspaces.map((w) => w.id)]);
  const { live } = read;
  const coverage = withReasons(
    coverageOf({ ...live, targets: new Map([...live.targets].filter(([id]) => seen.has(id))) }, unlisted.filter((w) => seen.has(w.id)).map(workspaceName)),
    population,
  );
  // docs/effective-access.md, "Tokens": only when asked, so every other report makes the requests it always made.
  const tokens = request.tokens === true ? { tokens: await reportTokens(client, organization, read.org.teams, teamTokens) } : {};
  // docs/effective-access.md, "Indirect access": each cell's entries, and a question of the edges answered over the same read.
  const reached = read.indirect && request.indirect === true ? withReaches(report, index, read.reachRead, read.indirect) : { report, gaps: [] };
  const reach =
    request.reach &&
    read.indirect &&
    reachQuestionAnswer(request.reach, { report, index, read: read.reachRead, indirect: read.indirect, complete: coverage.complete });
  // docs/evidence.md, "Derived rows": the bundle's derived rows over the same edges.
  const derived = request.derived === true && read.indirect ? derivedAccess(reachInput({ report, index, read }, read.indirect)) : undefined;
  // docs/evidence.md, "Who can": the asked question's answer and every question's, one computation (effective/can.ts).
  return {
    ...reached.report,
    coverage: withReasons(coverage, indirectUnread([...reached.gaps, ...(derived?.gaps ?? [])])),
    ...(derived ? { derived } : {}),
    answers: canAnswers(report, index),
    ...(request.can ? { can: canAnswer(request.can, report, index) } : {}),
    ...(request.power ? { canPower: powerAnswer(request.power, report, index) } : {}),
    ...(reach ? { can: reach } : {}),
    ...tokens,
  };
}
