// Issue 26 end to end, against both emulator profiles: a file that sets every flag of the profile,
// visibility and the SSO id on new and existing teams plans, applies and plans clean; so does one
// that leaves manage-membership out beside manage-teams; a rename by `previously:` is exactly one
// PATCH and keeps the id and the grants; prune-teams deletes within max-team-deletions, the plan
// listing the grants that go, and refuses beyond it at plan time; a saved plan with a created and
// granted team applies; and managing 200 unchanged teams adds no request to a plan.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { TEAM_FLAGS } from '../../src/core/team-flags.js';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { apiUrl, startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { FAST, writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld, tokenEnv } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];

function seedOf(profile: ProfileName, extraTeams = 0): SeedDocument {
  const many = Array.from({ length: extraTeams }, (_, i) => ({ name: `bulk-${i}`, id: `team-bulk${i}` }));
  return oneOrganization(
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'site-reliability', id: 'team-sre', visibility: 'secret' },
        { name: 'auditors', id: 'team-aud', visibility: 'secret' },
        { name: 'stale', id: 'team-stale' },
        ...many,
      ],
      workspaces: [{ name: 'web', id: 'ws-web' }],
      'team-workspaces': [
        { team: 'site-reliability', workspace: 'web', access: 'write', id: 'tws-sre' },
        { team: 'stale', workspace: 'web', access: 'read', id: 'tws-stale' },
      ],
    },
    profile,
  );
}

/** Every flag the profile has, true: the seed profile lacks the newer ones. */
function everyFlag(profile: ProfileName): string {
  const flags = TEAM_FLAGS.filter((f) => profile === 'current' || f.newer === undefined).map((f) => `${f.key}: true`);
  return `{ ${flags.join(', ')} }`;
}

function fileOf(profile: ProfileName, more = ''): string {
  return `organization: acme
settings: { prune-teams: true, max-team-deletions: 1 }
teams:
  platform:
    visibility: organization
    sso-team-id: idp-platform
    allow-member-token-management: false
    organization-access: ${everyFlag(profile)}
  sre:
    previously: [site-reliability]
    sso-team-id: idp-sre
  auditors:
    visibility: organization
    organization-access: { manage-teams: true }
${more}workspaces:
  web:
    prune: true
    teams: { platform: admin, sre: write, auditors: read }
`;
}

const held = perTest();

async function start(profile: ProfileName, text: string, extraTeams = 0): Promise<{ env: Record<string, string>; dir: string }> {
  const world = await startWorld(held, seedOf(profile, extraTeams), text);
  return { env: world.env(TOKEN), dir: world.dir };
}

