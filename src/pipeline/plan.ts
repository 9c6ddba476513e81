// The plan use case, in pipeline order: load -> validate -> resolve -> read live -> diff. Every
// command that needs a plan (plan, drift, apply) calls this and never re-assembles the steps.
import { homedir } from 'node:os';
import { TfeClient } from '../api/client.js';
import { connectionFrom } from '../api/credentials.js';
import type { LiveState, LiveTarget, ReadBy } from '../core/model.js';
import type { DesiredState, FilesState } from '../core/desired-state.js';
import type { ServerInfo } from '../core/server.js';
import type { Plan } from '../core/plan.js';
import { buildPlan, withViolations } from '../diff/plan.js';
import { coverageOf } from '../diff/completeness.js';
import { scopeOf } from '../core/scope.js';
import { desiredAt } from '../core/expiry.js';
import { supportFindings } from '../diff/support.js';
import type { PlanWarning } from '../core/plan.js';
import { CLIError } from '../errors.js';
import { effectiveChanges } from '../effective/changes.js';
import { readChangeContext } from '../live/change-context.js';
import { readPolicyContext, readPolicyLists } from '../live/policy-context.js';
import type { SetCatalog } from '../resolve/catalog.js';
import { policyNameFindings } from '../policy/selectors.js';
import { nameProblemsError } from '../resolve/problems.js';
import { checkPolicies, type GrantClock } from '../policy/check.js';
import { grantEnds } from '../policy/ends.js';
import { rulesRead } from '../core/policy-rules.js';
import { grantsAfter } from '../effective/after.js';
import type { DesiredPolicy, GrantEnd, PolicyViolation } from '../core/policy.js';
import type { Change } from '../core/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { readLive, type ReadOptions } from '../live/read-live.js';
import { resolve, type NameReader, type Resolved } from '../resolve/resolve.js';
import { expandSets, type Expanded } from '../expand/expand.js';
import { loadDesiredState } from '../validate/desired-state.js';
import { placeOf, problemSummary, type Problem } from '../load/problem.js';
import { RunControl } from './run-control.js';
import { selectExpanded, selectTargets, targetsOf } from './targets.js';

/** How many problems a plan run prints before pointing at `tfe-access validate`. */
const MAX_PROBLEMS_SHOWN = 20;

export interface PlanRequest {
  readonly paths: string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly address?: string | undefined;
  readonly targets: readonly string[];
  readonly concurrency: number;
  readonly rateLimit: number;
  readonly homeDir?: string;
  /** Progress of the live read: (done, total) targets. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Called once the desired state is loaded and before the first request, when the parse's garbage
   * is no longer referenced: the CLI collects it there (src/cli/memory.ts), a library caller need not.
   */
  readonly afterLoad?: () => void;
  /** Told when the server announces a rate limit below --rate-limit: (announced, previous). */
  readonly onRateLimit?: (announced: number, previous: number) => void;
  /** The caller's stop (SIGINT, SIGTERM, a closed stdout): its reason is a RunStoppedError. */
  readonly signal?: AbortSignal | undefined;
  /** `--timeout`: the bound of the whole run, in milliseconds. */
  readonly timeoutMs?: number | undefined;
  /** How long one answer may keep silent (api/http.ts, ANSWER_TIMEOUT_MS, the default). */
  readonly answerTimeoutMs?: number | undefined;
  /** `--read-by` (docs/connecting.md, "Reading by team"); default auto. */
  readonly readBy?: ReadBy | undefined;
  /** Told, in one line, when reading by team is given up for reading by target (src/live/read-live.ts). */
  readonly onNotice?: (line: string) => void;
  /**
   * Also work out what the changes do to effective access (`plan.effectiveChanges`): a few more reads
   * when a change touches targets the files do not manage (src/live/change-context.ts).
   */
  readonly effectiveChanges?: boolean;
  /**
   * docs/effective-access.md, "Policies": check them on the access once the plan is applied (`after`, the default:
   * plan, apply) or as it is (`live`: drift).
   */
  readonly policyState?: 'after' | 'live';
  /**
   * The clock the run judges expiries by (epoch milliseconds; docs/files.md, "Grants that expire"): the
   * CLI passes the process's, tests their own. Absent: Date.now() when the run starts.
   */
  readonly now?: number;
}

/** The request with its clock read once, so every stage of one run judges expiries at one instant. */
export function withClock<R extends { readonly now?: number }>(request: R): R & { readonly now: number } {
  return { ...request, now: request.now ?? Date.now() };
}

export interface PlanResult {
  readonly plan: Plan;
  /** When each grant of the files ends, by ids, when a policy reads it (`max-expiry`; else none): what a saved plan keeps for apply --plan. */
  readonly ends: readonly GrantEnd[];
  readonly desired: FilesState;
  readonly resolved: Resolved;
  readonly live: LiveState;
  /** Still open, for callers that go on with it (a benchmark applies through it); the caller closes it. */
  readonly client: TfeClient;
}

