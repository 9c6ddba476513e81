// A signal while a command reads (issue 24, finding 8) crossed with the ways it reads: by team
// (one list per team, the line counts teams), and the reads behind the policies that come after the
// managed targets are read. The built CLI, sent real signals, against an emulator whose every answer
// takes 50 ms, at --concurrency 1. test/cli/signals-read.test.ts has each command read by target.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { type Ended, interruptedWhen } from '../support/spawn.js';

const N = 30;
const TOKEN = 'signals-pairings-token';
const pad = (i: number): string => String(i).padStart(2, '0');

let emulator: RunningEmulator;
let managed: string;
let policed: string;

beforeAll(async () => {
  // Team tNN reads workspace wNN (managed) and uNN (not managed).
  const seed: SeedDocument = {
    organizations: [
      {
        name: 'reading',
        token: TOKEN,
        teams: Array.from({ length: N }, (_, i) => ({ name: `t${pad(i)}`, id: `team-${i}` })),
        projects: [{ name: 'platform', id: 'prj-platform' }],
        workspaces: Array.from({ length: N }, (_, i) => [
          { name: `w${pad(i)}`, id: `ws-w${i}`, project: 'platform' },
          { name: `u${pad(i)}`, id: `ws-u${i}`, project: 'platform' },
        ]).flat(),
        'team-workspaces': Array.from({ length: N }, (_, i) => [
          { team: `t${pad(i)}`, workspace: `w${pad(i)}`, access: 'read' },
          { team: `t${pad(i)}`, workspace: `u${pad(i)}`, access: 'read' },
        ]).flat(),
      },
    ],
  };
  emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current', faults: { latencyMs: 50 } });
  const entries = Array.from({ length: N }, (_, i) => `  w${pad(i)}:\n    teams:\n      t${pad(i)}: write`);
  const text = ['organization: reading', 'workspaces:', ...entries, ''].join('\n');
  managed = await writeDesired(text);
  policed = await writeDesired(`${text}policies:\n  - name: u at most write\n    workspaces: { names: ["u*"] }\n    max-access: write\n`);
});
afterAll(async () => {
  await emulator?.stop();
  for (const dir of [managed, policed]) if (dir) await rm(dir, { recursive: true, force: true });
});

const grantLists = (filter: string): number =>
  emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/team-workspaces') && r.query.includes(filter)).length;

/** Runs the built CLI and sends it `signal` once `ready()` holds. */
function interrupted(args: readonly string[], signal: 'SIGINT' | 'SIGTERM', ready: () => boolean): Promise<Ended> {
  emulator.resetLog();
  const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
  return interruptedWhen([...args, '--concurrency', '1', '--rate-limit', '0'], env, signal, ready);
}

describe('a signal while a command reads, by team or for its policies', () => {
  it('plan --read-by team: one line counting the teams read, exit 130, the read ended there', async () => {
    const run = await interrupted(['plan', managed, '--read-by', 'team'], 'SIGINT', () => grantLists('team') >= 5);
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(130);
    expect(run.stdout).toBe('');
    const line = /^tfe-access plan: stopped by SIGINT while reading live access \((\d+) of (\d+) read\); no plan was printed\.\n$/;
    expect(run.stderr).toMatch(line);
    const [, done, total] = line.exec(run.stderr)!.map(Number);
    expect(total).toBe(N + 1); // the owners team is listed too
    expect(done).toBeGreaterThanOrEqual(3);
    expect(done).toBeLessThan(N + 1);
    expect(grantLists('filter')).toBeLessThan(N / 2);
  }, 30_000);

  it("drift stopped during the policies' reads: one line, the managed targets read, exit 143, and no more reads", async () => {
    // The 30 managed workspaces read by target, then the policy's 30 others one by one.
    const run = await interrupted(['drift', policed, '--read-by', 'target'], 'SIGTERM', () => grantLists('filter') >= N + 3);
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(143);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`tfe-access drift: stopped by SIGTERM after reading live access (${N} of ${N} read); drift was not checked.\n`);
    expect(grantLists('filter')).toBeLessThan(N + N / 2);
  }, 30_000);
});
