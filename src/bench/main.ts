// `npm run bench [-- --scenario small|large] [--duration-ms N] [--connections N]`: measures the
// emulator's plain GET throughput with faults, latency and rate limiting off. The load comes from a
// worker thread, so the emulator's event loop serves requests and nothing else.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../emulator/index.js';
import type { LoadJob, LoadResult } from './load-worker.js';
import { SCENARIOS } from './scenarios.js';

// Issue 2: the emulator must serve at least this many plain GETs per second on one core.
export const TARGET_REQUESTS_PER_SECOND = 3000;
const DEFAULT_DURATION_MS = 3000;
const DEFAULT_WARMUP_MS = 500;
const DEFAULT_CONNECTIONS = 16;
const RESULTS_DIR = '.bench';

function runWorker(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), { workerData: job });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { scenario: { type: 'string', default: 'small' }, 'duration-ms': { type: 'string' }, connections: { type: 'string' } },
    strict: true,
  });
  const name = values.scenario ?? 'small';
  const make = SCENARIOS[name];
  if (!make) throw new Error(`unknown scenario "${name}" (known: ${Object.keys(SCENARIOS).join(', ')})`);
  const scenario = make();
  const job = {
    token: DEFAULT_ADMIN_TOKEN,
    paths: scenario.paths,
    connections: positive(values.connections, DEFAULT_CONNECTIONS, 'connections'),
    durationMs: positive(values['duration-ms'], DEFAULT_DURATION_MS, 'duration-ms'),
    warmupMs: DEFAULT_WARMUP_MS,
  };
  const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0, faults: {} });
  let result: LoadResult;
  try {
    result = await runWorker({ ...job, origin: emulator.url });
  } finally {
    await emulator.stop();
  }
  const perSecond = Math.round(result.requests / (result.elapsedMs / 1000));
  const ok = result.byStatus[200] ?? 0;
  const lines = [
    `bench ${name}: ${scenario.description}`,
    `  requests: ${result.requests} in ${(result.elapsedMs / 1000).toFixed(2)} s over ${job.connections} connections (${ok} answered 200, ${result.errors} transport errors)`,
    `  throughput: ${perSecond} requests/s (target >= ${TARGET_REQUESTS_PER_SECOND})${perSecond < TARGET_REQUESTS_PER_SECOND ? '  BELOW TARGET' : ''}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(`${RESULTS_DIR}/emulator-${name}.json`, `${JSON.stringify({ scenario: name, perSecond, ...result, connections: job.connections }, null, 2)}\n`);
  return ok === result.requests && result.errors === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
