// People through the real client against the emulator, both profiles (docs/api.md, "People"): the
// TfeClient is the MemberApi; the membership list read into Persons (the email from the membership
// in `current`, from the included user in `seed`, as the docs' samples show it), each write one
// request in the emulator's log, a refusal a typed one-line error without the token.
import { describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import type { MemberApi } from '../../src/core/member-write.js';
import type { Person } from '../../src/core/person.js';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { clientOnEmulator } from '../support/client-on-emulator.js';
import { CANARY, failure } from './script-server.js';

const ORG = 'acme';

function seed(profile: ProfileName): SeedDocument {
  return {
    profile,
    organizations: [
      {
        name: ORG,
        token: CANARY,
        teams: [
          { name: 'owners', id: 'team-owners' },
          { name: 'dev', id: 'team-dev', tokens: ['dev-token'] },
          { name: 'ops', id: 'team-ops' },
          { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
        ],
        people: [
          { email: 'ana@acme.test', username: 'ana', id: 'ou-ana', teams: ['owners', 'dev'] },
          { email: 'bo@acme.test', username: 'bo', id: 'ou-bo', teams: ['dev'] },
          { email: 'cy@vendor.test', id: 'ou-cy', status: 'invited', teams: ['ops'] },
          { username: 'hc-staff', hidden: true, teams: ['owners'] },
        ],
      },
    ],
  };
}

describe.each(PROFILE_NAMES.map((p) => [p] as const))('people through the client, %s profile', (profile: ProfileName) => {
  const on = clientOnEmulator(() => seed(profile));
  const log = () => on.emu.requests.map((r) => `${r.method} ${r.path.replace('/api/v2', '')}${r.query ? `?${decodeURIComponent(r.query)}` : ''} ${r.status}`);
  const byEmail = (people: readonly Person[]) => new Map(people.map((p) => [p.email, p]));

  it('the client is the MemberApi the plan writes through', () => {
    const api: MemberApi = on.client;
    expect(typeof api.listPeople).toBe('function');
  });

  it('listPeople: one page of 100 with the user and the teams included; every person, their teams, the service user, the counts', async () => {
    const { people, statusCounts } = await on.client.listPeople(ORG);
    expect(log()).toEqual([`GET /organizations/${ORG}/organization-memberships?include=user,teams&page[number]=1&page[size]=100 200`]);
    const found = byEmail(people);
    expect(found.get('ana@acme.test')).toEqual({
      membershipId: 'ou-ana',
      email: 'ana@acme.test',
      status: 'active',
      userId: expect.stringMatching(/^user-/),
      username: 'ana',
      serviceAccount: false,
      teamIds: ['team-owners', 'team-dev'],
    });
    expect(found.get('cy@vendor.test')).toMatchObject({ status: 'invited', username: null, teamIds: ['team-ops'] });
    const service = people.filter((p) => p.serviceAccount);
    expect(service).toEqual([expect.objectContaining({ email: '', teamIds: ['team-dev'], username: expect.stringMatching(/^api-team_/) })]);
    expect(found.get('admin@tfe-access.test')).toMatchObject({ teamIds: ['team-owners'] });
    expect(people).toHaveLength(5);
    expect(statusCounts).toEqual({ total: 5, active: 4, invited: 1 });
  });

  it('addTeamMembers: every membership in one POST, an invitee too (they join on accepting); none, no request', async () => {
    await on.client.addTeamMembers('team-ops', ['ou-ana', 'ou-bo']);
    await on.client.addTeamMembers('team-dev', ['ou-cy']);
    await on.client.addTeamMembers('team-dev', []);
    expect(log()).toEqual([
      'POST /teams/team-ops/relationships/organization-memberships 204',
      'POST /teams/team-dev/relationships/organization-memberships 204',
    ]);
    const found = byEmail((await on.client.listPeople(ORG)).people);
    expect(found.get('ana@acme.test')?.teamIds).toEqual(['team-owners', 'team-dev', 'team-ops']);
    expect(found.get('cy@vendor.test')?.teamIds).toEqual(['team-ops', 'team-dev']);
  });

  it('removeTeamMembers: every membership in one DELETE; the team no longer lists them', async () => {
    await on.client.removeTeamMembers('team-dev', ['ou-ana', 'ou-bo']);
    expect(log()).toEqual(['DELETE /teams/team-dev/relationships/organization-memberships 204']);
    const dev = (await on.client.listTeams(ORG)).find((t) => t.id === 'team-dev');
    expect(dev?.userIds).toHaveLength(1); // the token's service user
  });

  it('invitePerson: one POST, the invitation as answered (invited, username null, its teams)', async () => {
    const person = await on.client.invitePerson(ORG, 'new@acme.test', ['team-dev', 'team-ops']);
    expect(person).toMatchObject({ email: 'new@acme.test', status: 'invited', username: null, serviceAccount: false, teamIds: ['team-dev', 'team-ops'] });
    expect(person.membershipId).toMatch(/^ou-/);
    expect(log()).toEqual([`POST /organizations/${ORG}/organization-memberships 201`]);
    expect(await on.client.invitePerson(ORG, 'solo@acme.test', [])).toMatchObject({ teamIds: [] });
  });

  it('removePerson: removed; after a lost answer, the retry meets 404: unconfirmed', async () => {
    expect(await on.client.removePerson('ou-bo')).toBe('removed');
    on.emu.setFaults({ lostAnswerRate: 1 });
    const outcome = await on.client.removePerson('ou-cy');
    on.emu.setFaults({});
    expect(outcome).toBe('unconfirmed');
    expect(byEmail((await on.client.listPeople(ORG)).people).has('cy@vendor.test')).toBe(false);
  });

  it('refusals are RemoteErrors naming the request: 400 for a username not a member, 403 a SCIM-linked team, 422 an email already a member', async () => {
    const scim = await failure(() => on.client.addTeamMembers('team-scim', ['ou-ana']));
    expect(scim).toBeInstanceOf(RemoteError);
    expect((scim as RemoteError).status).toBe(403);
    const taken = await failure(() => on.client.invitePerson(ORG, 'ANA@acme.test', []));
    expect(taken.message).toContain('Request failed with status 422: POST /organizations/acme/organization-memberships');
    expect(taken.message).toContain('Email has already been taken');
    const unknown = await failure(() => on.client.addTeamMembers('team-dev', ['ou-nope']));
    expect((unknown as RemoteError).status).toBe(404);
  });

  it("a token that may not read people: the list's 404 is a RemoteError the caller can name, one line", async () => {
    const dev = new TfeClient({ baseUrl: `${on.emu.url}/api/v2`, token: 'dev-token', rateLimit: 1000, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
    try {
      const error = await failure(() => dev.listPeople(ORG));
      expect(error).toBeInstanceOf(RemoteError);
      expect((error as RemoteError).status).toBe(404);
      expect(error.message).toMatch(
        /^Request failed with status 404: GET \/organizations\/acme\/organization-memberships\?include=user,teams&page\[number\]=1&page\[size\]=100: /,
      );
      expect(error.message).not.toContain('\n');
    } finally {
      await dev.close();
    }
  });

  it('the admin token reads the hidden member nowhere: a member of owners in no membership', async () => {
    const admin = new TfeClient({ baseUrl: `${on.emu.url}/api/v2`, token: DEFAULT_ADMIN_TOKEN, rateLimit: 1000 });
    try {
      const owners = (await admin.listTeams(ORG)).find((t) => t.id === 'team-owners');
      const known = new Set((await admin.listPeople(ORG)).people.map((p) => p.userId));
      expect(owners?.userIds?.filter((id) => !known.has(id))).toHaveLength(1);
    } finally {
      await admin.close();
    }
  });
});
