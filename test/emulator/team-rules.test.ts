// Who may write teams and the teams with rules of their own (docs/api.md, "Teams"): team-management
// flags, visibility decided for a caller who cannot make secret teams (#1341, #1439), the owners
// team, SCIM-linked teams, and the seed file's team settings.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { type Client, client } from './helpers.js';
import { teamBody, teamSeed } from './team-seed.js';

let emu: RunningEmulator | undefined;
afterEach(() => emu?.stop());

async function start(profile: ProfileName): Promise<Client> {
  emu = await startEmulator({ seed: teamSeed(profile), rateLimit: 0 });
  return client(emu);
}

describe('who may write teams', () => {
  it('a team without manage-teams: 404 on create, update and delete, as for a team not found', async () => {
    const api = await start('seed');
    expect((await api.post('/organizations/acme/teams', teamBody({ name: 'x' }), 'dev-token')).status).toBe(404);
    expect((await api.patch('/teams/team-obs', teamBody({ name: 'y' }), 'dev-token')).status).toBe(404);
    expect((await api.del('/teams/team-obs', 'dev-token')).status).toBe(404);
    expect((await api.get('/teams/team-obs')).body.data.attributes.name).toBe('observers');
  });

  it('manage-teams: creates, renames and deletes visible teams; the organization access only with manage-organization-access', async () => {
    const api = await start('seed');
    expect((await api.post('/organizations/acme/teams', teamBody({ name: 'made' }), 'tadmin-token')).status).toBe(201);
    expect((await api.patch('/teams/team-obs', teamBody({ name: 'watchers' }), 'tadmin-token')).status).toBe(200);
    expect((await api.patch('/teams/team-obs', teamBody({ 'organization-access': { 'manage-modules': true } }), 'tadmin-token')).status).toBe(404);
    expect(
      (await api.post('/organizations/acme/teams', teamBody({ name: 'powerful', 'organization-access': { 'manage-modules': true } }), 'tadmin-token')).status,
    ).toBe(404);
    expect((await api.patch('/teams/team-obs', teamBody({ 'organization-access': { 'manage-modules': true } }), 'aadmin-token')).status).toBe(200);
    expect((await api.del('/teams/team-obs', 'tadmin-token')).status).toBe(204);
  });

  it("manage-teams without access-secret-teams: secret teams are 404, and the owners team is the owners' alone", async () => {
    const api = await start('seed');
    expect((await api.patch('/teams/team-vault', teamBody({ name: 'v2' }), 'tadmin-token')).status).toBe(404);
    expect((await api.del('/teams/team-vault', 'tadmin-token')).status).toBe(404);
    expect((await api.patch('/teams/team-owners', teamBody({ 'sso-team-id': 'x' }), 'tadmin-token')).status).toBe(404);
  });

  it('#1341, #1439: without access-secret-teams a create is organization whatever it asks, and a PATCH to secret is 200 and ignored', async () => {
    const api = await start('seed');
    const made = await api.post('/organizations/acme/teams', teamBody({ name: 'hidden', visibility: 'secret' }), 'tadmin-token');
    expect(made.body.data.attributes.visibility).toBe('organization');
    const patched = await api.patch(`/teams/${made.body.data.id}`, teamBody({ visibility: 'secret' }), 'tadmin-token');
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.visibility).toBe('organization');
    expect((await api.patch(`/teams/${made.body.data.id}`, teamBody({ visibility: 'secret' }))).body.data.attributes.visibility).toBe('secret');
  });

  it('current profile, access-secret-teams beside manage-teams: sees and changes secret teams, creates them when it asks', async () => {
    const api = await start('current');
    expect((await api.get('/teams/team-vault', 'keepers-token')).status).toBe(200);
    expect((await api.patch('/teams/team-vault', teamBody({ name: 'vault-2' }), 'keepers-token')).status).toBe(200);
    expect((await api.post('/organizations/acme/teams', teamBody({ name: 'plain' }), 'keepers-token')).body.data.attributes.visibility).toBe('organization');
    expect(
      (await api.post('/organizations/acme/teams', teamBody({ name: 'quiet', visibility: 'secret' }), 'keepers-token')).body.data.attributes.visibility,
    ).toBe('secret');
    expect((await api.get('/teams/team-vault', 'tadmin-token')).status).toBe(404);
  });
});

