// A reader that stops early (`plan | head -1`, `validate | head -1`, `plan --format json | head -c
// 100`) closes stdout under a CLI that has more to write: it ends quietly, as git, grep and
// terraform do (killed by SIGPIPE, which a shell reports as 141), never with a stack trace
// (issue 14, finding 4). Outputs are several times a pipe's buffer (64 KiB): a write is still to come
// when the reader leaves.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { manyTeamsOnOneProject } from '../support/seeds.js';
import { type Cut, readThenClose } from '../support/spawn.js';

/** What a shell reports for a process killed by SIGPIPE: 128 + 13. */
const EXIT_SIGPIPE = 141;
const TEAMS = 4000;
const TOKEN = 'epipe-org-token';
const teamName = (i: number): string => `developers-with-a-rather-long-team-name-to-fill-the-pipe-buffer-${i}`;

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  const { seed, file } = manyTeamsOnOneProject({ organization: 'acme', token: TOKEN, count: TEAMS, team: teamName });
  emulator = await startEmulator({ seed, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-epipe-'));
  await writeFile(join(dir, 'plan.yaml'), file);
  const bogus = Array.from({ length: TEAMS }, (_, i) => `  project-${i}:\n    teams:\n      ${teamName(i)}: bogus`);
  await writeFile(join(dir, 'invalid.yaml'), ['organization: acme', 'projects:', ...bogus, ''].join('\n'));
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI and closes its stdout once `enough` says the reader has what it wanted. */
const readEnough = (args: string[], enough: (read: string) => boolean): Promise<Cut> =>
  readThenClose(args, { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url }, enough);

const headLine = (read: string): boolean => read.includes('\n');

describe('a closed stdout', () => {
  it.each([
    ['plan | head -1', ['plan', 'plan.yaml', '--rate-limit', '0'], headLine],
    ['validate | head -1', ['validate', 'invalid.yaml'], headLine],
    ['plan --format json | head -c 100', ['plan', 'plan.yaml', '--format', 'json', '--rate-limit', '0'], (read: string) => read.length >= 100],
  ] as const)(
    'regression: %s prints a Node stack trace',
    async (_name, args, enough) => {
      const run = await readEnough(
        args.map((a) => (a.endsWith('.yaml') ? join(dir, a) : a)),
        enough,
      );
      expect(run.stderr).not.toMatch(/EPIPE|\n\s+at |internal error/);
      expect(run.stderr).toBe('');
      expect(run.signal).toBeNull();
      expect(run.code).toBe(EXIT_SIGPIPE);
    },
    30_000,
  );
});
