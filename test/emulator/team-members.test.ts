// A team's members in the emulator (docs/api.md, "People"), both profiles: the users variant (ids
// are usernames of active members; 400 with the provider's text for anyone else), the
// organization-memberships variant (invitees too: they join on accepting), the v2 spec's list of a
// team's memberships, SCIM-linked teams' 403, the owners team never left empty, and who may call.
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../src/emulator/profile.js';
import { ADMIN, MEDIA, type Reply, useEmulator } from './helpers.js';
import { peopleSeed, relationshipBody } from './people-seed.js';

const USERS = (team: string) => `/teams/${team}/relationships/users`;
const MEMBERSHIPS = (team: string) => `/teams/${team}/relationships/organization-memberships`;

describe.each(PROFILE_NAMES.map((p) => [p] as const))('team members, %s profile', (profile) => {
  const t = useEmulator({ seed: peopleSeed(profile) });
  /** A DELETE with a body, as go-tfe sends it. */
  const del = (path: string, body: unknown, token = ADMIN): Promise<Reply> =>
    t.api.raw(path, { method: 'DELETE', headers: { Authorization: `Bearer ${token}`, 'Content-Type': MEDIA }, body: JSON.stringify(body) });
  const members = async (team: string): Promise<string[]> => {
    const r = await t.api.get(`/teams/${team}?include=users`);
    return r.body.included.map((u: any) => u.attributes.username).sort();
  };

  it('POST users: usernames, several in one request, 204; the team lists them and counts them', async () => {
    const r = await t.api.post(USERS('team-ops'), relationshipBody('users', ['ana', 'bo']));
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect(await members('team-ops')).toEqual(['ana', 'bo', 'dee', 'robot']);
    expect((await t.api.get('/teams/team-ops')).body.data.attributes['users-count']).toBe(4);
  });

  it('POST users of someone not an active member: 400 "X is not a member of the organization", nothing added', async () => {
    const r = await t.api.post(USERS('team-ops'), relationshipBody('users', ['ana', 'nobody']));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [{ status: '400', title: 'bad request', detail: 'nobody is not a member of the organization' }] });
    expect(await members('team-ops')).toEqual(['dee', 'robot']);
    // bo is a member of acme, not of globex: a globex team refuses him.
    const globexTeam = (await t.api.post('/organizations/globex/teams', { data: { type: 'teams', attributes: { name: 'g' } } })).body.data.id;
    expect((await t.api.post(USERS(globexTeam), relationshipBody('users', ['bo']))).body.errors[0].detail).toBe('bo is not a member of the organization');
  });

  it('DELETE users: 204, out of this team only', async () => {
    expect((await del(USERS('team-dev'), relationshipBody('users', ['ana', 'bo']))).status).toBe(204);
    expect(await members('team-dev')).toEqual([expect.stringMatching(/^api-team_/)]);
    expect((await t.api.get('/organization-memberships/ou-ana')).body.data.relationships.teams.data.map((t: any) => t.id)).toEqual(['team-owners']);
  });

  it('POST organization-memberships: an invitee joins on accepting; an active member at once', async () => {
    expect((await t.api.post(MEMBERSHIPS('team-vault'), relationshipBody('organization-memberships', ['ou-cy', 'ou-dee']))).status).toBe(204);
    expect(await members('team-vault')).toEqual(['bo', 'dee']);
    const cy = await t.api.get('/organization-memberships/ou-cy');
    expect(cy.body.data.relationships.teams.data.map((t: any) => t.id)).toEqual(['team-dev', 'team-ops', 'team-vault']);
    await t.api.post('/emulator/organization-memberships/ou-cy/accept', {});
    // The invitee's username is made from their email on accepting (Cy@Vendor.test), as the set-up route does.
    expect(await members('team-vault')).toEqual(['Cy', 'bo', 'dee']);
    expect(await members('team-ops')).toContain('Cy');
  });

  it('DELETE organization-memberships: an invitee leaves the teams to be; 404 for an unknown membership', async () => {
    expect((await del(MEMBERSHIPS('team-ops'), relationshipBody('organization-memberships', ['ou-cy', 'ou-dee']))).status).toBe(204);
    expect((await t.api.get('/organization-memberships/ou-cy')).body.data.relationships.teams.data.map((t: any) => t.id)).toEqual(['team-dev']);
    expect(await members('team-ops')).toEqual(['robot']);
    expect((await del(MEMBERSHIPS('team-ops'), relationshipBody('organization-memberships', ['ou-nope']))).status).toBe(404);
  });

  it('GET organization-memberships of a team: members and invitees, filter[status], filter[is_service_account], paging', async () => {
    const ids = async (query = '') => (await t.api.get(`${MEMBERSHIPS('team-dev')}${query}`)).body.data.map((m: any) => m.id);
    const all = await ids();
    expect(all).toEqual(expect.arrayContaining(['ou-ana', 'ou-bo', 'ou-cy']));
    expect(all).toHaveLength(4);
    expect(await ids('?filter%5Bstatus%5D=invited')).toEqual(['ou-cy']);
    expect(await ids('?filter%5Bis_service_account%5D=false')).toEqual(['ou-ana', 'ou-bo', 'ou-cy']);
    expect(await ids('?filter%5Bis_service_account%5D=true')).toHaveLength(1);
    const page = await t.api.get(`${MEMBERSHIPS('team-dev')}?page%5Bnumber%5D=2&page%5Bsize%5D=3`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.pagination).toMatchObject({ 'current-page': 2, 'total-pages': 2, 'total-count': 4 });
    // The hidden member is in owners, and has no membership to list.
    expect((await t.api.get(MEMBERSHIPS('team-owners'))).body.data.map((m: any) => m.relationships.user.data.id)).not.toContain('user-staff');
  });

  it('a SCIM-linked team: 403 to each of the four writes; its list still reads', async () => {
    const writes = [
      t.api.post(USERS('team-scim'), relationshipBody('users', ['ana'])),
      del(USERS('team-scim'), relationshipBody('users', ['eng'])),
      t.api.post(MEMBERSHIPS('team-scim'), relationshipBody('organization-memberships', ['ou-ana'])),
      del(MEMBERSHIPS('team-scim'), relationshipBody('organization-memberships', ['ou-eng'])),
    ];
    for (const r of await Promise.all(writes)) {
      expect(r.status).toBe(403);
      expect(r.body.errors[0]).toMatchObject({ status: '403', title: 'forbidden' });
    }
    expect(await members('team-scim')).toEqual(['eng']);
    expect((await t.api.get(MEMBERSHIPS('team-scim'))).status).toBe(200);
  });

  it('the owners team is never left empty: removing its last person is 422 (service users do not count)', async () => {
    const globexOwners = (await t.api.get('/organizations/globex/teams?filter%5Bnames%5D=owners', 'globex-org-token')).body.data[0].id;
    const last = await del(USERS(globexOwners), relationshipBody('users', ['admin']), 'globex-org-token');
    expect(last.status).toBe(422);
    expect(last.body.errors[0].detail).toMatch(/owners team empty/);
    // acme's owners keep their hidden member when both people go.
    expect((await del(USERS('team-owners'), relationshipBody('users', ['admin', 'ana']))).status).toBe(204);
    expect(await members('team-owners')).toEqual([expect.stringMatching(/^api-team_/), 'hc-staff']);
  });

  it('a malformed body is 422', async () => {
    expect((await t.api.post(USERS('team-ops'), { data: [] })).status).toBe(422);
    expect((await t.api.post(USERS('team-ops'), relationshipBody('organization-memberships', ['ou-ana']))).status).toBe(422);
  });

  it('who may call: a team token without manage-membership is 404 everywhere; with it, the visible teams and its own, never owners nor a secret team', async () => {
    const add = (team: string, token: string) => t.api.post(MEMBERSHIPS(team), relationshipBody('organization-memberships', ['ou-dee']), token);
    expect((await add('team-ops', 'dev-token')).status).toBe(404);
    expect((await t.api.get('/organizations/acme/organization-memberships', 'dev-token')).status).toBe(404);
    expect(
      (
        await t.api.post(
          '/organizations/acme/organization-memberships',
          { data: { type: 'organization-memberships', attributes: { email: 'z@acme.test' } } },
          'dev-token',
        )
      ).status,
    ).toBe(404);
    expect((await add('team-ops', 'mgr-token')).status).toBe(204);
    expect((await add('team-mgr', 'mgr-token')).status).toBe(204);
    expect((await add('team-owners', 'mgr-token')).status).toBe(404);
    expect((await add('team-vault', 'mgr-token')).status).toBe(404);
    expect((await t.api.get('/organizations/acme/organization-memberships', 'mgr-token')).status).toBe(200);
    // A manage-membership holder removes from the organization only someone whose every team it may change.
    expect((await t.api.del('/organization-memberships/ou-ana', 'mgr-token')).status).toBe(404);
    expect((await t.api.del('/organization-memberships/ou-dee', 'mgr-token')).status).toBe(204);
    // The owners team's token and the organization token act as owners.
    const addBo = (team: string, token: string) => t.api.post(MEMBERSHIPS(team), relationshipBody('organization-memberships', ['ou-bo']), token);
    expect((await addBo('team-owners', 'owners-token')).status).toBe(204);
    expect((await addBo('team-ops', 'acme-org-token')).status).toBe(204);
  });

  it("a person's own token: /account/details is that user; they act as their teams (ops: no manage-membership, 404)", async () => {
    const me = await t.api.get('/account/details', 'dee-token');
    expect(me.body.data).toMatchObject({ id: 'user-dee', attributes: { username: 'dee', email: 'dee@acme.test', 'is-service-account': false } });
    expect(me.body.data.relationships['authenticated-resource'].data).toEqual({ type: 'users', id: 'user-dee' });
    expect((await t.api.get('/teams/team-ops', 'dee-token')).status).toBe(200);
    expect((await t.api.get('/teams/team-vault', 'dee-token')).status).toBe(404);
    expect((await t.api.post(USERS('team-ops'), relationshipBody('users', ['ana']), 'dee-token')).status).toBe(404);
    expect(t.emu.requests.at(-1)?.identity).toBe('user:user-dee');
  });

  it('every write is in the request log', async () => {
    t.emu.resetLog();
    await t.api.post(USERS('team-ops'), relationshipBody('users', ['ana']));
    await del(MEMBERSHIPS('team-ops'), relationshipBody('organization-memberships', ['ou-ana']));
    await t.api.post('/emulator/organizations/acme/people', { email: 'hand@acme.test', teams: ['ops'] });
    expect(t.emu.requests.map((r) => `${r.method} ${r.path.replace('/api/v2', '')} ${r.status}`)).toEqual([
      'POST /teams/team-ops/relationships/users 204',
      'DELETE /teams/team-ops/relationships/organization-memberships 204',
      'POST /emulator/organizations/acme/people 201',
    ]);
  });
});
