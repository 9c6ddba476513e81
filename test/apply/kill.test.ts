// A real process killed with SIGKILL in the middle of an apply, then `apply` again: converges
// (issue 6, acceptance 2). The first run is the built CLI (`node dist/cli/main.js`) against an
// emulator with latency, killed once some writes have landed.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';
import { FAST, grantsOf, ORG_TOKEN, randomScenario, writeDesired, writesOf } from './scenario.js';

/** Writes that must have reached the emulator before the kill. */
const WRITES_BEFORE_KILL = 6;
const POLL_MS = 10;

const scenario = randomScenario(5, { teams: 8, projects: 3, workspaces: 4, density: 0.6 });
let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0, faults: { latencyMs: 25 } });
  dir = await writeDesired(scenario.yaml);
  env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

describe('apply killed with SIGKILL', () => {
  it('converges when apply runs again', async () => {
    const total = JSON.parse((await runCli(['plan', dir, '--format', 'json'], { env })).out) as { changes: unknown[] };
    expect(total.changes.length).toBeGreaterThan(WRITES_BEFORE_KILL * 2);
    emulator.resetLog();

    const child = spawn(process.execPath, ['dist/cli/main.js', 'apply', dir, '--auto-approve', '--concurrency', '2', '--rate-limit', String(FAST)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
      stdio: 'ignore',
    });
    let finished = false;
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => {
        finished = true;
        resolve(signal);
      }),
    );
    await waitFor(() => finished || writesOf(emulator).length >= WRITES_BEFORE_KILL);
    expect(finished, 'the apply ended before it could be killed').toBe(false);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Killed half way: some of the plan is done, some is not.
    const midway = await runCli(['plan', dir, '--format', 'json'], { env });
    const left = (JSON.parse(midway.out) as { changes: unknown[] }).changes.length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(total.changes.length);

    const again = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env });
    expect(again.code, again.err).toBe(0);
    expect((await runCli(['plan', dir, '--detailed-exitcode'], { env })).code).toBe(0);
    const pairs = (await grantsOf(emulator, scenario.targets)).map((g) => `${g.targetId}/${g.teamId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
