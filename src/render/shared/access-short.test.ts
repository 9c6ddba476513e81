import { describe, expect, it } from 'vitest';
import { CUSTOM_DEFAULTS, IMPLIED, PERMISSION_ORDER, PERMISSIONS } from '../../core/access.js';
import { accessShortForm } from './access-short.js';

const workspace = { type: 'workspace', name: 'w', id: 'ws-1' } as const;
const project = { type: 'project', name: 'p', id: 'prj-1' } as const;

describe('accessShortForm', () => {
  it('a fixed level is its name', () => {
    expect(accessShortForm({ target: workspace, access: 'write', permissions: IMPLIED['team-workspaces'].write ?? {} })).toBe('write');
    expect(accessShortForm({ target: project, access: 'admin', permissions: {} })).toBe('admin');
  });

  it('custom says what it allows, in table order, the lowest values left out', () => {
    const permissions = { ...CUSTOM_DEFAULTS['team-workspaces'], runs: 'apply', variables: 'write', 'state-versions': 'read', 'workspace-locking': true };
    expect(accessShortForm({ target: workspace, access: 'custom', permissions })).toBe('custom: apply, vars rw, state r, lock');
    expect(accessShortForm({ target: workspace, access: 'custom', permissions: { ...permissions, 'state-versions': 'read-outputs', variables: 'read' } })).toBe(
      'custom: apply, vars r, state ro, lock',
    );
    expect(accessShortForm({ target: workspace, access: 'custom', permissions: CUSTOM_DEFAULTS['team-workspaces'] })).toBe('custom: read');
  });

  it('a project custom cell: project settings, teams, variable sets and the workspace permissions', () => {
    const permissions = {
      ...CUSTOM_DEFAULTS['team-projects'],
      'project-access.settings': 'update',
      'project-access.teams': 'manage',
      'project-access.variable-sets': 'read',
      'workspace-access.runs': 'plan',
      'workspace-access.create': true,
      'workspace-access.policy-overrides': true,
    };
    expect(accessShortForm({ target: project, access: 'custom', permissions })).toBe(
      'custom: settings update, teams manage, varsets r, plan, create, overrides',
    );
  });

  it('finding 9: a custom grant reads in the same order on a project and on its workspaces', () => {
    const onProject = {
      ...CUSTOM_DEFAULTS['team-projects'],
      'workspace-access.runs': 'apply',
      'workspace-access.sentinel-mocks': 'read',
      'workspace-access.state-versions': 'read',
      'workspace-access.variables': 'write',
      'workspace-access.locking': true,
    };
    const onWorkspace = {
      ...CUSTOM_DEFAULTS['team-workspaces'],
      runs: 'apply',
      'sentinel-mocks': 'read',
      'state-versions': 'read',
      variables: 'write',
      'workspace-locking': true,
    };
    const projectWords = accessShortForm({ target: project, access: 'custom', permissions: onProject });
    expect(projectWords).toBe('custom: apply, vars rw, state r, mocks r, lock');
    expect(accessShortForm({ target: workspace, access: 'custom', permissions: onWorkspace })).toBe(projectWords);
  });

  it('every permission of both tables has its place in the one order', () => {
    const names = [...PERMISSIONS['team-projects'], ...PERMISSIONS['team-workspaces']].map((spec) => spec.key.slice(spec.key.indexOf('.') + 1));
    expect(names.filter((name) => !PERMISSION_ORDER.includes(name))).toEqual([]);
  });
});
