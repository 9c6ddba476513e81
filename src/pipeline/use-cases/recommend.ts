// The recommend use case (docs/recommend.md): the organization read as the report reads it (teams,
// projects, workspaces, every grant the token sees), its people, and the runs of the window from
// the runs index, and with an audit trail that covers the window its reads of state and variables
// (reads/usage-reads.ts) -> the rule (effective/recommend.ts) over the grants the files manage
// (every grant read, without files) -> the proposals with their evidence. Reads only; the command prints.
import { proposalsInFiles } from '../../adopt/recommend-edit.js';
import type { TfeClient } from '../../api/client.js';
import { isRemoteError } from '../../api/errors/remote-error.js';
import type { FileEdit } from '../../core/adoption.js';
import type { AuditEvent } from '../../core/audit.js';
import type { Coverage } from '../../core/coverage.js';
import type { FilesState } from '../../core/desired-state.js';
import { DAY_MS } from '../../core/expiry.js';
import { type LiveGrant, type LiveState, RESOURCE_OF, type Team } from '../../core/model.js';
import type { OrganizationRead } from '../../core/organization.js';
import type { LivePeople } from '../../core/person.js';
import type { Recommendation } from '../../core/recommendation.js';
import type { RunsRead, UsageRun } from '../../core/usage.js';
import { reuseOf, runsCoverageOf, type UsageReuse } from '../../core/usage-coverage.js';
import { mergeUsage, type RunsCoverage, readFrom, type UsageLog, usageLogText } from '../../core/usage-log.js';
import { coverageOf, populationReasons, withReasons } from '../../diff/completeness.js';
import { grantsMadeSince } from '../../effective/grant-ages.js';
import { type MinAccess, recommend } from '../../effective/recommend.js';
import { CLIError } from '../../errors.js';
import { readPeople } from '../../live/people.js';
import { readUsageLog, writeUsageLog } from '../../live/usage-log.js';
import { desiredFromFiles } from '../disk/files.js';
import { writeEdits } from '../disk/write-edits.js';
import { readsFromTrail } from '../reads/usage-reads.js';
import { openAuditTrail } from '../run/audit-trail.js';
import { type ReadChoices, type RunConnection, type RunOptions, withClient, withClock } from '../run/request.js';
import { type RunControl, underControl } from '../run/run-control.js';
import { readFiles } from './adopt.js';
import { readOrganization } from './report.js';

/** docs/api.md, "Runs index": the index reaches back 12 months (`filter[timeframe]=year`). */
export const MAX_WINDOW_DAYS = 365;

export interface RecommendRequest {
  readonly paths: string[];
  readonly cwd: string;
  readonly connection: RunConnection;
  readonly run?: RunOptions;
  readonly read: ReadChoices;
  /** `--organization` (else TFE_ORGANIZATION, read by the command); must agree with the files. */
  readonly organization: string | undefined;
  /** `--window`, in days (1 to 365). */
  readonly windowDays: number;
  readonly custom: boolean;
  /** The runs index's requests a minute (default 30: docs/api.md, "Runs index"). */
  readonly runsPerMinute?: number;
  /** Told after each page of the runs index: pages and runs read so far, the oldest run's creation, and where the read stops (epoch ms). */
  readonly onRunsPage?: (pages: number, runs: number, reached: string | undefined, since: number) => void;
  /** `--usage-log FILE`: the runs kept from earlier reads; only what is new is read, and the file is replaced by the merge. */
  readonly usageLog?: string;
}

function organizationOf(desired: FilesState | undefined, named: string | undefined): string {
  if (desired && named !== undefined && named !== desired.organization)
    throw new CLIError(`--organization "${named}" is not the organization of the files ("${desired.organization}"): leave one out.`);
  const organization = desired?.organization ?? named;
  if (!organization) throw new CLIError('which organization? Pass --organization ORG, set TFE_ORGANIZATION, or name the desired-state files.');
  return organization;
}

