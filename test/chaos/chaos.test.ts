// The chaos suite (issue 9, build 1): many applies of a random desired state to a random
// organization, each against an emulator injecting 5xx answers, 429 bursts, latency spikes, dropped
// connections and writes applied whose answer is lost. After each apply (plus at most one re-run):
//   - live equals desired: a fresh plan is empty;
//   - no team holds two grants on one target;
//   - no grant that existed before is gone unless the plan removed it;
//   - the targets no file manages kept exactly their grants;
//   - every failure was reported: after the first apply, every change still to make is one the
//     apply reported failed (with a reason), and every change reported applied is really so.
// Runs: TFE_ACCESS_CHAOS_RUNS (20 by default; `npm run chaos` sets 300). TFE_ACCESS_CHAOS_SEED=N
// replays one run. In one run of five the first apply has a token that may read but not write:
// its first refused writes stop the apply (docs/apply.md, "A write refused for the token's rights"), so
// nothing is applied, at most --concurrency changes fail and the rest are reported not started. Faults and worlds are seeded; with --concurrency above 1 the arrival order (so
// which request meets which fault) can still vary between replays. Even seeds run against the
// emulator's seed profile, odd ones against current (world.ts).
import { rm } from 'node:fs/promises';
import { afterAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, grantsOf, ORG_TOKEN, writeDesired } from '../apply/scenario.js';
import { type CliRun, runCli } from '../support/cli.js';
import { newFigures, reportFigures, seedsFromEnv } from './figures.js';
import { AUDITOR_TOKEN, chaosWorld, type World } from './world.js';

const SEEDS = seedsFromEnv(1000, 20);
const figures = newFigures('chaos');

interface ChangeJson {
  action: 'add' | 'update' | 'remove';
  id?: string;
  team: { id: string; name: string };
  target: { type: string; id: string; name: string };
}
interface OutcomeJson {
  status: 'applied' | 'already-so' | 'failed' | 'not-started';
  change: ChangeJson;
  reason?: string;
}
interface ApplyJson {
  result: string;
  converged?: boolean;
  outcomes?: OutcomeJson[];
  stopped?: { reason: string; exit_code: number };
}

const pair = (c: ChangeJson): string => `${c.target.type}/${c.target.id}/${c.team.id}`;

async function planChanges(dir: string, env: Record<string, string>, expect: ExpectStatic): Promise<ChangeJson[]> {
  const run = await runCli(['plan', dir, '--format', 'json', '--rate-limit', String(FAST)], { env });
  expect(run.code, run.err).toBe(0);
  return (JSON.parse(run.out) as { changes: ChangeJson[] }).changes;
}

function apply(dir: string, env: Record<string, string>, world: World): Promise<CliRun> {
  return runCli(['apply', dir, '--auto-approve', '--format', 'json', '--rate-limit', String(FAST), '--concurrency', String(world.concurrency)], { env });
}

/** The first apply's report against the state it left (read with faults off). */
async function checkReport(run: CliRun, dir: string, env: Record<string, string>, expect: ExpectStatic): Promise<void> {
  if (run.out === '') {
    // Ended before applying (a read failed every retry): one line on stderr, nothing changed.
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n'), run.err).toHaveLength(1);
    figures.readFailures += 1;
    return;
  }
  const report = JSON.parse(run.out) as ApplyJson;
  expect(report.result).toBe('applied');
  const outcomes = report.outcomes ?? [];
  const failed = outcomes.filter((o) => o.status === 'failed');
  // Not started: only after a write refused for the token's rights stopped the run.
  const undone = outcomes.filter((o) => o.status === 'failed' || o.status === 'not-started');
  figures.reportedFailures += failed.length;
  expect(run.code).toBe(undone.length === 0 ? 0 : 1);
  expect(report.converged).toBe(undone.length === 0);
  for (const outcome of failed) expect(outcome.reason ?? '', JSON.stringify(outcome)).not.toBe('');
  const left = new Set((await planChanges(dir, env, expect)).map(pair));
  const undonePairs = new Set(undone.map((o) => pair(o.change)));
  // Nothing left undone silently, and nothing reported done that is not.
  expect([...left].filter((p) => !undonePairs.has(p))).toEqual([]);
  expect(outcomes.filter((o) => (o.status === 'applied' || o.status === 'already-so') && left.has(pair(o.change))).map((o) => pair(o.change))).toEqual([]);
}