function problemsError(problems: readonly Problem[], files: readonly string[]): CLIError {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${placeOf(p)}: ${p.message}`);
  const more = problems.length > MAX_PROBLEMS_SHOWN ? [`  ... and ${problems.length - MAX_PROBLEMS_SHOWN} more (run \`tfe-access validate\`)`] : [];
  return new CLIError([`${problemSummary(problems, files)}:`, ...shown, ...more].join('\n'));
}

/** load + validate + --target, at `now` (grants expired then are no longer desired): offline, before any request. */
export async function desiredFromFiles(paths: string[], cwd: string, targets: readonly string[], now: number): Promise<FilesState> {
  const loaded = await loadDesiredState(paths, cwd);
  if (!loaded.state) throw problemsError(loaded.problems, loaded.files);
  return desiredAt(selectTargets(loaded.state, targets), now);
}

/** The client of a run; with `control`, its requests end when the run stops, and a dead server stops the run. */
export function openClient(request: Pick<PlanRequest, 'address' | 'env' | 'homeDir' | 'concurrency' | 'rateLimit' | 'onRateLimit' | 'answerTimeoutMs'>, control?: RunControl): TfeClient {
  const connection = connectionFrom({ address: request.address }, request.env, request.homeDir ?? request.env.HOME ?? homedir());
  const silence = request.answerTimeoutMs;
  return new TfeClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    concurrency: request.concurrency,
    rateLimit: request.rateLimit,
    ...(silence === undefined ? {} : { timeouts: { headersMs: silence, bodyMs: silence } }),
    ...(request.onRateLimit ? { onRateLimit: request.onRateLimit } : {}),
    ...(control ? { signal: control.requests, onUnreachable: (error) => control.stop(error) } : {}),
  });
}

