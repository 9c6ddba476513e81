// Reading workspace grants by team (docs/connecting.md, "Reading by team"; docs/api.md, "Listing by team"): one
// probe (`page[size]=1`), then the first page of every team the token sees, then the pages after.
// Nothing the server answers is taken on trust: every grant must be of the team asked for, on a
// workspace of the organization's list, and seen once; every team's answer must carry its
// pagination and its pages must add up (paginate.ts). A failed check or a refusal (4xx) throws
// ByTeamLeft, and the caller reads by target instead, from scratch: no plan is ever made from part
// of an answer. A failure reading by target would meet too (the network, a 5xx, a rejected token,
// a stop) fails the read as it would there.
import pLimit from 'p-limit';
import { isRemoteError } from '../api/errors/remote-error.js';
import { WireFormatError } from '../api/errors/wire-format-error.js';
import { PAGE_SIZE } from '../api/paginate.js';
import type { ListPage } from '../api/translate.js';
import type { LiveGrant, Team } from '../core/model.js';
import { printable, quote } from '../core/printable.js';
import { TeamReadError } from './live-read-error.js';

/** The calls reading by team needs (the client, or a fake in tests). */
export interface TeamGrantLister {
  teamGrantsPage(teamId: string, number: number, size: number): Promise<ListPage<LiveGrant>>;
  restOfTeamGrants(teamId: string, first: ListPage<LiveGrant>): Promise<LiveGrant[]>;
}

/**
 * Reading by team was given up; `reason` says why (the JSON plan). `unlisted`: the probe was
 * answered 404, the server has no by-team listing at all (the seed profile, older servers): no
 * fault, so stderr says it as a quiet line of information, not the reason's words.
 */
export class ByTeamLeft extends Error {
  override readonly name: string = 'ByTeamLeft';
  constructor(
    readonly reason: string,
    readonly unlisted = false,
  ) {
    super(reason);
  }
}

export interface ByTeamRequest {
  /** Every team the token sees. */
  readonly teams: readonly Team[];
  /** The team probed: one the files give workspace grants, so that its answer has one to check. */
  readonly probe: Team;
  /** Every workspace id of the organization. */
  readonly workspaceIds: ReadonlySet<string>;
  /** The pages beyond the first ones worth reading: past it, the rest costs more than reading by target. */
  readonly budget: number;
  readonly concurrency: number;
  /** A team read to its last page. */
  readonly onTeam?: () => void;
}

const name = (team: Team): string => printable(quote(team.name));

/** A refusal or an unreadable answer leaves reading by team; anything else fails as a read by target would. */
async function call<T>(team: Team, request: () => Promise<T>, probing = false): Promise<T> {
  try {
    return await request();
  } catch (error: unknown) {
    if (error instanceof WireFormatError) throw new ByTeamLeft(error.message);
    // 401 (the token) and 429 (still limited after every retry) would fail a read by target alike.
    const refused = isRemoteError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
    if (refused) throw new ByTeamLeft(`the server answered ${error.status} to GET ${printable(error.path)}`, probing && error.status === 404);
    throw new TeamReadError(team, error);
  }
}

function checkGrants(team: Team, grants: readonly LiveGrant[], workspaceIds: ReadonlySet<string>): void {
  for (const grant of grants) {
    const id = printable(grant.id);
    if (grant.resource !== 'team-workspaces' || grant.teamId !== team.id) {
      throw new ByTeamLeft(`the answer for team ${name(team)} holds ${id}, a grant of ${printable(grant.teamId)}: the server did not filter by team`);
    }
    if (!workspaceIds.has(grant.targetId)) {
      throw new ByTeamLeft(`the answer for team ${name(team)} holds ${id} on ${printable(grant.targetId)}, not a workspace of the organization's list`);
    }
  }
}

function checkPage(team: Team, page: ListPage<LiveGrant>, workspaceIds: ReadonlySet<string>): void {
  if (!page.page) throw new ByTeamLeft(`the answer for team ${name(team)} has no pagination, so its pages cannot be checked`);
  checkGrants(team, page.items, workspaceIds);
}

/** `work` on every item, `concurrency` at a time; after a failure it starts no more, waits for those running, and throws the first. */
async function settled<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const limit = pLimit(Math.max(1, concurrency));
  let failure: { readonly error: unknown } | undefined;
  const results = await Promise.all(
    items.map((item) =>
      limit(async () => {
        if (failure) return undefined;
        try {
          return await work(item);
        } catch (error: unknown) {
          failure ??= { error };
          return undefined;
        }
      }),
    ),
  );
  if (failure) throw failure.error;
  return results as R[];
}

/** Every workspace of the list with the grants read on it; a grant read twice (two teams, or two pages) is an answer not to trust. */
function byWorkspace(grants: readonly LiveGrant[], workspaceIds: ReadonlySet<string>): Map<string, LiveGrant[]> {
  const out = new Map<string, LiveGrant[]>([...workspaceIds].map((id) => [id, []]));
  const seen = new Set<string>();
  for (const grant of grants) {
    const pair = `${grant.teamId}\u0000${grant.targetId}`;
    if (seen.has(grant.id) || seen.has(pair))
      throw new ByTeamLeft(`${printable(grant.id)} was read twice, or its team has two grants on ${printable(grant.targetId)}`);
    seen.add(grant.id).add(pair);
    out.get(grant.targetId)?.push(grant);
  }
  return out;
}

const isLast = (page: ListPage<LiveGrant>): boolean => (page.page?.nextPage ?? null) === null;

/** The grants of every workspace of the organization, read by team; ByTeamLeft when the server's answers can't be used. */
export async function readByTeam(client: TeamGrantLister, request: ByTeamRequest): Promise<Map<string, LiveGrant[]>> {
  const { teams, probe, workspaceIds, concurrency } = request;
  checkPage(probe, await call(probe, () => client.teamGrantsPage(probe.id, 1, 1), true), workspaceIds);
  const firsts = await settled(teams, concurrency, async (team) => {
    const first = await call(team, () => client.teamGrantsPage(team.id, 1, PAGE_SIZE));
    checkPage(team, first, workspaceIds);
    if (isLast(first)) request.onTeam?.();
    return first;
  });
  const left = firsts.reduce((n, first) => n + Math.max(0, (first.page?.totalPages ?? 1) - 1), 0);
  if (left > request.budget)
    throw new ByTeamLeft(`the teams' first pages show ${left} more pages to read, more than the ${request.budget} lists reading by target takes`);
  const lists = await settled(
    teams.map((team, i) => ({ team, first: firsts[i] as ListPage<LiveGrant> })),
    concurrency,
    async ({ team, first }) => {
      const grants = await call(team, () => client.restOfTeamGrants(team.id, first));
      checkGrants(team, grants, workspaceIds);
      if (!isLast(first)) request.onTeam?.();
      return grants;
    },
  );
  return byWorkspace(lists.flat(), workspaceIds);
}
