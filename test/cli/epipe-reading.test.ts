// `drift | head -1`, `report | head -1`, `export | head -1` (issue 24, the pairings of a closed
// stdout): the reading commands other than plan (test/cli/epipe.test.ts) end as quietly when the
// reader leaves: no stack trace, no word on stderr, exit 141 as a shell reports SIGPIPE. Live access
// here is 4,000 grants, so every output is several times a pipe's buffer (64 KiB).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { type Cut, readThenClose } from '../support/spawn.js';

const EXIT_SIGPIPE = 141;
const TEAMS = 4000;
const TOKEN = 'epipe-reading-token';
const teamName = (i: number): string => `developers-with-a-rather-long-team-name-to-fill-the-pipe-buffer-${i}`;

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  const seed: SeedDocument = {
    organizations: [
      {
        name: 'acme',
        token: TOKEN,
        teams: Array.from({ length: TEAMS }, (_, i) => ({ name: teamName(i), id: `team-${i}` })),
        projects: [{ name: 'platform', id: 'prj-platform' }],
        'team-projects': Array.from({ length: TEAMS }, (_, i) => ({ team: teamName(i), project: 'platform', access: 'read', id: `tprj-${i}` })),
      },
    ],
  };
  emulator = await startEmulator({ seed, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-epipe-reading-'));
  // The files give the project no team: drift finds 4,000 grants not in the files.
  await writeFile(join(dir, 'empty.yaml'), 'organization: acme\nprojects:\n  platform:\n    teams: {}\n');
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `tfe-access ARGS | head -1`: stdout closed once its first line is read. */
const headOne = (args: readonly string[]): Promise<Cut> => readThenClose(args, { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url }, (read) => read.includes('\n'));

describe('a closed stdout under a command that reads', () => {
  it.each([
    // drift's own line on stderr, as without the pipe: the drift it found.
    [
      'drift',
      ['drift', '<dir>/empty.yaml'],
      /^Drift in acme: live access differs from the files \(0 missing, 0 different, 4000 not in the files\)\./,
      'drift: live access differs from the files (0 missing, 0 different, 4000 not in the files).\n',
    ],
    ['report', ['report', '--organization', 'acme'], /^Effective access in acme/, ''],
    ['export', ['export', '--organization', 'acme', '--all'], /^# yaml-language-server: /, ''],
  ] as const)(
    '%s | head -1 ends quietly, exit 141',
    async (_name, args, first, quiet) => {
      const run = await headOne([...args.map((a) => a.replace('<dir>', dir)), '--rate-limit', '0']);
      expect(run.read.split('\n')[0]).toMatch(first);
      expect(run.stderr).not.toMatch(/EPIPE|\n\s+at |internal error/);
      expect(run.stderr).toBe(quiet);
      expect(run.signal).toBeNull();
      expect(run.code).toBe(EXIT_SIGPIPE);
    },
    60_000,
  );
});