describe.each(PROFILE_NAMES)('teams as code against the %s profile', (profile) => {
  it('plans, applies and plans clean: every flag, visibility and SSO id on new and existing teams, a rename, a deletion', async () => {
    const { env, dir: files } = await start(profile, fileOf(profile));
    const planned = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { team_changes: { action: string; name: string; grants?: unknown[] }[]; refusals: unknown[] };
    expect(plan.team_changes.map((c) => `${c.action} ${c.name}`)).toEqual(['create platform', 'rename sre', 'update auditors', 'delete stale']);
    expect(plan.team_changes[3]?.grants).toEqual([
      {
        target: { type: 'workspace', name: 'web', id: 'ws-web' },
        access: 'read',
        runs: 'read',
        variables: 'read',
        'state-versions': 'read',
        'sentinel-mocks': 'none',
        'workspace-locking': false,
        'run-tasks': false,
        ...(profile === 'current' ? { 'policy-overrides': false } : {}),
      },
    ]);
    expect(plan.refusals).toEqual([]);

    held.emulator!.resetLog();
    const applied = await runCli(['apply', files, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    const teamWrites = held.emulator!.requests.filter((r) => r.path.includes('/teams') && r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.status}`);
    // The rename is exactly one PATCH of the team it was; the id stays.
    expect(teamWrites.filter((w) => w.includes('team-sre'))).toEqual(['PATCH /api/v2/teams/team-sre 200']);
    expect(teamWrites.filter((w) => w.startsWith('DELETE'))).toEqual(['DELETE /api/v2/teams/team-stale 204']);

    const again = await runCli(['plan', files, '--format', 'json', '--detailed-exitcode', ...RATE], { env });
    expect(again.code, again.out).toBe(0);
    expect((JSON.parse(again.out) as { team_changes: unknown[] }).team_changes).toEqual([]);
    const shown = await runCli(['plan', files, ...RATE], { env });
    expect(shown.out).toContain('No changes: access in acme matches the files.');
  }, 60_000);

  it('refuses deletions beyond max-team-deletions at plan time, and apply without --force', async () => {
    const { env, dir: files } = await start(profile, fileOf(profile).replace('max-team-deletions: 1', 'max-team-deletions: 0'));
    const planned = await runCli(['plan', files, ...RATE], { env });
    expect(planned.out).toContain('[max-team-deletions] the plan deletes 1 team ("stale"), more than settings.max-team-deletions (0)');
    expect(planned.out).toContain('  - stale     delete (team-stale), with 1 grant on the targets read\n      - workspace web: read');
    const refused = await runCli(['apply', files, '--auto-approve', ...RATE], { env });
    expect(refused.code).toBe(3);
    expect(held.emulator!.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const forced = await runCli(['apply', files, '--auto-approve', '--force', ...RATE], { env });
    expect(forced.code, forced.err).toBe(0);
  }, 60_000);

  it('a saved plan that creates a team and grants it applies, and its checksum holds', async () => {
    const { env, dir: files } = await start(profile, fileOf(profile));
    const out = `${files}/plan.json`;
    const planned = await runCli(['plan', files, '--out', out, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const { checksum, effective_changes: effective } = JSON.parse(planned.out) as {
      checksum: string;
      effective_changes: { team: { name: string; id: string | null }; after: string | null }[];
    };
    // What the plan does to access names the teams as it leaves them: a created one (no id yet), a renamed one by its new name.
    expect(effective.filter((e) => e.after !== null).map((e) => `${e.team.name} ${String(e.team.id)} ${e.after}`)).toEqual([
      'auditors team-aud read',
      'platform null admin',
    ]);
    const shown = await runCli(['show', out]);
    expect(shown.out).toContain('platform: none -> admin on workspace web');
    const applied = await runCli(['apply', '--plan', out, '--checksum', checksum, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    expect(applied.out).toMatch(/applied\s+\+ team platform: create -> team-/);
    const again = await runCli(['plan', files, '--detailed-exitcode', ...RATE], { env });
    expect(again.code, again.out).toBe(0);
  }, 60_000);
});

describe("a file that leaves manage-membership out beside manage-teams (the provider's #1964)", () => {
  it.each(PROFILE_NAMES)(
    'plans clean after its apply (%s)',
    async (profile) => {
      const { env, dir: files } = await start(profile, 'organization: acme\nteams:\n  auditors:\n    organization-access: { manage-teams: true }\n');
      expect((await runCli(['apply', files, '--auto-approve', ...RATE], { env })).code).toBe(0);
      const again = await runCli(['plan', files, '--detailed-exitcode', ...RATE], { env });
      expect(again.code, again.out).toBe(0);
    },
    60_000,
  );
});

describe('cost', () => {
  it('managing 200 unchanged teams adds no request to a plan', async () => {
    const granted = 'organization: acme\nworkspaces:\n  web:\n    teams: { site-reliability: write, stale: read }\n';
    const teams = Array.from({ length: 200 }, (_, i) => `  bulk-${i}: {}`).join('\n');
    const { env, dir: files } = await start('seed', granted, 200);
    const plain = await runCli(['plan', files, '--detailed-exitcode', ...RATE], { env });
    expect(plain.code, plain.out).toBe(0);
    const without = held.emulator!.requests.length;
    await held.emulator!.stop();
    await rm(files, { recursive: true, force: true });
    const managed = await start('seed', `${granted}teams:\n${teams}\n  site-reliability: {}\n  stale: {}\n`, 200);
    const withTeams = await runCli(['plan', managed.dir, '--detailed-exitcode', ...RATE], { env: managed.env });
    expect(withTeams.code, withTeams.out).toBe(0);
    expect(held.emulator!.requests.length).toBe(without);
  }, 60_000);
});

describe('drift of the teams themselves', () => {
  it.each(PROFILE_NAMES)(
    'sees a team made by hand, a flag, a visibility and an SSO id changed by hand (%s)',
    async (profile) => {
      const { env, dir: files } = await start(profile, fileOf(profile));
      expect((await runCli(['apply', files, '--auto-approve', ...RATE], { env })).code).toBe(0);
      expect((await runCli(['drift', files, ...RATE], { env })).code).toBe(0);
      const client = new TfeClient({ baseUrl: apiUrl(held.emulator!), token: TOKEN, rateLimit: FAST });
      const teams = new Map((await client.listTeams('acme')).map((t) => [t.name, t]));
      await client.createTeam('acme', { name: 'by-hand' });
      await client.updateTeam(teams.get('platform')!.id, { organizationAccess: { 'manage-vcs-settings': false }, ssoTeamId: 'changed' });
      await client.updateTeam(teams.get('auditors')!.id, { visibility: 'secret' });
      await client.close();
      const drift = await runCli(['drift', files, '--format', 'json', ...RATE], { env });
      expect(drift.code).toBe(2);
      const changes = (JSON.parse(drift.out) as { team_changes: { action: string; name: string; fields?: { field: string }[] }[] }).team_changes;
      expect(changes.map((c) => `${c.action} ${c.name} ${(c.fields ?? []).map((f) => f.field).join(' ')}`.trim())).toEqual([
        'update auditors visibility',
        'update platform sso-team-id organization-access.manage-vcs-settings',
        'delete by-hand',
      ]);
      const text = await runCli(['drift', files, ...RATE], { env });
      expect(text.err).toContain('3 teams differ');
    },
    60_000,
  );
});

describe('--target and the teams', () => {
  it('creates the teams a targeted grant needs and deletes none', async () => {
    const { env, dir: files } = await start('seed', fileOf('seed'));
    const planned = await runCli(['plan', files, '--target', 'workspace:web', '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { team_changes: { action: string }[]; targeted: string[] };
    expect(plan.targeted).toEqual(['workspace:web']);
    expect(plan.team_changes.map((c) => c.action)).toEqual(['create', 'rename', 'update']);
  }, 60_000);
});

describe('policies and the teams a plan creates', () => {
  it('a team created and granted in the same plan is checked by the policies (exit 3)', async () => {
    const text =
      'organization: acme\nteams:\n  platform: {}\nworkspaces:\n  web:\n    teams: { platform: admin }\npolicies:\n  - name: no admins\n    workspaces: { names: [web] }\n    max-access: write\n';
    const { env, dir: files } = await start('seed', text);
    const planned = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
    expect(planned.code).toBe(3);
    const { violations } = JSON.parse(planned.out) as { violations: { policy: string; team: { name: string; id: string | null } }[] };
    expect(violations.map((v) => `${v.policy} ${v.team.name} ${String(v.team.id)}`)).toEqual(['no admins platform null']);
    // Saved, it reads back (the team has no id until apply creates it).
    const out = `${files}/plan.json`;
    expect((await runCli(['plan', files, '--out', out, ...RATE], { env })).code).toBe(3);
    const shown = await runCli(['show', out]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toContain('no admins');
  }, 60_000);
});

describe('what the server does not support or refuses, before any write', () => {
  it('a newer flag on the seed profile, and the rename of a SCIM-linked team', async () => {
    const text =
      'organization: acme\nteams:\n  platform:\n    organization-access: { access-secret-teams: true, manage-teams: true }\n  engineering:\n    previously: [Engineering]\n';
    held.emulator = await startEmulator({
      seed: oneOrganization(
        {
          name: 'acme',
          token: TOKEN,
          teams: [
            { name: 'owners', id: 'team-owners' },
            { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
          ],
        },
        'seed',
      ),
      rateLimit: 0,
    });
    const dir = await writeDesired(text);
    held.dir = dir;
    const env = tokenEnv(held.emulator.url, TOKEN);
    const planned = await runCli(['apply', dir, '--auto-approve', ...RATE], { env });
    expect(planned.code).toBe(1);
    const file = `${dir}/tfe-access.yaml`;
    expect(planned.err).toBe(`tfe-access apply: the desired state asks what the server does not support or refuses (2); nothing was changed:
  ${file}:5:3: team "engineering": previously "Engineering" is linked to a SCIM group, whose identity provider owns its name (the service refuses to rename it); rename the group there, or drop previously
  ${file}:3:3: team "platform": organization-access access-secret-teams: true is not supported by a server that does not answer GET /api/v2/ping (version unknown) (it predates it); leave it out or use a server that has it
`);
    expect(held.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 60_000);
});
