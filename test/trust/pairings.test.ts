// Issue 24's features crossed with the promises made before them: a token that is not an owner's
// (a read-only team, admin of one workspace where a secret team holds a grant) with `--read-by`,
// saved plans, `--checksum`, `show` and `--target`. The seeded emulator over real HTTP, the CLI
// in-process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { readerAndSecretTeam } from '../support/seeds.js';

const ORG_TOKEN = 'pair-org-token';
const READER_TOKEN = 'pair-reader-token';
const WORKSPACES = ['a', 'b', 'c', 'd', 'e', 'f'];

const SEED = readerAndSecretTeam('pair', { org: ORG_TOKEN, reader: READER_TOKEN }, WORKSPACES, ['a', 'b']);

/** dev made a writer of a, where the reader is admin (and sees vault's grant, not vault). */
const DESIRED = `organization: pair\nworkspaces:\n${WORKSPACES.map((w) => `  ${w}:\n    teams:\n      dev: ${w === 'a' ? 'write\n      readers: admin' : 'read'}\n`).join('')}`;
const PARTIAL_A = 'grants on workspace "a" name teams the token cannot see';

type Json = {
  checksum: string;
  changes: { action: string; team: { name: string }; target: { name: string } }[];
  refusals: unknown[];
  complete: boolean;
  incomplete: { code: string; targets: unknown; message: string }[];
  scope: { targets: string[] };
  read: { strategy: string };
};

let emulator: RunningEmulator;
let dir: string;
const env = (token = READER_TOKEN) => ({ HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: token });
const cli = (args: string[], token?: string) => runCli([...args, '--rate-limit', String(FAST)], { env: env(token) });
const planJson = async (args: string[] = []): Promise<Json> => {
  const run = await cli(['plan', dir, '--format', 'json', ...args]);
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out) as Json;
};

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0, profile: 'current' });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-pairings-'));
  await writeFile(join(dir, 'tfe-access.yaml'), DESIRED);
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("a token that is not an owner's, with the promises made before", () => {
  it('a plan read by team and saved applies with the --checksum of a plan read by target: not stale, the one write, and show says it was partial', async () => {
    const saved = join(dir, 'by-team.plan.json');
    const byTeam = await planJson(['--read-by', 'team', '--out', saved]);
    const byTarget = await planJson(['--read-by', 'target']);
    expect(byTeam.read.strategy).toBe('by-team');
    expect(byTeam.checksum).toBe(byTarget.checksum);
    expect(byTeam.changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual(['update dev a']);
    expect(byTeam.incomplete.map((r) => r.code)).toEqual(['secret-teams-unseen', 'grants-of-unseen-teams']);
    const shown = await runCli(['show', saved]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out.split('\n')[1]).toContain(`; ${PARTIAL_A}.`);
    emulator.resetLog();
    const applied = await cli(['apply', '--plan', saved, '--checksum', byTarget.checksum, '--auto-approve']);
    expect(applied.code, applied.err).toBe(0);
    expect(applied.out.split('\n')[1]).toMatch(/^Partial: /);
    expect(writesOf(emulator)).toHaveLength(1);
    // Applied: the next plan, either way, has no change and the same word of what it could not see.
    const after = await planJson(['--read-by', 'team']);
    expect(after.changes).toEqual([]);
    expect(after.incomplete).toEqual(byTeam.incomplete);
  });

  it('--target: what the plan says it could not see is of the targets it read, and its scope names them; read by team, the same plan', async () => {
    const a = await planJson(['--target', 'workspace:a']);
    expect(a).toMatchObject({
      complete: false,
      incomplete: [{ code: 'grants-of-unseen-teams', targets: ['workspace "a"'], message: PARTIAL_A }],
      scope: { targets: ['workspace:a'] },
    });
    // b: vault's grant is not listed to a token that does not manage team access there; the count says so.
    const b = await planJson(['--target', 'workspace:b']);
    expect(b).toMatchObject({ complete: false, incomplete: [{ code: 'secret-teams-unseen', targets: 1 }], scope: { targets: ['workspace:b'] } });
    const text = await cli(['plan', dir, '--target', 'workspace:b']);
    expect(text.out.split('\n').slice(1, 3)).toEqual([
      expect.stringMatching(/^Partial: the token does not see every team \(it is not an owner's\): on 1 target of those read /),
      'Filtered: target workspace:b; the other targets of the files were not read.',
    ]);
    // Read by team, the targeted plan is the same.
    const byTeam = await planJson(['--target', 'workspace:a', '--read-by', 'team']);
    expect(byTeam.read.strategy).toBe('by-team');
    expect(byTeam).toMatchObject({ checksum: a.checksum, changes: a.changes, refusals: a.refusals, incomplete: a.incomplete });
    // The owner's targeted plan is whole.
    const owner = await cli(['plan', dir, '--target', 'workspace:a', '--format', 'json'], ORG_TOKEN);
    expect(JSON.parse(owner.out)).toMatchObject({ complete: true, incomplete: [] });
  });
});
