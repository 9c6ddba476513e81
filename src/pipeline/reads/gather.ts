// The reads of a plan, stage by stage (docs/architecture.md, "The pipeline"): the server and the
// lookup first, then whatever the plan says it needs (assemble/plan-over.ts, planOver: the policies'
// lists, the managed targets' grants, the people, the other targets' grants, the effective changes'
// lists), each read once and added to the one value of what the run read (core/run-reads.ts). The
// only I/O of planning; every list is held, so no target is listed twice (issue 25, item 1).
import type { TfeClient } from '../../api/client.js';
import { isRemoteError } from '../../api/errors/remote-error.js';
import { teamNamesOf } from '../../assemble/affected.js';
import type { Need, Planned } from '../../assemble/needs.js';
import { type PlanAsk, type PlanFiles, type PlanResult, type PlanStage, planOver } from '../../assemble/plan-over.js';
import type { LiveGrant, LiveState } from '../../core/model.js';
import type { OrganizationRead } from '../../core/organization.js';
import { firstReads, listKey, type RunReads } from '../../core/run-reads.js';
import type { ServerInfo } from '../../core/server.js';
import { InternalError } from '../../errors.js';
import { listTargets } from '../../live/list-targets.js';
import { readPolicyLists } from '../../live/policy-context.js';
import { type ReadOptions, readLive } from '../../live/read-live.js';
import { markServiceAccounts } from '../../live/service-accounts.js';
import { lookUpNames } from '../../lookup/names.js';

/** How the reads are made: the read's width and the live read's options. */
export interface GatherOptions extends ReadOptions {
  readonly concurrency: number;
}

/** The lists a live read holds beyond its targets: the workspaces a read by team saw whole, the projects its blind spots listed. */
function heldBy(live: LiveState): [string, readonly LiveGrant[]][] {
  return [
    ...[...(live.unmanagedWorkspaceGrants ?? [])].map(([id, grants]) => [listKey({ type: 'workspace', id }), grants] as [string, readonly LiveGrant[]]),
    ...[...(live.projectGrantsRead ?? [])].map(([id, grants]) => [listKey({ type: 'project', id }), grants] as [string, readonly LiveGrant[]]),
  ];
}

/** docs/plan.md, "Scoped plans": a scoped plan knows only the teams it named, so it reads its few targets one list each. */
function byTargetOptions(options: GatherOptions): GatherOptions {
  if (options.readBy === 'team') options.onNotice?.('a scoped plan reads one list per target: reading by team needs every team the token sees.');
  return { ...options, readBy: 'target' };
}

/**
 * A scoped plan's live read with the teams its grants name beside those it looked up by name, each
 * read by id (`GET /teams/:id`): a full plan knows them from the whole list, and prunes or keeps
 * their grants by name. One the token cannot see (404) stays unknown, as in the whole list.
 */
async function withTeamsOfGrants(client: TfeClient, live: LiveState): Promise<LiveState> {
  const ids = [...new Set([...live.targets.values()].flatMap((t) => t.grants.map((g) => g.teamId)))].filter((id) => !live.teams.has(id)).sort();
  if (ids.length === 0) return live;
  const found = await Promise.all(ids.map((id) => client.showTeam(id)));
  return { ...live, teams: new Map([...live.teams, ...found.flatMap((t) => (t ? [[t.id, t] as const] : []))]) };
}

/**
 * A scoped lookup's teams with the token's own team (a team token's), read by id when the files do
 * not name it: who reads decides what the read can see (core/viewer.ts), as in the whole list. Who
 * the token is is asked once per client, so the live read asks no second time.
 */
async function withOwnTeam(client: TfeClient, org: OrganizationRead): Promise<OrganizationRead> {
  const identity = await client.accountDetails().catch(() => undefined);
  if (identity?.kind !== 'team' || org.teams.some((t) => t.id === identity.resourceId)) return org;
  const own = await client.showTeam(identity.resourceId);
  return own ? { ...org, teams: [...org.teams, own] } : org;
}

