// `npm run bench [-- --scenario small|large] [--duration-ms N] [--connections N]`: measures the
// emulator's plain GET throughput with faults, latency and rate limiting off. The emulator runs in
// its own process, the load comes from this one, so they never share an event loop.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_ADMIN_TOKEN } from '../emulator/index.js';
import type { ToParent } from './emulator-process.js';
import { generateLoad, type LoadResult } from './load.js';
import { SCENARIOS } from './scenarios.js';

// Issue 2: the emulator must serve at least this many plain GETs per second on one core.
export const TARGET_REQUESTS_PER_SECOND = 3000;
const DEFAULT_DURATION_MS = 3000;
const DEFAULT_WARMUP_MS = 500;
const DEFAULT_CONNECTIONS = 16;
const RESULTS_DIR = '.bench';

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

function nextMessage(child: ChildProcess, kind: ToParent['kind']): Promise<ToParent> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ToParent): void => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the emulator process exited (${code})`)));
  });
}

async function cpuMicros(child: ChildProcess): Promise<number> {
  const reply = nextMessage(child, 'cpu');
  child.send('cpu');
  const message = await reply;
  return message.kind === 'cpu' ? message.micros : 0;
}

function report(name: string, description: string, connections: number, result: LoadResult, cpuSeconds: number): { text: string; perSecond: number; perCpuSecond: number } {
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

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { scenario: { type: 'string', default: 'small' }, 'duration-ms': { type: 'string' }, connections: { type: 'string' } }, strict: true });
  const name = values.scenario ?? 'small';
  const make = SCENARIOS[name];
  if (!make) throw new Error(`unknown scenario "${name}" (known: ${Object.keys(SCENARIOS).join(', ')})`);
  const scenario = make();
  const connections = positive(values.connections, DEFAULT_CONNECTIONS, 'connections');
  const child = fork(fileURLToPath(new URL('./emulator-process.js', import.meta.url)), [name], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const ready = await nextMessage(child, 'ready');
    const origin = ready.kind === 'ready' ? ready.url : '';
    let cpuStart = 0;
    let cpuEnd = 0;
    const result = await generateLoad({
      origin,
      token: DEFAULT_ADMIN_TOKEN,
      paths: scenario.paths,
      connections,
      durationMs: positive(values['duration-ms'], DEFAULT_DURATION_MS, 'duration-ms'),
      warmupMs: DEFAULT_WARMUP_MS,
      onWindow: async (edge) => {
        if (edge === 'start') cpuStart = await cpuMicros(child);
        else cpuEnd = await cpuMicros(child);
      },
    });
    const out = report(name, scenario.description, connections, result, (cpuEnd - cpuStart) / 1e6);
    process.stdout.write(`${out.text}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const record = { scenario: name, perSecond: out.perSecond, perCpuSecond: out.perCpuSecond, connections, ...result };
    writeFileSync(`${RESULTS_DIR}/emulator-${name}.json`, `${JSON.stringify(record, null, 2)}\n`);
    return (result.byStatus[200] ?? 0) === result.requests && result.errors === 0 ? 0 : 1;
  } finally {
    child.send('stop');
  }
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
