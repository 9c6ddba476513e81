// Issue 24, "a read-only token meets one 404 per change with no early word": a write the service
// refuses for the token's rights (404, docs/api.md, "Seed: authentication" 5) stops apply from
// starting more; it finishes what is in flight, prints its report, and one line on stderr names
// the token (GET /account/details, docs/api.md, "Account details") and what it lacks; exit 1.

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { FAST, writeDesired } from './scenario.js';

const ORG = 'lookers';
const READ_ONLY_TOKEN = 'ci-readonly-token';

/** A team that reads every project and workspace and may change none of their access. */
const SEED: SeedDocument = {
  organizations: [
    {
      name: ORG,
      token: 'lookers-org-token',
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'ci-readonly', id: 'team-ro', tokens: [READ_ONLY_TOKEN], 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
        { name: 'dev', id: 'team-dev' },
        { name: 'ops', id: 'team-ops' },
      ],
      projects: [{ name: 'platform', id: 'prj-platform' }],
      workspaces: ['net', 'app', 'db'].map((name) => ({ name, id: `ws-${name}`, project: 'platform' })),
      'team-workspaces': [{ team: 'ops', workspace: 'net', access: 'write', id: 'tws-ops-net' }],
    },
  ],
};

/** Five changes: three adds and an update on workspaces, an add on the project. */
const DESIRED = [
  `organization: ${ORG}`,
  'projects:',
  '  platform:',
  '    teams:',
  '      dev: read',
  'workspaces:',
  '  net:',
  '    teams:',
  '      dev: write',
  '      ops: admin',
  '  app:',
  '    teams:',
  '      dev: write',
  '  db:',
  '    teams:',
  '      dev: write',
  '',
].join('\n');

const WRITES = new Set(['POST', 'PATCH', 'DELETE']);
const IDENTITY_LINE = /may not change team access/;

let emulator: RunningEmulator | undefined;
let dir = '';
afterEach(async () => {
  await emulator?.stop();
  emulator = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a write refused for the token's rights", () => {
  it('regression: a read-only token meets one 404 per change with no early word', async () => {
    emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    dir = await writeDesired(DESIRED);
    const env = { TFE_TOKEN: READ_ONLY_TOKEN, TFE_ADDRESS: emulator.url };
    const concurrency = 1;
    const run = await runCli(['apply', dir, '--auto-approve', '--concurrency', String(concurrency), '--rate-limit', String(FAST)], { env });

    const refused = emulator.requests.filter((r) => WRITES.has(r.method) && (r.status === 404 || r.status === 403));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(concurrency);
    expect(emulator.requests.filter((r) => r.path === '/api/v2/account/details')).toHaveLength(1);

    expect(run.code).toBe(1);
    const lines = run.err.split('\n').filter((line) => IDENTITY_LINE.test(line));
    expect(lines, run.err).toHaveLength(1);
    expect(lines[0]).toContain('team "ci-readonly"\'s token');
    expect(lines[0]).toMatch(/needs admin on the/);
    expect(lines[0]).toContain('may not change team access on project "platform"');
    expect(lines[0]).toMatch(/refused or not found/);
    expect(lines[0]).toMatch(/manage-projects/);
    expect(`${run.out}${run.err}`).not.toMatch(/^\s+at /m);
    expect(run.err).not.toContain(READ_ONLY_TOKEN);
    expect(run.out).not.toContain(READ_ONLY_TOKEN);
    // The report as usual: the refused change failed, the rest not started.
    expect(run.out).toMatch(/FAILED/);
    expect(run.out.split('\n').filter((line) => line.startsWith('  not started ')).length).toBe(4);
  });

  it("at --concurrency 2 at most 2 writes are refused; an update's 404 whose grant is still there is said as a refusal", async () => {
    const [org] = SEED.organizations ?? [];
    const opsWrites = ['net', 'app', 'db'].map((name) => ({ team: 'ops', workspace: name, access: 'write' as const, id: `tws-ops-${name}` }));
    emulator = await startEmulator({ seed: { organizations: [{ ...org!, 'team-workspaces': opsWrites }] }, rateLimit: 0 });
    dir = await writeDesired(
      [`organization: ${ORG}`, 'workspaces:', ...['net', 'app', 'db'].flatMap((name) => [`  ${name}:`, '    teams:', '      ops: admin']), ''].join('\n'),
    );
    const env = { TFE_TOKEN: READ_ONLY_TOKEN, TFE_ADDRESS: emulator.url };
    const run = await runCli(['apply', dir, '--auto-approve', '--concurrency', '2', '--rate-limit', String(FAST)], { env });
    const refused = emulator.requests.filter((r) => WRITES.has(r.method) && r.status === 404);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(2);
    expect(refused.every((r) => r.method === 'PATCH')).toBe(true);
    expect(run.code).toBe(1);
    const lines = run.err.split('\n').filter((line) => IDENTITY_LINE.test(line));
    expect(lines, run.err).toHaveLength(1);
    expect(lines[0]).toMatch(
      /on workspace "(app|db)": the service answered 404 to PATCH \/team-workspaces\/tws-ops-(app|db) and the grant is still there \(refused/,
    );
    expect(lines[0]).toMatch(/manage-workspaces or manage-projects/);
  });

  it('a saved plan applied as JSON: the line is stopped.reason, the team named by its id when the plan does not know its name', async () => {
    const running = await startEmulator({ seed: SEED, rateLimit: 0 });
    emulator = running;
    dir = await writeDesired(DESIRED);
    const env = { TFE_TOKEN: READ_ONLY_TOKEN, TFE_ADDRESS: emulator.url };
    const file = join(dir, 'plan.json');
    const planned = await runCli(['plan', dir, '--out', file, '--rate-limit', String(FAST)], { env });
    expect(planned.code, planned.err).toBe(0);
    expect(await readFile(file, 'utf8')).not.toContain(READ_ONLY_TOKEN);
    // The plan asked who the token is too (src/live/read-live.ts): count the apply's own requests.
    const asked = () => running.requests.filter((r) => r.path === '/api/v2/account/details').length;
    const before = asked();
    const run = await runCli(['apply', '--plan', file, '--auto-approve', '--format', 'json', '--concurrency', '1', '--rate-limit', String(FAST)], { env });
    expect(run.code).toBe(1);
    const document = JSON.parse(run.out) as { stopped: { reason: string; exit_code: number }; counts: Record<string, number> };
    expect(document.stopped.exit_code).toBe(1);
    expect(document.stopped.reason).toContain('the token (team team-ro\'s token, service user "api-team_');
    expect(document.counts).toMatchObject({ applied: 0, failed: 1, not_started: 4 });
    expect(run.err.split('\n').filter((line) => IDENTITY_LINE.test(line))).toHaveLength(1);
    expect(asked() - before).toBe(1);
  });
});
