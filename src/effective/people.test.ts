import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbAccess, TEAM_NAMES, team, teamId } from '../../test/support/states.js';
import { IMPLIED } from '../core/access.js';
import type { EffectiveCell } from '../core/effective.js';
import type { Project, Team, Workspace } from '../core/model.js';
import type { LivePeople, Person } from '../core/person.js';
import { EffectiveIndex, type GrantInput } from './compute.js';
import { cellsByTeam, personCells, reportPeople } from './people.js';
import { activeMembers, pendingMembershipId, peopleAfter } from './people-after.js';

const PROJECTS: Project[] = [
  { id: 'prj-a', name: 'a' },
  { id: 'prj-b', name: 'b' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-1', name: 'one', projectId: 'prj-a' },
  { id: 'ws-2', name: 'two', projectId: 'prj-b' },
  { id: 'ws-3', name: 'three' },
];

const person = (email: string, teams: string[], extra: Partial<Person> = {}): Person => ({
  membershipId: `ou-${email}`,
  email,
  status: 'active',
  serviceAccount: false,
  userId: `user-${email}`,
  teamIds: teams.map(teamId),
  ...extra,
});

const TEAMS: Team[] = [team('owners'), team('dev'), team('ops', { 'manage-workspaces': true }), team('audit', { 'read-workspaces': true })];
const GRANTS: GrantInput[] = [
  { resource: 'team-projects', teamId: teamId('dev'), targetId: 'prj-a', access: { access: 'write' } },
  { resource: 'team-workspaces', teamId: teamId('dev'), targetId: 'ws-3', access: { access: 'plan' } },
];
const INDEX = new EffectiveIndex({ teams: TEAMS, projects: PROJECTS, workspaces: WORKSPACES, grants: GRANTS });
const CELLS = INDEX.all();
/** Each team cell's sources, so a person's value is certain as one merged team's is. */
const SOURCES = (c: EffectiveCell): ReturnType<EffectiveIndex['sourcesOf']> => INDEX.sourcesOf(c.team.id, c.target.type, c.target.id);

describe('people in effective access', () => {
  it('a person has the union of their teams: the highest level on each target, every team that gives it with its sources', () => {
    const cells = personCells([teamId('dev'), teamId('audit')], cellsByTeam(CELLS), SOURCES);
    const one = cells.find((c) => c.target.name === 'one');
    // dev: write through project a; audit: read through read-workspaces; the union is write.
    expect(one).toMatchObject({ access: 'write', permissions: IMPLIED['team-workspaces'].write });
    expect(one?.through.map((t) => [t.team.name, t.access, t.sources])).toEqual([
      ['audit', 'read', [{ kind: 'organization', permission: 'read-workspaces' }]],
      ['dev', 'write', [{ kind: 'project', name: 'a', id: 'prj-a', access: 'write' }]],
    ]);
    expect(cells.map((c) => `${c.target.type} ${c.target.name}`)).toEqual(['project a', 'workspace one', 'workspace three', 'workspace two']);
    // ops admin (manage-workspaces) wins over dev's plan.
    expect(personCells([teamId('dev'), teamId('ops')], cellsByTeam(CELLS), SOURCES).find((c) => c.target.name === 'three')?.access).toBe('admin');
  });

  it('the people of a report: active with their access, invited pending with their teams, inactive listed with their teams and no access (issue 39); service accounts and hidden members counted, never listed', () => {
    const live: LivePeople = {
      people: [
        person('Bo@example.com', ['dev']),
        person('ana@example.com', ['dev', 'audit', 'team-unseen']),
        person('cy@vendor.example', ['ops'], { status: 'invited', userId: undefined, username: null }),
        person('api-team_1@example.com', ['dev'], { serviceAccount: true }),
        // A service user the flag does not mark, known by the username the service gives it (core/person-kind.ts).
        person('', ['dev'], { username: 'api-team_unflagged' }),
        person('gone@example.com', ['dev'], { status: 'inactive' }),
      ],
      hidden: new Map([
        [teamId('owners'), ['user-staff-1', 'user-staff-2']],
        [teamId('dev'), ['user-staff-1']],
      ]),
    };
    const people = reportPeople(live, TEAMS, CELLS);
    expect(people.leftOut).toEqual({ serviceAccounts: 2, hidden: 2, inactive: 0 });
    expect(people.people.map((p) => [p.email, p.status, p.teams.map((t) => t.name), p.cells.length])).toEqual([
      ['ana@example.com', 'active', ['audit', 'dev'], 4],
      ['Bo@example.com', 'active', ['dev'], 3],
      ['cy@vendor.example', 'invited', ['ops'], 0],
      ['gone@example.com', 'inactive', ['dev'], 0],
    ]);
  });

  it('the member changes of a plan, in memory: added, removed, invited into teams, removed from the organization', () => {
    const live: LivePeople = { people: [person('ana@example.com', ['dev']), person('bo@example.com', ['dev', 'ops'])], hidden: new Map() };
    const dev = { name: 'dev', id: teamId('dev') };
    const ops = { name: 'ops', id: teamId('ops') };
    const after = peopleAfter(live, [
      { action: 'add', team: ops, person: { email: 'ANA@example.com' } },
      { action: 'remove', team: dev, person: { email: 'ana@example.com', membershipId: 'ou-ana@example.com' } },
      { action: 'invite', person: { email: 'cy@vendor.example' }, teams: [ops] },
      { action: 'remove-from-organization', person: { email: 'bo@example.com' }, teams: [dev, ops] },
    ]);
    expect(after.people.map((p) => [p.email, p.status, p.teamIds, p.membershipId])).toEqual([
      ['ana@example.com', 'active', [teamId('ops')], 'ou-ana@example.com'],
      ['cy@vendor.example', 'invited', [teamId('ops')], pendingMembershipId('cy@vendor.example')],
    ]);
    // Who holds a team's access: active humans only.
    expect(Object.fromEntries(activeMembers(after))).toEqual({ [teamId('ops')]: ['ana@example.com'] });
  });

  it("property: a person's effective access is the union of their teams' (as one team holding every grant and power of theirs)", () => {
    const arbGrant = fc.oneof(
      fc
        .record({ team: fc.constantFrom(...TEAM_NAMES), target: fc.constantFrom(...PROJECTS.map((p) => p.id)), access: arbAccess('team-projects') })
        .map((g): GrantInput => ({ resource: 'team-projects', teamId: teamId(g.team), targetId: g.target, access: g.access })),
      fc
        .record({ team: fc.constantFrom(...TEAM_NAMES), target: fc.constantFrom(...WORKSPACES.map((w) => w.id)), access: arbAccess('team-workspaces') })
        .map((g): GrantInput => ({ resource: 'team-workspaces', teamId: teamId(g.team), targetId: g.target, access: g.access })),
    );
    const flags = ['manage-projects', 'manage-workspaces', 'read-projects', 'read-workspaces'];
    fc.assert(
      fc.property(
        fc.array(arbGrant, { maxLength: 12 }),
        fc.dictionary(fc.constantFrom(...TEAM_NAMES), fc.subarray(flags)),
        fc.subarray([...TEAM_NAMES], { minLength: 1 }),
        (grants, powers, mine) => {
          const teams = TEAM_NAMES.map((n) => team(n, Object.fromEntries((powers[n] ?? []).map((f) => [f, true]))));
          const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
          const cells = index.all();
          const got = personCells(mine.map(teamId), cellsByTeam(cells), (c) => index.sourcesOf(c.team.id, c.target.type, c.target.id));
          // The oracle: one team ("owners" when the person is in it) with every grant and power of the person's teams.
          const merged: Team = {
            id: 'team-person',
            name: mine.includes('owners') ? 'owners' : 'person',
            visibility: 'organization',
            organizationAccess: Object.fromEntries(mine.flatMap((n) => powers[n] ?? []).map((f) => [f, true])),
          };
          const theirs = grants.filter((g) => mine.map(teamId).includes(g.teamId)).map((g) => ({ ...g, teamId: merged.id }));
          const oracle = new EffectiveIndex({ teams: [merged], projects: PROJECTS, workspaces: WORKSPACES, grants: theirs }).all();
          expect(got.map((c) => [c.target.id, c.access, c.permissions])).toEqual(oracle.map((c) => [c.target.id, c.access, c.permissions]));
        },
      ),
    );
  });
});
