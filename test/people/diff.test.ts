// Issue 27, the diff of members: adds, removals of an authoritative list, additive lists,
// invitations (one per person with every team they are listed in, a created team by its stand-in
// id), pending invitations, removals from the organization with prune-people, --target, the
// problems said before the diff, and what is never touched.
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/core/desired-state.js';
import type { LiveState } from '../../src/core/model.js';
import { managedChanges } from '../../src/core/plan.js';
import { pendingTeamId } from '../../src/core/teams.js';
import { memberProblems } from '../../src/diff/member-problems.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { desiredOf, email, liveOf, members, OWNERS, person, team, userToken } from './world.js';

const plan = (desired: DesiredState, live: LiveState, targeted = false) => guardPlan(buildPlan(desired, live, { targeted }), guardInputsOf(desired, live));
const SRE = team('sre');
const OPS = team('ops');

describe('member changes', () => {
  it('adds the listed people not in the team and removes the members an authoritative list does not name', () => {
    const live = liveOf([OWNERS, SRE], [person('ana', ['sre']), person('bo', []), person('cy', ['sre']), person('di', ['sre'], { status: 'invited' })]);
    const result = plan(desiredOf([members('sre', ['ANA@example.com', email('bo')])]), live);
    expect(managedChanges(result, 'member')).toEqual([
      { action: 'add', team: { name: 'sre', id: 'team-sre' }, person: { email: email('bo'), membershipId: 'ou-bo', username: 'bo', status: 'active' } },
      { action: 'remove', team: { name: 'sre', id: 'team-sre' }, person: { email: email('cy'), membershipId: 'ou-cy', username: 'cy', status: 'active' } },
      { action: 'remove', team: { name: 'sre', id: 'team-sre' }, person: { email: email('di'), membershipId: 'ou-di', username: 'di', status: 'invited' } },
    ]);
    expect(result.pendingInvites).toEqual([]);
  });

  it('only adds to an additive team (members-prune: false)', () => {
    const live = liveOf([OWNERS, SRE], [person('ana', ['sre']), person('bo', [])]);
    const result = plan(desiredOf([members('sre', [email('bo')], false)]), live);
    expect(managedChanges(result, 'member')?.map((c) => `${c.action} ${c.person.email}`)).toEqual([`add ${email('bo')}`]);
  });

  it('invites a person not in the organization once, into every team that lists them, a created team by its stand-in id', () => {
    const live = liveOf([OWNERS, SRE], [person('ana', ['sre'])]);
    // The files' teams are sorted by name: the first place that writes the email gives its spelling.
    const desired = desiredOf([members('platform', ['new@example.com']), members('sre', [email('ana'), 'New@Example.com'])], { invite: true });
    const result = plan(desired, live);
    expect(managedChanges(result, 'member')).toEqual([
      {
        action: 'invite',
        person: { email: 'new@example.com' },
        teams: [
          { name: 'platform', id: pendingTeamId('platform') },
          { name: 'sre', id: 'team-sre' },
        ],
      },
    ]);
    expect(managedChanges(result, 'team')?.map((c) => `${c.action} ${c.name}`)).toEqual(['create platform']);
  });

  it('adds an invitee to a team the invitation does not name, and shows one it names as pending: no change, no drift', () => {
    const live = liveOf([OWNERS, SRE, OPS], [person('ana', ['sre'], { status: 'invited', userId: undefined, username: null })]);
    const result = plan(desiredOf([members('sre', [email('ana')]), members('ops', [email('ana')])]), live);
    expect(managedChanges(result, 'member')).toEqual([
      { action: 'add', team: { name: 'ops', id: 'team-ops' }, person: { email: email('ana'), membershipId: 'ou-ana', username: null, status: 'invited' } },
    ]);
    expect(result.pendingInvites).toEqual([
      { person: { email: email('ana'), membershipId: 'ou-ana', username: null, status: 'invited' }, teams: [{ name: 'sre', id: 'team-sre' }] },
    ]);
    const settled = plan(desiredOf([members('sre', [email('ana')])]), live);
    expect(managedChanges(settled, 'member')).toEqual([]);
    expect(settled.pendingInvites).toHaveLength(1);
  });

  it('gives a team this plan creates its listed members, by the stand-in id', () => {
    const live = liveOf([OWNERS], [person('ana', [])]);
    const result = plan(desiredOf([members('platform', [email('ana')])]), live);
    expect(managedChanges(result, 'member')).toEqual([
      { action: 'add', team: { name: 'platform', id: pendingTeamId('platform') }, person: expect.objectContaining({ email: email('ana') }) },
    ]);
  });

  it('follows a renamed team by its id', () => {
    const live = liveOf([OWNERS, team('old', { id: 'team-x' })], [person('ana', []), person('bo', ['x'])]);
    const result = plan(desiredOf([members('sre', [email('ana')], true, { previously: ['old'] })]), live);
    expect(managedChanges(result, 'member')?.map((c) => `${c.action} ${'team' in c ? `${c.team.name}/${c.team.id}` : ''} ${c.person.email}`)).toEqual([
      `add sre/team-x ${email('ana')}`,
      `remove sre/team-x ${email('bo')}`,
    ]);
  });

  it('removes every unlisted membership, two that share an email (or have none) alike, in the order of their ids', () => {
    const live = liveOf([OWNERS, SRE], [person('b', ['sre'], { email: '' }), person('a', ['sre'], { email: '' }), person('ana', ['sre'])]);
    const result = plan(desiredOf([members('sre', [email('ana')])], { maxMemberRemovals: 5 }), live);
    expect(managedChanges(result, 'member')?.map((c) => `${c.action} ${c.person.membershipId}`)).toEqual(['remove ou-a', 'remove ou-b']);
  });

  it('leaves an inactive listed person alone and says so', () => {
    const live = liveOf([OWNERS, SRE], [person('ana', [], { status: 'inactive' })]);
    const result = plan(desiredOf([members('sre', [email('ana')])]), live);
    expect(managedChanges(result, 'member')).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['members-not-planned']);
    expect(result.warnings[0]?.message).toContain('inactive');
  });
});

