// The emulator's teams (docs/api.md, "Teams"), in both profiles: create, the partial merge of an
// update, the companion flags, visibility as the service decides it for the caller, who may call,
// unique names, flags a profile does not have, deletion with its grants, include.
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { useEmulator } from './helpers.js';
import { teamBody, teamSeed } from './team-seed.js';

const SEED_FLAG_COUNT = 14;
const CURRENT_FLAG_COUNT = 21;

describe.each(PROFILE_NAMES.map((p) => [p] as const))('teams, %s profile', (profile: ProfileName) => {
  const t = useEmulator({ seed: teamSeed(profile) });
  const access = async (id: string): Promise<Record<string, boolean>> => (await t.api.get(`/teams/${id}`)).body.data.attributes['organization-access'];

  it('creates a team with its attributes, the companions of its flags switched on, allow-member-token-management true by default', async () => {
    const r = await t.api.post(
      '/organizations/acme/teams',
      teamBody({ name: 'platform', 'sso-team-id': 'grp-1', 'organization-access': { 'manage-projects': true } }),
    );
    expect(r.status).toBe(201);
    expect(r.body.data.attributes).toMatchObject({ name: 'platform', visibility: 'secret', 'sso-team-id': 'grp-1', 'allow-member-token-management': true });
    const on = Object.entries(r.body.data.attributes['organization-access'])
      .filter(([, v]) => v)
      .map(([k]) => k);
    expect(on.sort()).toEqual(['manage-projects', 'manage-workspaces', 'read-projects', 'read-workspaces']);
  });

  it('reports every flag of the profile, in lists too, each false unless set', async () => {
    const count = profile === 'seed' ? SEED_FLAG_COUNT : CURRENT_FLAG_COUNT;
    const list = await t.api.get('/organizations/acme/teams');
    for (const team of list.body.data) expect(Object.keys(team.attributes['organization-access'])).toHaveLength(count);
    expect(Object.keys(await access('team-dev'))).toHaveLength(count);
    expect((await access('team-mgr'))['manage-projects']).toBe(true);
    expect((await access('team-mgr'))['manage-teams']).toBe(false);
  });

  it('PATCH merges: flags and attributes left out keep their values; one request in the log', async () => {
    await t.api.patch('/teams/team-mgr', teamBody({ 'sso-team-id': 'grp-9', 'allow-member-token-management': false }));
    t.emu.resetLog();
    const r = await t.api.patch('/teams/team-mgr', teamBody({ 'organization-access': { 'manage-vcs-settings': true } }));
    expect(r.status).toBe(200);
    expect(r.body.data.attributes).toMatchObject({
      name: 'org-managers',
      visibility: 'organization',
      'sso-team-id': 'grp-9',
      'allow-member-token-management': false,
    });
    expect(r.body.data.attributes['organization-access']).toMatchObject({ 'manage-projects': true, 'manage-vcs-settings': true, 'manage-policies': false });
    expect(t.emu.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['PATCH /api/v2/teams/team-mgr 200']);
  });

  it('coerces companions on PATCH: manage-organization-access brings manage-teams and manage-membership; an implied flag set false stays true', async () => {
    await t.api.patch('/teams/team-dev', teamBody({ 'organization-access': { 'manage-organization-access': true } }));
    expect(await access('team-dev')).toMatchObject({ 'manage-organization-access': true, 'manage-teams': true, 'manage-membership': true });
    const r = await t.api.patch(
      '/teams/team-dev',
      teamBody({ 'organization-access': { 'manage-teams': false, 'read-projects': true, 'read-workspaces': false } }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.attributes['organization-access']).toMatchObject({ 'manage-teams': true, 'read-projects': true, 'read-workspaces': true });
  });

  it('renames in one PATCH: the id, the grants and the tokens stay', async () => {
    const r = await t.api.patch('/teams/team-dev', teamBody({ name: 'developers-2' }));
    expect(r.body.data).toMatchObject({ id: 'team-dev', attributes: { name: 'developers-2' } });
    expect((await t.api.get('/team-projects/tprj-dev')).body.data.relationships.team.data.id).toBe('team-dev');
    expect((await t.api.get('/organizations/acme/teams?filter%5Bnames%5D=developers-2')).body.data.map((t: any) => t.id)).toEqual(['team-dev']);
    expect((await t.api.get('/organizations/acme/teams?filter%5Bnames%5D=developers')).body.data).toEqual([]);
    expect((await t.api.get('/teams/team-dev', 'dev-token')).status).toBe(200);
  });

  it('names are unique without case: create and rename to a taken name are 422; a case-only rename of itself is not', async () => {
    const taken = await t.api.post('/organizations/acme/teams', teamBody({ name: 'SRE' }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ detail: 'Name has already been taken', source: { pointer: '/data/attributes/name' } });
    expect((await t.api.patch('/teams/team-dev', teamBody({ name: 'Observers' }))).status).toBe(422);
    expect((await t.api.patch('/teams/team-dev', teamBody({ name: 'Developers' }))).status).toBe(200);
    // current: the service takes a space (go-tfe's integration tests rename a team to "foo bar"), not a control
    // character; seed: the docs' page, letters, digits, - and _ (docs/api.md, "Teams", contradiction 3).
    expect((await t.api.patch('/teams/team-dev', teamBody({ name: 'has\ttab' }))).status).toBe(422);
    expect((await t.api.patch('/teams/team-dev', teamBody({ name: 'has space' }))).status).toBe(profile === 'current' ? 200 : 422);
  });

  it('malformed attributes are 422: visibility, sso-team-id, allow-member-token-management, a flag that is not a boolean', async () => {
    const bad = [
      { visibility: 'public' },
      { 'sso-team-id': 7 },
      { 'allow-member-token-management': 'yes' },
      { 'organization-access': { 'manage-teams': 'yes' } },
      { 'organization-access': [] },
    ];
    for (const attributes of bad) expect((await t.api.patch('/teams/team-dev', teamBody(attributes))).status, JSON.stringify(attributes)).toBe(422);
    expect((await t.api.patch('/teams/team-dev', { data: { type: 'workspaces', attributes: {} } })).status).toBe(422);
  });

  it('"" clears sso-team-id as null does', async () => {
    await t.api.patch('/teams/team-dev', teamBody({ 'sso-team-id': 'grp-1' }));
    expect((await t.api.patch('/teams/team-dev', teamBody({ 'sso-team-id': '' }))).body.data.attributes['sso-team-id']).toBeNull();
  });

  it('a flag the profile does not have is a 422 naming it; the current profile has it', async () => {
    const r = await t.api.patch('/teams/team-dev', teamBody({ 'organization-access': { 'access-secret-teams': true, 'manage-membership': true } }));
    if (profile === 'seed') {
      expect(r.status).toBe(422);
      expect(r.body.errors[0].source.pointer).toBe('/data/attributes/organization-access/access-secret-teams');
      expect((await access('team-dev'))['manage-membership']).toBe(false);
    } else {
      expect(r.status).toBe(200);
      expect(r.body.data.attributes['organization-access']['access-secret-teams']).toBe(true);
    }
    expect((await t.api.post('/organizations/acme/teams', teamBody({ name: 'x', 'organization-access': { 'manage-everything': true } }))).status).toBe(422);
  });

  it('deleting a team removes its grants and its tokens; 204, then 404', async () => {
    expect((await t.api.del('/teams/team-dev')).status).toBe(204);
    expect((await t.api.get('/teams/team-dev')).status).toBe(404);
    expect((await t.api.get('/team-projects/tprj-dev')).status).toBe(404);
    expect((await t.api.get('/team-workspaces/tws-dev')).status).toBe(404);
    const onProject = await t.api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform');
    expect(onProject.body.data.map((g: any) => g.relationships.team.data.id)).not.toContain('team-dev');
    expect((await t.api.get('/organizations/acme/teams', 'dev-token')).status).toBe(401);
    expect((await t.api.del('/teams/team-dev')).status).toBe(404);
  });

  it("include=users,organization-memberships: the owners team with the admin user and its token's service user, a team with its token's; an unknown include is 400", async () => {
    // docs/t.api.md, "People": the organization's creator (the admin user) is in owners; a team's token brings its service user in.
    const owners = await t.api.get('/teams/team-owners?include=users%2Corganization-memberships');
    expect(owners.status).toBe(200);
    const users = owners.body.included.filter((r: any) => r.type === 'users');
    const memberships = owners.body.included.filter((r: any) => r.type === 'organization-memberships');
    expect(users.map((u: any) => u.id).sort()).toEqual(owners.body.data.relationships.users.data.map((u: any) => u.id).sort());
    expect(users.map((u: any) => u.attributes['is-service-account']).sort()).toEqual([false, true]);
    expect(users.find((u: any) => !u.attributes['is-service-account']).attributes.username).toBe('admin');
    expect(memberships.map((m: any) => m.relationships.user.data.id).sort()).toEqual(users.map((u: any) => u.id).sort());
    expect(owners.body.data.attributes['users-count']).toBe(2);
    const dev = await t.api.get('/teams/team-dev?include=users');
    expect(dev.body.included.map((u: any) => u.attributes.username)).toEqual([expect.stringMatching(/^api-team_[A-Za-z0-9]{6}$/)]);
    const listed = await t.api.get('/organizations/acme/teams?include=users');
    const members = new Set(listed.body.data.flatMap((t: any) => t.relationships.users.data.map((u: any) => u.id)));
    expect(listed.body.included.map((u: any) => u.id).sort()).toEqual([...members].sort());
    const bogus = await t.api.get('/teams/team-dev?include=workspaces');
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors[0].detail).toMatch(/include parameter/);
  });
});
