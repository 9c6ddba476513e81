// The live state of every managed target. One list call per target (all pages), or, for the
// workspaces, when the server can and it is cheaper, one per team (docs/connecting.md, "Reading by team":
// read-strategy.ts chooses, by-team.ts reads and checks, and any doubt about the server's answers
// reads by target instead, from scratch). Bounded concurrency and a progress callback. A target
// whose grants can't be read fails the whole read: a 404 or 401 read as "no grants" would make the
// plan add or remove access that is fine.

import { isRemoteError } from '../api/errors/remote-error.js';
import { WireFormatError } from '../api/errors/wire-format-error.js';
import { DEFAULT_CONCURRENCY } from '../core/defaults.js';
import type { TokenIdentity } from '../core/identity.js';
import type { LiveRequest } from '../core/live-request.js';
import type { GrantRead, LiveGrant, LiveState, LiveTarget, ReadBy, ReadStrategy, Team, Viewer, Workspace } from '../core/model.js';
import { liveTarget, type ReadTarget } from '../core/organization.js';
import { printable, quote } from '../core/printable.js';
import { viewerOf } from '../core/viewer.js';
import { blindEverywhere, blindSpots, targetsOf } from './blind-spots.js';
import { ByTeamLeft, readByTeam, type TeamGrantLister } from './by-team.js';
import { type GrantLister, listTargets, ReadProgress } from './list-targets.js';
import { chooseByTeam, estimateRead, listsOf, type ReadEstimate } from './read-strategy.js';

export interface ReadOptions {
  /** Targets read at the same time (the client bounds its own requests too). */
  readonly concurrency?: number;
  /** Called after each target (or team) is read: (done, total). */
  readonly onProgress?: (done: number, total: number) => void;
  /** `--read-by`: `auto` (the default) chooses by the estimates of read-strategy.ts. */
  readonly readBy?: ReadBy;
  /** Told once, in one line, when reading by team is given up for reading by target. */
  readonly onNotice?: (line: string) => void;
}

/** What reading by team needs besides: the client has it all; a fake without it reads by target. */
export type ByTeamReader = GrantLister & TeamGrantLister & { listWorkspaces(organization: string): Promise<readonly Workspace[]> };

/** Who the token is (docs/api.md, "Account details"): the client asks once per run; a lister without it (a test's fake) reads as a token the server did not identify. */
export interface IdentityReader {
  accountDetails(): Promise<TokenIdentity | undefined>;
}

/** The token in a few words, for a line that says why it reads as it does. */
export function tokenPhrase(viewer: Viewer): string {
  const identity = viewer.identity;
  if (!identity) return 'the server did not say who the token is';
  const own = viewer.teams[0];
  if (identity.kind === 'team') return `the token is team ${printable(quote(own?.name ?? identity.resourceId))}'s, not an owner's`;
  if (identity.kind === 'user') return `the token is user ${printable(quote(identity.username))}'s, who is not in the owners team`;
  if (identity.kind === 'organization') return `the token is organization ${printable(quote(identity.resourceId))}'s, not this organization's`;
  return "the token is a run's, not an owner's";
}

/**
 * Reading by team lists the grants of the teams the token sees, so it misses a secret team's grant
 * that a list per workspace shows to a token managing team access there (docs/api.md, "Seed:
 * authentication" 3): only a token that sees every team reads by team, and the plan is the same
 * either way (docs/connecting.md, "Reading by team").
 */
/** docs/connecting.md, "Reading by team": a server with no by-team listing at all is no fault; one quiet line says how it is read. */
export const BY_TARGET_NOTICE = 'reading by target: this server has no by-team listing (404)';

const byTeamBlind = (viewer: Viewer): string => `${tokenPhrase(viewer)}, so a read by team could miss the grants of secret teams it cannot see`;

const canReadByTeam = (client: GrantLister): client is ByTeamReader => 'teamGrantsPage' in client && 'restOfTeamGrants' in client && 'listWorkspaces' in client;
const sentBy = (client: GrantLister): number => client.requestsSent?.() ?? 0;

/** The team the probe asks for: the one the files give the most workspace grants, so that its answer has grants to check. */
function probeTeam(request: LiveRequest, workspaces: readonly ReadTarget[]): Team {
  const counts = new Map<string, number>();
  for (const grant of workspaces.flatMap((t) => request.expected.get(t.id) ?? [])) counts.set(grant.team, (counts.get(grant.team) ?? 0) + 1);
  const teamsByName = new Map(request.teams.map((t) => [t.name, t]));
  const busiest = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => teamsByName.get(name))
    .find((t) => t !== undefined);
  return busiest ?? (request.teams[0] as Team);
}

interface WorkspaceRead {
  readonly targets: readonly LiveTarget[];
  readonly unmanaged: ReadonlyMap<string, readonly LiveGrant[]>;
}

async function workspacesByTeam(
  client: ByTeamReader,
  request: LiveRequest,
  workspaces: readonly ReadTarget[],
  budget: number,
  run: { concurrency: number; progress: ReadProgress },
): Promise<WorkspaceRead> {
  // Every grant read by team is checked against the organization's workspaces (`--read-by team` lists them when resolution did not).
  const list = request.workspaces ?? (await client.listWorkspaces(request.organization));
  const workspaceIds = new Set(list.map((w) => w.id));
  const outside = workspaces.find((t) => !workspaceIds.has(t.id));
  if (outside) throw new ByTeamLeft(`workspace ${printable(outside.id)} is not in the organization's workspace list`);
  const byTeam = {
    teams: request.teams,
    probe: probeTeam(request, workspaces),
    workspaceIds,
    budget,
    concurrency: run.concurrency,
    onTeam: () => run.progress.step(),
  };
  const grants = await readByTeam(client, byTeam);
  const managed = new Set(workspaces.map((t) => t.id));
  return { targets: workspaces.map((t) => liveTarget(t, grants.get(t.id) ?? [])), unmanaged: new Map([...grants].filter(([id]) => !managed.has(id))) };
}