describe('issue 39: the partial team create of the provider\'s #1845 (docs/api.md, "The prerequisite chain")', () => {
  const names = async (api: Client): Promise<string[]> =>
    (await api.get('/organizations/acme/teams')).body.data.map((t: { attributes: { name: string } }) => t.attributes.name);

  it('current profile: a create whose flags break the chain is 422 naming the flag, and the team is made without them', async () => {
    const api = await start('current');
    const r = await api.post(
      '/organizations/acme/teams',
      teamBody({ name: 'lz-admin', 'organization-access': { 'manage-teams': true, 'manage-policies': true } }),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({
      detail: 'manage-teams requires manage-membership',
      source: { pointer: '/data/attributes/organization-access/manage-teams' },
    });
    expect(await names(api)).toContain('lz-admin');
    const made = (await api.get('/organizations/acme/teams')).body.data.find((t: { attributes: { name: string } }) => t.attributes.name === 'lz-admin');
    expect(Object.values(made.attributes['organization-access']).every((v) => v === false)).toBe(true);
    // The retry the provider makes meets its own team.
    const again = await api.post(
      '/organizations/acme/teams',
      teamBody({ name: 'lz-admin', 'organization-access': { 'manage-teams': true, 'manage-membership': true } }),
    );
    expect(again.status).toBe(422);
    expect(again.body.errors[0].detail).toMatch(/has already been taken/);
    // manage-organization-access names both it needs; the closed set is created whole.
    const top = await api.post(
      '/organizations/acme/teams',
      teamBody({ name: 'top', 'organization-access': { 'manage-organization-access': true, 'manage-membership': true } }),
    );
    expect(top.body.errors[0].detail).toBe('manage-organization-access requires manage-teams');
    const whole = await api.post(
      '/organizations/acme/teams',
      teamBody({ name: 'whole', 'organization-access': { 'manage-organization-access': true, 'manage-teams': true, 'manage-membership': true } }),
    );
    expect(whole.status).toBe(201);
    // A PATCH coerces instead (#1964): the flag alone brings its prerequisites.
    const patched = await api.patch(`/teams/${made.id}`, teamBody({ 'organization-access': { 'manage-organization-access': true } }));
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes['organization-access']).toMatchObject({
      'manage-organization-access': true,
      'manage-teams': true,
      'manage-membership': true,
    });
  });

  it('current profile: flags from a caller who may not set them: 422 after the team is made; seed profile: 404 and no team', async () => {
    const current = await start('current');
    const r = await current.post(
      '/organizations/acme/teams',
      teamBody({ name: 'powerful', 'organization-access': { 'manage-modules': true } }),
      'tadmin-token',
    );
    expect(r.status).toBe(422);
    expect(r.body.errors[0].source.pointer).toBe('/data/attributes/organization-access');
    expect(await names(current)).toContain('powerful');
    await emu?.stop();
    const seed = await start('seed');
    expect((await seed.post('/organizations/acme/teams', teamBody({ name: 'lz-admin', 'organization-access': { 'manage-teams': true } }))).status).toBe(201);
    expect(
      (await seed.post('/organizations/acme/teams', teamBody({ name: 'powerful', 'organization-access': { 'manage-modules': true } }), 'tadmin-token')).status,
    ).toBe(404);
    expect(await names(seed)).not.toContain('powerful');
  });
});

describe('the owners team', () => {
  it('cannot be deleted or renamed, its organization access is fixed (422); other attributes change', async () => {
    const api = await start('current');
    const deleted = await api.del('/teams/team-owners');
    expect(deleted.status).toBe(422);
    expect(deleted.body.errors[0].detail).toBe('The owners team cannot be deleted');
    expect((await api.patch('/teams/team-owners', teamBody({ name: 'bosses' }))).status).toBe(422);
    const access = await api.patch('/teams/team-owners', teamBody({ 'organization-access': { 'manage-teams': true } }));
    expect(access.status).toBe(422);
    expect(access.body.errors[0].source.pointer).toBe('/data/attributes/organization-access');
    expect((await api.patch('/teams/team-owners', teamBody({ name: 'owners', 'organization-access': { 'manage-teams': false } }))).status).toBe(200);
    expect((await api.patch('/teams/team-owners', teamBody({ 'sso-team-id': 'admins' }))).body.data.attributes['sso-team-id']).toBe('admins');
    expect((await api.get('/teams/team-owners')).body.data.attributes.name).toBe('owners');
  });
});

