import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WireFormatError } from './errors/wire-format-error.js';
import { invitationBody, peopleFromList, personFromDocument, teamMembersBody } from './translate-person.js';

// ../shared/api/samples/teams from the repository root: reference material beside the clone, not part of it.
const SAMPLES = fileURLToPath(new URL('../../../shared/api/samples/teams/', import.meta.url));

const membership = (id: string, attributes: Record<string, unknown>, userId: string | undefined, teams: string[] = []) => ({
  id,
  type: 'organization-memberships',
  attributes,
  relationships: {
    teams: { data: teams.map((t) => ({ id: t, type: 'teams' })) },
    ...(userId ? { user: { data: { id: userId, type: 'users' } } } : {}),
    organization: { data: { id: 'acme', type: 'organizations' } },
  },
});
const user = (id: string, attributes: Record<string, unknown>) => ({ id, type: 'users', attributes: { 'is-service-account': false, ...attributes } });

describe('peopleFromList', () => {
  it('the email from the membership (the clients read it) or from the included user (the docs show it only there)', () => {
    const body = {
      data: [
        membership('ou-1', { status: 'active', email: 'Ana@x.test' }, 'user-1', ['team-a', 'team-b']),
        membership('ou-2', { status: 'invited' }, 'user-2', ['team-a']),
      ],
      included: [
        user('user-1', { username: 'ana', email: 'other@x.test' }),
        user('user-2', { username: null, email: 'bo@x.test' }),
        { id: 'team-a', type: 'teams' },
      ],
      meta: { 'status-counts': { total: 2, active: 1, invited: 1 }, pagination: { 'current-page': 1, 'next-page': null, 'total-pages': 1, 'total-count': 2 } },
    };
    const page = peopleFromList(body, 'test');
    expect(page.items.map((i) => i.person)).toEqual([
      { membershipId: 'ou-1', email: 'Ana@x.test', status: 'active', userId: 'user-1', username: 'ana', serviceAccount: false, teamIds: ['team-a', 'team-b'] },
      { membershipId: 'ou-2', email: 'bo@x.test', status: 'invited', userId: 'user-2', username: null, serviceAccount: false, teamIds: ['team-a'] },
    ]);
    expect(page.items.map((i) => i.id)).toEqual(['ou-1', 'ou-2']);
    expect(page.statusCounts).toEqual({ total: 2, active: 1, invited: 1 });
    expect(page.page).toMatchObject({ currentPage: 1, totalCount: 2 });
  });

  it('a service user without an email reads as "" (no file names it); `inactive` is a status; no teams, none', () => {
    const body = {
      data: [membership('ou-s', { status: 'inactive', email: null }, 'user-s')],
      included: [user('user-s', { username: 'api-team_abc123', email: null, 'is-service-account': true })],
    };
    const person = peopleFromList(body, 'test').items[0]?.person;
    expect(person).toEqual({
      membershipId: 'ou-s',
      email: '',
      status: 'inactive',
      userId: 'user-s',
      username: 'api-team_abc123',
      serviceAccount: true,
      teamIds: [],
    });
  });

  it('no status counts reported: none read', () => {
    expect(peopleFromList({ data: [] }, 'test').statusCounts).toBeUndefined();
  });

  it.each([
    ['a user not included', { data: [membership('ou-1', { status: 'active', email: 'a@x.test' }, 'user-1')] }, /user-1 of ou-1 is not in `included`/],
    [
      'a person with no email anywhere',
      { data: [membership('ou-1', { status: 'active' }, 'user-1')], included: [user('user-1', { username: 'a' })] },
      /ou-1 reports no email/,
    ],
    [
      'an unknown status',
      { data: [membership('ou-1', { status: 'pending', email: 'a@x.test' }, 'user-1')], included: [user('user-1', {})] },
      /data\[0\]\.attributes\.status is "pending"/,
    ],
    [
      'is-service-account not a boolean',
      { data: [membership('ou-1', { status: 'active', email: 'a@x.test' }, 'user-1')], included: [{ id: 'user-1', type: 'users', attributes: {} }] },
      /is-service-account is missing, expected true or false/,
    ],
    ['another type', { data: [{ id: 'team-1', type: 'teams', attributes: {} }] }, /data\[0\]\.type is "teams"/],
    ['status counts not counts', { data: [], meta: { 'status-counts': { total: '3', active: 1, invited: 0 } } }, /meta\.status-counts\.total/],
  ])('refuses %s', (_name, body, message) => {
    expect(() => peopleFromList(body, 'GET /organizations/acme/organization-memberships')).toThrow(WireFormatError);
    expect(() => peopleFromList(body, 'GET /organizations/acme/organization-memberships')).toThrow(message);
  });
});

