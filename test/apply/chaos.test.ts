// apply end to end under injected faults (issue 6, acceptance 1): 20% 5xx, 429 bursts, dropped
// connections and writes applied whose answer is lost. For several random seeds, after apply and at
// most one re-run, live access equals the desired state exactly: nothing missing, nothing
// duplicated, nothing removed that the plan did not remove.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { runCli } from '../support/cli.js';
import { FAST, grantsOf, ORG_TOKEN, randomScenario, writeDesired, writesOf } from './scenario.js';

const SEEDS = [11, 23, 37, 41];
const FAULTS = { errorRate: 0.2, rateLimitBurstRate: 0.1, dropRate: 0.1, lostAnswerRate: 0.2 };
/** The fault kinds the emulator injected, over every seed. */
const injected = new Set<string | undefined>();

interface PlanJson {
  changes: Array<{ action: string; id?: string }>;
}

describe('apply under injected faults', () => {
  it.each(SEEDS)('converges exactly for random seed %i', async (randomSeed) => {
    const scenario = randomScenario(randomSeed, { teams: 5, projects: 2, workspaces: 3, density: 0.5 });
    const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0, randomSeed });
    const dir = await writeDesired(scenario.yaml);
    const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
    try {
      const before = await grantsOf(emulator, scenario.targets);
      const planned = await runCli(['plan', dir, '--format', 'json'], { env });
      const plan = JSON.parse(planned.out) as PlanJson;
      expect(plan.changes.length).toBeGreaterThan(5);
      const removals = new Set(plan.changes.flatMap((c) => (c.action === 'remove' && c.id ? [c.id] : [])));

      emulator.setFaults(FAULTS);
      emulator.resetLog();
      let run = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
      if (run.code !== 0) {
        expect(run.code, run.err).toBe(1);
        expect(run.out).toContain('Apply incomplete');
        run = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
      }
      expect(run.code, `${run.out}\n${run.err}`).toBe(0);
      const log = emulator.requests;
      for (const record of log) injected.add(record.fault);
      expect(log.filter((r) => r.fault === 'error').length).toBeGreaterThan(0);
      expect(writesOf(emulator).length).toBeGreaterThan(0);
      emulator.setFaults({});

      // Nothing missing, nothing unexpected: a fresh plan is empty.
      const after = await runCli(['plan', dir, '--detailed-exitcode'], { env });
      expect(after.code, after.out).toBe(0);
      // Nothing duplicated: one grant per team and target.
      const grants = await grantsOf(emulator, scenario.targets);
      const pairs = grants.map((g) => `${g.targetId}/${g.teamId}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      // Nothing removed that the plan did not remove: every other grant kept its id.
      const now = new Set(grants.map((g) => g.id));
      const lost = before.filter((g) => !now.has(g.id) && !removals.has(g.id)).map((g) => g.id);
      expect(lost).toEqual([]);
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Runs after the seeds above (tests of a file run in order).
  it('injected every kind of fault over the seeds', () => {
    expect(injected).toEqual(new Set([undefined, 'error', 'rate-limit', 'drop', 'lost-answer']));
  });
});