/** The grants the files list (by target type and name and team name), as read; every grant read without files. */
function judgedGrants(grants: readonly LiveGrant[], org: OrganizationRead, desired: FilesState | undefined): LiveGrant[] {
  if (!desired) return [...grants];
  const listed = new Set(desired.targets.flatMap((t) => t.grants.map((g) => `${RESOURCE_OF[t.type]}\u0000${t.name}\u0000${g.team}`)));
  const names = new Map([...org.projects, ...org.workspaces].map((t) => [t.id, t.name]));
  const teams = new Map(org.teams.map((t) => [t.id, t.name]));
  return grants.filter((g) => listed.has(`${g.resource}\u0000${names.get(g.targetId) ?? ''}\u0000${teams.get(g.teamId) ?? ''}`));
}

/** The policies' `min-access` rules, each on its kind of target. */
function minAccessOf(desired: FilesState | undefined): MinAccess[] {
  return (desired?.policies ?? []).flatMap((p) =>
    p.type !== 'organization' && p.rule.kind === 'min-access' ? [{ team: p.rule.team, resource: RESOURCE_OF[p.type], level: p.rule.access }] : [],
  );
}

/** A runs index refused (404: a server without it, or a token that may not list it; 403): no usage evidence, so no proposal, in one line. */
function refused(error: unknown, organization: string): unknown {
  if (!isRemoteError(error, 404) && !isRemoteError(error, 403)) return error;
  return new CLIError(
    `the runs index of "${organization}" answered ${error.status} (a server without it, or a token that may not read it): no usage evidence, so no proposal was made (docs/recommend.md, "What it cannot see").`,
  );
}

/** The memberships refused (404 or 403: a token that may not list them, such as most teams'): a run's user is no one, so no proposal, in one line. */
function membershipsRefused(error: unknown, organization: string): unknown {
  if (!isRemoteError(error, 404) && !isRemoteError(error, 403)) return error;
  return new CLIError(
    `the memberships of "${organization}" answered ${error.status} (a token that may not list them: an owner's, the organization's or one with manage-membership may): a run's user cannot be told to a person or a team, so no proposal was made (docs/recommend.md, "What it cannot see").`,
  );
}

const TRAIL_DAYS = 14;

/** What the audit trail told: grants made inside the window, reads when it covered the window whole, and what is still not known. */
interface TrailFacts {
  readonly recent: Set<string>;
  /** The window's events, when the trail covered the window whole (it keeps 14 days): reads are then counted. */
  readonly events?: readonly AuditEvent[];
  readonly notRead: string[];
}

/**
 * The grants made inside the window as the audit trail shows them (through the audit token, when
 * there is one), its events when it covers the whole window, and what is still not known: without
 * the trail `reads` and `grant-ages`; when the window reaches past the trail's 14 days
 * `reads-before-trail` and `grant-ages-before-trail`.
 */
async function trailFacts(connection: RunConnection, control: RunControl, window: { from: number; to: number }, teams: readonly Team[]): Promise<TrailFacts> {
  const none: TrailFacts = { recent: new Set(), notRead: ['reads', 'grant-ages'] };
  const trail = openAuditTrail(connection, control);
  if (trail.kind === 'none') return none;
  try {
    const since = Math.max(window.from, window.to - TRAIL_DAYS * DAY_MS);
    const read = await trail.reader.readAuditTrail(new Date(since).toISOString(), control.signal);
    if (read.kind === 'unavailable') return none;
    const recent = grantsMadeSince(read.events, teams, window.from);
    return since > window.from ? { recent, notRead: ['reads-before-trail', 'grant-ages-before-trail'] } : { recent, events: read.events, notRead: [] };
  } finally {
    await trail.close();
  }
}

export async function recommendAccess(unclocked: RecommendRequest): Promise<Recommendation> {
  const request = withClock(unclocked);
  if (!Number.isInteger(request.windowDays) || request.windowDays < 1 || request.windowDays > MAX_WINDOW_DAYS)
    throw new CLIError(`--window must be 1d to ${MAX_WINDOW_DAYS}d: the runs index reaches back 12 months.`);
  const desired = request.paths.length > 0 ? await desiredFromFiles(request.paths, request.cwd, request.run.now) : undefined;
  const organization = organizationOf(desired, request.organization);
  // Before any request: a file that is not a usage log costs nothing.
  const logged = request.usageLog === undefined ? undefined : await readUsageLog(request.usageLog, request.cwd, organization);
  request.run.afterLoad?.();
  return underControl(request.run, (control) =>
    withClient(request.connection, control, (client) => recommendWith(client, organization, desired, { ...request, control, logged })),
  );
}

