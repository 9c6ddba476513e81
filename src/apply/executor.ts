// The executor: runs a plan's changes with bounded concurrency (p-limit) on top of the client's own
// rate limiter. Adds and updates go first, removes after, so a team is never left without access
// between two steps. One failure never stops the others; every change ends as a typed outcome.
// When the run stops (`signal`: a signal, --timeout, a dead server), no change starts any more: those
// in flight end (pipeline/run-control.ts bounds how long), the rest are `not-started`, and the next
// plan is exactly them (each change is one write, docs/reliability.md, "Reliability"). A write refused for the
// token's rights stops it the same way: the next change would meet the same refusal (docs/apply.md, "Apply").
import pLimit from 'p-limit';
import type { Change } from '../core/plan.js';
import type { TeamApi } from '../core/team-write.js';
import { isPendingTeamId, type TeamChange } from '../core/teams.js';
import { runTeamChange } from './team-steps.js';
import { EXIT } from '../errors.js';
import type { RefusalFacts, TokenHolder } from '../core/write-refusal.js';
import { reportOf, stopOf } from './outcome.js';
import type { ApplyProgress, ApplyReport, ChangeOutcome, MemberOutcome, RefusedOutcome, Stop, TeamOutcome } from '../core/apply-outcome.js';
import type { MemberChange } from '../core/people.js';
import type { MemberApi } from '../core/member-write.js';
import { runMemberChanges } from './member-steps.js';
import type { GrantApi } from './ports.js';
import { runChange } from './steps.js';
import { DEFAULT_CONCURRENCY } from '../core/defaults.js';

export interface ApplyOptions {
  readonly concurrency?: number;
  /** Called after each change ends. */
  readonly onProgress?: (progress: ApplyProgress) => void;
  /** Called with each change's outcome as it ends (before onProgress), not-started ones too. */
  readonly onOutcome?: (outcome: ChangeOutcome) => void;
  /** Once aborted, no change starts; its reason is the report's `stopped`. */
  readonly signal?: AbortSignal;
  /**
   * The first write refused for the token's rights, in words (docs/apply.md, "Apply"): `phrase`
   * says it from its facts (render/token-refusal.ts), once, after the writes in flight ended, with
   * who the token is when `identify` tells (failing, the line names no one); without it, the stop's
   * reason is the refused request and its status.
   */
  readonly refusal?: { readonly identify?: () => Promise<TokenHolder>; readonly phrase: (facts: RefusalFacts) => string };
  /**
   * docs/apply.md, "Team changes": the plan's team changes, made through `api` in `organization`:
   * creates, renames and updates before the grant changes (a grant may name a team created here),
   * deletions after them.
   */
  readonly teams?: { readonly changes: readonly TeamChange[]; readonly api: TeamApi; readonly organization: string };
  /** Called with each team change's outcome as it ends. */
  readonly onTeamOutcome?: (outcome: TeamOutcome) => void;
  /**
   * docs/apply.md, "Member changes": the plan's member changes, made through `api` in
   * `organization` after the teams' creates, renames and updates (a created team's members by the
   * id it got) and before the grant changes.
   */
  readonly members?: { readonly changes: readonly MemberChange[]; readonly api: MemberApi; readonly organization: string };
  /** Called with each member change's outcome as it ends. */
  readonly onMemberOutcome?: (outcome: MemberOutcome) => void;
}

async function refusalStop(outcome: RefusedOutcome, refusal: ApplyOptions['refusal']): Promise<Stop> {
  const { target } = outcome.change;
  if (refusal === undefined) return { reason: `${outcome.refused.request}: ${outcome.refused.status}`, exitCode: EXIT.error, refused: true };
  const holder = (await refusal.identify?.().catch(() => undefined)) ?? { identity: undefined };
  return { reason: refusal.phrase({ target, refusal: outcome.refused, ...holder }), exitCode: EXIT.error, refused: true };
}

const pairKey = (change: Change): string => `${change.target.type}\u0000${change.target.id}\u0000${change.team.id}`;

/** A grant change of a team this plan creates, with the id the create gave it; a failure when the create did not. */
function withCreatedTeam(change: Change, created: ReadonlyMap<string, string>): Change | string {
  if (!isPendingTeamId(change.team.id)) return change;
  const id = created.get(change.team.name);
  return id === undefined ? `not applied: team "${change.team.name}" was not created` : { ...change, team: { name: change.team.name, id } };
}

/** The grant of a team never created fails as its create did: for good when that one did (core/apply-outcome.ts, `permanent`). */
const notCreatedOutcome = (change: Change, reason: string, lost: ReadonlySet<string>): ChangeOutcome =>
  lost.has(change.team.name) ? { status: 'failed', change, reason, permanent: true } : { status: 'failed', change, reason };

