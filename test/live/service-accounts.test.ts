// Issue 39, Build 5: a team's service accounts read with `filter[is_service_account]` where the
// server has it, probed and checked, and a fall back to `is-service-account` alone otherwise
// (live/service-accounts.ts; docs/api.md, "Identity-provider lifecycles").
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { isServiceAccount } from '../../src/core/person-kind.js';
import { changesOf } from '../../src/core/plan.js';
import type { PeopleListed } from '../../src/core/run-reads.js';
import { buildPlan } from '../../src/diff/plan.js';
import { markServiceAccounts, type ServiceAccountLister } from '../../src/live/service-accounts.js';
import { fingerprintPeople } from '../../src/saved-plan/fingerprint.js';
import { desiredOf, liveOf, members, OWNERS, person, team } from '../people/world.js';

const PEOPLE: PeopleListed = {
  people: [
    person('ana', ['sre']),
    person('bo', ['sre', 'ops']),
    // A synthetic user the membership list does not flag (an older release, a renamed service user).
    person('bot', ['sre'], { username: 'deploy-bot' }),
    person('robot', ['ops'], { serviceAccount: true }),
  ],
};

/** A fake client answering each team from `answers`; every call recorded. */
function lister(answers: Record<string, string[] | Error>): ServiceAccountLister & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    listTeamServiceAccounts: async (teamId) => {
      calls.push(teamId);
      const answer = answers[teamId];
      if (answer instanceof Error) throw answer;
      return answer ?? [];
    },
  };
}

const refused = (status: number, teamId: string) =>
  new RemoteError('GET', `/teams/${teamId}/relationships/organization-memberships?filter[is_service_account]=true`, status);

describe('markServiceAccounts', () => {
  it("marks what the service's filter lists, beyond the users' own flag, for every team asked", async () => {
    const client = lister({ 'team-sre': ['ou-bot'], 'team-ops': ['ou-robot'] });
    const read = await markServiceAccounts(client, PEOPLE, ['team-ops', 'team-sre']);
    expect(client.calls).toEqual(['team-ops', 'team-sre']);
    expect(read.serviceAccountFilter).toEqual({ kind: 'filtered', teams: 2 });
    expect(read.people.filter(isServiceAccount).map((p) => p.email)).toEqual(['bot@example.com', 'robot@example.com']);
    // A saved plan's fingerprint is of what the membership list says: apply reads no filtered list.
    expect(fingerprintPeople(read.people)).toBe(fingerprintPeople(PEOPLE.people));
  });

  it('asks nothing when no team may lose a member', async () => {
    const client = lister({});
    expect(await markServiceAccounts(client, PEOPLE, [])).toBe(PEOPLE);
    expect(client.calls).toEqual([]);
  });

  it.each([404, 400, 403])('falls back on a %d to the probe, asking no more', async (status) => {
    const client = lister({ 'team-ops': refused(status, 'team-ops') });
    const read = await markServiceAccounts(client, PEOPLE, ['team-ops', 'team-sre']);
    expect(client.calls).toEqual(['team-ops']);
    expect(read.serviceAccountFilter).toEqual({
      kind: 'fallback',
      reason: `the server answered ${status} to GET /teams/team-ops/relationships/organization-memberships?filter[is_service_account]=true`,
    });
    expect(read.people).toBe(PEOPLE.people);
  });

  it('falls back on an answer holding someone not in the team: the server did not filter by team', async () => {
    const read = await markServiceAccounts(lister({ 'team-ops': ['ou-robot', 'ou-ana'] }), PEOPLE, ['team-ops']);
    expect(read.serviceAccountFilter).toEqual({
      kind: 'fallback',
      reason: 'the answer for team-ops holds ou-ana, not a member of it: the server did not filter by team',
    });
    expect(read.people.filter(isServiceAccount).map((p) => p.email)).toEqual(['robot@example.com']);
  });

  it('falls back on an answer listing every member, people included: the filter was ignored', async () => {
    const read = await markServiceAccounts(lister({ 'team-sre': ['ou-ana', 'ou-bo', 'ou-bot'] }), PEOPLE, ['team-sre']);
    expect(read.serviceAccountFilter?.kind).toBe('fallback');
    expect(read.people.some((p) => p.serviceByFilter === true)).toBe(false);
  });

  it('fails as any read on a 5xx or a rejected token', async () => {
    await expect(markServiceAccounts(lister({ 'team-ops': refused(500, 'team-ops') }), PEOPLE, ['team-ops'])).rejects.toThrow(RemoteError);
    await expect(markServiceAccounts(lister({ 'team-ops': refused(401, 'team-ops') }), PEOPLE, ['team-ops'])).rejects.toThrow(RemoteError);
  });
});

describe('a plan over the marked people', () => {
  it('never removes a member the service calls a service account', async () => {
    const read = await markServiceAccounts(lister({ 'team-sre': ['ou-bot'] }), PEOPLE, ['team-sre']);
    const plan = (people: PeopleListed) =>
      buildPlan(desiredOf([members('sre', ['ana@example.com', 'bo@example.com'])]), liveOf([OWNERS, team('sre'), team('ops')], people.people));
    expect(changesOf(plan(PEOPLE).changes, 'member').map((c) => c.person.email)).toEqual(['bot@example.com']);
    expect(changesOf(plan(read).changes, 'member')).toEqual([]);
  });
});
