// Hostile answers to writes: `apply` through a proxy to the emulator that spoils the answer of one
// POST, PATCH or DELETE (the write itself reaches the emulator and is made, or not, as it would
// be). The apply ends with exit 0 or 1 and no stack; every change it reports applied is so; and
// a second apply, with honest answers, converges without a duplicate grant. The cases are split
// between the emulator's two profiles (on `current`, creates answer 201 and custom grants use the
// newer permissions).
import { rm } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import { FAST, grantsOf, ORG_TOKEN, randomScenario, WRITES, writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { proxy, type Spoil } from './replay.js';
import { type Spoiler, spoilerArb, spoilOne } from './spoilers.js';

const RUNS = Number(process.env.TFE_ACCESS_CHAOS_RUNS ?? 0) >= 100 ? 300 : 30;
const SCENARIOS = PROFILE_NAMES.map((profile) => randomScenario(21, { teams: 4, projects: 1, workspaces: 2, density: 0.5, profile }));
/** Below the number of writes the plan of this scenario makes (its first apply has more than this). */
const WRITES_AT_LEAST = 6;
const tally = { converged: 0, reportedFailures: 0, ended: 0 };

interface Outcome {
  status: string;
  change: { team: { id: string }; target: { id: string } };
}

/** Spoils the answer to the `n`-th write, whatever its path. */
function nthWrite(n: number, spoiler: Spoiler): Spoil {
  let writes = 0;
  let target: string | undefined;
  return (key, answer, res, hit) => {
    if (target === undefined && WRITES.has(key.split(' ')[0] ?? '') && writes++ === n) target = key;
    return key === target && hit === 1 ? spoilOne(key, spoiler)(key, answer, res, hit) : answer;
  };
}

describe('apply against hostile answers to its writes', () => {
  it('ends cleanly, reports only what is so, and the next apply converges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SCENARIOS), fc.noBias(fc.nat({ max: WRITES_AT_LEAST - 1 })), spoilerArb, async (scenario, n, spoiler) => {
        const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
        const dir = await writeDesired(scenario.yaml);
        const server = await proxy(emulator.url, ORG_TOKEN, nthWrite(n, spoiler));
        try {
          const run = await runCli(['apply', dir, '--auto-approve', '--format', 'json', '--rate-limit', String(FAST)], {
            env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: server.url },
          });
          const what = `write ${n}, ${JSON.stringify(spoiler)}:\n${run.err}`;
          expect(server.seen.filter((k) => WRITES.has(k.split(' ')[0] ?? '')).length, what).toBeGreaterThan(n);
          expect(run.err, what).not.toMatch(/\n\s+at |internal error/);
          expect([0, 1], what).toContain(run.code);
          const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
          const left = JSON.parse((await runCli(['plan', dir, '--format', 'json'], { env })).out) as { changes: Outcome['change'][] };
          const leftPairs = new Set(left.changes.map((c) => `${c.target.id}/${c.team.id}`));
          if (run.out === '') {
            tally.ended += 1;
          } else {
            const outcomes = (JSON.parse(run.out) as { outcomes?: Outcome[] }).outcomes ?? [];
            // A change the apply reports applied or already so is so; one it failed or never started claims nothing.
            const claimed = outcomes.filter((o) => o.status === 'applied' || o.status === 'already-so').map((o) => `${o.change.target.id}/${o.change.team.id}`);
            expect(
              claimed.filter((p) => leftPairs.has(p)),
              what,
            ).toEqual([]);
            if (run.code === 0) {
              expect(left.changes, what).toEqual([]);
              tally.converged += 1;
            } else tally.reportedFailures += 1;
          }
          const again = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
          expect(again.code, `${what}\n${again.err}`).toBe(0);
          const pairs = (await grantsOf(emulator, scenario.targets)).map((g) => `${g.targetId}/${g.teamId}`);
          expect(new Set(pairs).size, what).toBe(pairs.length);
        } finally {
          await server.close();
          await emulator.stop();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS },
    );
    process.stdout.write(`write-answer fuzz figures: ${JSON.stringify(tally)}\n`);
  }, 120_000);
});
