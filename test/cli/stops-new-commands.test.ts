// Issues 40, 41 and 42 crossed with the stops promised before them (issue 24, findings 4 and 8): a
// signal while `recommend`, `recommend --write`, `report --can varset:...`, `report --can FLAG`,
// `plan --changed-from` and `apply --changed-from` read ends them in one line, exit 130, with no
// output and no file half-written (`--out`, `--usage-log` and the files `--write` edits are whole or
// untouched); a reader that closed stdout (`| head -c0`) ends them quietly, exit 141, every file whole.
// The built CLI against an emulator whose every answer takes 50 ms, at --concurrency 1; the files in a
// git repository made for the test, their grants raised since HEAD.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { writesOf } from '../apply/scenario.js';
import { type Ended, interruptedWhen, startBuilt, withStdoutClosed } from '../support/spawn.js';

const N = 12;
const TOKEN = 'stops-org-token';
const pad = (i: number): string => String(i).padStart(2, '0');
const EXIT_SIGPIPE = 141;

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'stops',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'ops', id: 'team-ops', 'organization-access': { 'manage-workspaces': true } },
        ...Array.from({ length: N }, (_, i) => ({ name: `t${pad(i)}`, id: `team-${i}` })),
      ],
      projects: [{ name: 'platform', id: 'prj-platform' }],
      workspaces: Array.from({ length: N }, (_, i) => ({ name: `w${pad(i)}`, id: `ws-w${i}`, project: 'platform' })),
      'team-workspaces': Array.from({ length: N }, (_, i) => ({ team: `t${pad(i)}`, workspace: `w${pad(i)}`, access: 'plan' })),
      // Sets enough for three pages: a stop among them lands while they are still read.
      varsets: [{ name: 'creds', global: true }, ...Array.from({ length: 250 }, (_, i) => ({ name: `unused-${i}` }))],
      people: [{ email: 'ana@stops.test', username: 'ana', 'user-id': 'user-ana', teams: ['t00'] }],
    },
  ],
};

/** The files as committed (each team plans its workspace) and as edited since (each team writes). */
const filesWith = (access: string): string =>
  ['organization: stops', 'workspaces:', ...Array.from({ length: N }, (_, i) => `  w${pad(i)}:\n    teams:\n      t${pad(i)}: ${access}`), ''].join('\n');
const BASE = filesWith('plan');
const EDITED = filesWith('write');

let emulator: RunningEmulator;
let repo: string;
let file: string;
const env = (): Record<string, string> => ({ TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'stops', NO_COLOR: '1' });
const SLOW = ['--concurrency', '1', '--rate-limit', '0', '--read-by', 'target'];