async function chaosRun(seed: number, emulator: RunningEmulator, world: World, dir: string, expect: ExpectStatic): Promise<void> {
  const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
  const managed = world.scenario.targets;
  const before = await grantsOf(emulator, managed);
  const outsideBefore = await grantsOf(emulator, world.unmanaged);
  const planned = await planChanges(dir, env, expect);
  figures.changesPlanned += planned.length;
  const removals = new Set(planned.flatMap((c) => (c.action === 'remove' && c.id ? [c.id] : [])));

  emulator.resetLog();
  emulator.setFaults(world.faults);
  const first = await apply(dir, world.denied ? { ...env, TFE_TOKEN: AUDITOR_TOKEN } : env, world);
  emulator.setFaults({});
  await checkReport(first, dir, env, expect);
  const firstReport = first.out === '' ? undefined : (JSON.parse(first.out) as ApplyJson);
  if (world.denied && planned.length > 0) {
    // Nothing could be changed: none applied; the first refusals stopped the run, naming the token.
    expect(first.code).toBe(1);
    const outcomes = firstReport?.outcomes ?? [];
    expect(outcomes.filter((o) => o.status === 'applied' || o.status === 'already-so').map((o) => pair(o.change))).toEqual([]);
    if (firstReport) {
      // A change may also fail for the faults (every retry spent); those refused are at most the writes in flight.
      expect(outcomes.filter((o) => o.status === 'failed' && /status 40[34]/.test(o.reason ?? '')).length).toBeLessThanOrEqual(world.concurrency);
      // The identity, unless the faults kept its one read from an answer.
      expect(firstReport.stopped?.reason).toMatch(
        /^the token \((team "auditors"'s token, service user .*|whose, the server did not say)\) may not change team access/,
      );
    }
  } else {
    expect((firstReport?.outcomes ?? []).filter((o) => o.status === 'not-started')).toEqual([]);
  }
  if (first.code !== 0) {
    figures.reruns += 1;
    emulator.setFaults(world.faults);
    const again = await apply(dir, env, world);
    emulator.setFaults({});
    expect(again.code, `seed ${seed}, the re-run:\n${again.out}\n${again.err}`).toBe(0);
  }
  for (const record of emulator.requests) {
    figures.requests += 1;
    if (record.fault) figures.faults[record.fault] = (figures.faults[record.fault] ?? 0) + 1;
  }

  expect(await planChanges(dir, env, expect), `seed ${seed}: live differs from desired`).toEqual([]);
  const after = await grantsOf(emulator, managed);
  const pairs = after.map((g) => `${g.targetId}/${g.teamId}`);
  expect(pairs.length - new Set(pairs).size, `seed ${seed}: duplicate grants`).toBe(0);
  const now = new Set(after.map((g) => g.id));
  expect(
    before.filter((g) => !now.has(g.id) && !removals.has(g.id)).map((g) => g.id),
    `seed ${seed}: removed without a plan`,
  ).toEqual([]);
  expect(await grantsOf(emulator, world.unmanaged), `seed ${seed}: a target outside the file changed`).toEqual(outsideBefore);
}

describe('chaos: apply under injected faults', () => {
  afterAll(() => {
    reportFigures(figures);
    // Over the CI-sized run and more, every kind of fault was met (a replay of one seed may not).
    if (SEEDS.length >= 20) expect(Object.keys(figures.faults).sort()).toEqual(['drop', 'error', 'lost-answer', 'rate-limit']);
    if (SEEDS.length >= 2) expect(Object.keys(figures.profiles).sort()).toEqual(['current', 'seed']);
  });

  it.concurrent.for(SEEDS)('seed %i: converges, duplicates nothing, removes only what the plan removed, reports every failure', async (seed, { expect }) => {
    const world = chaosWorld(seed);
    const emulator = await startEmulator({ seed: world.scenario.seed, rateLimit: 0, randomSeed: seed });
    expect(emulator.profile).toBe(world.profile);
    const dir = await writeDesired(world.scenario.yaml);
    try {
      await chaosRun(seed, emulator, world, dir, expect);
      figures.runs += 1;
      figures.profiles[world.profile] = (figures.profiles[world.profile] ?? 0) + 1;
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
