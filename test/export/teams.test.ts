// `export --teams` (issue 26, item 5; docs/adopting.md, "What export writes"): every team the token
// sees under `teams:` (visibility, the SSO id when set, allow-member-token-management, the minimal
// organization-access map, never the owners team's), and the round trip: `plan` of the exported
// files shows no change against both emulator profiles, one file or split by project. The --out
// rules (a file export wrote may be replaced, an edited one only with --force) hold for it.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseFlags } from '../../src/core/team-flags.js';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { minimalFlags } from '../../src/export/teams.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { tokenEnv } from '../support/world.js';

const TOKEN = 'acme-export-teams-token';
const MOA = { 'manage-organization-access': true, 'manage-teams': true, 'manage-membership': true };
const PROJECTS = { 'manage-projects': true, 'manage-workspaces': true, 'read-projects': true, 'read-workspaces': true };

function seedOf(profile: ProfileName): SeedDocument {
  return oneOrganization(
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        // As the service leaves them: a flag's companions on beside it.
        { name: 'platform-admins', id: 'team-padm', 'organization-access': MOA, 'sso-team-id': 'idp-padm', 'allow-member-token-management': false },
        { name: 'builders', id: 'team-build', visibility: 'secret', 'organization-access': { ...PROJECTS, 'manage-modules': true } },
        { name: 'auditors', id: 'team-aud', 'organization-access': { 'read-workspaces': true } },
        { name: 'plain', id: 'team-plain' },
      ],
      projects: [{ name: 'platform', id: 'prj-platform' }],
      workspaces: [{ name: 'web', id: 'ws-web', project: 'platform' }],
      'team-workspaces': [{ team: 'auditors', workspace: 'web', access: 'read' }],
    },
    profile,
  );
}

const held = perTest();

async function start(profile: ProfileName): Promise<{ env: Record<string, string>; cwd: string }> {
  held.emulator = await startEmulator({ seed: seedOf(profile), rateLimit: 0 });
  held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-export-teams-'));
  return { env: { ...tokenEnv(held.emulator.url, TOKEN), TFE_ORGANIZATION: 'acme' }, cwd: held.dir };
}

async function expectClean(files: string, env: Record<string, string>, cwd: string): Promise<void> {
  const plan = await runCli(['plan', files, '--format', 'json', '--detailed-exitcode'], { env, cwd });
  expect(plan.code, `${plan.out}${plan.err}`).toBe(0);
  const document = JSON.parse(plan.out) as { changes: unknown[]; team_changes?: unknown[] };
  expect(document.changes).toEqual([]);
  expect(document.team_changes ?? []).toEqual([]);
}

describe('the minimal organization-access map', () => {
  it('leaves out the flags another brings and the flags off, and normalises back to the same flags', () => {
    const full = normaliseFlags({ 'manage-organization-access': true, 'manage-projects': true });
    expect(minimalFlags(full)).toEqual(['manage-projects', 'manage-organization-access']);
    expect(normaliseFlags(Object.fromEntries(minimalFlags(full).map((k) => [k, true])))).toEqual(full);
    expect(minimalFlags({ 'manage-teams': false, 'read-workspaces': true })).toEqual(['read-workspaces']);
    expect(minimalFlags({})).toEqual([]);
  });
});

describe.each(PROFILE_NAMES)('export --teams against the %s profile', (profile) => {
  it('writes every team the token sees, the fewest words, and plan of it is clean', async () => {
    const { env, cwd } = await start(profile);
    const exported = await runCli(['export', '--teams', '--out', 'teams.yaml'], { env, cwd });
    expect(exported.code, exported.err).toBe(0);
    expect(exported.err).toBe('export: wrote 0 projects and workspaces and the teams of "acme" to teams.yaml.\n');
    const text = readFileSync(join(cwd, 'teams.yaml'), 'utf8');
    expect(text.split('\n').slice(2).join('\n')).toBe(`organization: acme
teams:
  auditors:
    allow-member-token-management: true
    organization-access:
      read-workspaces: true
    visibility: organization
  builders:
    allow-member-token-management: true
    organization-access:
      manage-modules: true
      manage-projects: true
    visibility: secret
  owners:
    allow-member-token-management: true
    visibility: organization
  plain:
    allow-member-token-management: true
    organization-access: {}
    visibility: organization
  platform-admins:
    allow-member-token-management: false
    organization-access:
      manage-organization-access: true
    sso-team-id: idp-padm
    visibility: organization
`);
    await expectClean('teams.yaml', env, cwd);
    // An export replaces a file it wrote; an edited one only with --force.
    expect((await runCli(['export', '--teams', '--out', 'teams.yaml'], { env, cwd })).code).toBe(0);
    writeFileSync(join(cwd, 'teams.yaml'), `${text}# edited\n`);
    const refused = await runCli(['export', '--teams', '--out', 'teams.yaml'], { env, cwd });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--force');
    expect((await runCli(['export', '--teams', '--out', 'teams.yaml', '--force'], { env, cwd })).code).toBe(0);
    expect(readFileSync(join(cwd, 'teams.yaml'), 'utf8')).toBe(text);
  }, 60_000);

  it('with --all, beside the grants; split by project, in _teams.yaml; both plan clean', async () => {
    const { env, cwd } = await start(profile);
    const all = await runCli(['export', '--all', '--teams', '--out', 'all.yaml'], { env, cwd });
    expect(all.code, all.err).toBe(0);
    const text = readFileSync(join(cwd, 'all.yaml'), 'utf8');
    expect(text.indexOf('\nteams:\n')).toBeGreaterThan(0);
    expect(text.indexOf('\nteams:\n')).toBeLessThan(text.indexOf('\nworkspaces:\n'));
    await expectClean('all.yaml', env, cwd);
    const split = await runCli(['export', '--all', '--teams', '--split-by', 'project', '--out', 'split'], { env, cwd });
    expect(split.code, split.err).toBe(0);
    expect(readdirSync(join(cwd, 'split')).sort()).toEqual(['_teams.yaml', 'platform.yaml']);
    await expectClean('split', env, cwd);
  }, 60_000);
});

describe('export without --teams', () => {
  it('writes no teams: section, and asks for what to export when given nothing', async () => {
    const { env, cwd } = await start('current');
    const all = await runCli(['export', '--all'], { env, cwd });
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/^workspaces:$/m);
    expect(all.out).not.toMatch(/^teams:$/m);
    const none = await runCli(['export'], { env, cwd });
    expect(none.code).toBe(1);
    expect(none.err).toContain('what to export? Pass --project NAME, --workspace NAME (repeatable), --all or --teams.');
  }, 60_000);
});
