// Issue 27's property: over random live memberships (service accounts by flag or by username,
// hidden members, the token's own user in owners and in the teams it acts through, invited people)
// and random files (members lists naming anyone, authoritative or additive, invite and
// prune-people), no service account, hidden member or the token's own owner membership is ever
// proposed for removal, nor for removal from the organization; and the token's own user never
// leaves the organization or a team it acts through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/core/model.js';
import type { Person } from '../../src/core/person.js';
import { managedChanges } from '../../src/core/plan.js';
import type { DesiredTeam } from '../../src/core/teams.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { desiredOf, liveOf, ORG_TOKEN, OWNERS, person, team, userToken } from './world.js';

const TEAMS = ['owners', 'sre', 'ops', 'dev'];
const NAMES = ['ana', 'bo', 'cy', 'di', 'ed', 'me'];

const arbPerson = (name: string) =>
  fc
    .record({
      teams: fc.subarray(TEAMS),
      status: fc.constantFrom('active', 'active', 'invited', 'inactive' as const),
      service: fc.constantFrom('no', 'no', 'flag', 'api-team', 'api-org' as const),
    })
    .map(
      ({ teams, status, service }): Person =>
        person(service === 'api-team' ? `api-team_${name.toUpperCase()}` : service === 'api-org' ? `api-org-acme-${name}` : name, teams, {
          email: `${name}@example.com`,
          status,
          serviceAccount: service === 'flag',
        }),
    );

const arbWorld = fc.record({
  people: fc.tuple(...NAMES.map(arbPerson)),
  // The token's own user is always in owners (it must never lock itself out).
  selfTeams: fc.subarray(TEAMS.filter((t) => t !== 'owners')),
  viewer: fc.constantFrom('self', 'org', 'blind' as const),
  hidden: fc.subarray(TEAMS),
  files: fc.array(fc.record({ team: fc.constantFrom(...TEAMS, 'new'), members: fc.subarray(NAMES), prune: fc.boolean() }), { maxLength: 5 }),
  invite: fc.boolean(),
  prunePeople: fc.boolean(),
});

describe('never touched, whatever the files say (property)', () => {
  it('no service account, hidden member or the token’s own owner membership is proposed for removal', () => {
    let removals = 0;
    fc.assert(
      fc.property(arbWorld, (world) => {
        const self = person('me', ['owners', ...world.selfTeams]);
        const people = [...world.people.filter((p) => p.email !== 'me@example.com'), self];
        const teams = TEAMS.map((name) => (name === 'owners' ? OWNERS : team(name)));
        const hidden = new Map(world.hidden.map((name) => [`team-${name}`, [`user-staff-${name}`]]));
        const own = teams.filter((t) => t.name === 'owners' || world.selfTeams.includes(t.name));
        const viewer: Viewer =
          world.viewer === 'self'
            ? { identity: userToken('me'), seesEveryTeam: true, teams: own }
            : world.viewer === 'org'
              ? ORG_TOKEN
              : { seesEveryTeam: false, teams: [] };
        const live = liveOf(teams, people, viewer, hidden);
        const byTeam = new Map<string, DesiredTeam>();
        for (const f of world.files)
          byTeam.set(f.team, { name: f.team, previously: [], members: { emails: f.members.map((n) => `${n}@example.com`), prune: f.prune } });
        const desired = desiredOf(
          [...byTeam.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
          { invite: world.invite, prunePeople: world.prunePeople },
        );
        const plan = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
        const byEmail = new Map(people.map((p) => [p.email, p]));
        for (const change of managedChanges(plan, 'member') ?? []) {
          const who = byEmail.get(change.person.email);
          if (change.action === 'invite') {
            expect(who).toBeUndefined();
            continue;
          }
          // Only a membership the list reported is ever changed: hidden members (users of a team no membership explains) never are.
          expect(people.map((p) => p.membershipId)).toContain(change.person.membershipId);
          if (change.action === 'add') continue;
          removals += 1;
          expect(who?.serviceAccount).toBe(false);
          expect(who?.username?.startsWith('api-')).toBe(false);
          if (world.viewer === 'self' && who === self) {
            expect(change.action).toBe('remove');
            if (change.action === 'remove') expect(own.map((t) => t.id)).not.toContain(change.team.id);
          }
          if (change.action === 'remove-from-organization') expect(world.viewer).not.toBe('blind');
        }
        // The floor of one human owner holds on every plan apply could run, --force or not.
        const owners = people.filter((p) => p.status === 'active' && !p.serviceAccount && !p.username?.startsWith('api-') && p.teamIds.includes('team-owners'));
        const lost = (managedChanges(plan, 'member') ?? []).filter(
          (c) =>
            c.person.status === 'active' &&
            ((c.action === 'remove' && c.team.name === 'owners') || (c.action === 'remove-from-organization' && c.teams.some((t) => t.name === 'owners'))),
        ).length;
        if (owners.length - lost < 1) expect(plan.refusals.map((r) => r.guard)).toContain('min-owners');
      }),
      { numRuns: 400, seed: 27 },
    );
    expect(removals).toBeGreaterThan(100);
  });
});
