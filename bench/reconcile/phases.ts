// The two measured phases against the emulator process. Plan: the real CLI, spawned, as a user
// runs it. Apply: the executor alone on the differing share, in this process, with the plan made
// beforehand (unmeasured, emulator limit lifted) so the figures are the apply's own.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { applyChanges } from '../../src/apply/executor.js';
import { grantChanges, type Summary } from '../../src/core/plan.js';
import { openClient } from '../../src/pipeline/run/request.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import type { EmulatorProcess } from '../emulator-control.js';
import { BENCH_TOKEN } from '../generate/index.js';
import { runCliProcess } from './cli-run.js';
import { RATE_LIMIT_OFF, type ReconcileScenario } from './scenarios.js';

export interface PhaseFigures {
  readonly wallMs: number;
  /** Requests the emulator received (its counter), 429s included. */
  readonly requests: number;
  readonly rateLimited: number;
  /** requests / R, when the rate limit is on. */
  readonly floorMs?: number;
  readonly wallOverFloor?: number;
  readonly requestsPerSecond: number;
  /** From the first request's arrival to the last answer: the HTTP part of the wall time. */
  readonly httpMs: number;
  readonly emulatorCpuMs: number;
  /** Emulator CPU / wall: near 1 would mean the emulator, not the tool, set the pace. */
  readonly emulatorCpuShare: number;
}

export interface PlanFigures extends PhaseFigures {
  readonly exitCode: number;
  readonly summary?: Summary;
  readonly maxRssKiB?: number;
  /** When the CLI made its first request, in ms since its process began: Node's start-up, loading and validating the files (both sides of --changed-from). */
  readonly firstRequestMs?: number;
  readonly stderr: string;
  /** The plan's checksum: the same plan read either way from one server has the same one. */
  readonly checksum?: string;
  /**
   * sha256 of each change's action, target, team and `after`: what the plan does, without what the
   * server reported before (the seed profile reports fewer permissions than the current one).
   */
  readonly changes?: string;
  /** The JSON plan's `read` (docs/connecting.md, "Reading by team"): the strategy, its requests, the estimates, the fallback. */
  readonly read?: PlanRead;
  /** A plan given --changed-from: what it touched and read, or why it was the full one. */
  readonly changedFrom?: ChangedFromDocument;
}

export interface PlanRead {
  readonly strategy: string;
  readonly requests: number;
  readonly estimate: { readonly by_target: number; readonly by_team: number | null };
  readonly fallback: string | null;
}

export interface ApplyFigures extends PhaseFigures {
  readonly changes: number;
  readonly failed: number;
}

/** Runs `work` between a reset of the emulator's log and a read of its counters and CPU. */
async function measured(emulator: EmulatorProcess, scenario: ReconcileScenario, work: () => Promise<void>): Promise<PhaseFigures> {
  await emulator.resetLog();
  const cpuBefore = await emulator.cpuSeconds();
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const cpuMs = ((await emulator.cpuSeconds()) - cpuBefore) * 1000;
  const { counters, span } = await emulator.counters();
  const floorMs = scenario.rateLimit === RATE_LIMIT_OFF ? undefined : (counters.total / scenario.rateLimit) * 1000;
  return {
    wallMs,
    requests: counters.total,
    rateLimited: counters.rateLimited,
    ...(floorMs !== undefined ? { floorMs, wallOverFloor: wallMs / floorMs } : {}),
    requestsPerSecond: counters.total / (wallMs / 1000),
    httpMs: span ? span.lastEndMs - span.firstStartMs : 0,
    emulatorCpuMs: cpuMs,
    emulatorCpuShare: cpuMs / wallMs,
  };
}

interface PlanChange {
  readonly action: string;
  readonly target: { readonly id: string };
  readonly team: { readonly id: string };
  readonly after: unknown;
}
type PlanDocument = { summary?: Summary; checksum?: string; read?: PlanRead; changes?: PlanChange[]; scope?: { changed_from?: ChangedFromDocument } };

/** The JSON plan's `scope.changed_from` (docs/plan.md, "Scoped plans"). */
export interface ChangedFromDocument {
  readonly scoped: boolean;
  readonly targets: readonly string[];
  readonly targets_read: number;
  readonly reason?: string;
}

function planOf(stdout: string): Pick<PlanFigures, 'summary' | 'checksum' | 'read' | 'changes' | 'changedFrom'> {
  let document: PlanDocument;
  try {
    document = JSON.parse(stdout) as PlanDocument;
  } catch {
    return {};
  }
  const { summary, checksum, read, changes, scope } = document;
  const done = changes?.map((c) => [c.action, c.target.id, c.team.id, c.after]);
  return {
    ...(summary ? { summary } : {}),
    ...(checksum ? { checksum } : {}),
    ...(read ? { read } : {}),
    ...(scope?.changed_from ? { changedFrom: scope.changed_from } : {}),
    ...(done ? { changes: createHash('sha256').update(JSON.stringify(done)).digest('hex') } : {}),
  };
}

export interface PlanRun {
  /** `--read-by` (default auto). */
  readonly readBy?: 'auto' | 'team' | 'target';
  /** Write a CPU profile of the CLI run there (`node --cpu-prof`). */
  readonly profileDir?: string | undefined;
  /** More of the command line (`--changed-from HEAD`). */
  readonly more?: readonly string[];
}

export async function measurePlan(emulator: EmulatorProcess, scenario: ReconcileScenario, dir: string, options: PlanRun = {}): Promise<PlanFigures> {
  const { readBy, profileDir, more = [] } = options;
  const args = [
    'plan',
    dir,
    '--format',
    'json',
    '--address',
    emulator.url,
    '--concurrency',
    String(scenario.concurrency),
    '--rate-limit',
    String(scenario.rateLimit),
    ...(readBy ? ['--read-by', readBy] : []),
    ...more,
  ];
  let run: Awaited<ReturnType<typeof runCliProcess>> | undefined;
  const figures = await measured(emulator, scenario, async () => {
    run = await runCliProcess(args, { TFE_TOKEN: BENCH_TOKEN }, dir, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  });
  if (!run) throw new Error('the plan did not run');
  return {
    ...figures,
    exitCode: run.code,
    stderr: run.stderr,
    ...planOf(run.stdout),
    ...(run.maxRssKiB !== undefined ? { maxRssKiB: run.maxRssKiB } : {}),
    ...(run.firstRequestMs !== undefined ? { firstRequestMs: run.firstRequestMs } : {}),
  };
}

export async function measureApply(emulator: EmulatorProcess, scenario: ReconcileScenario, dir: string): Promise<ApplyFigures> {
  const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
  await emulator.setRateLimit(RATE_LIMIT_OFF);
  const planned = await planFromFiles({
    paths: [dir],
    cwd: dir,
    connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: scenario.concurrency },
    read: { concurrency: scenario.concurrency },
  });
  await emulator.setRateLimit(scenario.rateLimit);
  const client = openClient({ env, homeDir: dir, concurrency: scenario.concurrency, rateLimit: scenario.rateLimit });
  let failed = 0;
  try {
    const figures = await measured(emulator, scenario, async () => {
      const report = await applyChanges(grantChanges(planned.plan), client, { concurrency: scenario.concurrency });
      failed = report.counts.failed;
    });
    return { ...figures, changes: planned.plan.changes.length, failed };
  } finally {
    await client.close();
  }
}
