// The apply use case, in pipeline order: plan (afresh, or load a saved plan and check it is not
// stale) -> guard -> confirm -> execute, under one RunControl (signals, --timeout, a dead server). The command only parses flags and prints; the steps are
// here, once (docs/architecture.md, "The pipeline": one composition function per use case).
import { addressFrom } from '../../api/address.js';
import type { TfeClient } from '../../api/client.js';
import { applyChanges } from '../../apply/executor.js';
import { stopOf } from '../../apply/outcome.js';
import { affectedOfScope, scopedFiles } from '../../assemble/affected.js';
import type { ApplyProgress, ApplyResult, ChangeOutcome, MemberOutcome, Stop, TeamOutcome } from '../../core/apply-outcome.js';
import type { FilesState } from '../../core/desired-state.js';
import { grantChanges, managedChanges, type Plan } from '../../core/plan.js';
import { blocks } from '../../core/policy.js';
import type { TokenHolder } from '../../core/write-refusal.js';
import { policiesDigestOf } from '../../diff/checksum.js';
import { CLIError, RunStoppedError } from '../../errors.js';
import { checkGuards, type GuardContext } from '../../guard/guards.js';
import { guardInputsOf, planRefusalOf } from '../../guard/plan-refusals.js';
import { GuardRefusedError } from '../../guard/refusal.js';
import type { ParsedFiles } from '../../load/files.js';
import { refusalLine } from '../../render/apply/token-refusal.js';
import { PolicyRefusedError } from '../../render/violations/policy-refusal.js';
import { readSavedPlan } from '../../saved-plan/file.js';
import { fingerprintDesired } from '../../saved-plan/fingerprint.js';
import type { SavedPlan } from '../../saved-plan/saved-plan.js';
import { PLAN_KEY_ENV, PlanKey } from '../../saved-plan/seal.js';
import { assertNotExpired, assertTokenPolicyFresh, readFresh } from '../../saved-plan/stale.js';
import { savedGuards } from '../apply-steps/saved-guards.js';
import { recheckPolicies } from '../apply-steps/saved-policies.js';
import { changedFromFiles } from '../disk/base-files.js';
import { desiredFromFiles, planFiles } from '../disk/files.js';
import { type ClockedRun, openClient, type PlanRequest, withClock } from '../run/request.js';
import { RunControl } from '../run/run-control.js';
import { planAgainstLive } from './plan.js';

export interface ApplyRequest extends PlanRequest {
  /** `--plan FILE`: apply exactly this saved plan. */
  readonly savedPlan?: string | undefined;
  /** `--checksum SUM`: the checksum of the reviewed plan. */
  readonly checksum?: string | undefined;
  /** `--force`: lifts the removal-count guard only. */
  readonly force: boolean;
}

export interface ApplyHooks {
  /** The plan about to be applied, before the guards and the question; also a plan refused by --checksum. */
  readonly show: (plan: Plan) => void;
  /**
   * Asked once, when there are changes the guards allow (never for a plan with none); false stops
   * with nothing changed, and so does a RunStoppedError (Ctrl-C at the prompt) or a CLIError (no
   * one to ask). `signal` aborts when the run stops meanwhile.
   */
  readonly confirm: (plan: Plan, signal: AbortSignal) => Promise<boolean>;
  readonly onProgress?: (progress: ApplyProgress) => void;
  /** Each change's outcome as it ends: what lets a closed stdout be seen during the writes. */
  readonly onOutcome?: (outcome: ChangeOutcome) => void;
  /** Each team change's outcome as it ends (docs/apply.md, "Team changes"). */
  readonly onTeamOutcome?: (outcome: TeamOutcome) => void;
  /** Each member change's outcome as it ends (docs/apply.md, "Member changes"). */
  readonly onMemberOutcome?: (outcome: MemberOutcome) => void;
}

export class ChecksumMismatchError extends CLIError {
  override readonly name: string = 'ChecksumMismatchError';
  constructor(actual: string, expected: string) {
    super(
      `the plan is not the reviewed one: its checksum is ${actual}, --checksum is ${expected}; nothing was changed. Live access or the files changed since the review: plan again and review the new plan.`,
    );
  }
}

/** A refused plan is shown first: the operator sees what moved since the review. */
function checkChecksum(plan: Plan, expected: string | undefined, hooks: ApplyHooks): void {
  if (expected === undefined) return;
  const wanted = expected.trim().toLowerCase();
  if (plan.checksum === wanted) return;
  hooks.show(plan);
  throw new ChecksumMismatchError(plan.checksum, wanted);
}