/** The runs index from `since`, paced at its limit, the progress told after each page. */
function readRunsOf(
  client: TfeClient,
  organization: string,
  since: number,
  request: Pick<RecommendRequest, 'runsPerMinute' | 'onRunsPage'> & { readonly signal: AbortSignal },
): Promise<RunsRead> {
  const { onRunsPage } = request;
  return client.readRuns(organization, {
    since,
    signal: request.signal,
    ...(request.runsPerMinute !== undefined ? { perMinute: request.runsPerMinute } : {}),
    ...(onRunsPage ? { onPage: (pages: number, runs: number, reached: string | undefined) => onRunsPage(pages, runs, reached, since) } : {}),
  });
}

type RecommendRun = RecommendRequest & { readonly run: RunOptions & { now: number }; readonly control: RunControl; readonly logged: UsageLog | undefined };

/**
 * The organization with its people, and the runs index from `since`, side by side: the index paces
 * itself at its own limit (30 a minute), so the organization is read meanwhile and the whole takes
 * the index's floor and hardly more (docs/performance.md, "recommend"). A failed organization read
 * stops the index's paging; a refused index is one line.
 */
async function organizationAndRuns(client: TfeClient, organization: string, desired: FilesState | undefined, request: RecommendRun, since: number) {
  const stop = new AbortController();
  const [orgRead, runsRead] = await Promise.allSettled([
    readOrganization(client, organization, request, desired)
      .then(async (read) => ({
        ...read,
        people: await readPeople(client, organization, read.org.teams).catch((error: unknown) => {
          throw membershipsRefused(error, organization);
        }),
      }))
      .catch((error: unknown) => {
        stop.abort(error);
        throw error;
      }),
    readRunsOf(client, organization, since, { ...request, signal: AbortSignal.any([request.control.signal, stop.signal]) }),
  ]);
  if (orgRead.status === 'rejected') throw orgRead.reason;
  if (runsRead.status === 'rejected') throw refused(runsRead.reason, organization);
  return { ...orgRead.value, read: runsRead.value };
}

/** The organization and people read, beside the runs index from `from`, or from where a kept log ends. */
async function organizationAndUsage(client: TfeClient, organization: string, desired: FilesState | undefined, request: RecommendRun, from: number) {
  if (request.logged === undefined) {
    const both = await organizationAndRuns(client, organization, desired, request, from);
    return { ...both, reuse: usageReuse(request, runsCoverageOf(both.live.viewer, both.org.workspaces)) };
  }
  // What of the log may be reused depends on what the token sees now (core/usage-coverage.ts): the
  // organization first, then the runs index from where the reused log ends (a page or two).
  const read = await readOrganization(client, organization, request, desired);
  const people = await readPeople(client, organization, read.org.teams).catch((error: unknown) => {
    throw membershipsRefused(error, organization);
  });
  const reuse = usageReuse(request, runsCoverageOf(read.live.viewer, read.org.workspaces));
  const runs = await readRunsOf(client, organization, readFrom(reuse.log, from), { ...request, signal: request.control.signal }).catch((error: unknown) => {
    throw refused(error, organization);
  });
  return { ...read, people, read: runs, reuse };
}

