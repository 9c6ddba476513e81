// What the recipes rely on from the real CLI: `plan --format markdown --out FILE` prints the plan
// starting with its marker line and saves a plan whose `.plan.checksum` (read by the action and the
// GitLab helper) is the checksum the markdown shows and `apply --checksum` accepts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-plan-contract-'));
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the plan the recipes post and the checksum they hand to apply', () => {
  it('markdown starts with the marker; the saved plan carries the same checksum; apply accepts it', async () => {
    const saved = join(dir, 'tfe-access.plan.json');
    const plan = await runCli(['plan', `${ROOT}examples/acme`, '--format', 'markdown', '--out', saved], { env });
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('<!-- tfe-access-plan organization=acme -->');
    const checksum = (JSON.parse(readFileSync(saved, 'utf8')) as { plan: { checksum: string } }).plan.checksum;
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.out).toContain(checksum);

    const wrong = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', 'f'.repeat(64)], { env });
    expect(wrong.code).toBe(1);
    const apply = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', checksum], { env });
    expect(apply.code, apply.err).toBe(0);
    const drift = await runCli(['drift', `${ROOT}examples/acme`, '--format', 'markdown'], { env });
    expect(drift.code).toBe(0);
  });
});
