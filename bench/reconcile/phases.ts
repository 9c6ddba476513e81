// The two measured phases against the emulator process. Plan: the real CLI, spawned, as a user
// runs it. Apply: the executor alone on the differing share, in this process, with the plan made
// beforehand (unmeasured, emulator limit lifted) so the figures are the apply's own.
import { performance } from 'node:perf_hooks';
import { applyChanges } from '../../src/apply/executor.js';
import type { Summary } from '../../src/core/plan.js';
import { openClient, planFromFiles } from '../../src/pipeline/plan.js';
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
  readonly stderr: string;
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

function summaryOf(stdout: string): Summary | undefined {
  try {
    const document = JSON.parse(stdout) as { summary?: Summary };
    return document.summary;
  } catch {
    return undefined;
  }
}

/** `profileDir`: write a CPU profile of the CLI run there (`node --cpu-prof`). */
export async function measurePlan(emulator: EmulatorProcess, scenario: ReconcileScenario, dir: string, profileDir?: string): Promise<PlanFigures> {
  const args = ['plan', dir, '--format', 'json', '--address', emulator.url, '--concurrency', String(scenario.concurrency), '--rate-limit', String(scenario.rateLimit)];
  let run: Awaited<ReturnType<typeof runCliProcess>> | undefined;
  const figures = await measured(emulator, scenario, async () => {
    run = await runCliProcess(args, { TFE_TOKEN: BENCH_TOKEN }, dir, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  });
  if (!run) throw new Error('the plan did not run');
  const summary = summaryOf(run.stdout);
  return { ...figures, exitCode: run.code, stderr: run.stderr, ...(summary ? { summary } : {}), ...(run.maxRssKiB !== undefined ? { maxRssKiB: run.maxRssKiB } : {}) };
}

export async function measureApply(emulator: EmulatorProcess, scenario: ReconcileScenario, dir: string): Promise<ApplyFigures> {
  const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
  await emulator.setRateLimit(RATE_LIMIT_OFF);
  const planned = await planFromFiles({ paths: [dir], cwd: dir, env, homeDir: dir, targets: [], concurrency: scenario.concurrency, rateLimit: RATE_LIMIT_OFF });
  await planned.client.close();
  await emulator.setRateLimit(scenario.rateLimit);
  const client = openClient({ env, homeDir: dir, concurrency: scenario.concurrency, rateLimit: scenario.rateLimit });
  let failed = 0;
  try {
    const figures = await measured(emulator, scenario, async () => {
      const report = await applyChanges(planned.plan.changes, client, { concurrency: scenario.concurrency });
      failed = report.counts.failed;
    });
    return { ...figures, changes: planned.plan.changes.length, failed };
  } finally {
    await client.close();
  }
}
