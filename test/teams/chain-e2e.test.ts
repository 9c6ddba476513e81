// Issue 39, Build 2, end to end on the emulator's current profile: the prerequisite chain
// (docs/files.md, "Organization-access flags"; docs/api.md, "The prerequisite chain").
// - `manage-organization-access: true` alone plans, applies (all three flags on) and plans clean;
// - beside `manage-teams: false` it is one line at FILE:LINE:COL;
// - the #1845 sequence: a team a refused create left behind is found and finished, never created
//   again; a create whose flags fail after the team exists converges in a second apply; never two
//   teams of one name.
import { describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { apiUrl } from '../../src/emulator/start.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld, type World } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];
const CHAIN = ['manage-membership', 'manage-teams', 'manage-organization-access'];

const seed = oneOrganization(
  {
    name: 'acme',
    token: TOKEN,
    teams: [
      { name: 'owners', id: 'team-owners' },
      // Sees every team and may create teams, may not set their flags (docs/api.md, "Teams", "Who may call").
      {
        name: 'team-admins',
        id: 'team-tadmin',
        tokens: ['tadmin-token'],
        'organization-access': { 'manage-teams': true, 'manage-membership': true, 'access-secret-teams': true },
      },
    ],
  },
  'current',
);

const held = perTest();

const fileWith = (access: string): string => `organization: acme
teams:
  lz-admin:
    visibility: organization
    organization-access: ${access}
`;

async function teamsNamed(world: World, name: string): Promise<{ id: string; organizationAccess: Readonly<Record<string, boolean>> }[]> {
  const client = new TfeClient({ baseUrl: apiUrl(world.emulator), token: TOKEN, rateLimit: FAST });
  return (await client.listTeams('acme')).filter((t) => t.name === name);
}

const on = (access: Readonly<Record<string, boolean>>): string[] => CHAIN.filter((k) => access[k] === true);

describe('the prerequisite chain, end to end (current profile)', () => {
  it('manage-organization-access alone: plans, applies with all three flags on, and plans clean', async () => {
    const world = await startWorld(held, seed, fileWith('{ manage-organization-access: true }'));
    const env = world.env(TOKEN);
    const planned = await runCli(['plan', world.dir, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { team_changes: { action: string; name: string; fields: { field: string; after: unknown }[] }[] };
    expect(plan.team_changes.map((c) => `${c.action} ${c.name}`)).toEqual(['create lz-admin']);
    const shownOn = plan.team_changes[0]?.fields.filter((f) => f.after === true).map((f) => f.field);
    expect(shownOn).toEqual(expect.arrayContaining(CHAIN.map((k) => `organization-access.${k}`)));

    world.emulator.resetLog();
    const applied = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    // The team first, with no flag; then one PATCH of the closed set.
    const writes = world.emulator.requests.filter((r) => r.method !== 'GET' && r.path.includes('/teams')).map((r) => `${r.method} ${r.status}`);
    expect(writes).toEqual(['POST 201', 'PATCH 200']);
    const [team] = await teamsNamed(world, 'lz-admin');
    expect(on(team?.organizationAccess ?? {})).toEqual(CHAIN);

    const again = await runCli(['plan', world.dir, '--format', 'json', '--detailed-exitcode', ...RATE], { env });
    expect(again.code, again.out).toBe(0);
    expect((JSON.parse(again.out) as { team_changes: unknown[] }).team_changes).toEqual([]);
  }, 60_000);

  it('manage-organization-access beside manage-teams: false is one line at FILE:LINE:COL, from validate and from plan', async () => {
    const world = await startWorld(held, seed, fileWith('{ manage-organization-access: true, manage-teams: false }'));
    const validated = await runCli(['validate', world.file]);
    expect(validated.code).toBe(1);
    const lines = `${validated.out}\n${validated.err}`.split('\n').filter((l) => /\.yaml:\d+:\d+: /.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/tfe-access\.yaml:5:\d+: .*manage-teams is false, but manage-organization-access: true brings it/);
    const planned = await runCli(['plan', world.dir, ...RATE], { env: world.env(TOKEN) });
    expect(planned.code).toBe(1);
    expect(planned.err).toMatch(/tfe-access\.yaml:5:\d+: .*manage-teams is false/);
    expect(await teamsNamed(world, 'lz-admin')).toEqual([]);
  }, 60_000);

  it("#1845: a team another client's refused create left behind is found and finished by the next plan, not created again", async () => {
    const world = await startWorld(held, seed, fileWith('{ manage-teams: true }'));
    // The provider's create of #1845: the flag without its prerequisite, answered 422, the team made.
    const refused = await fetch(`${apiUrl(world.emulator)}/organizations/acme/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'teams', attributes: { name: 'lz-admin', 'organization-access': { 'manage-teams': true } } } }),
    });
    expect(refused.status).toBe(422);
    expect(await teamsNamed(world, 'lz-admin')).toHaveLength(1);

    const env = world.env(TOKEN);
    const planned = await runCli(['plan', world.dir, '--format', 'json', ...RATE], { env });
    expect((JSON.parse(planned.out) as { team_changes: { action: string }[] }).team_changes.map((c) => c.action)).toEqual(['update']);
    const applied = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    const teams = await teamsNamed(world, 'lz-admin');
    expect(teams).toHaveLength(1);
    expect(on(teams[0]?.organizationAccess ?? {})).toEqual(['manage-membership', 'manage-teams']);
    expect((await runCli(['plan', world.dir, '--detailed-exitcode', ...RATE], { env })).code).toBe(0);
  }, 60_000);

  it('#1845: flags refused after the create: the first apply names the team it made, the second finishes it; one team', async () => {
    const world = await startWorld(held, seed, fileWith('{ manage-teams: true }'));
    // A token that may create teams but not set their flags: the create goes, the flags do not.
    const first = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env: world.env('tadmin-token') });
    expect(first.code, `${first.out}${first.err}`).toBe(1);
    const [made] = await teamsNamed(world, 'lz-admin');
    expect(made).toBeDefined();
    expect(`${first.out}${first.err}`).toContain(`the team was created (${made?.id}) but its organization access was not set`);
    expect(on(made?.organizationAccess ?? {})).toEqual([]);

    const env = world.env(TOKEN);
    const planned = await runCli(['plan', world.dir, '--format', 'json', ...RATE], { env });
    expect((JSON.parse(planned.out) as { team_changes: { action: string; id?: string }[] }).team_changes).toEqual([
      expect.objectContaining({ action: 'update', id: made?.id }),
    ]);
    const second = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env });
    expect(second.code, `${second.out}${second.err}`).toBe(0);
    const teams = await teamsNamed(world, 'lz-admin');
    expect(teams.map((t) => t.id)).toEqual([made?.id]);
    expect(on(teams[0]?.organizationAccess ?? {})).toEqual(['manage-membership', 'manage-teams']);
    expect((await runCli(['plan', world.dir, '--detailed-exitcode', ...RATE], { env })).code).toBe(0);
  }, 90_000);
});
