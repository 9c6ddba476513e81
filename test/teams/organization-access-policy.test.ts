// Issue 26, item 4 end to end, against both emulator profiles: the `organization-access` policy
// (docs/effective-access.md, "Organization powers"). `plan` checks the teams as they will be after
// its team changes (exit 3 when it makes a violation, clean when it fixes one), `apply` refuses
// with no write, `drift` lists the live violations (exit 2), `report` lists them with no target,
// a saved plan carries the policy sealed and `apply --plan` checks it again; and it costs no
// request beyond the team list every plan reads.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { violationsOf } from '../support/violations.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];

function seedOf(profile: ProfileName): SeedDocument {
  return oneOrganization(
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'platform-admins', id: 'team-padm', 'organization-access': { 'manage-organization-access': true } },
        { name: 'helpdesk', id: 'team-help' },
        { name: 'rogue', id: 'team-rogue', 'organization-access': { 'manage-organization-access': true } },
      ],
      workspaces: [{ name: 'web', id: 'ws-web' }],
      'team-workspaces': [{ team: 'helpdesk', workspace: 'web', access: 'read', id: 'tws-help' }],
    },
    profile,
  );
}

const POLICY = `policies:
  - name: only platform-admins hand out powers
    organization-access: { forbid: [manage-organization-access, manage-teams], except-teams: [platform-admins] }
`;

/** The files: rogue's organization access taken away (fixing the live violation), helpdesk's as given. */
function fileOf(helpdesk: string): string {
  return `organization: acme
teams:
  rogue: { organization-access: {} }
  helpdesk: { organization-access: ${helpdesk} }
workspaces:
  web:
    teams: { helpdesk: read }
${POLICY}`;
}

const held = perTest();

async function start(profile: ProfileName, text: string): Promise<{ env: Record<string, string>; files: string; emulator: RunningEmulator }> {
  const world = await startWorld(held, seedOf(profile), text);
  return { env: world.env(TOKEN), files: world.dir, emulator: world.emulator };
}

const writes = (e: RunningEmulator): string[] => e.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe.each(PROFILE_NAMES)('the organization-access policy against the %s profile', (profile) => {
  it('plan: on the teams once the plan is applied; a flag a team gets through another counts; apply refuses with no write', async () => {
    const { env, files, emulator: e } = await start(profile, fileOf('{ manage-organization-access: true }'));
    const planned = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(3);
    // rogue's live violation is fixed by the plan; helpdesk's is made by it, manage-teams brought by manage-organization-access.
    expect(violationsOf(planned.out)).toEqual([
      {
        policy: 'only platform-admins hand out powers',
        target: null,
        team: { name: 'helpdesk', id: 'team-help' },
        message:
          'team "helpdesk" has manage-teams (through manage-organization-access), manage-organization-access in the organization: forbidden to every team but platform-admins',
        // Made by the plan's team change: not live (docs/evidence.md, "New and live violations").
        status: 'new',
      },
    ]);
    const text = await runCli(['plan', files, ...RATE], { env });
    expect(text.code).toBe(3);
    expect(text.out).toContain(
      '[only platform-admins hand out powers] team "helpdesk" has manage-teams (through manage-organization-access), manage-organization-access in the organization',
    );
    e.resetLog();
    const applied = await runCli(['apply', files, '--auto-approve', ...RATE], { env });
    expect(applied.code).toBe(3);
    expect(applied.err).toContain('refused: the access once applied breaks a policy of the files; nothing was changed.');
    expect(writes(e)).toEqual([]);
  }, 60_000);

  it('drift lists the live violations (exit 2) while the plan that fixes them is clean; after the apply, drift is clean', async () => {
    const { env, files } = await start(profile, fileOf('{ manage-membership: true }'));
    const planned = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    expect(violationsOf(planned.out)).toEqual([]);
    const drift = await runCli(['drift', files, '--format', 'json', ...RATE], { env });
    expect(drift.code).toBe(2);
    expect(violationsOf(drift.out).map((v) => `${v.team?.name} | ${v.message}`)).toEqual([
      'rogue | team "rogue" has manage-teams (through manage-organization-access), manage-organization-access in the organization: forbidden to every team but platform-admins',
    ]);
    expect((await runCli(['apply', files, '--auto-approve', ...RATE], { env })).code).toBe(0);
    expect((await runCli(['drift', files, ...RATE], { env })).code).toBe(0);
  }, 60_000);

  it('report lists the live violations with no target, and --after none once the files are applied', async () => {
    const { env, files } = await start(profile, fileOf('{ manage-membership: true }'));
    const live = await runCli(['report', files, '--format', 'json', ...RATE], { env });
    expect(live.code, live.err).toBe(0);
    expect(violationsOf(live.out).map((v) => [v.team?.name, v.target])).toEqual([['rogue', null]]);
    const text = await runCli(['report', files, ...RATE], { env });
    // As the service reported it (the seed set one flag); the policy counts the flag it brings all the same.
    expect(text.out).toContain('  rogue            organization  manage-organization-access\n');
    expect(text.out).toContain('[only platform-admins hand out powers] team "rogue" has manage-teams (through manage-organization-access)');
    const after = await runCli(['report', files, '--after', '--format', 'json', ...RATE], { env });
    expect(violationsOf(after.out)).toEqual([]);
  }, 60_000);
});

