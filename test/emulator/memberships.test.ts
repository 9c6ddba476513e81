// Organization memberships in the emulator (docs/api.md, "People"), both profiles: the list with its
// filters, paging, includes and status counts; show; invitations by email, with teams or without;
// removal; who may call. The seed is people-seed.ts's.
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../src/emulator/profile.js';
import { useEmulator } from './helpers.js';
import { inviteBody, ORG, peopleSeed } from './people-seed.js';

const LIST = `/organizations/${ORG}/organization-memberships`;
// The admin, the service users of three team tokens, six people of the seed (one invited).
const MEMBERSHIPS = 10;

describe.each(PROFILE_NAMES.map((p) => [p] as const))('organization memberships, %s profile', (profile) => {
  const t = useEmulator({ seed: peopleSeed(profile) });
  const emails = (r: { body: any }): string[] =>
    r.body.data.map((m: any) => r.body.included.find((u: any) => u.type === 'users' && u.id === m.relationships.user.data.id)?.attributes.email);

  it('lists every membership, 20 a page by default, with meta.status-counts and meta.pagination; email on the membership in current only', async () => {
    const r = await t.api.get(LIST);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(MEMBERSHIPS);
    expect(r.body.meta['status-counts']).toEqual({ total: MEMBERSHIPS, active: MEMBERSHIPS - 1, invited: 1 });
    expect(r.body.meta.pagination).toMatchObject({ 'current-page': 1, 'total-pages': 1, 'total-count': MEMBERSHIPS, 'next-page': null });
    expect(r.body.included).toBeUndefined();
    const ana = r.body.data.find((m: any) => m.id === 'ou-ana');
    expect(ana.relationships.teams.data.map((t: any) => t.id).sort()).toEqual(['team-dev', 'team-owners']);
    expect(ana.relationships.user.data).toEqual({ type: 'users', id: 'user-ana' });
    expect(ana.relationships.organization.data).toEqual({ type: 'organizations', id: ORG });
    // docs/t.api.md, "People": the docs' samples carry no email on the membership; the clients read one.
    expect(ana.attributes).toEqual(profile === 'current' ? { status: 'active', email: 'ana@acme.test' } : { status: 'active' });
  });

  it('pages of page[size], every membership once, links to the next', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const r = await t.api.get(`${LIST}?page%5Bnumber%5D=${page}&page%5Bsize%5D=3`);
      expect(r.body.meta.pagination).toMatchObject({ 'current-page': page, 'total-pages': 4, 'total-count': MEMBERSHIPS });
      expect(r.body.links.next === null).toBe(page === 4);
      seen.push(...r.body.data.map((m: any) => m.id));
    }
    expect(new Set(seen).size).toBe(MEMBERSHIPS);
    expect((await t.api.get(`${LIST}?page%5Bnumber%5D=9&page%5Bsize%5D=3`)).body.data).toEqual([]);
  });

  it("include=user,teams (go-tfe's %2C), each alone: standard included resources, the users with their emails", async () => {
    const both = await t.api.get(`${LIST}?include=user%2Cteams`);
    const types = new Set(both.body.included.map((r: any) => r.type));
    expect(types).toEqual(new Set(['users', 'teams']));
    expect(emails(both)).toContain('ana@acme.test');
    const teams = both.body.included.filter((r: any) => r.type === 'teams').map((t: any) => t.attributes.name);
    expect(teams).toEqual(expect.arrayContaining(['owners', 'developers', 'ops', 'vault', 'Engineering']));
    expect(new Set((await t.api.get(`${LIST}?include=user`)).body.included.map((r: any) => r.type))).toEqual(new Set(['users']));
    expect(new Set((await t.api.get(`${LIST}?include=teams`)).body.included.map((r: any) => r.type))).toEqual(new Set(['teams']));
    const bad = await t.api.get(`${LIST}?include=workspaces`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].detail).toMatch(/include parameter/);
  });

  it('the invitee: username null, the teams they were invited to, in no team yet', async () => {
    const r = await t.api.get(`${LIST}?include=user&filter%5Bstatus%5D=invited`);
    expect(r.body.data.map((m: any) => m.id)).toEqual(['ou-cy']);
    expect(r.body.data[0].relationships.teams.data.map((t: any) => t.id)).toEqual(['team-dev', 'team-ops']);
    expect(r.body.included[0].attributes).toMatchObject({ username: null, email: 'Cy@Vendor.test', 'is-service-account': false });
    const dev = await t.api.get('/teams/team-dev');
    expect(dev.body.data.relationships.users.data.map((u: any) => u.id)).not.toContain(r.body.data[0].relationships.user.data.id);
  });

  it('q: username or email, a substring, without case; filter[email]: a comma list, exact without case; filter[status]', async () => {
    const ids = async (query: string) => (await t.api.get(`${LIST}?${query}`)).body.data.map((m: any) => m.id).sort();
    expect(await ids('q=ANA')).toEqual(['ou-ana']);
    expect(await ids('q=vendor')).toEqual(['ou-cy']);
    expect(await ids('q=acme.test')).toEqual(expect.arrayContaining(['ou-ana', 'ou-bo', 'ou-dee', 'ou-eng', 'ou-robot']));
    expect(await ids('filter%5Bemail%5D=ana%40acme.test%2Ccy%40vendor.test')).toEqual(['ou-ana', 'ou-cy']);
    expect(await ids('filter%5Bemail%5D=an@acme.test')).toEqual([]);
    expect(await ids('filter%5Bstatus%5D=active')).toHaveLength(MEMBERSHIPS - 1);
    expect(await ids('filter%5Bstatus%5D=inactive')).toEqual([]);
    const counted = await t.api.get(`${LIST}?q=acme.test&filter%5Bstatus%5D=invited`);
    expect(counted.body.data).toEqual([]);
    expect(counted.body.meta['status-counts']).toEqual({ total: 5, active: 5, invited: 0 });
  });

  it('service users and the hidden member: api-team_... listed with is-service-account; the hidden member in owners but in no membership', async () => {
    const r = await t.api.get(`${LIST}?include=user`);
    const service = r.body.included.filter((u: any) => u.attributes['is-service-account']).map((u: any) => u.attributes.username);
    expect(service.filter((n: string) => /^api-team_[A-Za-z0-9]{6}$/.test(n))).toHaveLength(3);
    expect(service).toContain('robot');
    const owners = await t.api.get('/teams/team-owners');
    const members = owners.body.data.relationships.users.data.map((u: any) => u.id);
    expect(members).toContain('user-staff');
    expect(owners.body.data.attributes['users-count']).toBe(members.length);
    expect(r.body.data.map((m: any) => m.relationships.user.data.id)).not.toContain('user-staff');
  });

  it('show: 200 with include; 404 for an unknown id', async () => {
    const r = await t.api.get('/organization-memberships/ou-ana?include=user');
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe('ou-ana');
    expect(r.body.included[0]).toMatchObject({ id: 'user-ana', type: 'users', attributes: { username: 'ana', email: 'ana@acme.test' } });
    expect((await t.api.get('/organization-memberships/ou-nope')).status).toBe(404);
  });

  it('invite by email into teams: 201, the user included unasked with username null, invited, in no team until accepted', async () => {
    const r = await t.api.post(LIST, inviteBody('new@acme.test', ['team-dev', 'team-ops']));
    expect(r.status).toBe(201);
    expect(r.body.data.attributes.status).toBe('invited');
    expect(r.body.data.relationships.teams.data.map((t: any) => t.id)).toEqual(['team-dev', 'team-ops']);
    expect(r.body.included).toHaveLength(1);
    expect(r.body.included[0].attributes).toMatchObject({ username: null, email: 'new@acme.test', 'is-service-account': false });
    const dev = await t.api.get('/teams/team-dev');
    expect(dev.body.data.relationships.users.data.map((u: any) => u.id)).not.toContain(r.body.included[0].id);
    const accepted = await t.api.post(`/emulator/organization-memberships/${r.body.data.id}/accept`, { username: 'newbie' });
    expect(accepted.body.data.attributes.status).toBe('active');
    const after = await t.api.get('/teams/team-dev?include=users');
    expect(after.body.included.map((u: any) => u.attributes.username)).toContain('newbie');
  });

  it('invite without teams (the docs say one is required; the clients send none): 201', async () => {
    const r = await t.api.post(LIST, inviteBody('solo@acme.test'));
    expect(r.status).toBe(201);
    expect(r.body.data.relationships.teams.data).toEqual([]);
  });

  it('a user of another organization invited keeps their username', async () => {
    const r = await t.api.post('/organizations/globex/organization-memberships', inviteBody('bo@acme.test'));
    expect(r.status).toBe(201);
    expect(r.body.included[0].attributes.username).toBe('bo');
  });

  it('refusals: 422 a bad email, 422 an email already a member (any case), 403 a SCIM-linked team, 404 a team of another organization', async () => {
    const bad = await t.api.post(LIST, inviteBody('not-an-email-address'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/email');
    const taken = await t.api.post(LIST, inviteBody('ANA@acme.test'));
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].detail).toBe('Email has already been taken');
    expect((await t.api.post(LIST, inviteBody('cy@vendor.test'))).status).toBe(422);
    const scim = await t.api.post(LIST, inviteBody('x@acme.test', ['team-scim']));
    expect(scim.status).toBe(403);
    expect(scim.body.errors[0].status).toBe('403');
    expect((await t.api.post(LIST, inviteBody('x@acme.test', ['team-nope']))).status).toBe(404);
    expect((await t.api.get(`${LIST}?q=x%40acme`)).body.data).toEqual([]);
  });

  it('delete: 204, out of the organization and of every team; 404 after and for an unknown id', async () => {
    expect((await t.api.del('/organization-memberships/ou-bo')).status).toBe(204);
    expect((await t.api.get('/organization-memberships/ou-bo')).status).toBe(404);
    const dev = await t.api.get('/teams/team-dev?include=users');
    expect(dev.body.included.map((u: any) => u.attributes.username)).not.toContain('bo');
    expect((await t.api.del('/organization-memberships/ou-bo')).status).toBe(404);
    expect((await t.api.del('/organization-memberships/ou-cy')).status).toBe(204);
  });

  it("an owner removing themself is 403 with the docs' message; the organization token may remove the admin", async () => {
    const admin = (await t.api.get(`${LIST}?q=admin`)).body.data[0];
    const self = await t.api.del(`/organization-memberships/${admin.id}`);
    expect(self.status).toBe(403);
    expect(self.body.errors[0].detail).toBe('you cannot remove yourself from organizations which you own');
    expect((await t.api.del(`/organization-memberships/${admin.id}`, 'acme-org-token')).status).toBe(204);
  });

  it('removing the last person of owners is 422: service users do not count, the hidden member does', async () => {
    // globex: the admin is the one person in owners.
    const admin = (await t.api.get('/organizations/globex/organization-memberships?q=admin')).body.data[0];
    const last = await t.api.del(`/organization-memberships/${admin.id}`, 'globex-org-token');
    expect(last.status).toBe(422);
    expect(last.body.errors[0].detail).toMatch(/owners team empty/);
    // acme: the hidden member stays in owners when the admin and ana go.
    expect((await t.api.del(`/organization-memberships/${(await t.api.get(`${LIST}?q=admin`)).body.data[0].id}`, 'acme-org-token')).status).toBe(204);
    expect((await t.api.del('/organization-memberships/ou-ana', 'acme-org-token')).status).toBe(204);
    const owners = await t.api.get('/teams/team-owners', 'acme-org-token');
    expect(owners.body.data.relationships.users.data.map((u: any) => u.id)).toContain('user-staff');
  });
});