describe('never touched, whatever the files say', () => {
  it('service accounts, hidden members and the token’s own user in owners and its own teams', () => {
    const people = [
      person('robot', ['sre', 'owners'], { serviceAccount: true }),
      person('api-team_ABC123', ['sre'], { email: 'api-team@example.com' }),
      person('me', ['owners', 'sre', 'ops']),
      person('ana', ['owners']),
    ];
    const hidden = new Map([['team-owners', ['user-hashicorp-staff']]]);
    const viewer = { identity: userToken('me'), seesEveryTeam: true, teams: [OWNERS, SRE] };
    const live = liveOf([OWNERS, SRE, OPS], people, viewer, hidden);
    const result = plan(desiredOf([members('owners', [email('ana')]), members('sre', []), members('ops', [])], { prunePeople: true }), live);
    // The token's user may leave a team it does not act through (ops); nothing else moves.
    expect(managedChanges(result, 'member')?.map((c) => `${c.action} ${'team' in c ? c.team.name : ''} ${c.person.email}`)).toEqual([
      `remove ops ${email('me')}`,
    ]);
  });
});

describe('prune-people', () => {
  const people = [
    person('ana', ['sre']),
    person('bo', ['sre', 'ops']),
    person('cy', ['contractors']),
    person('di', []),
    person('ed', ['unmanaged']),
    person('fi', [], { status: 'invited' }),
  ];
  const teams = [OWNERS, SRE, OPS, team('contractors'), team('unmanaged')];
  const desired = desiredOf([members('sre', [email('ana')]), members('ops', []), members('contractors', [], false)], { prunePeople: true });

  it('removes from the organization a person no members: names who would be in no team once applied, with the teams they leave', () => {
    const result = plan(desired, liveOf(teams, people));
    expect(
      managedChanges(result, 'member')?.map(
        (c) => `${c.action} ${c.person.email}${'teams' in c ? ` [${c.teams.map((t) => t.name).join(',')}]` : ` ${c.team.name}`}`,
      ),
    ).toEqual([
      `remove-from-organization ${email('bo')} [ops,sre]`,
      `remove-from-organization ${email('di')} []`,
      `remove-from-organization ${email('fi')} []`,
    ]);
  });

  it('removes nobody from the organization for a token that does not see every team, and says why', () => {
    const result = plan(desired, liveOf(teams, people, { seesEveryTeam: false, teams: [] }));
    expect(managedChanges(result, 'member')?.map((c) => c.action)).toEqual(['remove', 'remove']);
    expect(result.warnings.map((w) => w.code)).toEqual(['members-not-planned']);
    expect(result.warnings[0]?.message).toContain('does not see every team');
  });
});