describe('the organization-access policy in a saved plan', () => {
  it('is sealed with the plan: apply --plan checks it again, and an edit of it fails the integrity check', async () => {
    const { env, files, emulator: e } = await start('current', fileOf('{ manage-membership: true }'));
    const saved = join(files, 'plan.tfplan.json');
    const planned = await runCli(['plan', files, '--out', saved, ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const document = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(saved, 'utf8'))) as { basis: { policies: unknown[] } };
    expect(document.basis.policies).toEqual([
      {
        name: 'only platform-admins hand out powers',
        type: 'organization',
        rule: { kind: 'organization-access', forbid: ['manage-organization-access', 'manage-teams'], except_teams: ['platform-admins'] },
      },
    ]);
    const edited = join(files, 'edited.tfplan.json');
    writeFileSync(edited, JSON.stringify({ ...document, basis: { ...document.basis, policies: [] } }));
    const refused = await runCli(['apply', '--plan', edited, '--auto-approve', ...RATE], { env });
    expect(refused.code).toBe(1);
    expect(writes(e)).toEqual([]);
    // Someone gives helpdesk manage-teams by hand after the plan: helpdesk is no team the plan changes, and apply --plan finds it.
    const patched = await fetch(`${e.url}/api/v2/teams/team-help`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'teams', attributes: { 'organization-access': { 'manage-teams': true } } } }),
    });
    expect(patched.status).toBe(200);
    e.resetLog();
    const applied = await runCli(['apply', '--plan', saved, '--auto-approve', ...RATE], { env });
    expect(applied.code, applied.out).not.toBe(0);
    expect(`${applied.out}${applied.err}`).toMatch(/team "helpdesk" has manage-teams in the organization|stale/);
    expect(writes(e)).toEqual([]);
  }, 60_000);
});

describe('teams the plan creates and renames', () => {
  it.each(PROFILE_NAMES)(
    'are checked as the plan leaves them: a created team by its name (id null), a renamed one by its new name (%s)',
    async (profile) => {
      const text = fileOf('{}')
        .replace(
          'teams:\n',
          'teams:\n  newbie: { organization-access: { manage-teams: true } }\n  outlaw: { previously: [rogue], organization-access: { manage-teams: true } }\n',
        )
        .replace('  rogue: { organization-access: {} }\n', '');
      const { env, files } = await start(profile, text);
      const planned = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
      expect(planned.code, planned.err).toBe(3);
      expect(violationsOf(planned.out).map((v) => [v.team, v.message])).toEqual([
        [{ name: 'newbie', id: null }, 'team "newbie" has manage-teams in the organization: forbidden to every team but platform-admins'],
        [{ name: 'outlaw', id: 'team-rogue' }, 'team "outlaw" has manage-teams in the organization: forbidden to every team but platform-admins'],
      ]);
    },
    60_000,
  );
});

describe('the names of the policy', () => {
  it('a team of except-teams the organization does not have is an error at its place with a near miss', async () => {
    const { env, files } = await start('current', fileOf('{}').replace('except-teams: [platform-admins]', 'except-teams: [platform-admin]'));
    const run = await runCli(['plan', files, ...RATE], { env });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      /tfe-access\.yaml:\d+:\d+: policy "only platform-admins hand out powers": team "platform-admin" in organization "acme": not found.*Did you mean "platform-admins"\?/,
    );
  }, 60_000);
});

describe('a saved plan that breaks the organization-access policy', () => {
  it.each(PROFILE_NAMES)(
    'is saved with its violation of no target, read back, and refused by apply --plan (%s)',
    async (profile) => {
      const { env, files, emulator: e } = await start(profile, fileOf('{ manage-organization-access: true }'));
      const saved = join(files, 'broken.tfplan.json');
      expect((await runCli(['plan', files, '--out', saved, ...RATE], { env })).code).toBe(3);
      e.resetLog();
      const applied = await runCli(['apply', '--plan', saved, '--auto-approve', ...RATE], { env });
      expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
      expect(applied.err).toContain('team "helpdesk" has manage-teams (through manage-organization-access), manage-organization-access in the organization');
      expect(writes(e)).toEqual([]);
      const shown = await runCli(['show', saved, '--format', 'json'], { env });
      expect(shown.code, shown.err).toBe(0);
      expect(violationsOf(shown.out).map((v) => [v.team?.name, v.target])).toEqual([['helpdesk', null]]);
    },
    60_000,
  );
});

describe('cost', () => {
  it('a plan with only organization-access policies makes exactly the requests of one without policies', async () => {
    const base = 'organization: acme\nworkspaces:\n  web:\n    teams: { helpdesk: read }\n';
    const { env, files, emulator: e } = await start('seed', base);
    expect((await runCli(['plan', files, ...RATE], { env })).code).toBe(0);
    const without = e.requests.map((r) => `${r.method} ${r.path}`);
    writeFileSync(join(files, 'tfe-access.yaml'), `${base}${POLICY}`);
    e.resetLog();
    const run = await runCli(['drift', files, ...RATE], { env });
    expect(run.code).toBe(2);
    expect(e.requests.map((r) => `${r.method} ${r.path}`)).toEqual(without);
  }, 60_000);
});
