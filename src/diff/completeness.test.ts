import { describe, expect, it } from 'vitest';
import { access, liveOf, team, teamId } from '../../test/support/states.js';
import { coverageOf, incompleteTargetsOf, populationReasons } from './completeness.js';

describe('incompleteTargetsOf', () => {
  it('marks targets the reader flagged and targets with a grant of an invisible team', () => {
    const grant = (id: string, teamName: string, targetId: string) => ({
      id,
      resource: 'team-projects' as const,
      teamId: teamId(teamName),
      targetId,
      access: access('team-projects', 'read'),
      extra: {},
    });
    const live = liveOf(
      'acme',
      [team('dev')],
      [
        { type: 'project', id: 'prj-a', name: 'a', grants: [grant('g1', 'dev', 'prj-a')] },
        { type: 'project', id: 'prj-b', name: 'b', grants: [grant('g2', 'secret', 'prj-b')] },
        { type: 'project', id: 'prj-c', name: 'c', grants: [], complete: false },
      ],
    );
    expect([...incompleteTargetsOf(live)].sort()).toEqual(['prj-b', 'prj-c']);
  });
});

describe('coverageOf', () => {
  const grant = (id: string, teamName: string, targetId: string) => ({
    id,
    resource: 'team-workspaces' as const,
    teamId: teamId(teamName),
    targetId,
    access: access('team-workspaces', 'read'),
    extra: {},
  });

  it('complete when every grant names a team the token sees and no read was flagged', () => {
    const live = liveOf('acme', [team('dev')], [{ type: 'workspace', id: 'ws-a', name: 'a', grants: [grant('g1', 'dev', 'ws-a')] }]);
    expect(coverageOf(live)).toEqual({ complete: true, reasons: [] });
  });

  it('one grants-of-unseen-teams reason naming every incomplete target, projects first, each by name', () => {
    const live = liveOf(
      'acme',
      [team('dev')],
      [
        { type: 'workspace', id: 'ws-z', name: 'z', grants: [grant('g1', 'secret', 'ws-z')] },
        { type: 'workspace', id: 'ws-b', name: 'b "quoted"', grants: [], complete: false },
        { type: 'workspace', id: 'ws-ok', name: 'ok', grants: [grant('g2', 'dev', 'ws-ok')] },
        { type: 'project', id: 'prj-p', name: 'p', grants: [], complete: false },
      ],
    );
    expect(coverageOf(live)).toEqual({
      complete: false,
      reasons: [{ code: 'grants-of-unseen-teams', targets: ['project "p"', 'workspace "b \\"quoted\\""', 'workspace "z"'] }],
    });
  });
});

describe('populationReasons (issue 37, finding 1)', () => {
  const identity = { kind: 'team' as const, userId: 'user-t', username: 'api-team', serviceAccount: true, resourceId: teamId('ops') };
  const viewer = (flags: Record<string, boolean>) => ({ identity, seesEveryTeam: false, teams: [team('ops', flags)] });

  it('finding 1: a team token admin everywhere proves neither every team nor every target; one that saw none says so', () => {
    expect(populationReasons(viewer({}), 3).map((r) => r.code)).toEqual(['teams-not-proven', 'targets-not-proven']);
    expect(populationReasons(viewer({}), 0)).toEqual([
      { code: 'teams-not-proven' },
      { code: 'targets-not-proven', lists: ['projects', 'workspaces'] },
      { code: 'no-targets-seen' },
    ]);
    expect(populationReasons(viewer({ 'manage-workspaces': true }), 2)).toEqual([
      { code: 'teams-not-proven' },
      { code: 'targets-not-proven', lists: ['projects'] },
    ]);
  });

  it('an owner, or a team that sees secret teams and reads every project and workspace, proves the population', () => {
    expect(populationReasons({ identity, seesEveryTeam: true, teams: [] }, 0)).toEqual([]);
    const whole = viewer({ 'access-secret-teams': true, 'manage-teams': true, 'read-projects': true, 'read-workspaces': true });
    expect(populationReasons(whole, 0)).toEqual([]);
    // access-secret-teams alone gives nothing (docs/api.md, "Teams").
    expect(populationReasons(viewer({ 'access-secret-teams': true, 'manage-projects': true }), 1)).toEqual([{ code: 'teams-not-proven' }]);
    // A token the server did not name: identity-unknown says it (coverageOf), nothing here.
    expect(populationReasons({ seesEveryTeam: false, teams: [] }, 0)).toEqual([]);
  });
});