/** Rejects with the signal's reason once it aborts. */
function whenStopped(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The answer, or the stop that came first (a signal, --timeout, Ctrl-C at the prompt). */
async function confirmed(plan: Plan, hooks: ApplyHooks, control: RunControl): Promise<boolean | Stop> {
  try {
    return await Promise.race([hooks.confirm(plan, control.signal), whenStopped(control.signal)]);
  } catch (error: unknown) {
    const reason = control.reasonFor(error);
    if (reason instanceof RunStoppedError) return stopOf(reason);
    throw reason;
  }
}

/**
 * The refusal's line, naming the token: one GET /account/details, asked only once a write was
 * refused (docs/api.md, "Account details"). `teams`: the names the run knows, by id.
 */
/** Who the token is, for the line of a refused write (render/apply/token-refusal.ts): asked once, when a write is refused. */
function tokenHolder(client: TfeClient, teams: ReadonlyMap<string, string>): () => Promise<TokenHolder> {
  return async () => {
    const identity = await client.accountDetails().catch(() => undefined);
    return { identity, teamName: identity?.kind === 'team' ? teams.get(identity.resourceId) : undefined };
  };
}

/** The teams a saved plan knows: those of its changes. */
const teamsOfChanges = (plan: Plan): Map<string, string> => new Map(grantChanges(plan).map((c) => [c.team.id, c.team.name]));

interface Run {
  readonly request: ApplyRequest;
  readonly hooks: ApplyHooks;
  readonly control: RunControl;
  /** Team names by id, for the line of a refused write. */
  readonly teams: ReadonlyMap<string, string>;
}

async function execute(client: TfeClient, planned: Plan, guards: GuardContext, run: Run): Promise<ApplyResult> {
  const { request, hooks, control } = run;
  const refusals = checkGuards(planned.changes, guards);
  // The plan shown carries what this apply refuses: with --force, not the removal count.
  const plan: Plan = { ...planned, refusals: refusals.map(planRefusalOf) };
  hooks.show(plan);
  // Before "no changes": a plan that leaves a policy broken is refused either way, as `plan` exits 3.
  // docs/evidence.md: only the violations the change makes, not accepted by an exception, refuse it.
  const blocking = (plan.violations ?? []).filter(blocks);
  if (blocking.length > 0) throw new PolicyRefusedError(blocking);
  if (plan.changes.length === 0) return { kind: 'no-changes', plan };
  if (refusals.length > 0) throw new GuardRefusedError(refusals);
  const answer = await confirmed(plan, hooks, control);
  if (answer !== true) return answer === false ? { kind: 'cancelled', plan } : { kind: 'cancelled', plan, stopped: answer };
  control.startWrites();
  const progress = {
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    ...(hooks.onOutcome ? { onOutcome: hooks.onOutcome } : {}),
    ...(hooks.onTeamOutcome ? { onTeamOutcome: hooks.onTeamOutcome } : {}),
    ...(hooks.onMemberOutcome ? { onMemberOutcome: hooks.onMemberOutcome } : {}),
  };
  // docs/apply.md, "Team changes": the executor makes them around the grant changes, through the same client.
  const teamChanges = managedChanges(plan, 'team');
  const teams = teamChanges ? { teams: { changes: teamChanges, api: client, organization: plan.organization } } : {};
  // docs/apply.md, "Member changes": after the teams' creates, before the grants, through the same client.
  const memberChanges = managedChanges(plan, 'member');
  const members = memberChanges ? { members: { changes: memberChanges, api: client, organization: plan.organization } } : {};
  // docs/apply.md, "Token policy": after every other change, through the same client.
  const tokenChanges = managedChanges(plan, 'token-policy');
  const tokenPolicy = tokenChanges ? { tokenPolicy: { changes: tokenChanges, api: client, organization: plan.organization } } : {};
  const report = await applyChanges(grantChanges(plan), client, {
    concurrency: request.connection.concurrency,
    signal: control.signal,
    refusal: { identify: tokenHolder(client, run.teams), phrase: refusalLine },
    ...progress,
    ...teams,
    ...members,
    ...tokenPolicy,
  });
  return { kind: 'applied', plan, report };
}

type ClockedApply = ApplyRequest & { readonly run: ClockedRun };

/**
 * Apply shows the changes alone (docs/effective-access.md, "What a plan does to access"), a fresh plan (planned
 * without effective changes) and a saved one alike: `plan --out` keeps the section for `show`.
 */
function changesAlone(plan: Plan): Plan {
  const { effectiveChanges: _shownByPlanOnly, ...rest } = plan;
  return rest;
}

async function applyFresh(request: ClockedApply, hooks: ApplyHooks, control: RunControl): Promise<ApplyResult> {
  // docs/plan.md, "Scoped plans": the same scope as `plan --changed-from`, so its checksum is the reviewed one and no write leaves it.
  const { changedFrom } = request.read;
  const parsed: ParsedFiles | undefined = changedFrom === undefined ? undefined : new Map();
  const given = await planFiles(request.paths, request.cwd, request.read.targets ?? [], request.run.now, parsed);
  const files = changedFrom === undefined ? given : await changedFromFiles(given, changedFrom, request.cwd, request.run.now, 'apply', parsed);
  const client = openClient(request.connection, control);
  try {
    const { plan, live, desired } = await planAgainstLive(client, files, request.read, request.run);
    checkChecksum(plan, request.checksum, hooks);
    // The inputs `plan` reported its refusals from (guard/plan-refusals.ts): plan and apply agree.
    const teams = new Map([...live.teams.values()].map((t) => [t.id, t.name]));
    return await execute(client, plan, { ...guardInputsOf(desired, live), force: request.force }, { request, hooks, control, teams });
  } finally {
    await client.close();
  }
}

/** Files named next to --plan must still say what the plan was made from: their policies first, then the rest. */
async function assertSameFiles(file: string, saved: SavedPlan, request: ClockedApply): Promise<FilesState> {
  const given = await desiredFromFiles(request.paths, request.cwd, request.run.now);
  request.run.afterLoad?.();
  // docs/plan.md, "Scoped plans": a scoped plan was made from the files narrowed to its scope; they are narrowed the same way.
  const affected = saved.plan.scope?.changedFrom && affectedOfScope(saved.plan.scope.changedFrom);
  const desired = affected?.kind === 'scoped' ? scopedFiles(given, affected) : given;
  const stale = (what: string): CLIError =>
    new CLIError(`the saved plan ${file} is stale: ${what} changed since it was planned; nothing was changed. Plan again and review the new plan.`);
  if (policiesDigestOf(desired.policies ?? []) !== policiesDigestOf(saved.basis.policies)) throw stale('the policies of the desired-state files');
  if (fingerprintDesired(desired) !== saved.basis.desired) throw stale('the desired-state files');
  return desired;
}

async function applySaved(file: string, request: ClockedApply, hooks: ApplyHooks, control: RunControl): Promise<ApplyResult> {
  if ((request.read.targets ?? []).length > 0) throw new CLIError('--target cannot be used with --plan: a saved plan applies all of its changes or none.');
  if (request.read.changedFrom !== undefined) throw new CLIError('--changed-from cannot be used with --plan: a saved plan applies all of its changes or none.');
  // docs/apply.md, "Saved plans": with the key, a file without its HMAC or with another is refused.
  const saved = await readSavedPlan(file, PlanKey.from(request.connection.env));
  if (saved.hmac === 'not-verified') request.run.onNotice?.(`the saved plan ${file} carries an HMAC that was not verified: ${PLAN_KEY_ENV} is not set.`);
  checkChecksum(changesAlone(saved.plan), request.checksum, hooks);
  const baseUrl = addressFrom({ address: request.connection.address }, request.connection.env).baseUrl;
  if (saved.address !== undefined && saved.address !== baseUrl) {
    throw new CLIError(`the saved plan ${file} was made against ${saved.address}, not ${baseUrl}; nothing was changed.`);
  }
  // A grant it writes that has expired since is no longer desired: before the files, which then moved too.
  assertNotExpired(saved, request.run.now);
  const desired = request.paths.length > 0 ? await assertSameFiles(file, saved, request) : undefined;
  const client = openClient(request.connection, control);
  try {
    await client.serverInfo(); // once per run: a lower rate limit is heeded before the reads
    const fresh = await readFresh(saved, client, request.read.concurrency);
    // docs/apply.md, "Saved plans": the token policy, and the tokens its changes end, as planned.
    await assertTokenPolicyFresh(saved, client, request.run.now);
    // docs/apply.md, "Saved plans": with team or member changes, the teams (one list) and the people
    // read again, checked fresh, and the guards re-made from that read, never from the file.
    const guards = await savedGuards(
      { file, saved, desired, force: request.force, reviewed: request.checksum !== undefined, onNotice: request.run.onNotice },
      client,
    );
    // The file's violations are never trusted: the policies are checked again on what was just read.
    const plan = await recheckPolicies(client, file, saved, fresh, request.read, request.run.now);
    return await execute(client, changesAlone(plan), guards, { request, hooks, control, teams: teamsOfChanges(plan) });
  } finally {
    await client.close();
  }
}

/**
 * Plans (or loads), guards, confirms and applies. A stop before the first write (a signal, --timeout,
 * a dead server) ends it with that reason and nothing changed; a stop during the writes ends it with
 * a report whose changes not yet begun are `not-started` (docs/reliability.md, "Reliability").
 */
export async function applyUseCase(unclocked: ApplyRequest, hooks: ApplyHooks): Promise<ApplyResult> {
  const request = withClock(unclocked);
  const control = new RunControl(request.run);
  try {
    return request.savedPlan === undefined ? await applyFresh(request, hooks, control) : await applySaved(request.savedPlan, request, hooks, control);
  } catch (error: unknown) {
    const reason = control.reasonFor(error);
    if (!(reason instanceof RunStoppedError)) throw reason;
    throw new RunStoppedError(`${reason.message.replace(/[.\s]+$/, '')}; nothing was changed.`, reason.exitCode);
  } finally {
    control.dispose();
  }
}