/** Desired values the server does not support (src/diff/support.ts): one error before any write; the unknown ones, warnings. */
function checkSupport(desired: DesiredState, live: LiveState, server: ServerInfo): readonly PlanWarning[] {
  const { problems, warnings } = supportFindings(desired, live, server);
  if (problems.length === 0) return warnings;
  const head = problems.length === 1 ? 'a permission the server does not support' : `${problems.length} permissions the server does not support`;
  throw new CLIError(`the desired state sets ${head}; nothing was changed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** The options of every live read of a run: --concurrency, --read-by, the notice of a fallback. */
export function readOptionsOf(request: Pick<PlanRequest, 'concurrency' | 'readBy' | 'onNotice'>): ReadOptions {
  return { concurrency: request.concurrency, ...(request.readBy ? { readBy: request.readBy } : {}), ...(request.onNotice ? { onNotice: request.onNotice } : {}) };
}

/**
 * resolve + expand: the targets to read, the sets merged with the entries (src/expand/), or one
 * error naming every problem. The grants that have ended are the files' own (desiredFromFiles decided them, core/expiry.ts).
 */
export async function resolveAndExpand(client: NameReader, desired: FilesState, targets: readonly string[] = []): Promise<Expanded> {
  const resolved = await resolve(client, desired);
  // The files' teams as the organization spells them, when one differs only by Unicode normalisation.
  const expanded = expandSets(resolved.desired ?? desired, resolved);
  if (expanded.problems.length > 0) {
    const head = expanded.problems.length === 1 ? 'The sets have a problem' : `The sets have ${expanded.problems.length} problems`;
    throw new CLIError(`${head}:\n${expanded.problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const selected = selectExpanded(expanded.desired, expanded.resolved, targets);
  return { ...expanded, ...selected };
}

/** The policies' verdict, and the targets read for it beyond `live`'s (what the run's coverage counts too). */
export interface PolicyVerdict {
  readonly violations: PolicyViolation[];
  readonly read: readonly LiveTarget[];
  /** The workspaces the policies select whose project the token cannot see (live/policy-context.ts). */
  readonly projectsUnseen: readonly string[];
}

/**
 * docs/effective-access.md, "Policies": the violations of `policies`, on the access after `changes` (or as it is);
 * none to check, no request. `live` holds the managed targets as just read: only the other targets
 * the policies select are read. The one policy path of plan, drift and `apply --plan`.
 */
export async function violationsOf(
  client: TfeClient,
  resolved: Resolved,
  policies: readonly DesiredPolicy[],
  live: LiveState,
  changes: readonly Change[],
  clock: GrantClock,
  request: Pick<PlanRequest, 'concurrency' | 'policyState'>,
  lists?: SetCatalog,
): Promise<PolicyVerdict> {
  if (policies.length === 0) return { violations: [], read: [], projectsUnseen: [] };
  const input = await readPolicyContext(client, resolved, live, policies, { concurrency: request.concurrency }, lists);
  const violations = checkPolicies(policies, { ...clock, ...input, ...(request.policyState === 'live' ? {} : { grants: grantsAfter(input.grants, changes) }) });
  return { violations, read: input.read, projectsUnseen: input.projectsUnseen };
}

/**
 * resolve + expand + read live + diff + the guards' verdict (+ effective changes when asked), for a
 * desired state already loaded. `desired` in the result is the files' (what a saved plan's basis
 * fingerprints); the plan is made from it once its sets are expanded.
 */
/**
 * docs/effective-access.md, "Policies": the violations of the files' policies, on the access after `changes` (or as it
 * is), and the warnings of their names; none to check, no request. A name of a match the
 * organization does not have fails the run before any grant is read for the policies.
 */
async function policiesOf(
  client: TfeClient,
  expanded: Expanded,
  live: LiveState,
  changes: readonly Change[],
  request: Pick<PlanRequest, 'concurrency' | 'policyState'> & { readonly now: number },
): Promise<PolicyVerdict & { warnings: PlanWarning[]; ends: GrantEnd[] }> {
  const policies = expanded.desired.policies ?? [];
  if (policies.length === 0) return { violations: [], read: [], projectsUnseen: [], warnings: [], ends: [] };
  const lists = await readPolicyLists(client, expanded.resolved, policies);
  const { problems, warnings } = policyNameFindings(policies, lists, expanded.resolved.organization);
  if (problems.length > 0) throw nameProblemsError(problems);
  // What the rules read (core/policy-rules.ts): the files' grants' ends only for a rule that compares them.
  const ends = rulesRead(policies.map((p) => p.rule), 'grant-expiries') ? grantEnds(expanded.resolved.targets, expanded.resolved.teamsByName) : [];
  const verdict = await violationsOf(client, expanded.resolved, policies, live, changes, { ends, now: request.now }, request, lists);
  const ignored = new Set<string>(expanded.desired.settings.ignoreWarnings ?? []);
  return { ...verdict, warnings: warnings.filter((w) => !ignored.has(w.code)), ends };
}

export async function planAgainstLive(
  client: TfeClient,
  desired: FilesState,
  request: Pick<PlanRequest, 'concurrency' | 'onProgress' | 'afterLoad' | 'effectiveChanges' | 'policyState' | 'readBy' | 'onNotice'> & Partial<Pick<PlanRequest, 'targets' | 'paths'>> & { readonly now: number },
): Promise<Omit<PlanResult, 'client'>> {
  // Here rather than in desiredFromFiles: every plan (plan, drift, a fresh apply) passes through.
  request.afterLoad?.();
  // Once per run, before anything else: the versions, and a lower rate limit before the first burst.
  const server = await client.serverInfo();
  const expanded = await resolveAndExpand(client, desired, request.targets);
  const { resolved } = expanded;
  const read = readOptionsOf(request);
  const live = await readLive(client, resolved, { ...read, ...(request.onProgress ? { onProgress: request.onProgress } : {}) });
  const supportWarnings = checkSupport(expanded.desired, live, server);
  // diff -> guard: the plan names every guard apply will refuse it by (docs/architecture.md, "The pipeline").
  const targeted = targetsOf(request.targets ?? []);
  // A --target plan says it covers part of the files, in every format (docs/plan.md, "Plan and drift"), as
  // `targeted` and in its scope; how the grants were read is reported too, never part of the
  // checksum (the same plan either way).
  const scope = scopeOf({ paths: request.paths ?? [], targets: request.targets ?? [] });
  const diffPlan = buildPlan(expanded.desired, live, { server, supportWarnings, setWarnings: expanded.warnings, now: request.now, scope });
  const built = guardPlan(diffPlan, guardInputsOf(expanded.desired, live));
  const policies = await policiesOf(client, expanded, live, built.changes, request);
  // One record of what the run read: a grant the token could not see on a target only the policies
  // read hides a violation as surely as on a managed one (diff/completeness.ts, coverageOf).
  const policyRead = policies.read.length > 0 || policies.projectsUnseen.length > 0;
  const coverage = policyRead ? coverageOf({ ...live, targets: new Map([...live.targets, ...policies.read.map((t) => [t.id, t] as const)]) }, policies.projectsUnseen) : built.coverage;
  // The checksum covers the policies' verdict as it covers the guards' (diff/checksum.ts).
  const plan = withViolations({ ...built, coverage, warnings: [...built.warnings, ...policies.warnings], ...(targeted.length > 0 ? { targeted } : {}), ...(live.read ? { read: live.read } : {}) }, expanded.desired, live, policies.violations);
  const { ends } = policies;
  if (!request.effectiveChanges) return { plan, ends, desired, resolved, live };
  const context = await readChangeContext(client, resolved, live, plan.changes, read);
  return { plan: { ...plan, effectiveChanges: effectiveChanges(plan.changes, context) }, ends, desired, resolved, live };
}

export async function planFromFiles(unclocked: PlanRequest): Promise<PlanResult> {
  const request = withClock(unclocked);
  const control = new RunControl(request);
  try {
    const desired = await desiredFromFiles(request.paths, request.cwd, request.targets, request.now);
    const client = openClient(request, control);
    try {
      return { ...(await planAgainstLive(client, desired, request)), client };
    } catch (error: unknown) {
      await client.close();
      throw error;
    }
  } catch (error: unknown) {
    // Stopped (--timeout, a dead server): that is the one line to show, not what it broke on the way.
    throw control.reasonFor(error);
  } finally {
    control.dispose();
  }
}
