// Apply at its edges (issue 19, item 5): with nothing to do it ends with exit 0 and "No changes"
// whether or not there is a terminal or --auto-approve; a plan refused by --checksum is printed, so
// the operator sees what moved since the review. The built CLI, spawned (no terminal), against the
// emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { writesOf } from '../apply/scenario.js';
import { runBuilt } from '../support/spawn.js';

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeEach(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
});
afterEach(() => emulator.stop());

describe('apply with nothing to do', () => {
  it('exits 0 with "No changes", without a terminal and without --auto-approve', async () => {
    // Applied once, the files match live access: the next plan has nothing to do.
    const first = await runBuilt(['apply', 'examples/acme', '--auto-approve'], { env });
    expect(first.code, first.err).toBe(0);
    const paths = 'examples/acme';
    for (const extra of [[], ['--auto-approve'], ['--format', 'markdown']]) {
      const run = await runBuilt(['apply', paths, ...extra], { env });
      expect(run.code, `${extra.join(' ')}: ${run.err}`).toBe(0);
      expect(run.out).toContain('No changes');
      expect(run.err).toBe('');
    }
    const json = await runBuilt(['apply', paths, '--format', 'json'], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ result: 'no-changes' });
  });

  it('with changes and no terminal, still refuses without --auto-approve, writing nothing', async () => {
    const run = await runBuilt(['apply', 'examples/acme'], { env });
    expect(run.code).toBe(1);
    expect(run.out).toContain('Plan for acme: ');
    expect(run.err).toBe(
      'tfe-access apply: refusing to apply without confirmation: there is no terminal to ask on. Review the plan, then run apply with --auto-approve.\n',
    );
    expect(writesOf(emulator)).toEqual([]);
  });
});

describe('apply --checksum refused', () => {
  it('prints the fresh plan it refused, then the one-line reason', async () => {
    const reviewed = JSON.parse((await runBuilt(['plan', 'examples/acme', '--format', 'json'], { env })).out) as { checksum: string };
    // Something moves after the review: a change made by hand.
    const byHand = await runBuilt(['apply', 'examples/acme', '--auto-approve', '--target', 'project:platform'], { env });
    expect(byHand.code, byHand.err).toBe(0);
    const before = writesOf(emulator).length;
    const run = await runBuilt(['apply', 'examples/acme', '--auto-approve', '--checksum', reviewed.checksum], { env });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^Plan for acme: /);
    expect(run.out).not.toMatch(/^project platform /m);
    expect(run.out).toMatch(/^Checksum: [0-9a-f]{64}$/m);
    expect(run.out).not.toContain(reviewed.checksum);
    expect(run.err).toMatch(
      /^tfe-access apply: the plan is not the reviewed one: its checksum is [0-9a-f]{64}, --checksum is [0-9a-f]{64}; nothing was changed\./,
    );
    expect(writesOf(emulator)).toHaveLength(before);
  });
});