export async function applyChanges(planned: readonly Change[], api: GrantApi, options: ApplyOptions = {}): Promise<ApplyReport> {
  const limit = pLimit(Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY));
  const teamChanges = options.teams?.changes ?? [];
  const memberChanges = options.members?.changes ?? [];
  const outcomes: ChangeOutcome[] = new Array<ChangeOutcome>(planned.length);
  const teamOutcomes: TeamOutcome[] = new Array<TeamOutcome>(teamChanges.length);
  const memberOutcomes: MemberOutcome[] = new Array<MemberOutcome>(memberChanges.length);
  const progress = { done: 0, total: planned.length + teamChanges.length + memberChanges.length, failures: 0 };
  let refused: RefusedOutcome | undefined;
  let teamRefused: TeamOutcome | MemberOutcome | undefined;
  const settle = (index: number, outcome: ChangeOutcome): void => {
    outcomes[index] = outcome;
    // Synchronously, before p-limit starts the next change.
    if (outcome.status === 'failed' && outcome.refused) refused ??= { ...outcome, refused: outcome.refused };
    progress.done += 1;
    if (outcome.status === 'failed') progress.failures += 1;
    options.onOutcome?.(outcome);
    options.onProgress?.({ ...progress });
  };
  const aborted = (): boolean => options.signal?.aborted === true;
  const stopped = (): boolean => aborted() || refused !== undefined || teamRefused !== undefined;
  const settleTeam = (index: number, outcome: TeamOutcome): void => {
    teamOutcomes[index] = outcome;
    if (outcome.status === 'failed' && outcome.refused) teamRefused ??= outcome;
    progress.done += 1;
    if (outcome.status === 'failed') progress.failures += 1;
    options.onTeamOutcome?.(outcome);
    options.onProgress?.({ ...progress });
  };
  const runTeams = (deletions: boolean): Promise<void[]> => {
    const teams = options.teams;
    if (!teams) return Promise.resolve([]);
    const items = teams.changes.map((change, index) => ({ change, index })).filter(({ change }) => (change.action === 'delete') === deletions);
    return Promise.all(
      items.map(({ change, index }) =>
        limit(async () => settleTeam(index, stopped() ? { status: 'not-started', change } : await runTeamChange(teams.api, teams.organization, change))),
      ),
    );
  };

  const settleMember = (index: number, outcome: MemberOutcome): void => {
    memberOutcomes[index] = outcome;
    if (outcome.status === 'failed' && outcome.refused) teamRefused ??= outcome;
    progress.done += 1;
    if (outcome.status === 'failed') progress.failures += 1;
    options.onMemberOutcome?.(outcome);
    options.onProgress?.({ ...progress });
  };

  await runTeams(false);
  const created = new Map(teamOutcomes.filter((o) => o !== undefined && o.id !== undefined).map((o) => [o.change.name, o.id as string]));
  const lost = new Set(teamOutcomes.filter((o) => o?.permanent === true && o.change.action === 'create').map((o) => o.change.name));
  // Who is in the teams, once the teams are there (docs/apply.md, "Member changes").
  if (options.members)
    await runMemberChanges(memberChanges, {
      api: options.members.api,
      organization: options.members.organization,
      created,
      lost,
      stopped,
      limit,
      settle: settleMember,
    });
  const changes = planned.map((change) => withCreatedTeam(change, created));
  const indexed = changes.map((change, index) => ({ change: typeof change === 'string' ? (planned[index] as Change) : change, index }));
  for (const [index, change] of changes.entries()) {
    if (typeof change === 'string')
      settle(index, stopped() ? { status: 'not-started', change: planned[index] as Change } : notCreatedOutcome(planned[index] as Change, change, lost));
  }
  const pending = new Set(changes.flatMap((c, index) => (typeof c === 'string' ? [index] : [])));
  const start = async (change: Change): Promise<ChangeOutcome> => (stopped() ? { status: 'not-started', change } : runChange(api, change));
  const run = (items: typeof indexed): Promise<void[]> => Promise.all(items.map(({ change, index }) => limit(async () => settle(index, await start(change)))));

  await run(indexed.filter(({ change, index }) => change.action !== 'remove' && !pending.has(index)));
  // A remove of a team whose add or update on the same target failed (the extra copies of a
  // duplicated grant) is held back: it could leave the team with no access at all.
  const failedPairs = new Set(outcomes.filter((o) => o !== undefined && o.status === 'failed').map((o) => pairKey(o.change)));
  const removes = indexed.filter(({ change, index }) => change.action === 'remove' && !pending.has(index));
  for (const item of removes.filter(({ change }) => failedPairs.has(pairKey(change)))) {
    settle(
      item.index,
      stopped()
        ? { status: 'not-started', change: item.change }
        : { status: 'failed', change: item.change, reason: 'not removed: the change of the same team on this target failed first' },
    );
  }
  await run(removes.filter(({ change }) => !failedPairs.has(pairKey(change))));
  // A team goes after the grant changes: its own grants go with it (docs/apply.md, "Team changes").
  await runTeams(true);
  const teams = options.teams ? teamOutcomes : undefined;
  const members = options.members ? memberOutcomes : undefined;
  if (aborted()) return reportOf(outcomes, stopOf(options.signal?.reason), teams, members);
  if (refused) return reportOf(outcomes, await refusalStop(refused, options.refusal), teams, members);
  const what = teamRefused && 'person' in teamRefused.change ? 'a member change' : 'a team change';
  return reportOf(
    outcomes,
    teamRefused
      ? { reason: `the service refused ${what} for the token's rights (${teamRefused.reason ?? ''})`, exitCode: EXIT.error, refused: true }
      : undefined,
    teams,
    members,
  );
}