/** `reads` with what `need` asks read. */
async function fulfil(client: TfeClient, reads: RunReads, need: Need, options: GatherOptions): Promise<RunReads> {
  switch (need.kind) {
    case 'policy-lists':
      return { ...reads, policyLists: await readPolicyLists(client, need.organization, need.policies) };
    case 'live': {
      const scoped = reads.organization.teamsNamed !== undefined;
      const read = await readLive(client, need.request, scoped ? byTargetOptions(options) : options);
      const live = scoped ? await withTeamsOfGrants(client, read) : read;
      return { ...reads, live, lists: new Map([...heldBy(live), ...reads.lists]) };
    }
    case 'people':
      try {
        return {
          ...reads,
          people: { kind: 'listed', listed: await markServiceAccounts(client, await client.listPeople(need.organization), need.pruned ?? []) },
        };
      } catch (error: unknown) {
        // The member diff says what a refusal means for the files (assemble/people.ts); a policy's read fails as any read.
        if (need.for === 'members' && (isRemoteError(error, 404) || isRemoteError(error, 403)))
          return { ...reads, people: { kind: 'refused', status: error.status } };
        throw error;
      }
    case 'grants': {
      const read = await listTargets(client, need.targets, options.concurrency);
      return { ...reads, lists: new Map([...reads.lists, ...read.map((t) => [listKey(t), t.grants] as const)]) };
    }
    case 'projects':
      return { ...reads, projects: await client.listProjects(need.organization) };
    case 'project':
      return { ...reads, shownProjects: new Map([...(reads.shownProjects ?? []), [need.id, (await client.showProject(need.id)) ?? null]]) };
    case 'indirect':
      return { ...reads, indirect: await client.readIndirect(need.organization, options.concurrency) };
    case 'tokens':
      try {
        return { ...reads, tokens: { kind: 'read', tokens: await client.readTokens(need.organization) } };
      } catch (error: unknown) {
        // assemble/tokens.ts says what a refused policy means for the files.
        if (isRemoteError(error, 404) || isRemoteError(error, 403)) return { ...reads, tokens: { kind: 'refused', status: error.status } };
        throw error;
      }
    case 'team-tokens':
      // A list the server lacks or the caller may not read is left out (api/tokens.ts): the policy says it was not evaluated.
      return { ...reads, teamTokens: await client.listTokens(need.organization) };
    case 'workspaces': {
      const lists = await Promise.all(
        need.projectIds.map(async (projectId) => [projectId, await client.listWorkspaces(need.organization, { projectId })] as const),
      );
      return { ...reads, projectWorkspaces: new Map([...reads.projectWorkspaces, ...lists]) };
    }
  }
}

/**
 * `step` over `reads`, each read it needs made and added, until it needs none: the value, and the
 * reads it was made over. What a step hands back with its need (`resume`) is given to the next
 * call, so a step resumes where it stopped (planOver: the diff made once).
 */
export async function satisfy<T, R>(
  client: TfeClient,
  first: RunReads,
  step: (reads: RunReads, from: R | undefined) => Planned<T, R>,
  options: GatherOptions,
): Promise<{ reads: RunReads; value: T }> {
  let reads = first;
  let from: R | undefined;
  for (;;) {
    const outcome = step(reads, from);
    if (outcome.kind === 'done') return { reads, value: outcome.value };
    from = outcome.resume;
    reads = await fulfil(client, reads, outcome.need, options);
  }
}

/** The run's reads and the plan over them: the server and the lookup, then each read the plan needs, until it needs none. */
export async function gatherAndPlan(
  client: TfeClient,
  files: PlanFiles,
  ask: PlanAsk,
  options: GatherOptions,
): Promise<{ reads: RunReads; result: PlanResult }> {
  if (files.changedFrom?.affected.kind !== 'scoped') return plannedOver(client, files, ask, options, await client.serverInfo());
  // docs/plan.md, "Scoped plans": a scoped plan looks up only the teams its narrowed files name (or every team, past a page of names).
  const teamNames = teamNamesOf(files.desired);
  const looked = await lookUpNames(client, files.desired, teamNames);
  // Its lookup starts with one request, whose answer names the server and its limit as the ping's would: no ping then.
  const organization = teamNames ? await withOwnTeam(client, looked) : looked;
  return plannedOver(client, files, ask, options, await client.serverInfoFromAnswers(), organization);
}

/** The plan over the server and the lookup (made here unless given), then each read the plan needs. */
async function plannedOver(
  client: TfeClient,
  files: PlanFiles,
  ask: PlanAsk,
  options: GatherOptions,
  server: ServerInfo,
  looked?: OrganizationRead,
): Promise<{ reads: RunReads; result: PlanResult }> {
  // A full plan's ping came first: the versions, and a lower rate limit before the first burst.
  const first = firstReads(server, looked ?? (await lookUpNames(client, files.desired)));
  const { reads, value } = await satisfy<PlanResult, PlanStage>(client, first, (r, from) => planOver(files, r, ask, from), options);
  return { reads, result: value };
}

/** A second plan over reads already made (drift --adopt, review close): a read they lack is a bug of the caller, never a request. */
export function planAgain(files: PlanFiles, reads: RunReads, ask: PlanAsk, who: string): PlanResult {
  const outcome = planOver(files, reads, ask);
  if (outcome.kind === 'done') return outcome.value;
  throw new InternalError(`${who}: planning the edited files asked for a read the first plan did not make (${outcome.need.kind})`);
}
