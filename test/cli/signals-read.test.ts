// A signal during a command that only reads (issue 24, finding 8): plan, drift, export and report
// stopped by SIGINT or SIGTERM exited 130 or 143 without a word (Node's default: killed by the
// signal). Now the first one ends the read and prints one line saying how far it read and what was
// left undone, exit 130 or 143. The built CLI, sent real signals, against an emulator whose every
// answer takes 50 ms, reading 40 workspaces one at a time.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { type Ended, interruptedWhen } from '../support/spawn.js';

const WORKSPACES = 40;
const TOKEN = 'signals-read-token';
const ws = (i: number): string => `ws-${String(i).padStart(2, '0')}`;

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  const seed: SeedDocument = {
    organizations: [
      {
        name: 'reading',
        token: TOKEN,
        teams: [{ name: 'dev', id: 'team-dev' }],
        projects: [{ name: 'platform', id: 'prj-platform' }],
        workspaces: Array.from({ length: WORKSPACES }, (_, i) => ({ name: ws(i), id: `ws-id${i}`, project: 'platform' })),
        'team-workspaces': Array.from({ length: WORKSPACES }, (_, i) => ({ team: 'dev', workspace: ws(i), access: 'read', id: `tws-r${i}` })),
      },
    ],
  };
  emulator = await startEmulator({ seed, rateLimit: 0, faults: { latencyMs: 50 } });
  const lines = Array.from({ length: WORKSPACES }, (_, i) => `  ${ws(i)}:\n    teams:\n      dev: write`);
  dir = await writeDesired(['organization: reading', 'workspaces:', ...lines, ''].join('\n'));
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const grantReads = (): number => emulator.requests.filter((r) => r.method === 'GET' && r.path.includes('/team-workspaces')).length;

/** Runs the built CLI and sends it `signal` once it has read `reads` workspaces' grants. */
function interrupted(args: readonly string[], signal: 'SIGINT' | 'SIGTERM', reads: number): Promise<Ended> {
  emulator.resetLog();
  const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
  return interruptedWhen([...args, '--concurrency', '1', '--read-by', 'target', '--rate-limit', '0'], env, signal, () => grantReads() >= reads);
}

describe('a signal while a command reads', () => {
  it.each([
    ['plan', ['plan', '<dir>'], 'SIGINT', 'no plan was printed'],
    ['drift', ['drift', '<dir>'], 'SIGTERM', 'drift was not checked'],
    ['export', ['export', '--organization', 'reading', '--all'], 'SIGINT', 'nothing was exported'],
    ['report', ['report', '--organization', 'reading'], 'SIGTERM', 'no report was written'],
  ] as const)(
    'regression: interrupted %s exits 130/143 without a word',
    async (name, args, signal, undone) => {
      const run = await interrupted(
        args.map((a) => (a === '<dir>' ? dir : a)),
        signal,
        5,
      );
      expect(run.signal).toBeNull();
      expect(run.code, run.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(run.stdout).toBe('');
      const line = new RegExp(`^tfe-access ${name}: stopped by ${signal} while reading live access \\((\\d+) of (\\d+) read\\); ${undone}\\.\\n$`);
      expect(run.stderr).toMatch(line);
      const [, done, total] = line.exec(run.stderr)!.map(Number);
      expect(done).toBeGreaterThanOrEqual(4);
      expect(done).toBeLessThan(total!);
      // The read ended at the signal: far fewer than the 40 grant reads were sent.
      expect(grantReads()).toBeLessThan(WORKSPACES / 2);
    },
    30_000,
  );
});
