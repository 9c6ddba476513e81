// Issue 36 (Build 1) crossed with the promises made before it: a `teams:` entry the token cannot
// see is refused the same way read by team and by target, under --target, with a closed stdout,
// and a saved plan of the owner's applied with a token that sees less writes nothing. drift --adopt
// --target made with that token keeps the team in the files too. The CLI spawned where a pipe
// matters, else in-process, against the emulator's current profile (it has the by-team listing).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { writesOf } from '../apply/scenario.js';
import { ROOT, runCli } from '../support/cli.js';
import { oneOrganization, secretTeamFile, secretTeamOrganization } from '../support/seeds.js';

const OWNER = 'pairs-owner-token';
const CI = 'pairs-ci-token';
const MANAGER = 'pairs-manager-token';

const HIDDEN = secretTeamOrganization('pairs', { owner: OWNER, ci: CI, manager: MANAGER }, { 'manage-projects': true, 'manage-workspaces': true });
const SEED = oneOrganization(
  {
    ...HIDDEN,
    projects: [...(HIDDEN.projects ?? []), { name: 'other', id: 'prj-other' }],
    workspaces: [{ name: 'web', id: 'ws-web', project: 'other' }],
  },
  'current',
);

const FILE = `${secretTeamFile('pairs')}workspaces:
  web:
    teams:
      dev: read
`;

const REFUSAL = 'team "security" is not among the teams this token sees, and its list of teams is partial: it may exist as a secret team this token cannot see';

let emulator: RunningEmulator;
let dir: string;
let file: string;
const env = (token: string) => ({ HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: token });

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-blind-pairs-'));
  file = join(dir, 'tfe-access.yaml');
  await writeFile(file, FILE);
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

/** `tfe-access ARGS | head -1`: the CLI's exit code and stderr, its stdout read by a reader that leaves after a line. */
function piped(args: readonly string[], token: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli/main.js'), ...args], { env: { ...process.env, ...env(token) } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('close', (code) => done({ code, stderr }));
  });
}

describe('a teams: entry the token cannot see, with the promises made before', () => {
  it('is refused the same way read by team and by target, and under --target of another workspace', async () => {
    for (const args of [
      ['--read-by', 'team'],
      ['--read-by', 'target'],
      ['--target', 'workspace:web'],
    ]) {
      const run = await runCli(['plan', file, ...args], { env: env(CI) });
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.err).toContain(REFUSAL);
      expect(run.out).toBe('');
    }
  });

  it('a closed stdout does not hide the refusal: exit 1, the reason on stderr', async () => {
    const run = await piped(['plan', file], CI);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(REFUSAL);
  });

  it("a saved plan of the owner's, applied with a token that sees less, is refused and writes nothing", async () => {
    const saved = join(dir, 'owner.plan.json');
    const plan = await runCli(['plan', file, '--out', saved], { env: env(OWNER) });
    expect(plan.code, plan.err).toBe(0);
    emulator.resetLog();
    const apply = await runCli(['apply', '--plan', saved, '--auto-approve'], { env: env(MANAGER) });
    expect(apply.code).not.toBe(0);
    expect(apply.err).toMatch(/nothing was changed/);
    expect(writesOf(emulator)).toEqual([]);
  });

  it('drift --adopt --target made with the read-only token keeps the secret team and its grant in the files', async () => {
    const adopted = await runCli(['drift', file, '--adopt', '--target', 'project:platform', '--format', 'json'], { env: env(CI) });
    expect(adopted.code, adopted.err).toBe(2);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('  security:\n    visibility: secret\n');
    expect(text).toContain('      security: admin\n');
    // What the token sees is adopted: dev reads platform, as live says.
    expect(text).toContain('      dev: read\n');
    await writeFile(file, FILE);
  });

  it('review close made with the read-only token, a revoke of the secret team decided, refuses and leaves the files as they are', async () => {
    const reviewed = `${FILE}review-owners:\n  plat:\n    projects: [platform]\n    reviewers: [alice@pairs.test]\n`;
    await writeFile(file, reviewed);
    const sheets = join(dir, 'sheets');
    const start = await runCli(['review', 'start', file, '--out', sheets], { env: env(OWNER) });
    expect(start.code, start.err).toBe(0);
    const names = (await readdir(sheets)).filter((n) => n.endsWith('.csv')).map((n) => join(sheets, n));
    const decidedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    for (const sheet of names) {
      const [columns = [], ...records] = parse(await readFile(sheet, 'utf8')) as string[][];
      const filled = records.map((record) => {
        const row = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? '']));
        const decision = { decision: row.subject === 'security' ? 'revoke' : 'keep', reviewer: 'alice@pairs.test', 'decided-at': decidedAt };
        return columns.map((c) => quote({ ...row, ...decision }[c] ?? '')).join(',');
      });
      await writeFile(sheet, [columns.join(','), ...filled, ''].join('\r\n'));
    }
    const close = await runCli(['review', 'close', ...names, '--files', file], { env: env(CI) });
    expect(close.code).toBe(1);
    expect(close.err).toContain(REFUSAL);
    expect(await readFile(file, 'utf8')).toBe(reviewed);
    await writeFile(file, FILE);
  });
});
