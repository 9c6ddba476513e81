// People against a scripted server (docs/api.md, "People"): the exact requests (the include as go-tfe
// encodes it, the DELETE's body), both statuses an invitation may answer, the status counts of the
// first page, a server without the list, and the pages' guards, which the emulator cannot pin down.
import { describe, expect, it } from 'vitest';
import { InconsistentListError } from '../../src/api/errors/inconsistent-list-error.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { empty, failure, json } from './script-server.js';
import { scriptedClients } from './scripted-client.js';

const membership = (id: string, email: string) => ({
  id,
  type: 'organization-memberships',
  attributes: { status: 'active', email },
  relationships: { teams: { data: [{ id: 'team-1', type: 'teams' }] }, user: { data: { id: `user-${id}`, type: 'users' } } },
});
const user = (id: string) => ({ id: `user-${id}`, type: 'users', attributes: { username: id, 'is-service-account': false } });
const page = (number: number, of: number, ids: string[], counts: Record<string, number>) =>
  json(200, {
    data: ids.map((id) => membership(id, `${id}@x.test`)),
    included: ids.map(user),
    meta: {
      'status-counts': counts,
      pagination: { 'current-page': number, 'next-page': number < of ? number + 1 : null, 'total-pages': of, 'total-count': 3 },
    },
  });

const setup = scriptedClients();

describe('people against a scripted server', () => {
  it("listPeople: the include encoded as go-tfe sends it, every page, the first page's status counts", async () => {
    const { server, client } = await setup([
      page(1, 2, ['a', 'b'], { total: 3, active: 3, invited: 0 }),
      page(2, 2, ['c'], { total: 99, active: 99, invited: 0 }),
    ]);
    const read = await client.listPeople('my org');
    expect(read.people.map((p) => p.email)).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(read.statusCounts).toEqual({ total: 3, active: 3, invited: 0 });
    expect(server.seen.map((s) => s.url)).toEqual([
      '/api/v2/organizations/my%20org/organization-memberships?include=user%2Cteams&page%5Bnumber%5D=1&page%5Bsize%5D=100',
      '/api/v2/organizations/my%20org/organization-memberships?include=user%2Cteams&page%5Bnumber%5D=2&page%5Bsize%5D=100',
    ]);
  });

  it('a list whose pages disagree is read again once, then refused: the guards of every list', async () => {
    const { client } = await setup([page(1, 2, ['a', 'b'], { total: 3, active: 3, invited: 0 }), page(2, 2, ['a'], { total: 3, active: 3, invited: 0 })]);
    expect(await failure(() => client.listPeople('acme'))).toBeInstanceOf(InconsistentListError);
  });

  it('a server without the list (404): a RemoteError naming the request', async () => {
    const { client } = await setup([json(404, { errors: [{ status: '404', title: 'not found' }] })]);
    const error = await failure(() => client.listPeople('acme'));
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.message).toContain('GET /organizations/acme/organization-memberships?include=user,teams');
  });

  it.each([200, 201])('invitePerson takes a %i: the membership with its user; the body names the email and the teams', async (status) => {
    const answer = {
      data: { ...membership('ou-1', 'n@x.test'), attributes: { status: 'invited' } },
      included: [{ id: 'user-ou-1', type: 'users', attributes: { username: null, email: 'n@x.test', 'is-service-account': false } }],
    };
    const { server, client } = await setup([json(status, answer)]);
    expect(await client.invitePerson('acme', 'n@x.test', ['team-1'])).toMatchObject({
      membershipId: 'ou-1',
      email: 'n@x.test',
      status: 'invited',
      username: null,
    });
    expect(JSON.parse(server.seen[0]!.body)).toEqual({
      data: { type: 'organization-memberships', attributes: { email: 'n@x.test' }, relationships: { teams: { data: [{ type: 'teams', id: 'team-1' }] } } },
    });
  });

  it("removeTeamMembers: one DELETE whose body lists every membership, as go-tfe's", async () => {
    const { server, client } = await setup([empty(204)]);
    await client.removeTeamMembers('team-1', ['ou-1', 'ou-2']);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]).toMatchObject({ method: 'DELETE', url: '/api/v2/teams/team-1/relationships/organization-memberships' });
    expect(server.seen[0]!.headers['content-type']).toBe('application/vnd.api+json');
    expect(JSON.parse(server.seen[0]!.body)).toEqual({
      data: [
        { type: 'organization-memberships', id: 'ou-1' },
        { type: 'organization-memberships', id: 'ou-2' },
      ],
    });
  });

  it('removePerson: a 200 or a 204 is removed', async () => {
    const { client } = await setup([empty(204), json(200, {})]);
    expect(await client.removePerson('ou-1')).toBe('removed');
    expect(await client.removePerson('ou-2')).toBe('removed');
  });
});
