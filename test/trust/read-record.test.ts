// Issue 24, finding 1: reading by team dropped the incomplete-read refusal. With a token that is not
// an owner's (a team with manage-workspaces), a workspace holding a secret team's grant is refused
// as read partially when read by target; the default plan (auto, by team) showed no refusal and
// another checksum, and `apply --auto-approve` removed a grant. Now a token that does not see every
// team never reads by team: the same plan, the same refusal, the same checksum, whichever way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { FAST, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';

const ORG_TOKEN = 'trust-org-token';
const WSADMIN_TOKEN = 'trust-wsadmin-token';
const WORKSPACES = Array.from({ length: 12 }, (_, i) => `w${String(i + 1).padStart(2, '0')}`);

function seed(): SeedDocument {
  return {
    organizations: [
      {
        name: 'trust',
        token: ORG_TOKEN,
        teams: [
          { name: 'wsadmins', id: 'team-wsadmins', tokens: [WSADMIN_TOKEN], 'organization-access': { 'manage-workspaces': true } },
          { name: 'dev', id: 'team-dev' },
          { name: 'interns', id: 'team-interns' },
          { name: 'vault', id: 'team-vault', visibility: 'secret' },
        ],
        projects: [{ name: 'main', id: 'prj-main' }],
        workspaces: WORKSPACES.map((name) => ({ name, id: `ws-${name}`, project: 'main' })),
        'team-workspaces': [
          ...WORKSPACES.map((name) => ({ team: 'dev', workspace: name, access: 'read', id: `tws-dev-${name}` })),
          { team: 'vault', workspace: 'w01', access: 'admin', id: 'tws-vault-w01' },
          { team: 'interns', workspace: 'w01', access: 'read', id: 'tws-interns-w01' },
        ],
      },
    ],
  } as SeedDocument;
}

const DESIRED = `organization: trust
workspaces:
${WORKSPACES.map((name) => `  ${name}:\n    teams:\n      dev: read\n`).join('')}`;

let emulator: RunningEmulator;
let dir: string;
let file: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: seed(), rateLimit: 0, profile: 'current' });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-read-record-'));
  file = join(dir, 'tfe-access.yaml');
  await writeFile(file, DESIRED);
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

type PlanJson = { checksum: string; refusals: { guard: string }[]; changes: unknown[]; read?: { strategy: string; fallback?: string } };
const env = (token: string) => ({ HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: token });
const planJson = async (token: string, extra: string[] = []): Promise<PlanJson> => {
  const run = await runCli(['plan', file, '--format', 'json', '--rate-limit', String(FAST), ...extra], { env: env(token) });
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out) as PlanJson;
};

describe('one read, one record, whichever way it reads', () => {
  it('regression: reading by team drops the incomplete-read refusal', async () => {
    const auto = await planJson(WSADMIN_TOKEN);
    const byTarget = await planJson(WSADMIN_TOKEN, ['--read-by', 'target']);
    const byTeam = await planJson(WSADMIN_TOKEN, ['--read-by', 'team']);
    expect(byTarget.refusals.map((r) => r.guard)).toEqual(['incomplete-read']);
    for (const plan of [auto, byTeam]) {
      expect(plan.refusals).toEqual(byTarget.refusals);
      expect(plan.changes).toEqual(byTarget.changes);
      expect(plan.checksum).toBe(byTarget.checksum);
      // Not by team: the token does not see the secret team, and says so.
      expect(plan.read?.strategy).toBe('by-target');
      expect(plan.read?.fallback).toContain('team "wsadmins"');
    }
    const before = writesOf(emulator).length;
    const apply = await runCli(['apply', file, '--auto-approve', '--rate-limit', String(FAST)], { env: env(WSADMIN_TOKEN) });
    expect(apply.code).toBe(3);
    expect(apply.err).toContain('[incomplete-read]');
    expect(writesOf(emulator).length).toBe(before);
  });

  it('an owner reads by team (auto), with the plan a read by target gives', async () => {
    const auto = await planJson(ORG_TOKEN);
    const byTarget = await planJson(ORG_TOKEN, ['--read-by', 'target']);
    expect(auto.read?.strategy).toBe('by-team');
    expect(auto.read?.fallback ?? null).toBeNull();
    expect(auto.checksum).toBe(byTarget.checksum);
    expect(auto.refusals).toEqual([]);
    expect(auto.changes).toHaveLength(2); // the interns' and the vault's grants on w01
  });

  it('--read-by team with a token that does not see every team says, in one line, why it reads by target', async () => {
    const run = await runCli(['plan', file, '--read-by', 'team', '--rate-limit', String(FAST)], { env: env(WSADMIN_TOKEN) });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('reading the workspace grants by team was not started: the token is team "wsadmins"\'s, not an owner\'s');
  });
});
