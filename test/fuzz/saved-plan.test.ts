// Hostile saved plans: `apply --plan FILE` on a plan file damaged at a random place (a key deleted,
// a value of another kind or another value). Either the damage is inert (a warning's text) and the
// reviewed changes are applied, or apply refuses on one clean line and writes nothing. Never a
// stack, never an internal error, never a write from a plan that is not the one its checksum names.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { FAST, ORG_TOKEN, randomScenario, writeDesired, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { fraction } from './spoilers.js';

const RUNS = Number(process.env.TFE_ACCESS_CHAOS_RUNS ?? 0) >= 100 ? 400 : 40;
const scenario = randomScenario(9, { teams: 4, projects: 1, workspaces: 2, density: 0.5 });
let dir: string;
let original: string;
/** Every case's emulator listens where the plan was made: a saved plan names its address. */
let port: number;
const tally = { applied: 0, refused: 0 };

type Slot = { parent: Record<string, unknown>; key: string };
function slots(value: unknown, into: Slot[] = []): Slot[] {
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.push({ parent: value as Record<string, unknown>, key });
      slots(item, into);
    }
  }
  return into;
}

beforeAll(async () => {
  dir = await writeDesired(scenario.yaml);
  const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
  port = Number(new URL(emulator.url).port);
  try {
    const run = await runCli(['plan', dir, '--out', join(dir, 'reviewed.json')], { env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url } });
    expect(run.code, run.err).toBe(0);
  } finally {
    await emulator.stop();
  }
  original = await readFile(join(dir, 'reviewed.json'), 'utf8');
});
afterAll(async () => {
  process.stdout.write(`saved-plan fuzz figures: ${JSON.stringify(tally)}\n`);
  await rm(dir, { recursive: true, force: true });
});

const damage = fc.record({
  at: fraction,
  how: fc.constantFrom('delete', 'replace'),
  value: fc.constantFrom(0, 1, 99999, -1, 'x', '', 'remove', 'team-projects', 'admin', true, false, null, [], {}),
});

describe('apply --plan with a damaged saved plan', () => {
  it('applies the reviewed changes or refuses on one line and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(damage, async ({ at, how, value }) => {
        const document = JSON.parse(original) as unknown;
        const all = slots(document);
        const slot = all[Math.floor(at * all.length)];
        if (!slot) return;
        if (how === 'delete') delete slot.parent[slot.key];
        else slot.parent[slot.key] = structuredClone(value);
        const file = join(dir, 'damaged.json');
        await writeFile(file, JSON.stringify(document));
        const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0, port });
        try {
          const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
          const run = await runCli(['apply', '--plan', file, '--auto-approve', '--rate-limit', String(FAST)], { env });
          const what = `${how} ${slot.key} -> ${JSON.stringify(value)}:\n${run.err}`;
          expect(run.err, what).not.toMatch(/\n\s+at |internal error/);
          if (run.code === 0) {
            // The reviewed changes, all of them: nothing is left to do.
            expect((await runCli(['plan', dir, '--detailed-exitcode'], { env })).code, what).toBe(0);
            tally.applied += 1;
            return;
          }
          expect([1, 3], what).toContain(run.code);
          expect(run.err, what).toMatch(/^tfe-access apply: [^\n]+\n$/);
          expect(writesOf(emulator), what).toEqual([]);
          tally.refused += 1;
        } finally {
          await emulator.stop();
        }
      }),
      { numRuns: RUNS },
    );
  }, 60_000);
});
