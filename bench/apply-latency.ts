// `npm run bench -- --scenario apply-400`: times the executor alone on
// a plan of CHANGES adds against the emulator with LATENCY_MS per answer and no rate limit. Expected
// about CHANGES x LATENCY_MS / CONCURRENCY (400 x 50 ms / 8 = 2.5 s). A benchmark, not a
// test: it prints the figure; it fails only when a change failed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyChanges } from '../src/apply/executor.js';
import { grantChanges } from '../src/core/plan.js';
import { startEmulator } from '../src/emulator/start.js';
import { openClient } from '../src/pipeline/run/request.js';
import { planFromFiles } from '../src/pipeline/use-cases/plan.js';

const TOKEN = 'bench-org-token';
/** Client-side rate far above what the run sends: the limit under test is the concurrency. */
const UNLIMITED_RATE = 1_000_000;
const TEAMS = 20;

export interface BenchmarkResult {
  readonly changes: number;
  readonly elapsedMs: number;
  readonly expectedMs: number;
  readonly failed: number;
}

export async function benchmarkApply(changes = 400, latencyMs = 50, concurrency = 8): Promise<BenchmarkResult> {
  const workspaces = Math.ceil(changes / TEAMS);
  const teams = Array.from({ length: TEAMS }, (_, i) => ({ name: `team-${i}` }));
  const seed = { organizations: [{ name: 'bench', token: TOKEN, teams, workspaces: Array.from({ length: workspaces }, (_, i) => ({ name: `ws-${i}` })) }] };
  const yaml = ['organization: bench', 'workspaces:'];
  for (let w = 0, n = 0; w < workspaces; w++) {
    yaml.push(`  ws-${w}:`, '    teams:');
    for (let t = 0; t < TEAMS && n < changes; t++, n++) yaml.push(`      team-${t}: read`);
  }
  const emulator = await startEmulator({ seed, rateLimit: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'tfe-access-bench-'));
  try {
    await writeFile(join(dir, 'tfe-access.yaml'), `${yaml.join('\n')}\n`);
    const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url, HOME: dir };
    const connection = { env, rateLimit: UNLIMITED_RATE, concurrency };
    const result = await planFromFiles({ paths: [dir], cwd: dir, connection, read: { concurrency } });
    // The bench's own client on the same connection: a plan hands out none.
    const client = openClient(connection);
    emulator.setFaults({ latencyMs });
    const start = performance.now();
    const report = await applyChanges(grantChanges(result.plan), client, { concurrency });
    const elapsedMs = performance.now() - start;
    await client.close();
    return { changes: result.plan.changes.length, elapsedMs, expectedMs: (result.plan.changes.length * latencyMs) / concurrency, failed: report.counts.failed };
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** 400 adds, 50 ms per answer, concurrency 8; prints one line and a JSON record. */
export async function runApplyLatency(): Promise<number> {
  const r = await benchmarkApply(400, 50, 8);
  process.stdout.write(
    `apply: ${r.changes} changes in ${(r.elapsedMs / 1000).toFixed(2)} s at 50 ms latency and concurrency 8 (expected about ${(r.expectedMs / 1000).toFixed(2)} s), ${r.failed} failed\n`,
  );
  process.stdout.write(`BENCH_JSON ${JSON.stringify({ scenario: 'apply-400', ...r })}\n`);
  return r.failed === 0 ? 0 : 1;
}
