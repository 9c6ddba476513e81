// The executor: runs a plan's changes with bounded concurrency (p-limit) on top of the client's own
// rate limiter. Adds and updates go first, removes after, so a team is never left without access
// between two steps. One failure never stops the others; every change ends as a typed outcome.
// When the run stops (`signal`: a signal, --timeout, a dead server), no change starts any more: those
// in flight end (pipeline/run/run-control.ts bounds how long), the rest are `not-started`, and the next
// plan is exactly them (each change is one write, docs/reliability.md, "Reliability"). A write refused for the
// token's rights stops it the same way: the next change would meet the same refusal (docs/apply.md, "Apply").
import pLimit from 'p-limit';
import type { ApplyProgress, ApplyReport, ChangeOutcome, MemberOutcome, RefusedOutcome, Stop, TeamOutcome, TokenPolicyOutcome } from '../core/apply-outcome.js';
import { DEFAULT_CONCURRENCY } from '../core/defaults.js';
import type { MemberApi } from '../core/member-write.js';
import type { MemberChange } from '../core/people.js';
import type { Change, PlanChangeKind } from '../core/plan.js';
import type { TeamApi } from '../core/team-write.js';
import { isPendingTeamId, type TeamChange } from '../core/teams.js';
import type { TokenPolicyApi, TokenPolicyChange } from '../core/token-policy.js';
import type { RefusalFacts, TokenHolder } from '../core/write-refusal.js';
import { EXIT } from '../errors.js';
import { runMemberChanges } from './member-steps.js';
import { reportOf, stopOf } from './outcome.js';
import type { GrantApi } from './ports.js';
import { runChange } from './steps.js';
import { runTeamChange } from './team-steps.js';
import { runTokenPolicyChange } from './token-policy-steps.js';

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
   * says it from its facts (render/apply/token-refusal.ts), once, after the writes in flight ended, with
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
  /** docs/apply.md, "Token policy": the plan's token-policy changes, made through `api` after the grants. */
  readonly tokenPolicy?: { readonly changes: readonly TokenPolicyChange[]; readonly api: TokenPolicyApi; readonly organization: string };
  /** Called with each token-policy change's outcome as it ends. */
  readonly onTokenPolicyOutcome?: (outcome: TokenPolicyOutcome) => void;
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

/** What each kind of change ends as. */
interface OutcomeOf {
  readonly grant: ChangeOutcome;
  readonly team: TeamOutcome;
  readonly member: MemberOutcome;
  readonly 'token-policy': TokenPolicyOutcome;
}

/** One apply under way: every kind's outcomes by their index in the plan's changes of that kind, the progress, the first refusal. */
interface Run {
  readonly options: ApplyOptions;
  readonly outcomes: { readonly [K in PlanChangeKind]: OutcomeOf[K][] };
  readonly progress: { done: number; total: number; failures: number };
  readonly limit: <T>(step: () => Promise<T>) => Promise<T>;
  /** The first grant write refused for the token's rights (its line names the token). */
  refused?: RefusedOutcome;
  /** The first team or member write refused for the token's rights. */
  otherRefused?: TeamOutcome | MemberOutcome | TokenPolicyOutcome;
}

/**
 * What each kind's ended change tells the run, synchronously, before p-limit starts the next
 * change: the refusal that stops it, and the caller's callback (the compiler asks for a row per kind).
 */
const SETTLED: { readonly [K in PlanChangeKind]: (run: Run, outcome: OutcomeOf[K]) => void } = {
  grant: (run, outcome) => {
    if (outcome.status === 'failed' && outcome.refused) run.refused ??= { ...outcome, refused: outcome.refused };
    run.options.onOutcome?.(outcome);
  },
  team: (run, outcome) => {
    if (outcome.status === 'failed' && outcome.refused) run.otherRefused ??= outcome;
    run.options.onTeamOutcome?.(outcome);
  },
  member: (run, outcome) => {
    if (outcome.status === 'failed' && outcome.refused) run.otherRefused ??= outcome;
    run.options.onMemberOutcome?.(outcome);
  },
  'token-policy': (run, outcome) => {
    if (outcome.status === 'failed' && outcome.refused) run.otherRefused ??= outcome;
    run.options.onTokenPolicyOutcome?.(outcome);
  },
};

function settle<K extends PlanChangeKind>(run: Run, kind: K, index: number, outcome: OutcomeOf[K]): void {
  run.outcomes[kind][index] = outcome;
  run.progress.done += 1;
  if (outcome.status === 'failed') run.progress.failures += 1;
  SETTLED[kind](run, outcome);
  run.options.onProgress?.({ ...run.progress });
}

const aborted = (run: Run): boolean => run.options.signal?.aborted === true;
const stopped = (run: Run): boolean => aborted(run) || run.refused !== undefined || run.otherRefused !== undefined;

function startRun(planned: readonly Change[], options: ApplyOptions): Run {
  const teams = options.teams?.changes.length ?? 0;
  const members = options.members?.changes.length ?? 0;
  const tokens = options.tokenPolicy?.changes.length ?? 0;
  return {
    options,
    outcomes: { grant: new Array(planned.length), team: new Array(teams), member: new Array(members), 'token-policy': new Array(tokens) },
    progress: { done: 0, total: planned.length + teams + members + tokens, failures: 0 },
    limit: pLimit(Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY)),
  };
}

