// Issue 27, apply's member changes over the MemberApi port (a fake that records every call): the
// teams' creates first, then invitations (with every team, a created team by the id it got), each
// team's adds in ONE request, each team's removals in one request, removals from the organization,
// then the grants and the teams' deletions; outcomes counted; a write refused for the token's
// rights stops the rest as a grant's does.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { applyChanges } from '../../src/apply/executor.js';
import type { GrantApi } from '../../src/apply/ports.js';
import type { MemberApi } from '../../src/core/member-write.js';
import type { Team } from '../../src/core/model.js';
import type { MemberChange, PersonRef } from '../../src/core/people.js';
import type { Change } from '../../src/core/plan.js';
import type { TeamApi } from '../../src/core/team-write.js';
import { pendingTeamId, type TeamChange } from '../../src/core/teams.js';

type Fake = GrantApi & TeamApi & MemberApi & { log: string[] };

function fakeApi(fail: (call: string) => Error | undefined = () => undefined): Fake {
  const log: string[] = [];
  const record = (call: string): void => {
    log.push(call);
    const error = fail(call);
    if (error) throw error;
  };
  const team = (id: string, name: string): Team => ({ id, name, visibility: 'organization', organizationAccess: {} });
  return {
    log,
    listGrants: async () => [],
    addGrant: async (target, teamId) => record(`add grant ${teamId} on ${target.id}`),
    updateGrant: async () => record('update grant'),
    removeGrant: async (_resource, id) => (record(`remove grant ${id}`), 'removed' as const),
    createTeam: async (_org, write) => (record(`create team ${write.name}`), team(`team-new-${write.name}`, write.name)),
    updateTeam: async (id) => (record(`patch ${id}`), team(id, '?')),
    deleteTeam: async (id) => (record(`delete team ${id}`), 'removed' as const),
    listPeople: async () => ({ people: [] }),
    addTeamMembers: async (teamId, ids) => record(`add members ${teamId} ${ids.join(',')}`),
    removeTeamMembers: async (teamId, ids) => record(`remove members ${teamId} ${ids.join(',')}`),
    invitePerson: async (org, email, teamIds) => {
      record(`invite ${email} into ${teamIds.join(',')} of ${org}`);
      return { membershipId: 'ou-new', email, status: 'invited', serviceAccount: false, teamIds };
    },
    removePerson: async (id) => (record(`remove person ${id}`), 'removed' as const),
  };
}

const who = (name: string): PersonRef => ({ email: `${name}@example.com`, membershipId: `ou-${name}`, username: name, status: 'active' });
const SRE = { name: 'sre', id: 'team-sre' };
const PLATFORM = { name: 'platform', id: pendingTeamId('platform') };
const members: MemberChange[] = [
  { action: 'invite', person: { email: 'new@example.com' }, teams: [PLATFORM, SRE] },
  { action: 'add', team: PLATFORM, person: who('ana') },
  { action: 'add', team: SRE, person: who('ana') },
  { action: 'add', team: SRE, person: who('bo') },
  { action: 'add', team: SRE, person: who('cy') },
  { action: 'remove', team: SRE, person: who('di') },
  { action: 'remove', team: SRE, person: who('ed') },
  { action: 'remove-from-organization', person: who('gone'), teams: [SRE] },
];
const teamChanges: TeamChange[] = [
  { action: 'create', name: 'platform', fields: [] },
  { action: 'delete', id: 'team-old', name: 'old', grants: [] },
];
const grants: Change[] = [
  { action: 'add', resource: 'team-workspaces', team: PLATFORM, target: { type: 'workspace', name: 'web', id: 'ws-1' }, after: { access: 'read' } },
];
const run = (api: Fake, changes = members) =>
  applyChanges(grants, api, { concurrency: 1, teams: { changes: teamChanges, api, organization: 'acme' }, members: { changes, api, organization: 'acme' } });