describe('--target and plans without members', () => {
  it('a --target plan makes no member changes and says so', () => {
    const result = plan(desiredOf([members('sre', [email('bo')])]), liveOf([OWNERS, SRE], [person('bo', [])]), true);
    expect(managedChanges(result, 'member')).toBeUndefined();
    expect(result.warnings.map((w) => w.code)).toEqual(['members-not-planned']);
    expect(result.warnings[0]?.message).toContain('--target');
  });

  it('a plan whose files list no members has no member keys, and the same checksum with people read or not', () => {
    const desired = desiredOf([{ name: 'sre', previously: [] }]);
    const withPeople = plan(desired, liveOf([OWNERS, SRE], [person('bo', ['sre'])]));
    const { people: _people, ...without } = liveOf([OWNERS, SRE], []);
    expect(managedChanges(withPeople, 'member')).toBeUndefined();
    expect(withPeople.pendingInvites).toBeUndefined();
    expect(plan(desired, without).checksum).toBe(withPeople.checksum);
  });

  it('member changes move the checksum', () => {
    const live = liveOf([OWNERS, SRE], [person('bo', [])]);
    expect(plan(desiredOf([members('sre', [email('bo')])]), live).checksum).not.toBe(
      plan(desiredOf([members('sre', [email('bo')], false)]), liveOf([OWNERS, SRE], [person('bo', ['sre'])])).checksum,
    );
  });
});

describe('what no plan can do, said before the diff at its place', () => {
  it('refuses members: on a team the identity provider owns, as the service says it', () => {
    const live = liveOf([OWNERS, team('scim', { scimLinked: true }), team('saml', { ssoTeamId: 'idp-1' }), team('cleared', { ssoTeamId: 'idp-2' })], []);
    const desired = desiredOf([members('scim', []), members('saml', []), members('cleared', [], true, { ssoTeamId: null })]);
    expect(memberProblems(desired, live)).toEqual([
      'teams.yaml:3:5: teams.scim.members: team "scim" belongs to the identity provider: it is linked to a SCIM group, whose identity provider sets its members (the service refuses other membership writes); the files stay out of its members: leave members out',
      'teams.yaml:3:5: teams.saml.members: team "saml" belongs to the identity provider: it has sso-team-id "idp-1" on the service: SAML team mapping sets its members at each sign-in; the files stay out of its members: leave members out, or clear sso-team-id (null)',
    ]);
  });

  it('without settings.invite, a listed person not in the organization is an error at their place', () => {
    const live = liveOf([OWNERS, SRE], [person('ana', [])]);
    const sources = new Map([['new@example.com', { file: 'teams.yaml', line: 4, col: 24 }]]);
    const desired = desiredOf([{ name: 'sre', previously: [], members: { emails: [email('ana'), 'New@example.com'], prune: true, emailSources: sources } }]);
    expect(memberProblems(desired, live)).toEqual([
      'teams.yaml:4:24: teams.sre.members: New@example.com is not in the organization acme: set settings.invite: true to invite them by email, or take them out',
    ]);
    expect(memberProblems({ ...desired, settings: { ...desired.settings, invite: true } }, live)).toEqual([]);
  });
});
