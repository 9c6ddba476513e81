// Issue 26, apply's order: team creates, renames and updates before the grant changes (a grant may
// name a team created in the same plan, by name until it has an id), the grant changes, then the
// deletions; each team change a typed outcome, counted in the report.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { applyChanges } from '../../src/apply/executor.js';
import type { GrantApi } from '../../src/apply/ports.js';
import type { Team } from '../../src/core/model.js';
import type { Change } from '../../src/core/plan.js';
import type { TeamApi } from '../../src/core/team-write.js';
import { pendingTeamId, type TeamChange } from '../../src/core/teams.js';

function fakeApi(failCreate = false): GrantApi & TeamApi & { log: string[] } {
  const log: string[] = [];
  const team = (id: string, name: string): Team => ({ id, name, visibility: 'organization', organizationAccess: {} });
  return {
    log,
    listGrants: async () => [],
    addGrant: async (target, teamId) => void log.push(`add ${teamId} on ${target.id}`),
    updateGrant: async (_resource, id) => void log.push(`update grant ${id}`),
    removeGrant: async (_resource, id) => (log.push(`remove grant ${id}`), 'removed' as const),
    createTeam: async (_org, write) => {
      log.push(`create team ${write.name} ${JSON.stringify(write.organizationAccess ?? {})}`);
      if (failCreate) throw new Error('name has already been taken');
      return team(`team-new-${write.name}`, write.name);
    },
    updateTeam: async (id, write) => (log.push(`patch ${id} ${JSON.stringify(write)}`), team(id, write.name ?? '?')),
    deleteTeam: async (id) => (log.push(`delete team ${id}`), 'removed' as const),
  };
}

const target = { type: 'workspace' as const, name: 'web', id: 'ws-1' };
const grants: Change[] = [
  { action: 'remove', resource: 'team-workspaces', id: 'tws-old', team: { name: 'old', id: 'team-old' }, target, before: { access: 'read', permissions: {} } },
  { action: 'add', resource: 'team-workspaces', team: { name: 'platform', id: pendingTeamId('platform') }, target, after: { access: 'admin' } },
];
const teamChanges: TeamChange[] = [
  { action: 'create', name: 'platform', fields: [{ flag: 'manage-workspaces', before: null, after: true }] },
  { action: 'rename', id: 'team-sre', name: 'sre', from: 'site-reliability', fields: [] },
  { action: 'delete', id: 'team-old', name: 'old', grants: [] },
];

describe('apply with team changes', () => {
  it('creates and renames first, grants the new team by the id it got, deletes last', async () => {
    const api = fakeApi();
    const report = await applyChanges(grants, api, { concurrency: 1, teams: { changes: teamChanges, api, organization: 'acme' } });
    expect(api.log).toEqual([
      // Issue 39: the team first, its flags after, each with the flags it needs (docs/api.md, "The prerequisite chain").
      'create team platform {}',
      'patch team-new-platform {"organizationAccess":{"manage-workspaces":true,"read-workspaces":true}}',
      'patch team-sre {"name":"sre"}',
      'add team-new-platform on ws-1',
      'remove grant tws-old',
      'delete team team-old',
    ]);
    expect(report.converged).toBe(true);
    expect(report.counts).toEqual({ applied: 5, alreadySo: 0, failed: 0, notStarted: 0 });
    expect(report.teamOutcomes?.map((o) => [o.change.action, o.status, o.id])).toEqual([
      ['create', 'applied', 'team-new-platform'],
      ['rename', 'applied', undefined],
      ['delete', 'applied', undefined],
    ]);
  });

  it('fails the grants of a team it could not create, and goes on with the rest', async () => {
    const api = fakeApi(true);
    const report = await applyChanges(grants, api, { concurrency: 1, teams: { changes: teamChanges, api, organization: 'acme' } });
    expect(api.log).not.toContain('add team-new-platform on ws-1');
    expect(report.outcomes[1]).toMatchObject({ status: 'failed', reason: 'not applied: team "platform" was not created' });
    expect(report.converged).toBe(false);
    expect(report.counts.failed).toBe(2);
  });

  it('issue 39: a create of the top flag of the chain sends the closed set after the team exists; no flag on, no PATCH', async () => {
    const api = fakeApi();
    const changes: TeamChange[] = [
      { action: 'create', name: 'admins', fields: [{ flag: 'manage-organization-access', before: null, after: true }] },
      { action: 'create', name: 'plain', fields: [{ flag: 'manage-teams', before: null, after: false, default: 'service' }] },
    ];
    const report = await applyChanges([], api, { concurrency: 1, teams: { changes, api, organization: 'acme' } });
    expect(api.log).toEqual([
      'create team admins {}',
      'patch team-new-admins {"organizationAccess":{"manage-organization-access":true,"manage-membership":true,"manage-teams":true}}',
      'create team plain {}',
    ]);
    expect(report.converged).toBe(true);
  });

  it("issue 39: flags refused after the create: the outcome fails naming the team's id, and its grants still go", async () => {
    const api = fakeApi();
    api.updateTeam = async (id) => {
      api.log.push(`patch ${id}`);
      throw new RemoteError('PATCH', `/teams/${id}`, 422, [{ status: '422', title: 'invalid attribute', detail: 'manage-teams requires manage-membership' }]);
    };
    const report = await applyChanges([grants[1] as Change], api, {
      concurrency: 1,
      teams: { changes: [teamChanges[0] as TeamChange], api, organization: 'acme' },
    });
    expect(report.teamOutcomes?.[0]).toMatchObject({ status: 'failed', id: 'team-new-platform' });
    // Not a failure another run cannot fix: the team exists, and the next plan's update finishes it.
    expect(report.teamOutcomes?.[0]?.permanent).toBeUndefined();
    expect(report.teamOutcomes?.[0]?.reason).toMatch(
      /^the team was created \(team-new-platform\) but its organization access was not set: .*422.*manage-teams requires manage-membership.*; the next plan sets it$/,
    );
    expect(api.log).toEqual(['create team platform {}', 'patch team-new-platform', 'add team-new-platform on ws-1']);
    expect(report.converged).toBe(false);
  });

  it('is the executor of before when a plan has no team changes', async () => {
    const api = fakeApi();
    const report = await applyChanges([grants[0] as Change], api, { concurrency: 1 });
    expect('teamOutcomes' in report).toBe(false);
    expect(api.log).toEqual(['remove grant tws-old']);
  });
});
