// `export --teams --members`, the round trip (docs/adopting.md, "Members: `export --teams
// --members`"): the exported file, validated and planned against the same organization with its
// people, makes no change: no member change (an invitee pending, an inactive member left alone), no
// team change, no grant change; a person added by hand afterwards is a removal the plan shows.
import { describe, expect, it } from 'vitest';
import type { LiveState, Team } from '../../src/core/model.js';
import type { LivePeople, Person } from '../../src/core/person.js';
import { managedChanges } from '../../src/core/plan.js';
import { buildPlan } from '../../src/diff/plan.js';
import { exportFiles } from '../../src/export/files.js';
import { parseYamlText } from '../../src/load/document.js';
import { validateDocuments } from '../../src/validate/validate.js';
import { person as aPerson } from '../support/states.js';

const team = (name: string, extra: Partial<Team> = {}): Team => ({
  id: `team-${name}`,
  name,
  visibility: 'organization',
  organizationAccess: {},
  allowMemberTokenManagement: true,
  ...extra,
});
const TEAMS = [team('owners', { userIds: ['user-root', 'user-staff'] }), team('sre'), team('idp', { ssoTeamId: 'idp-1' }), team('empty')];

const person = (email: string, teams: string[], extra: Partial<Person> = {}): Person =>
  aPerson(email, teams, { userId: `user-${email.split('@')[0]}`, ...extra });

const PEOPLE: LivePeople = {
  people: [
    person('root@example.com', ['owners', 'idp']),
    person('Ana@Example.com', ['owners', 'sre']),
    person('cy@vendor.example', ['sre'], { status: 'invited', userId: undefined, username: null }),
    person('old@example.com', ['sre'], { status: 'inactive' }),
    person('api-team_x@example.com', ['sre'], { serviceAccount: true, username: 'api-team_x' }),
  ],
  hidden: new Map([['team-owners', ['user-staff']]]),
};

function liveOf(people: LivePeople): LiveState {
  return { organization: 'acme', teams: new Map(TEAMS.map((t) => [t.id, t])), targets: new Map(), people };
}

function planOf(text: string, people: LivePeople) {
  const result = validateDocuments([parseYamlText('exported.yaml', text).loaded]);
  if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
  // The export wrote teams only: no target to expand.
  return buildPlan({ ...result.state, targets: [] }, liveOf(people));
}

describe('export --teams --members: the round trip', () => {
  const text = exportFiles(liveOf(PEOPLE), { named: new Set(), schemaRef: 's.json', teams: true, people: PEOPLE }).files[0]?.text ?? '';

  it('plans clean: no member, team or grant change; the invitee pending', () => {
    const plan = planOf(text, PEOPLE);
    expect(managedChanges(plan, 'member')).toEqual([]);
    expect(managedChanges(plan, 'team') ?? []).toEqual([]);
    expect(plan.changes).toEqual([]);
    expect(plan.pendingInvites?.map((p) => p.person.email)).toEqual(['cy@vendor.example']);
  });

  it('a person put in a team by hand afterwards is drift: the plan removes them from it', () => {
    const added = { ...PEOPLE, people: [...PEOPLE.people, person('intruder@example.com', ['sre'])] };
    const plan = planOf(text, added);
    expect(managedChanges(plan, 'member')?.map((c) => [c.action, c.person.email, 'team' in c ? c.team.name : ''])).toEqual([
      ['remove', 'intruder@example.com', 'sre'],
    ]);
  });
});
