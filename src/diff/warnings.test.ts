import { describe, expect, it } from 'vitest';
import { access, desiredOf, liveOf, team } from '../../test/support/states.js';
import { IMPLIED } from '../core/access.js';
import type { DesiredTarget, LiveTarget } from '../core/model.js';
import { indexLive } from './diff.js';
import { warnings } from './warnings.js';

const teams = [team('owners'), team('dev'), team('platform', { 'manage-projects': true }), team('wsadmins', { 'manage-workspaces': true })];
const liveTargets: LiveTarget[] = [
  { type: 'project', id: 'prj-1', name: 'core', grants: [] },
  { type: 'workspace', id: 'ws-1', name: 'net', projectId: 'prj-1', grants: [] },
];

function run(targets: DesiredTarget[]) {
  const live = liveOf('acme', teams, liveTargets);
  return warnings(desiredOf(targets), indexLive(live));
}

describe('effective-access warnings', () => {
  it('a project grant below admin of a team with manage-projects is shadowed', () => {
    const found = run([{ type: 'project', name: 'core', prune: true, grants: [{ team: 'platform', access: access('team-projects', 'read') }] }]);
    expect(found).toMatchObject([{ code: 'shadowed-by-organization-access', team: 'platform' }]);
    expect(found[0]?.message).toContain('manage-projects');
  });

  it('an admin grant is not shadowed, and manage-workspaces shadows workspace grants only', () => {
    expect(
      run([
        {
          type: 'project',
          name: 'core',
          prune: true,
          grants: [
            { team: 'platform', access: access('team-projects', 'admin') },
            { team: 'wsadmins', access: access('team-projects', 'read') },
          ],
        },
      ]),
    ).toEqual([]);
    const found = run([{ type: 'workspace', name: 'net', prune: true, grants: [{ team: 'wsadmins', access: access('team-workspaces', 'plan') }] }]);
    expect(found.map((w) => w.code)).toEqual(['shadowed-by-organization-access']);
  });

  it('suggests the level when a custom set equals it', () => {
    const custom = access('team-workspaces', 'custom', { ...IMPLIED['team-workspaces'].plan });
    const found = run([{ type: 'workspace', name: 'net', prune: true, grants: [{ team: 'dev', access: custom }] }]);
    expect(found).toMatchObject([{ code: 'custom-equals-level' }]);
    expect(found[0]?.message).toContain('"plan"');
  });

  it('a workspace grant below the role the project grant gives is pointed out', () => {
    const found = run([
      { type: 'project', name: 'core', prune: true, grants: [{ team: 'dev', access: access('team-projects', 'maintain') }] },
      { type: 'workspace', name: 'net', prune: true, grants: [{ team: 'dev', access: access('team-workspaces', 'write') }] },
    ]);
    expect(found).toMatchObject([{ code: 'below-project-access', team: 'dev' }]);
    expect(found[0]?.message).toContain('admin workspace role');
  });

  it('a workspace grant at or above the project role is fine', () => {
    expect(
      run([
        { type: 'project', name: 'core', prune: true, grants: [{ team: 'dev', access: access('team-projects', 'write') }] },
        { type: 'workspace', name: 'net', prune: true, grants: [{ team: 'dev', access: access('team-workspaces', 'admin') }] },
      ]),
    ).toEqual([]);
  });
});