describe('SCIM-linked teams (Terraform Enterprise 2.x)', () => {
  it('rename 422, delete 404, an SSO id change 200 and ignored; visibility and organization access change', async () => {
    const api = await start('current');
    expect((await api.patch('/teams/team-scim', teamBody({ name: 'eng' }))).status).toBe(422);
    expect((await api.del('/teams/team-scim')).status).toBe(404);
    const sso = await api.patch('/teams/team-scim', teamBody({ 'sso-team-id': 'other' }));
    expect(sso.status).toBe(200);
    expect(sso.body.data.attributes['sso-team-id']).toBe('idp-engineering');
    const changed = await api.patch('/teams/team-scim', teamBody({ visibility: 'secret', 'organization-access': { 'manage-modules': true } }));
    expect(changed.body.data.attributes).toMatchObject({ visibility: 'secret', 'organization-access': { 'manage-modules': true } });
    expect((await api.get('/teams/team-scim')).status).toBe(200);
  });

  it("with SCIM on, every team of the organization carries the scim-* attributes; another organization's none", async () => {
    const api = await start('seed');
    const linked = (await api.get('/teams/team-scim')).body.data.attributes;
    expect(linked).toMatchObject({ 'scim-linked': true, 'scim-group-name': 'Engineering', 'scim-sync-paused': false });
    expect((await api.get('/teams/team-dev')).body.data.attributes).toMatchObject({ 'scim-linked': false, 'scim-group-name': null, 'scim-updated-at': null });
    expect('scim-linked' in (await api.get('/teams/team-globex-devs')).body.data.attributes).toBe(false);
  });
});

describe("the seed file's team settings", () => {
  const seedWith = (team: Record<string, unknown>, profile: ProfileName = 'seed') =>
    startEmulator({ seed: { profile, organizations: [{ name: 'o', teams: [{ name: 't', ...team }] as never }] } });

  it('takes sso-team-id and allow-member-token-management, and its flags as written, without companions', async () => {
    emu = await seedWith({ id: 'team-t', 'sso-team-id': 'g', 'allow-member-token-management': false, 'organization-access': { 'manage-teams': true } });
    const attributes = (await client(emu).get('/teams/team-t')).body.data.attributes;
    expect(attributes).toMatchObject({ 'sso-team-id': 'g', 'allow-member-token-management': false });
    expect(attributes['organization-access']).toMatchObject({ 'manage-teams': true, 'manage-membership': false });
  });

  it('refuses a flag of the current profile under the seed profile, an owners team linked to SCIM, a mistyped setting', async () => {
    await expect(seedWith({ 'organization-access': { 'delegate-policy-overrides': true } })).rejects.toThrow(
      'seed: organizations[0].teams[0]: organization-access.delegate-policy-overrides exists in the current profile only (this emulator runs the seed profile; set profile: current)',
    );
    emu = await seedWith({ 'organization-access': { 'delegate-policy-overrides': true } }, 'current');
    await expect(startEmulator({ seed: { organizations: [{ name: 'o', teams: [{ name: 'owners', 'scim-linked': true }] }] } })).rejects.toThrow(
      'the owners team cannot be linked to a SCIM group',
    );
    await expect(seedWith({ 'allow-member-token-management': 'yes' })).rejects.toThrow('allow-member-token-management must be true or false');
    await expect(seedWith({ 'scim-group-name': 'g' })).rejects.toThrow('scim-group-name needs scim-linked: true');
  });
});

describe('team names by profile (docs/api.md, "Teams", contradiction 3)', () => {
  it('current: a team is made and renamed with a space, as go-tfe\'s integration tests rename one to "foo bar"; a control character is 422', async () => {
    const api = await start('current');
    const made = await api.post('/organizations/acme/teams', teamBody({ name: 'two words' }), 'tadmin-token');
    expect(made.status).toBe(201);
    expect((await api.patch('/teams/team-obs', teamBody({ name: 'foo bar' }), 'tadmin-token')).status).toBe(200);
    expect((await api.get('/teams/team-obs')).body.data.attributes.name).toBe('foo bar');
    const refused = await api.post('/organizations/acme/teams', teamBody({ name: 'tab\there' }), 'tadmin-token');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it("seed: the docs' page, letters, digits, - and _ only", async () => {
    const api = await start('seed');
    const refused = await api.post('/organizations/acme/teams', teamBody({ name: 'two words' }), 'tadmin-token');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toBe('Name may only contain letters, numbers, - and _');
    expect((await api.patch('/teams/team-obs', teamBody({ name: 'foo bar' }), 'tadmin-token')).status).toBe(422);
  });
});