async function recommendWith(client: TfeClient, organization: string, desired: FilesState | undefined, request: RecommendRun): Promise<Recommendation> {
  const to = request.run.now;
  const from = to - request.windowDays * DAY_MS;
  const { org, live, people, read, reuse } = await organizationAndUsage(client, organization, desired, request, from);
  const merged = mergeUsage(reuse.log?.runs ?? [], read.runs, from);
  const trail = await trailFacts(request.connection, request.control, { from, to }, org.teams);
  const known = request.logged?.stateVersions ?? new Map<string, string | null>();
  const reads = trail.events === undefined ? undefined : await readsFromTrail(client, trail.events, from, known);
  if (request.usageLog !== undefined) {
    const kept = {
      organization,
      coversFrom: new Date(from).toISOString(),
      readTo: new Date(to).toISOString(),
      coverage: reuse.coverage,
      ...merged,
      stateVersions: reads?.stateVersions ?? known,
    };
    await writeUsageLog(request.usageLog, request.cwd, usageLogText(kept));
  }
  const runs: UsageRun[] = merged.runs.filter((r) => Date.parse(r.createdAt) <= to);
  const grants = [...live.targets.values()].flatMap((t) => t.grants);
  const { proposals, unattributed } = recommend({
    organization: { teams: org.teams, projects: org.projects, workspaces: org.workspaces, grants },
    people: people.people,
    runs,
    grants: judgedGrants(grants, org, desired),
    custom: request.custom,
    ignoreTeams: new Set(desired?.settings.ignoreTeams ?? []),
    minAccess: minAccessOf(desired),
    recent: trail.recent,
    ...(reads ? { reads: reads.reads } : {}),
    ...(desired?.dismissals ? { dismissals: desired.dismissals } : {}),
    now: to,
  });
  return {
    organization,
    window: { days: request.windowDays, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    custom: request.custom,
    sources: {
      runsIndex: { pages: read.pages, runs: runs.length, ...(reuse.log ? { logged: reuse.log.runs.length } : {}) },
      notRead: [...(reads !== undefined && reads.unmapped > 0 ? ['reads-unmapped'] : []), ...trail.notRead],
      unattributed,
    },
    coverage: recommendCoverage(live, people, org),
    proposals,
  };
}

/**
 * What of the kept log this read may reuse (docs/recommend.md, "Keep what was read"): none when the
 * log's read saw less than this one or did not say (one line says the whole window is read again),
 * else its runs on the workspaces this read sees; and this read's coverage, which the log keeps.
 */
function usageReuse(
  request: Pick<RecommendRequest, 'usageLog' | 'run'> & { readonly logged: UsageLog | undefined },
  coverage: RunsCoverage,
): UsageReuse & { readonly coverage: RunsCoverage } {
  const reuse = reuseOf(request.logged, coverage);
  if (reuse.note !== undefined) request.run?.onNotice?.(`--usage-log ${request.usageLog ?? ''}: ${reuse.note}.`);
  return { ...reuse, coverage };
}

/**
 * What the read could not see (docs/recommend.md, "What it cannot see"): the grants of teams the
 * token cannot see, a person's membership of such a team, and lists not proven whole, as a report
 * says them. Nothing is proposed about a grant not read.
 */
function recommendCoverage(live: LiveState, people: LivePeople, org: OrganizationRead): Coverage {
  return withReasons(coverageOf({ ...live, people }), populationReasons(live.viewer, org.projects.length + org.workspaces.length));
}

/** What `--write` did: the files edited, and each proposal that could not be written, with why. */
export interface RecommendWritten {
  readonly edits: readonly FileEdit[];
  readonly notWritten: readonly string[];
}

/**
 * `--write` (docs/recommend.md, "Proposals as a pull request"): the lowerings and removals written
 * into the files by adopt's editor (adopt/recommend-edit.ts), all files or none (disk/write-edits.ts).
 */
export async function writeRecommendation(paths: string[], cwd: string, recommendation: Recommendation): Promise<RecommendWritten> {
  if (paths.length === 0) throw new CLIError('--write edits the desired-state files: name them (PATHS).');
  const { state, files } = await readFiles(paths, cwd);
  const adopted = proposalsInFiles({ files, state }, recommendation.proposals);
  writeEdits(cwd, adopted.adoption.edits, undefined, { reader: 'recommend', again: 'recommend --write' });
  return { edits: adopted.adoption.edits, notWritten: adopted.adoption.notAdopted.map((n) => n.detail) };
}
