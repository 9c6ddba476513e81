// The emulator-throughput scenarios: plain keep-alive GETs against the emulator in its
// own process, faults, latency and rate limiting off; the rate per wall-clock second and per
// CPU-second of the emulator. Writes `.bench/emulator-<scenario>.json`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_ADMIN_TOKEN } from '../src/emulator/start.js';
import { EmulatorProcess } from './emulator-control.js';
import { generateLoad, type LoadResult } from './load.js';
import type { Scenario } from './scenarios.js';

// The emulator must serve at least this many plain GETs per second on one core.
export const TARGET_REQUESTS_PER_SECOND = 3000;
export const DEFAULT_DURATION_MS = 3000;
const DEFAULT_WARMUP_MS = 500;
export const DEFAULT_CONNECTIONS = 16;
export const RESULTS_DIR = '.bench';

function report(
  name: string,
  description: string,
  connections: number,
  result: LoadResult,
  cpuSeconds: number,
): { text: string; perSecond: number; perCpuSecond: number } {
  const perSecond = Math.round(result.requests / (result.elapsedMs / 1000));
  const perCpuSecond = Math.round(result.requests / Math.max(cpuSeconds, 1e-6));
  const below = (n: number): string => (n < TARGET_REQUESTS_PER_SECOND ? '  BELOW TARGET' : '');
  const text = [
    `bench ${name}: ${description}`,
    `  requests: ${result.requests} in ${(result.elapsedMs / 1000).toFixed(2)} s over ${connections} connections (${result.byStatus[200] ?? 0} answered 200, ${result.errors} transport errors)`,
    `  emulator CPU: ${cpuSeconds.toFixed(2)} s (${Math.round((cpuSeconds * 100000) / result.elapsedMs)}% of one core)`,
    `  throughput: ${perSecond} requests/s wall clock${below(perSecond)}`,
    `  throughput per emulator CPU-second (one core): ${perCpuSecond} requests/s (target >= ${TARGET_REQUESTS_PER_SECOND})${below(perCpuSecond)}`,
  ].join('\n');
  return { text, perSecond, perCpuSecond };
}

/** Runs one throughput scenario; 0 when every request was answered 200. */
export async function runThroughput(name: string, scenario: Scenario, connections: number, durationMs: number): Promise<number> {
  const emulator = await EmulatorProcess.start({ seed: scenario.seed, rateLimit: 0, faults: {} });
  try {
    let cpuStart = 0;
    let cpuEnd = 0;
    const result = await generateLoad({
      origin: emulator.url,
      token: DEFAULT_ADMIN_TOKEN,
      paths: scenario.paths,
      connections,
      durationMs,
      warmupMs: DEFAULT_WARMUP_MS,
      onWindow: async (edge) => {
        if (edge === 'start') cpuStart = await emulator.cpuSeconds();
        else cpuEnd = await emulator.cpuSeconds();
      },
    });
    const out = report(name, scenario.description, connections, result, cpuEnd - cpuStart);
    process.stdout.write(`${out.text}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const record = { scenario: name, perSecond: out.perSecond, perCpuSecond: out.perCpuSecond, connections, ...result };
    writeFileSync(`${RESULTS_DIR}/emulator-${name}.json`, `${JSON.stringify(record, null, 2)}\n`);
    return (result.byStatus[200] ?? 0) === result.requests && result.errors === 0 ? 0 : 1;
  } finally {
    await emulator.stop();
  }
}
