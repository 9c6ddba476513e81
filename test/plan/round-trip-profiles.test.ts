// The round trip file -> plan -> apply -> plan clean, for random organizations and files, against
// both emulator profiles (the runs are split between them, not doubled): on `current` the custom
// grants of both sides use the newer permissions too.
import { rm } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import { FAST, ORG_TOKEN, randomScenario, writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';

const RUNS = 8;

describe('round trip against both profiles', () => {
  it('apply of a random file to a random organization leaves nothing to change', async () => {
    let newerSeen = false;
    const profiles = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROFILE_NAMES), fc.nat(1_000_000), async (profile, seed) => {
        const scenario = randomScenario(seed, { teams: 5, projects: 2, workspaces: 2, density: 0.5, profile });
        profiles.add(profile);
        newerSeen ||= scenario.yaml.includes('variable-sets') || scenario.yaml.includes('policy-overrides');
        expect(profile === 'seed' && scenario.yaml.includes('variable-sets')).toBe(false);
        const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
        const dir = await writeDesired(scenario.yaml);
        try {
          expect(emulator.profile).toBe(profile);
          const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
          const applied = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
          expect(applied.code, `${profile} ${seed}: ${applied.err}`).toBe(0);
          const again = await runCli(['plan', dir, '--format', 'json', '--detailed-exitcode', '--rate-limit', String(FAST)], { env });
          expect(again.code, `${profile} ${seed}: ${again.out}${again.err}`).toBe(0);
        } finally {
          await emulator.stop();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS, seed: 15 },
    );
    expect(newerSeen).toBe(true);
    expect([...profiles].sort()).toEqual(['current', 'seed']);
  }, 120_000);
});