const git = (...args: string[]): void => {
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: 'ignore' });
};

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0, faults: { latencyMs: 50 } });
  // ana's plans on w00, enough for three pages of the runs index: a stop among them lands while they are still read.
  const runs = Array.from({ length: 250 }, (_, i) => ({
    workspace: 'w00',
    'created-by': 'ana',
    'created-at': new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    'plan-only': true,
  }));
  const made = await fetch(`${emulator.url}/api/v2/emulator/organizations/stops/runs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ runs }),
  });
  expect(made.status).toBe(201);
});
afterAll(async () => {
  await emulator?.stop();
});

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'tfe-access-stops-'));
  file = join(repo, 'access.yaml');
  writeFileSync(file, BASE);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  writeFileSync(file, EDITED);
  emulator.resetLog();
  return () => rmSync(repo, { recursive: true, force: true });
});

const grantLists = (): number => emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/team-workspaces')).length;
const asked = (path: string): boolean => emulator.requests.some((r) => r.method === 'GET' && r.path.endsWith(path));

/** Runs the built CLI in the repository and sends it SIGINT once `ready()` holds. */
const interrupted = (args: readonly string[], ready: () => boolean): Promise<Ended> => interruptedWhen([...args, ...SLOW], env(), 'SIGINT', ready, repo);

/** One line on stderr, exit 130, nothing on stdout, no stack trace. */
function stoppedInOneLine(run: Ended, command: string, undone: string): void {
  expect(run.signal).toBeNull();
  expect(run.code, run.stderr).toBe(130);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(run.stderr).toMatch(
    new RegExp(`^tfe-access ${command}: stopped by SIGINT (while|after) reading live access \\(\\d+ of \\d+ read\\); ${undone}\\.\\n$`),
  );
}

describe('Ctrl-C while the new commands read', () => {
  it('recommend --out --usage-log: one line, exit 130, --out not made and the usage log untouched (stopped in the grants, then in the runs index)', async () => {
    const log = join(repo, 'usage.jsonl');
    const first = await interruptedWhen(['recommend', '--usage-log', log, '--out', join(repo, 'first.json'), ...SLOW], env(), 'SIGINT', () => false, repo);
    expect(first.code, first.stderr).toBe(0);
    const kept = readFileSync(log, 'utf8');
    const stops: [() => boolean, string][] = [
      [() => grantLists() >= 4, 'while'],
      [() => asked('/organizations/stops/runs'), 'after'],
    ];
    for (const [ready, when] of stops) {
      emulator.resetLog();
      const out = join(repo, 'recommend.json');
      const run = await interrupted(['recommend', '--usage-log', log, '--out', out], ready);
      stoppedInOneLine(run, 'recommend', 'no recommendation was written');
      expect(run.stderr).toContain(`stopped by SIGINT ${when} reading live access`);
      expect(existsSync(out)).toBe(false);
      expect(readFileSync(log, 'utf8')).toBe(kept);
    }
  }, 60_000);

  it('recommend --write: stopped before the edit, the files untouched; stopped in the plan after it, the files whole as edited', async () => {
    const before = await interrupted(['recommend', file, '--write'], () => grantLists() >= 4);
    stoppedInOneLine(before, 'recommend', 'no recommendation was written');
    expect(readFileSync(file, 'utf8')).toBe(EDITED);

    emulator.resetLog();
    const started = startBuilt(['recommend', file, '--write', ...SLOW], env(), repo);
    let edited = -1;
    started.child.stderr?.on('data', () => {
      if (edited < 0) edited = grantLists();
    });
    while (!(edited >= 0 && grantLists() >= edited + 3) && !started.exited()) await new Promise((r) => setTimeout(r, 5));
    started.child.kill('SIGINT');
    const run = await started.ended;
    expect(run.code, run.stderr).toBe(130);
    // The recommendation was printed whole before the edit; the plan of the edited files was not.
    expect(run.stdout).toMatch(/^Recommendations for "stops"[^]*\nNot read: when each grant was made [^\n]*\n$/);
    expect(run.stdout).not.toContain('Plan:');
    const [editedLine, stopLine, ...rest] = run.stderr.split('\n');
    expect(editedLine).toBe('recommend: edited access.yaml.');
    expect(`${stopLine}\n`).toMatch(/^tfe-access recommend: stopped by SIGINT while reading live access \(\d+ of \d+ read\); no plan was printed\.\n$/);
    expect(rest).toEqual(['']);
    // Whole: every grant lowered to read (nothing but reads held, no run counted but ana's plan on w00).
    expect(readFileSync(file, 'utf8')).toBe(EDITED.replaceAll(': write', ': read').replace('t00: read', 't00: write'));
  }, 60_000);

  it('report --can varset:creds: stopped in the grants, or in the reads of the edges after them: one line, exit 130, --out not made', async () => {
    const stops: [() => boolean, string][] = [
      [() => grantLists() >= 4, 'while'],
      [() => asked('/organizations/stops/varsets'), 'after'],
    ];
    for (const [ready, when] of stops) {
      emulator.resetLog();
      const out = join(repo, 'reach.json');
      const run = await interrupted(['report', '--can', 'varset:creds', '--format', 'json', '--out', out], ready);
      stoppedInOneLine(run, 'report', 'no report was written');
      expect(run.stderr).toContain(`stopped by SIGINT ${when} reading live access`);
      expect(existsSync(out)).toBe(false);
    }
  }, 60_000);

  it('report --can manage-workspaces (an organization power): one line, exit 130', async () => {
    const run = await interrupted(['report', '--can', 'manage-workspaces'], () => grantLists() >= 4);
    stoppedInOneLine(run, 'report', 'no report was written');
  }, 60_000);

  it('plan --changed-from HEAD --out: one line, exit 130, no saved plan', async () => {
    const run = await interrupted(['plan', file, '--changed-from', 'HEAD', '--out', join(repo, 'saved.json')], () => grantLists() >= 4);
    stoppedInOneLine(run, 'plan', 'no plan was printed');
    expect(existsSync(join(repo, 'saved.json'))).toBe(false);
  }, 60_000);

  it('apply --changed-from HEAD: stopped while reading, nothing was changed', async () => {
    const run = await interrupted(['apply', file, '--changed-from', 'HEAD', '--auto-approve'], () => grantLists() >= 4);
    expect(run.code, run.stderr).toBe(130);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('tfe-access apply: interrupted (SIGINT); nothing was changed.\n');
    expect(writesOf(emulator)).toEqual([]);
  }, 60_000);
});

describe('a reader that closed stdout (| head -c0) under the new commands', () => {
  const closed = (args: readonly string[]) => withStdoutClosed([...args, '--rate-limit', '0'], env(), repo);

  it.each([
    ['recommend', ['recommend']],
    ['report --can varset:creds', ['report', '--can', 'varset:creds']],
    ['report --can manage-workspaces', ['report', '--can', 'manage-workspaces']],
    ['plan --changed-from HEAD', ['plan', '<file>', '--changed-from', 'HEAD']],
  ] as const)(
    '%s ends quietly, exit 141',
    async (_name, args) => {
      const run = await closed(args.map((a) => (a === '<file>' ? file : a)));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(EXIT_SIGPIPE);
    },
    60_000,
  );

  it('recommend --usage-log --out: the log and the recommendation whole, exit 0 (nothing was for stdout)', async () => {
    const log = join(repo, 'usage.jsonl');
    const out = join(repo, 'recommend.json');
    const run = await closed(['recommend', '--usage-log', log, '--out', out, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { proposals: unknown[] }).proposals).toHaveLength(N);
    expect(readFileSync(log, 'utf8').split('\n')[0]).toMatch(/^\{"usage-log":2,"organization":"stops"/);
  }, 60_000);

  it('recommend --write: the files edited whole, the line that says so on stderr, exit 141', async () => {
    const run = await closed(['recommend', file, '--write']);
    expect(run.code, run.stderr).toBe(EXIT_SIGPIPE);
    expect(run.stderr).toBe('recommend: edited access.yaml.\n');
    expect(readFileSync(file, 'utf8')).toBe(EDITED.replaceAll(': write', ': read').replace('t00: read', 't00: write'));
  }, 60_000);

  it('apply --changed-from HEAD --auto-approve: stops at the close as apply does, the report on stderr naming every change, exit 141', async () => {
    const run = await closed(['apply', file, '--changed-from', 'HEAD', '--auto-approve', '--concurrency', '1']);
    expect(run.code, run.stderr).toBe(EXIT_SIGPIPE);
    expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
    const writes = writesOf(emulator);
    expect(writes.every((w) => w.startsWith('PATCH /api/v2/team-workspaces/'))).toBe(true);
    const lines = run.stderr.split('\n');
    const applied = lines.filter((line) => line.startsWith('  applied ')).length;
    expect(applied).toBe(writes.length);
    expect(lines.filter((line) => line.startsWith('  not started ')).length).toBe(N - writes.length);
    expect(run.stderr).toContain(
      `Apply stopped: stdout was closed (EPIPE). ${applied} applied, 0 already so, 0 failed, ${N - applied} not started, of ${N} changes in stops.`,
    );
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('tfe-access apply: stdout was closed (EPIPE)');
  }, 60_000);
});