/** The token's identity, or undefined: the server has no account details, or refused them (a rejected token fails the first list as it always did). */
async function identityOf(client: GrantLister): Promise<TokenIdentity | undefined> {
  if (!('accountDetails' in client)) return undefined;
  try {
    return await (client as IdentityReader).accountDetails();
  } catch (error: unknown) {
    if (isRemoteError(error) || error instanceof WireFormatError) return undefined;
    throw error;
  }
}

/** The client when the workspaces are read by team; when that was wanted but not started, why (said when asked for by name). */
function byTeamChoice(
  client: GrantLister,
  request: LiveRequest,
  options: ReadOptions,
  viewer: Viewer,
  estimate: ReadEstimate,
): { byTeam?: ByTeamReader; fallback?: string } {
  const wanted = canReadByTeam(client) && chooseByTeam(options.readBy ?? 'auto', request, estimate);
  if (!wanted) return {};
  if (!blindEverywhere(viewer)) return { byTeam: client };
  const fallback = byTeamBlind(viewer);
  // Asked for by name, it is said; chosen by the estimate, the JSON plan says it (read.fallback).
  if (options.readBy === 'team')
    options.onNotice?.(`reading the workspace grants by team was not started: ${fallback}; reading one list per workspace instead.`);
  return { fallback };
}

/** The workspaces read by team, or undefined with the reason when the read gave up (then read by target). */
async function tryByTeam(
  client: ByTeamReader,
  request: LiveRequest,
  workspaces: readonly ReadTarget[],
  options: ReadOptions,
  run: { concurrency: number; progress: ReadProgress },
): Promise<{ read?: WorkspaceRead; fallback?: string }> {
  try {
    // `--read-by team` reads on whatever the first pages say it costs.
    const budget = options.readBy === 'team' ? Infinity : listsOf(workspaces, request.expected);
    return { read: await workspacesByTeam(client, request, workspaces, budget, run) };
  } catch (error: unknown) {
    if (!(error instanceof ByTeamLeft)) throw error;
    options.onNotice?.(
      error.unlisted ? BY_TARGET_NOTICE : `reading the workspace grants by team was given up: ${error.reason}; reading one list per workspace instead.`,
    );
    run.progress.restart(request.targets.length);
    return { fallback: error.reason };
  }
}

export async function readLive(client: GrantLister, request: LiveRequest, options: ReadOptions = {}): Promise<LiveState> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  // Who reads decides what can be read by team; asked before the grant read's count starts (it reads no grant).
  const viewer = viewerOf(await identityOf(client), request.organization, request.teams);
  const before = sentBy(client);
  const estimate = estimateRead(request);
  const workspaces = request.targets.filter((t) => t.type === 'workspace');
  const projects = request.targets.filter((t) => t.type === 'project');
  const choice = byTeamChoice(client, request, options, viewer, estimate);
  const progress = new ReadProgress(projects.length + (choice.byTeam ? request.teams.length : workspaces.length), options.onProgress);
  const { read, fallback } = choice.byTeam
    ? await tryByTeam(choice.byTeam, request, workspaces, options, { concurrency, progress })
    : { read: undefined, fallback: choice.fallback };
  const listed = await listTargets(client, read ? projects : request.targets, concurrency, progress);
  const again = read ? await readBlindSpots(client, viewer, read, listed, { targets: workspaces, concurrency, progress }) : undefined;
  const byId = new Map([...listed, ...(read?.targets ?? []), ...(again?.targets ?? [])].map((t) => [t.id, t]));
  const strategy: ReadStrategy = read ? 'by-team' : 'by-target';
  const report: GrantRead = { strategy, requests: sentBy(client) - before, estimate, ...(fallback === undefined ? {} : { fallback }) };
  return {
    organization: request.organization,
    teams: new Map(request.teams.map((t) => [t.id, t])),
    targets: new Map(request.targets.map((t) => [t.id, byId.get(t.id) as LiveTarget])),
    read: report,
    viewer,
    // Served again to the policies' and effective changes' reads only when nothing was hidden from it.
    ...(read && viewer.seesEveryTeam ? { unmanagedWorkspaceGrants: read.unmanaged } : {}),
    ...(again && again.projects.size > 0 ? { projectGrantsRead: again.projects } : {}),
  };
}

/** The workspaces a read by team may have seen only in part for this token, read again by target (blind-spots.ts), and the projects' lists read to find them. */
async function readBlindSpots(
  client: GrantLister,
  viewer: Viewer,
  read: WorkspaceRead,
  projects: readonly LiveTarget[],
  run: { targets: readonly ReadTarget[]; concurrency: number; progress: ReadProgress },
): Promise<{ targets: LiveTarget[]; projects: ReadonlyMap<string, readonly LiveGrant[]> }> {
  const { spots, projects: listedProjects } = await blindSpots(client, viewer, read.targets, projects);
  if (spots.length === 0) return { targets: [], projects: listedProjects };
  run.progress.extend(spots.length);
  return { targets: await listTargets(client, targetsOf(run.targets, spots), run.concurrency, run.progress), projects: listedProjects };
}
