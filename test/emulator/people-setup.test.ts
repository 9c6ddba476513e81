// People in seed files and by hand (docs/emulator.md, "Seed file" and "People by hand"): the
// documented example's people, every mistake one clear line naming its place, and the set-up
// routes that make happen what the real service does outside its API, for the admin token only.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/emulator/seed-file.js';
import { startEmulator } from '../../src/emulator/start.js';
import { client, seedError, useEmulator } from './helpers.js';
import { ORG, peopleSeed } from './people-seed.js';

const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/seed.yaml');

describe('people in seed files', () => {
  it("the documented example's people: members, an invitee, a service account, a hidden member, a person's token", async () => {
    const emu = await startEmulator({ seed: loadSeedFile(FIXTURE), rateLimit: 0 });
    try {
      const api = client(emu);
      const list = await api.get('/organizations/acme/organization-memberships?include=user');
      const byEmail = new Map(list.body.included.map((u: any) => [u.attributes.email, u.attributes]));
      expect(byEmail.get('ana@acme.test')).toMatchObject({ username: 'ana', 'is-service-account': false });
      expect(byEmail.get('bo@vendor.test')).toMatchObject({ username: null });
      expect(byEmail.get('robot@acme.test')).toMatchObject({ 'is-service-account': true });
      expect(list.body.meta['status-counts']).toMatchObject({ invited: 1 });
      const owners = (await api.get('/teams/team-owners?include=users')).body.included.map((u: any) => u.attributes.username);
      expect(owners).toEqual(expect.arrayContaining(['admin', 'ana', 'hc-support']));
      expect((await api.get('/account/details', 'ana-token')).body.data.id).toBe('user-ana');
      expect((await api.get('/organizations/acme/organization-memberships', 'ana-token')).status).toBe(200);
    } finally {
      await emu.stop();
    }
  });

  const person = (p: Record<string, unknown>) => ({ organizations: [{ name: 'a', teams: [{ name: 't' }], people: [p] }] });
  const BAD: [string, unknown, string][] = [
    ['an unknown key', person({ email: 'a@a.test', role: 'x' }), 'organizations[0].people[0]: unknown key "role"'],
    ['no email', person({ username: 'x' }), 'organizations[0].people[0].email: is required'],
    ['a bad email', person({ email: 'nope' }), 'organizations[0].people[0].email: must be an email address'],
    ['a bad status', person({ email: 'a@a.test', status: 'pending' }), 'organizations[0].people[0].status: must be active or invited'],
    ['an unknown team', person({ email: 'a@a.test', teams: ['ghost'] }), 'organizations[0].people[0].teams: unknown team "ghost"'],
    ["an invitee's token", person({ email: 'a@a.test', status: 'invited', tokens: ['x'] }), 'only an active member has tokens'],
    ['a hidden member with a status', person({ hidden: true, status: 'active' }), 'a hidden member has no membership'],
    [
      'an email listed twice',
      { organizations: [{ name: 'a', people: [{ email: 'a@a.test' }, { email: 'A@a.test' }] }] },
      'organizations[0].people[1].email: A@a.test is listed twice',
    ],
    [
      "a person's token already used",
      { organizations: [{ name: 'a', token: 't', people: [{ email: 'a@a.test', tokens: ['t'] }] }] },
      'organizations[0].people[0].tokens[0]: this token is already used',
    ],
  ];
  it.each(BAD)('refuses %s', async (_name, seed, message) => {
    const error = await seedError(seed);
    expect(error).toContain(message);
    expect(error).toMatch(/^seed: /);
  });

  it('one email in two organizations is one user', async () => {
    const emu = await startEmulator({ seed: peopleSeed('seed'), rateLimit: 0 });
    try {
      const ana = (await client(emu).get('/organization-memberships/ou-ana-globex')).body.data;
      expect(ana.relationships.user.data.id).toBe('user-ana');
    } finally {
      await emu.stop();
    }
  });
});

describe('people by hand: the set-up routes', () => {
  const t = useEmulator({ seed: peopleSeed('current') });

  it('a member added by hand, into a SCIM-linked team too (what the identity provider does): 201', async () => {
    const r = await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'hand@acme.test', username: 'hand', teams: ['Engineering', 'team-ops'] });
    expect(r.status).toBe(201);
    expect(r.body.data.relationships.teams.data.map((t: any) => t.id)).toEqual(['team-scim', 'team-ops']);
    const invited = await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'later@acme.test', status: 'invited', teams: ['ops'] });
    expect(invited.body.data.attributes.status).toBe('invited');
    expect((await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'hand@acme.test' })).status).toBe(422);
    expect((await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'x@acme.test', teams: ['ghost'] })).status).toBe(422);
  });

  it('a person put in a team by hand: by email or username; 422 for someone not in the organization', async () => {
    expect((await t.api.post('/emulator/teams/team-vault/members', { email: 'ANA@acme.test' })).status).toBe(204);
    expect((await t.api.post('/emulator/teams/team-vault/members', { username: 'dee' })).status).toBe(204);
    const vault = (await t.api.get('/teams/team-vault?include=users')).body.included.map((u: any) => u.attributes.username).sort();
    expect(vault).toEqual(['ana', 'bo', 'dee']);
    expect((await t.api.post('/emulator/teams/team-vault/members', { email: 'nobody@acme.test' })).status).toBe(422);
  });

  it('a hidden member: in the team, in no membership', async () => {
    const r = await t.api.post('/emulator/teams/team-ops/hidden-members', { username: 'ghost-staff' });
    expect(r.status).toBe(201);
    const ops = await t.api.get('/teams/team-ops');
    expect(ops.body.data.relationships.users.data.map((u: any) => u.id)).toContain(r.body.data.id);
    const listed = await t.api.get(`/organizations/${ORG}/organization-memberships?page%5Bsize%5D=100`);
    expect(listed.body.data.map((m: any) => m.relationships.user.data.id)).not.toContain(r.body.data.id);
    expect((await t.api.post('/emulator/teams/team-ops/hidden-members', { username: 'ghost-staff' })).status).toBe(422);
  });

  it('accepting: only an invitation, once; a username given or made from the email', async () => {
    const r = await t.api.post('/emulator/organization-memberships/ou-cy/accept', { username: 'cy' });
    expect(r.body.data.attributes.status).toBe('active');
    expect((await t.api.get('/organization-memberships/ou-cy?include=user')).body.included[0].attributes.username).toBe('cy');
    expect((await t.api.post('/emulator/organization-memberships/ou-cy/accept', {})).status).toBe(422);
    expect((await t.api.post('/emulator/organization-memberships/ou-nope/accept', {})).status).toBe(404);
  });

  it("the set-up routes are the admin token's only: 404 for an owner's token", async () => {
    expect((await t.api.post('/emulator/organization-memberships/ou-cy/accept', {}, 'acme-org-token')).status).toBe(404);
    expect((await t.api.post(`/emulator/organizations/${ORG}/people`, { email: 'z@acme.test' }, 'owners-token')).status).toBe(404);
    expect((await t.api.post('/emulator/teams/team-ops/members', { username: 'ana' }, 'acme-org-token')).status).toBe(404);
    expect((await t.api.post('/emulator/teams/team-ops/hidden-members', {}, 'acme-org-token')).status).toBe(404);
  });
});
