// Crash safety (issue 9, build 2): the built CLI (`node dist/cli/main.js apply`) is killed with
// SIGKILL after k writes, k drawn by a seeded PRNG, at many points; then apply runs again. With
// --concurrency 1 and no faults the executor writes one change at a time in plan order (adds and
// updates, then removes), so the emulator's log says exactly which changes were done. After the
// kill, a fresh plan must be exactly the first plan minus those changes (nothing half done, nothing
// lost), and the second apply converges without duplicating a grant.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/emulator/prng.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, grantsOf, ORG_TOKEN, randomScenario, WRITES, writeDesired } from '../apply/scenario.js';
import { ROOT, runCli } from '../support/cli.js';
import { newFigures, reportFigures } from './figures.js';
import { profileOf } from './world.js';

const runs = Number(process.env.TFE_ACCESS_CHAOS_RUNS ?? 0);
/** At least 10 kill points; the long form (`npm run chaos`) kills once per 5 chaos runs. */
const POINTS = Math.max(10, Number.isInteger(runs) ? Math.floor(runs / 5) : 0);
/** Latency on every answer, so the kill lands between writes rather than after the last. */
const LATENCY_MS = 8;
const POLL_MS = 2;
/** Latency from write k on. */
const HOLD_MS = 150;
const figures = newFigures('crash');

interface ChangeJson {
  action: 'add' | 'update' | 'remove';
  resource: string;
  id?: string;
}

async function planChanges(dir: string, env: Record<string, string>): Promise<ChangeJson[]> {
  const run = await runCli(['plan', dir, '--format', 'json', '--rate-limit', String(FAST)], { env });
  expect(run.code, run.err).toBe(0);
  return (JSON.parse(run.out) as { changes: ChangeJson[] }).changes;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns apply and kills it once `k` writes have reached the emulator; says why when it could not. */
async function killAfter(k: number, dir: string, env: Record<string, string>, emulator: RunningEmulator): Promise<string | undefined> {
  const args = ['dist/cli/main.js', 'apply', dir, '--auto-approve', '--concurrency', '1', '--rate-limit', String(FAST)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let finished = false;
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => {
      finished = true;
      resolve(signal);
    }),
  );
  const writes = (): number => emulator.requests.filter((r) => WRITES.has(r.method)).length;
  // From write k on, answers are slow: the kill lands while write k is in flight, however loaded the
  // machine is (a fast apply could otherwise finish between two polls).
  while (!finished && writes() < k) {
    if (writes() >= k - 1) emulator.setFaults({ latencyMs: HOLD_MS });
    await sleep(POLL_MS);
  }
  if (finished) return `apply ended before its write ${k}: ${stderr}`;
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // The write in flight at the kill is answered (or found dropped) after HOLD_MS: let it settle.
  await sleep(HOLD_MS * 1.5);
  emulator.setFaults({});
  return undefined;
}

/** The path a change's write goes to: POST /team-projects, PATCH or DELETE /team-projects/ID. */
function writeOf(change: ChangeJson): string {
  const method = change.action === 'add' ? 'POST' : change.action === 'update' ? 'PATCH' : 'DELETE';
  return change.action === 'add' ? `${method} /api/v2/${change.resource}` : `${method} /api/v2/${change.resource}/${change.id ?? ''}`;
}

describe('apply killed with SIGKILL at random points', () => {
  afterAll(() => reportFigures(figures));
  const random = mulberry32(90210);
  const points = Array.from({ length: POINTS }, (_, i) => ({ seed: 500 + i, draw: random() }));

  it.concurrent.each(points)(
    'seed $seed: the plan after the kill is the first plan minus what the log shows done, and apply converges',
    async ({ seed, draw }) => {
      // Even seeds against the seed profile, odd ones against current: both kinds of server, no more runs.
      const scenario = randomScenario(seed, { teams: 7, projects: 2, workspaces: 3, density: 0.6, profile: profileOf(seed) });
      const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0, randomSeed: seed, faults: { latencyMs: LATENCY_MS } });
      const dir = await writeDesired(scenario.yaml);
      const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
      try {
        const first = await planChanges(dir, env);
        expect(first.length).toBeGreaterThan(3);
        // The executor's order with --concurrency 1: adds and updates in plan order, then removes.
        const order = [...first.filter((c) => c.action !== 'remove'), ...first.filter((c) => c.action === 'remove')];
        const k = 1 + Math.floor(draw * (order.length - 1));
        emulator.resetLog();
        expect(await killAfter(k, dir, env, emulator)).toBeUndefined();
        figures.crashes += 1;

        const writes = emulator.requests.filter((r) => WRITES.has(r.method));
        const done = writes.filter((r) => r.status >= 200 && r.status < 300);
        // One write per change, in order; the ones done are a prefix (at most one more was in flight).
        expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(order.slice(0, writes.length).map(writeOf));
        expect(writes.slice(0, done.length)).toEqual(done);
        expect(writes.length - done.length).toBeLessThanOrEqual(1);
        const doneChanges = new Set(order.slice(0, done.length));

        const left = await planChanges(dir, env);
        expect(left).toEqual(first.filter((c) => !doneChanges.has(c)));

        const again = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
        expect(again.code, again.err).toBe(0);
        expect(await planChanges(dir, env)).toEqual([]);
        const pairs = (await grantsOf(emulator, scenario.targets)).map((g) => `${g.targetId}/${g.teamId}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        figures.runs += 1;
        figures.profiles[emulator.profile] = (figures.profiles[emulator.profile] ?? 0) + 1;
        figures.changesPlanned += first.length;
      } finally {
        await emulator.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
