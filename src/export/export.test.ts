import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { LiveGrant, LiveState, LiveTarget, Team } from '../core/model.js';
import { exportLive } from './document.js';
import { exportFiles } from './files.js';
import { grantValue } from './grant.js';
import { fileNameOf, splitByProject } from './split.js';
import { renderFile } from './yaml.js';

const team = (id: string, name: string): Team => ({ id, name, visibility: 'organization', organizationAccess: {} });

function grant(id: string, teamId: string, targetId: string, resource: LiveGrant['resource'], access: LiveGrant['access']): LiveGrant {
  return { id, resource, teamId, targetId, access, extra: {} };
}

function state(targets: LiveTarget[], teams: Team[] = [team('team-a', 'alpha'), team('team-b', 'beta')]): LiveState {
  return { organization: 'acme', teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(targets.map((t) => [t.id, t])) };
}

describe('grantValue', () => {
  it('writes a fixed level as its shorthand', () => {
    expect(grantValue('team-projects', { access: 'maintain', permissions: { 'project-access.settings': 'read' } })).toBe('maintain');
  });

  it('writes a custom project grant nested, with only non-default attributes, keys sorted', () => {
    const value = grantValue('team-projects', {
      access: 'custom',
      permissions: {
        'workspace-access.runs': 'apply',
        'project-access.settings': 'read',
        'workspace-access.locking': true,
        'project-access.teams': 'read',
        'workspace-access.create': false,
      },
    });
    expect(value).toEqual({ access: 'custom', 'project-access': { teams: 'read' }, 'workspace-access': { locking: true, runs: 'apply' } });
    expect(JSON.stringify(value)).toBe('{"access":"custom","project-access":{"teams":"read"},"workspace-access":{"locking":true,"runs":"apply"}}');
  });

  it('writes a custom workspace grant flat; an all-default one is just access: custom', () => {
    expect(grantValue('team-workspaces', { access: 'custom', permissions: { variables: 'write', runs: 'read' } })).toEqual({
      access: 'custom',
      variables: 'write',
    });
    expect(grantValue('team-workspaces', { access: 'custom', permissions: {} })).toEqual({ access: 'custom' });
  });
});

describe('exportLive', () => {
  const platform: LiveTarget = {
    type: 'project',
    id: 'prj-1',
    name: 'platform',
    grants: [
      grant('tprj-2', 'team-b', 'prj-1', 'team-projects', { access: 'read', permissions: {} }),
      grant('tprj-1', 'team-a', 'prj-1', 'team-projects', { access: 'admin', permissions: {} }),
      grant('tprj-3', 'team-secret', 'prj-1', 'team-projects', { access: 'write', permissions: {} }),
    ],
  };
  const empty: LiveTarget = { type: 'workspace', id: 'ws-1', name: 'quiet', grants: [] };

  it('sorts teams, leaves out and reports grants of teams it cannot name', () => {
    const exported = exportLive(state([platform]), { named: new Set() });
    expect(exported.targets.map((t) => t.teams)).toEqual([{ alpha: 'admin', beta: 'read' }]);
    expect(Object.keys(exported.targets[0]!.teams)).toEqual(['alpha', 'beta']);
    expect(exported.skipped).toEqual([{ reason: 'team-not-visible', target: { type: 'project', name: 'platform' }, grantId: 'tprj-3', teamId: 'team-secret' }]);
  });

  it('keeps a named target without grants, drops an unnamed one', () => {
    expect(exportLive(state([platform, empty]), { named: new Set() }).targets.map((t) => t.name)).toEqual(['platform']);
    expect(exportLive(state([platform, empty]), { named: new Set(['ws-1']) }).targets.map((t) => t.name)).toEqual(['platform', 'quiet']);
  });

  it('keeps the first of two grants of one team (by grant id) and reports the other', () => {
    const twice: LiveTarget = {
      ...empty,
      grants: [
        grant('tws-9', 'team-a', 'ws-1', 'team-workspaces', { access: 'plan', permissions: {} }),
        grant('tws-1', 'team-a', 'ws-1', 'team-workspaces', { access: 'read', permissions: {} }),
      ],
    };
    const exported = exportLive(state([twice]), { named: new Set() });
    expect(exported.targets[0]?.teams).toEqual({ alpha: 'read' });
    expect(exported.skipped.map((s) => `${s.reason} ${s.grantId}`)).toEqual(['duplicate-grant tws-9']);
  });
});

describe('renderFile', () => {
  it('puts the schema comment on top and writes a file that reads back to the same document', () => {
    const exported = exportLive(state([{ type: 'workspace', id: 'ws-1', name: 'web: prod', grants: [] }]), { named: new Set(['ws-1']) });
    const text = renderFile('acme', exported.targets, '../schemas/tfe-access.schema.json');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/tfe-access.schema.json');
    expect(parse(text)).toEqual({ organization: 'acme', workspaces: { 'web: prod': { teams: {} } } });
  });

  it('writes only the organization when nothing is exported', () => {
    expect(renderFile('acme', [], 'x.json')).toBe('# yaml-language-server: $schema=x.json\norganization: acme\n');
  });
});

describe('split by project', () => {
  it('makes safe, unique file names', () => {
    expect(fileNameOf('Default Project')).toBe('Default-Project');
    expect(fileNameOf('../etc')).toBe('etc');
    expect(fileNameOf('...')).toBe('project');
  });

  it('puts each workspace with its project, and those of no known project in their own file', () => {
    const targets = [
      { type: 'project' as const, id: 'prj-1', name: 'A b', teams: {} },
      { type: 'workspace' as const, id: 'ws-1', name: 'w1', projectId: 'prj-1', teams: {} },
      { type: 'workspace' as const, id: 'ws-2', name: 'w2', projectId: 'prj-2', teams: {} },
      { type: 'workspace' as const, id: 'ws-3', name: 'w3', teams: {} },
    ];
    const groups = splitByProject(
      targets,
      new Map([
        ['prj-1', 'A b'],
        ['prj-2', 'a-b'],
      ]),
    );
    expect(groups.map((g) => [g.file, g.targets.map((t) => t.name)])).toEqual([
      ['_no-project.yaml', ['w3']],
      ['A-b.yaml', ['A b', 'w1']],
      ['a-b-2.yaml', ['w2']],
    ]);
  });

  it('exportFiles renders one file per group, each naming the organization', () => {
    const live = state([
      {
        type: 'workspace',
        id: 'ws-1',
        name: 'w1',
        projectId: 'prj-1',
        grants: [grant('tws-1', 'team-a', 'ws-1', 'team-workspaces', { access: 'write', permissions: {} })],
      },
    ]);
    const result = exportFiles(live, { named: new Set(), schemaRef: 's.json', splitByProject: new Map([['prj-1', 'core']]) });
    expect(result.files.map((f) => f.file)).toEqual(['core.yaml']);
    expect(parse(result.files[0]!.text)).toEqual({ organization: 'acme', workspaces: { w1: { teams: { alpha: 'write' } } } });
    expect(result.targetCount).toBe(1);
  });
});