describe('apply with member changes', () => {
  it('creates the teams, invites, adds each team’s people in one request, removes in one request, then the grants and deletions', async () => {
    const api = fakeApi();
    const report = await run(api);
    expect(api.log).toEqual([
      'create team platform',
      'invite new@example.com into team-new-platform,team-sre of acme',
      'add members team-new-platform ou-ana',
      'add members team-sre ou-ana,ou-bo,ou-cy',
      'remove members team-sre ou-di,ou-ed',
      'remove person ou-gone',
      'add grant team-new-platform on ws-1',
      'delete team team-old',
    ]);
    expect(report.converged).toBe(true);
    expect(report.counts).toEqual({ applied: 11, alreadySo: 0, failed: 0, notStarted: 0 });
    expect(report.memberOutcomes?.map((o) => `${o.status} ${o.change.action}`)).toEqual([
      'applied invite',
      'applied add',
      'applied add',
      'applied add',
      'applied add',
      'applied remove',
      'applied remove',
      'applied remove-from-organization',
    ]);
  });

  it('a failed request fails each change of it, and the rest goes on', async () => {
    const api = fakeApi((call) => (call.startsWith('add members team-sre') ? new Error('ana is not a member of the organization') : undefined));
    const report = await run(api);
    expect(report.memberOutcomes?.filter((o) => o.status === 'failed').map((o) => o.change.person.email)).toEqual([
      'ana@example.com',
      'bo@example.com',
      'cy@example.com',
    ]);
    expect(report.memberOutcomes?.[3]).toMatchObject({ reason: 'ana is not a member of the organization' });
    expect(api.log).toContain('remove person ou-gone');
    expect(report.converged).toBe(false);
  });

  it('does not invite into, nor add to, a team it could not create', async () => {
    const api = fakeApi((call) => (call === 'create team platform' ? new Error('name has already been taken') : undefined));
    const report = await run(api);
    expect(report.memberOutcomes?.slice(0, 2)).toMatchObject([
      { status: 'failed', reason: 'not applied: team "platform" was not created' },
      { status: 'failed', reason: 'not applied: team "platform" was not created' },
    ]);
    expect(api.log.filter((c) => c.includes('platform'))).toEqual(['create team platform']);
  });

  it('stops at a write refused for the token’s rights: nothing after it starts', async () => {
    const refused = new RemoteError('POST', '/teams/team-sre/relationships/organization-memberships', 403);
    const api = fakeApi((call) => (call.startsWith('add members team-sre') ? refused : undefined));
    const report = await run(api);
    expect(report.stopped).toMatchObject({ refused: true, exitCode: 1 });
    expect(report.stopped?.reason).toContain('the service refused a member change');
    expect(api.log).not.toContain('remove members team-sre ou-di,ou-ed');
    expect(api.log).not.toContain('add grant team-new-platform on ws-1');
    expect(report.memberOutcomes?.filter((o) => o.status === 'not-started').map((o) => o.change.action)).toEqual([
      'remove',
      'remove',
      'remove-from-organization',
    ]);
  });

  it('Ctrl-C during the invitation: nothing after it starts, every change has its outcome', async () => {
    const controller = new AbortController();
    const api = fakeApi((call) => {
      // The signal arrives while the invitation is in flight: it ends, and the run stops there.
      if (call.startsWith('invite')) controller.abort(new Error('interrupted (SIGINT)'));
      return undefined;
    });
    const report = await applyChanges(grants, api, {
      concurrency: 1,
      signal: controller.signal,
      teams: { changes: teamChanges, api, organization: 'acme' },
      members: { changes: members, api, organization: 'acme' },
    });
    expect(api.log).toEqual(['create team platform', 'invite new@example.com into team-new-platform,team-sre of acme']);
    expect(report.memberOutcomes?.map((o) => o.status)).toEqual(['applied', ...Array(members.length - 1).fill('not-started')]);
    expect(report.converged).toBe(false);
    expect(report.counts.notStarted).toBe(members.length - 1 + grants.length + 1);
  });

  it('a removal from the organization answered 404 is already so', async () => {
    const api = fakeApi((call) => (call === 'remove person ou-gone' ? new RemoteError('DELETE', '/organization-memberships/ou-gone', 404) : undefined));
    const report = await run(api, [members[7] as MemberChange]);
    expect(report.memberOutcomes?.[0]).toMatchObject({ status: 'already-so' });
    expect(report.converged).toBe(true);
  });

  it('is the executor of before when a plan has no member changes', async () => {
    const api = fakeApi();
    const report = await applyChanges(grants.slice(0, 0), api, { concurrency: 1 });
    expect('memberOutcomes' in report).toBe(false);
  });
});
