// `GET /api/v2/account/details` (docs/api.md, "Account details"): each token kind of the emulator is
// answered as the service answers it, in both profiles; 401 without a valid token, as every route.
import { describe, expect, it } from 'vitest';
import { ADMIN, useEmulator } from './helpers.js';

const USER_ID = /^user-[A-Za-z0-9]{16}$/;

for (const profile of ['seed', 'current'] as const) {
  describe(`account details, profile ${profile}`, () => {
    const t = useEmulator({ profile });

    it('the admin token is a site-admin user whose authenticated resource is itself', async () => {
      const r = await t.api.get('/account/details', ADMIN);
      expect(r.status).toBe(200);
      const data = r.body.data;
      expect(data.type).toBe('users');
      expect(data.id).toMatch(USER_ID);
      expect(data.attributes).toMatchObject({ username: 'admin', 'is-service-account': false, 'is-site-admin': true });
      expect(data.relationships['authenticated-resource'].data).toEqual({ type: 'users', id: data.id });
      expect(data.links.self).toBe(`/api/v2/users/${data.id}`);
    });

    it('an organization token is a service user standing for the organization', async () => {
      const r = await t.api.get('/account/details', 'acme-org-token');
      expect(r.status).toBe(200);
      const data = r.body.data;
      expect(data.id).toMatch(USER_ID);
      expect(data.attributes).toMatchObject({ 'is-service-account': true, 'is-site-admin': false });
      expect(data.attributes.username).toMatch(/^api-org-acme-[A-Za-z0-9]{10}$/);
      expect(data.relationships['authenticated-resource']).toEqual({
        data: { type: 'organizations', id: 'acme' },
        links: { related: '/api/v2/organizations/acme' },
      });
    });

    it('a team token is the service user api-team_... standing for the team; each team its own, the same on every request', async () => {
      const dev = (await t.api.get('/account/details', 'dev-token')).body.data;
      const again = (await t.api.get('/account/details', 'dev-token')).body.data;
      const vault = (await t.api.get('/account/details', 'vault-token')).body.data;
      expect(dev.attributes).toMatchObject({ 'is-service-account': true, 'is-site-admin': false });
      expect(dev.attributes.username).toMatch(/^api-team_[A-Za-z0-9]{6}$/);
      expect(dev.relationships['authenticated-resource'].data).toEqual({ type: 'teams', id: 'team-dev' });
      expect(vault.relationships['authenticated-resource'].data).toEqual({ type: 'teams', id: 'team-vault' });
      expect(again).toEqual(dev);
      expect(vault.id).not.toBe(dev.id);
      expect(vault.attributes.username).not.toBe(dev.attributes.username);
    });

    it('a team token\'s service user is a member of its team and holds an active membership; the organization token\'s is in neither (docs/api.md, "People")', async () => {
      const dev = (await t.api.get('/account/details', 'dev-token')).body.data;
      const team = (await t.api.get('/teams/team-dev')).body.data;
      expect(team.relationships.users.data).toContainEqual({ type: 'users', id: dev.id });
      expect(team.attributes['users-count']).toBe(team.relationships.users.data.length);
      const listed = await t.api.get('/organizations/acme/organization-memberships?include=user&page%5Bsize%5D=100');
      const mine = listed.body.data.find((m: any) => m.relationships.user.data.id === dev.id);
      expect(mine.attributes.status).toBe('active');
      expect(mine.relationships.teams.data).toEqual([{ type: 'teams', id: 'team-dev' }]);
      expect(listed.body.included.find((u: any) => u.id === dev.id).attributes).toMatchObject({
        username: dev.attributes.username,
        'is-service-account': true,
        email: null,
      });
      const org = (await t.api.get('/account/details', 'acme-org-token')).body.data;
      expect(listed.body.data.map((m: any) => m.relationships.user.data.id)).not.toContain(org.id);
    });

    it('the admin user holds a membership of every organization and is in every owners team, as their creator', async () => {
      const admin = (await t.api.get('/account/details', ADMIN)).body.data;
      for (const org of ['acme', 'globex']) {
        const listed = await t.api.get(`/organizations/${org}/organization-memberships?q=admin`);
        expect(listed.body.data.map((m: any) => m.relationships.user.data.id)).toEqual([admin.id]);
      }
      expect((await t.api.get('/teams/team-owners')).body.data.relationships.users.data).toContainEqual({ type: 'users', id: admin.id });
    });

    it('401 without a token and with an unknown one', async () => {
      for (const token of [null, 'not-a-token']) {
        const r = await t.api.get('/account/details', token);
        expect(r.status).toBe(401);
        expect(r.body.errors[0].status).toBe('401');
      }
    });
  });
}