/** The team changes other than deletions (before the grants), or the deletions (after them). */
async function runTeams(run: Run, deletions: boolean): Promise<void> {
  const teams = run.options.teams;
  if (!teams) return;
  const items = teams.changes.map((change, index) => ({ change, index })).filter(({ change }) => (change.action === 'delete') === deletions);
  await Promise.all(
    items.map(({ change, index }) =>
      run.limit(async () =>
        settle(run, 'team', index, stopped(run) ? { status: 'not-started', change } : await runTeamChange(teams.api, teams.organization, change)),
      ),
    ),
  );
}

/** The teams the creates made (their ids by name), and those whose create failed for good. */
function createdTeams(run: Run): { created: Map<string, string>; lost: Set<string> } {
  const outcomes = run.outcomes.team.filter((o) => o !== undefined);
  return {
    created: new Map(outcomes.filter((o) => o.id !== undefined).map((o) => [o.change.name, o.id as string])),
    lost: new Set(outcomes.filter((o) => o.permanent === true && o.change.action === 'create').map((o) => o.change.name)),
  };
}

/** The token policy's settings, one write each (docs/apply.md, "Token policy"). */
async function runTokenPolicy(run: Run): Promise<void> {
  const policy = run.options.tokenPolicy;
  if (!policy) return;
  const start = async (change: TokenPolicyChange): Promise<TokenPolicyOutcome> =>
    stopped(run) ? { status: 'not-started', change } : runTokenPolicyChange(policy.api, policy.organization, change);
  await Promise.all(policy.changes.map((change, index) => run.limit(async () => settle(run, 'token-policy', index, await start(change)))));
}

/** Who is in the teams, once the teams are there (docs/apply.md, "Member changes"). */
async function runMembers(run: Run, teams: ReturnType<typeof createdTeams>): Promise<void> {
  const members = run.options.members;
  if (!members) return;
  await runMemberChanges(members.changes, {
    api: members.api,
    organization: members.organization,
    ...teams,
    stopped: () => stopped(run),
    limit: run.limit,
    settle: (index, outcome) => settle(run, 'member', index, outcome),
  });
}

interface IndexedGrant {
  readonly change: Change;
  readonly index: number;
}

/** The grant changes that can start (a created team's by its id); a change of a team never created ends here. */
function startable(run: Run, planned: readonly Change[], teams: ReturnType<typeof createdTeams>): IndexedGrant[] {
  const out: IndexedGrant[] = [];
  for (const [index, change] of planned.entries()) {
    const ready = withCreatedTeam(change, teams.created);
    if (typeof ready !== 'string') out.push({ change: ready, index });
    else settle(run, 'grant', index, stopped(run) ? { status: 'not-started', change } : notCreatedOutcome(change, ready, teams.lost));
  }
  return out;
}

function runGrantItems(run: Run, api: GrantApi, items: readonly IndexedGrant[]): Promise<void[]> {
  const start = async (change: Change): Promise<ChangeOutcome> => (stopped(run) ? { status: 'not-started', change } : runChange(api, change));
  return Promise.all(items.map(({ change, index }) => run.limit(async () => settle(run, 'grant', index, await start(change)))));
}

/** Adds and updates first, removes after, so a team is never left without access between two steps. */
async function runGrants(run: Run, api: GrantApi, items: readonly IndexedGrant[]): Promise<void> {
  await runGrantItems(
    run,
    api,
    items.filter(({ change }) => change.action !== 'remove'),
  );
  // A remove of a team whose add or update on the same target failed (the extra copies of a
  // duplicated grant) is held back: it could leave the team with no access at all.
  const failedPairs = new Set(run.outcomes.grant.filter((o) => o !== undefined && o.status === 'failed').map((o) => pairKey(o.change)));
  const removes = items.filter(({ change }) => change.action === 'remove');
  for (const { change, index } of removes.filter((item) => failedPairs.has(pairKey(item.change)))) {
    const reason = 'not removed: the change of the same team on this target failed first';
    settle(run, 'grant', index, stopped(run) ? { status: 'not-started', change } : { status: 'failed', change, reason });
  }
  await runGrantItems(
    run,
    api,
    removes.filter(({ change }) => !failedPairs.has(pairKey(change))),
  );
}

/** Why the run stopped, if it did: the signal, the first grant write refused (naming the token), or a team's or member's. */
async function stopOfRun(run: Run): Promise<Stop | undefined> {
  if (aborted(run)) return stopOf(run.options.signal?.reason);
  if (run.refused) return refusalStop(run.refused, run.options.refusal);
  const other = run.otherRefused;
  if (!other) return undefined;
  const what = 'person' in other.change ? 'a member change' : 'setting' in other.change ? 'a token-policy change' : 'a team change';
  return { reason: `the service refused ${what} for the token's rights (${other.reason ?? ''})`, exitCode: EXIT.error, refused: true };
}

/**
 * The plan's changes made: the teams' creates, renames and updates, then the members, then the
 * grants (adds and updates, then removes), then the teams' deletions (their grants go with them:
 * docs/apply.md, "Team changes").
 */
export async function applyChanges(planned: readonly Change[], api: GrantApi, options: ApplyOptions = {}): Promise<ApplyReport> {
  const run = startRun(planned, options);
  await runTeams(run, false);
  const teams = createdTeams(run);
  await runMembers(run, teams);
  await runGrants(run, api, startable(run, planned, teams));
  await runTeams(run, true);
  await runTokenPolicy(run);
  const { outcomes } = run;
  return reportOf(
    outcomes.grant,
    await stopOfRun(run),
    options.teams ? outcomes.team : undefined,
    options.members ? outcomes.member : undefined,
    options.tokenPolicy ? outcomes['token-policy'] : undefined,
  );
}
