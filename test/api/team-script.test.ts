// Team writes against a scripted server (docs/api.md, "Teams"): the exact bodies sent, both statuses
// a create may answer, a DELETE's 200 or 204, its lost answer then 404, and the retry rules of POST
// and PATCH, which the emulator's random faults cannot pin down.
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../src/api/errors/outcome-unknown-error.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { CANARY, drop, empty, expectNoCanary, failure, json } from './script-server.js';
import { scriptedClients } from './scripted-client.js';

const TEAM = {
  id: 'team-1',
  type: 'teams',
  attributes: { name: 'a', visibility: 'organization', 'sso-team-id': null, 'organization-access': { 'manage-teams': true, 'manage-membership': true } },
};
const NOT_FOUND = json(404, { errors: [{ status: '404', title: 'not found' }] });

const setup = scriptedClients();

describe('team writes', () => {
  it.each([200, 201])('createTeam takes a %i, and sends only the attributes given, the SSO id null as null', async (status) => {
    const { server, client } = await setup([json(status, { data: TEAM })]);
    const team = await client.createTeam('my org', { name: 'a', ssoTeamId: null });
    expect(team).toMatchObject({ id: 'team-1', name: 'a', ssoTeamId: null, organizationAccess: { 'manage-teams': true } });
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/api/v2/organizations/my%20org/teams' });
    expect(server.seen[0]!.headers['content-type']).toBe('application/vnd.api+json');
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ data: { type: 'teams', attributes: { name: 'a', 'sso-team-id': null } } });
  });

  it('updateTeam: PATCH /teams/:id with the change alone, sent again after a 503', async () => {
    const { server, client } = await setup([json(503, { errors: [] }), json(200, { data: TEAM })]);
    await client.updateTeam('team-1', { organizationAccess: { 'manage-teams': true } });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['PATCH /api/v2/teams/team-1', 'PATCH /api/v2/teams/team-1']);
    expect(JSON.parse(server.seen[1]!.body)).toEqual({ data: { type: 'teams', attributes: { 'organization-access': { 'manage-teams': true } } } });
  });

  it('createTeam is never sent again after a 5xx or a dropped connection', async () => {
    for (const step of [json(502, {}), drop]) {
      const { server, client } = await setup([step, json(201, { data: TEAM })]);
      expect(await failure(() => client.createTeam('o', { name: 'a' }))).toBeInstanceOf(OutcomeUnknownError);
      expect(server.seen).toHaveLength(1);
    }
  });

  it.each([
    ['a 204', [empty(204)], 'removed', 1],
    ['a 200 with a body', [json(200, { data: TEAM })], 'removed', 1],
    ['a lost answer, then 404', [drop, NOT_FOUND], 'unconfirmed', 2],
  ] as const)('deleteTeam after %s: %s', async (_name, steps, outcome, requests) => {
    const { server, client } = await setup([...steps]);
    expect(await client.deleteTeam('team-1')).toBe(outcome);
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(requests).fill('DELETE /api/v2/teams/team-1'));
  });

  it("a 404 at once is a RemoteError; a 422 a one-line one with the service's words and never the token", async () => {
    const { client } = await setup([
      NOT_FOUND,
      json(422, {
        errors: [
          { status: '422', title: 'invalid attribute', detail: `Name has already been taken ${CANARY}\nagain`, source: { pointer: '/data/attributes/name' } },
        ],
      }),
    ]);
    expect(((await failure(() => client.deleteTeam('team-1'))) as RemoteError).status).toBe(404);
    const error = await failure(() => client.updateTeam('team-1', { name: 'b' }));
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/^Request failed with status 422: PATCH \/teams\/team-1: invalid attribute: Name has already been taken \[redacted\]/);
    expectNoCanary(error);
  });
});