describe('request bodies', () => {
  it('an invitation: the email, and the teams only when there are some', () => {
    expect(invitationBody('a@x.test', [])).toEqual({ data: { type: 'organization-memberships', attributes: { email: 'a@x.test' } } });
    expect(invitationBody('a@x.test', ['team-1'])).toEqual({
      data: { type: 'organization-memberships', attributes: { email: 'a@x.test' }, relationships: { teams: { data: [{ type: 'teams', id: 'team-1' }] } } },
    });
  });

  it("a team's members: every membership in one body", () => {
    expect(teamMembersBody(['ou-1', 'ou-2'])).toEqual({
      data: [
        { type: 'organization-memberships', id: 'ou-1' },
        { type: 'organization-memberships', id: 'ou-2' },
      ],
    });
  });
});

if (!existsSync(SAMPLES)) {
  describe('the people samples of ../shared/api/samples/teams', () => {
    it(`are NOT CHECKED: the samples folder ${SAMPLES} does not exist here (it does in CI)`, () => {
      console.warn(`translate-person: ${SAMPLES} is missing; the people samples were not read.`);
      expect(existsSync(SAMPLES)).toBe(false);
    });
  });
} else {
  const sample = (name: string): unknown => JSON.parse(readFileSync(`${SAMPLES}${name}`, 'utf8'));
  describe('the people samples of ../shared/api/samples/teams', () => {
    it('the invitation answer: the email only on the included user, username null, invited, its team', () => {
      expect(personFromDocument(sample('organization-memberships-create.response.json'), 'test')).toEqual({
        membershipId: 'ou-nX7inDHhmC3quYgy',
        email: 'test@example.com',
        status: 'invited',
        userId: 'user-J8oxGmRk5eC2WLfX',
        username: null,
        serviceAccount: false,
        teamIds: ['team-GeLZkdnK6xAVjA5H'],
      });
    });

    it('a membership shown with include=user: the email on both, the username from the user', () => {
      expect(personFromDocument(sample('organization-memberships-show.include-user.RECONSTRUCTED.response.json'), 'test')).toMatchObject({
        email: 'someone@example.com',
        username: 'someone',
        status: 'active',
        teamIds: ['team-97LkM7QciNkwb2nh'],
      });
    });

    it("the docs' list, asked without include: no user to tell a service account, refused naming the include", () => {
      expect(() => peopleFromList(sample('organization-memberships-list.response.json'), 'test')).toThrow(/is not in `included`/);
      expect(() => peopleFromList(sample('team-relationships-organization-memberships-list.RECONSTRUCTED.response.json'), 'test')).toThrow(
        /is not in `included`/,
      );
    });

    it("the docs' list with its users included: three people, the status counts of its meta", () => {
      const list = sample('organization-memberships-list.response.json') as { data: { relationships: { user: { data: { id: string } } } }[] };
      const included = list.data.map((m, i) => user(m.relationships.user.data.id, { username: `u${i}`, email: `u${i}@x.test` }));
      const page = peopleFromList({ ...list, included }, 'test');
      expect(page.items.map((i) => [i.person.status, i.person.email])).toEqual([
        ['active', 'u0@x.test'],
        ['active', 'u1@x.test'],
        ['invited', 'u2@x.test'],
      ]);
      expect(page.statusCounts).toEqual({ total: 3, active: 2, invited: 1 });
    });
  });
}
