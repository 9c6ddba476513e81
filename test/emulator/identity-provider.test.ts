// Identity-provider lifecycles in the emulator (docs/emulator.md, "People by hand"; docs/api.md,
// "Identity-provider lifecycles"): an inactive membership made by hand or by deactivating an active
// one (current profile only), still in its teams and out of their `relationships.users`; a SCIM
// team re-created under a new id with its name and link, without its grants.
import { describe, expect, it } from 'vitest';
import { useEmulator } from './helpers.js';
import { ORG, peopleSeed } from './people-seed.js';

const memberIds = (body: any): string[] => body.data.map((m: any) => m.id).sort();

describe('inactive memberships (current profile)', () => {
  const t = useEmulator({ seed: peopleSeed('current') });

  it('deactivating an active member: inactive, still in the team membership list, gone from relationships.users', async () => {
    const r = await t.api.post('/emulator/organization-memberships/ou-bo/deactivate', {});
    expect(r.status).toBe(200);
    expect(r.body.data.attributes.status).toBe('inactive');
    expect(r.body.data.relationships.teams.data.map((x: any) => x.id).sort()).toEqual(['team-dev', 'team-vault']);
    const dev = await t.api.get('/teams/team-dev');
    expect(dev.body.data.relationships.users.data.map((u: any) => u.id)).not.toContain(r.body.data.relationships.user.data.id);
    expect(memberIds((await t.api.get('/teams/team-dev/relationships/organization-memberships')).body)).toContain('ou-bo');
    const inactive = await t.api.get('/teams/team-dev/relationships/organization-memberships?filter%5Bstatus%5D=inactive');
    expect(memberIds(inactive.body)).toEqual(['ou-bo']);
    const listed = await t.api.get(`/organizations/${ORG}/organization-memberships?filter%5Bstatus%5D=inactive`);
    expect(memberIds(listed.body)).toEqual(['ou-bo']);
  });

  it('only an active membership is deactivated: 422 for an invitee or one already inactive, 404 for none', async () => {
    expect((await t.api.post('/emulator/organization-memberships/ou-cy/deactivate', {})).status).toBe(422);
    expect((await t.api.post('/emulator/organization-memberships/ou-dee/deactivate', {})).status).toBe(200);
    expect((await t.api.post('/emulator/organization-memberships/ou-dee/deactivate', {})).status).toBe(422);
    expect((await t.api.post('/emulator/organization-memberships/ou-nope/deactivate', {})).status).toBe(404);
    expect((await t.api.post('/emulator/organization-memberships/ou-ana/deactivate', {}, 'acme-org-token')).status).toBe(404);
  });

  it('a person made inactive by hand is in their teams', async () => {
    const r = await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'gone@acme.test', status: 'inactive', teams: ['ops'] });
    expect(r.status).toBe(201);
    expect(r.body.data.attributes.status).toBe('inactive');
    expect(r.body.data.relationships.teams.data.map((x: any) => x.id)).toEqual(['team-ops']);
    expect((await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'x@acme.test', status: 'gone' })).status).toBe(422);
  });

  it('filter[is_service_account] on a team membership list', async () => {
    const humans = await t.api.get('/teams/team-ops/relationships/organization-memberships?filter%5Bis_service_account%5D=false');
    expect(memberIds(humans.body)).not.toContain('ou-robot');
    const robots = await t.api.get('/teams/team-ops/relationships/organization-memberships?filter%5Bis_service_account%5D=true');
    expect(memberIds(robots.body)).toEqual(['ou-robot']);
  });
});

describe('inactive memberships (seed profile)', () => {
  const t = useEmulator({ seed: peopleSeed('seed') });

  it('the seed profile has none: both routes answer 422', async () => {
    expect((await t.api.post('/emulator/organization-memberships/ou-bo/deactivate', {})).status).toBe(422);
    expect((await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'gone@acme.test', status: 'inactive' })).status).toBe(422);
  });
});

describe('a SCIM team re-created by its identity provider', () => {
  const t = useEmulator({ seed: peopleSeed('current') });

  it('a new id under the same name and link, members kept, grants gone; the old id 404', async () => {
    const made = await t.api.post(`/organizations/${ORG}/workspaces`, { data: { type: 'workspaces', attributes: { name: 'app' } } });
    const ws = made.body.data.id as string;
    const grant = {
      data: {
        type: 'team-workspaces',
        attributes: { access: 'read' },
        relationships: { workspace: { data: { type: 'workspaces', id: ws } }, team: { data: { type: 'teams', id: 'team-scim' } } },
      },
    };
    expect((await t.api.post('/team-workspaces', grant)).status).toBe(201);
    expect((await t.api.get(`/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=${ws}`)).body.data).toHaveLength(1);
    const r = await t.api.post('/emulator/teams/team-scim/recreate', {});
    expect(r.status).toBe(201);
    const id = r.body.data.id as string;
    expect(id).not.toBe('team-scim');
    expect(r.body.data.attributes).toMatchObject({ name: 'Engineering', 'scim-linked': true, 'scim-group-name': 'Engineering' });
    expect((await t.api.get('/teams/team-scim')).status).toBe(404);
    const listed = await t.api.get(`/organizations/${ORG}/teams?filter%5Bnames%5D=Engineering`);
    expect(listed.body.data.map((x: any) => x.id)).toEqual([id]);
    expect(memberIds((await t.api.get(`/teams/${id}/relationships/organization-memberships`)).body)).toEqual(['ou-eng']);
    expect((await t.api.get(`/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=${ws}`)).body.data).toEqual([]);
  });

  it('a team no SCIM group owns is not re-created: 422', async () => {
    expect((await t.api.post('/emulator/teams/team-ops/recreate', {})).status).toBe(422);
    expect((await t.api.post('/emulator/teams/team-nope/recreate', {})).status).toBe(404);
  });
});
