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

    it('401 without a token and with an unknown one', async () => {
      for (const token of [null, 'not-a-token']) {
        const r = await t.api.get('/account/details', token);
        expect(r.status).toBe(401);
        expect(r.body.errors[0].status).toBe('401');
      }
    });
  });
}
