import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { access, applyInMemory, arbScenario, desiredOf, liveOf, team, teamId } from '../../test/support/states.js';
import { IMPLIED } from '../core/access.js';
import type { DesiredRoles } from '../core/desired-state.js';
import type { CustomAccess, DesiredTarget, LiveState, LiveTarget } from '../core/model.js';
import { customAccess } from '../core/permissions.js';
import { diff } from './diff.js';

const RUNS = { numRuns: 300 };

function project(grants: DesiredTarget['grants'], prune = true): DesiredTarget {
  return { type: 'project', name: 'platform', prune, grants };
}

function liveProject(grants: Array<{ team: string; access: ReturnType<typeof access>; id?: string }>): LiveState {
  const teams = ['owners', 'dev', 'ops', 'audit'].map((n) => team(n));
  return liveOf('acme', teams, [
    {
      type: 'project',
      id: 'prj-1',
      name: 'platform',
      grants: grants.map((g, i) => ({
        id: g.id ?? `tprj-${i}`,
        resource: 'team-projects',
        teamId: teamId(g.team),
        targetId: 'prj-1',
        access: g.access,
        extra: {},
      })),
    },
  ]);
}

describe('diff: properties', () => {
  it('applying the plan to the live state leaves nothing to change', () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const after = applyInMemory(live, diff(desired, live));
        expect(diff(desired, after)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('a desired state against its own materialisation is empty', () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const emptied: LiveState = { ...live, targets: new Map([...live.targets].map(([id, t]) => [id, { ...t, grants: [] }])) };
        const materialised = applyInMemory(emptied, diff(desired, emptied));
        expect(diff(desired, materialised)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('is invariant under reordering of targets, grants and live grants', () => {
    fc.assert(
      fc.property(arbScenario, fc.integer(), ({ desired, live }, seed) => {
        const shuffle = <T>(items: readonly T[]): T[] => {
          const out = [...items];
          let s = seed;
          for (let i = out.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [out[i], out[j]] = [out[j] as T, out[i] as T];
          }
          return out;
        };
        const reordered = {
          ...desired,
          targets: shuffle(desired.targets).map((t) => ({ ...t, grants: shuffle(t.grants) })),
        };
        const reorderedLive: LiveState = {
          ...live,
          teams: new Map(shuffle([...live.teams])),
          targets: new Map(shuffle([...live.targets]).map(([id, t]) => [id, { ...t, grants: shuffle(t.grants) }])),
        };
        expect(diff(reordered, reorderedLive)).toEqual(diff(desired, live));
      }),
      RUNS,
    );
  });

  it('decides a team the same way on a target of many live grants (looked up by team) as of a few (scanned), duplicates and expired grants included', () => {
    fc.assert(
      fc.property(arbScenario, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), ({ desired, live }, coin) => {
        // Some live grants twice (the service erred), and some targets' first grant of the files expired.
        const doubled = (t: LiveTarget, i: number): LiveTarget => ({
          ...t,
          grants: t.grants.flatMap((g, j) => (coin[(i + j) % 8] ? [g, { ...g, id: `${g.id}-again` }] : [g])),
        });
        const expiring = {
          ...desired,
          targets: desired.targets.map((t, i) => (coin[i] && t.grants.length > 0 ? { ...t, grants: t.grants.slice(1), expired: t.grants.slice(0, 1) } : t)),
        };
        const few: LiveState = { ...live, targets: new Map([...live.targets.values()].map((t, i) => [t.id, doubled(t, i)])) };
        // 16 grants more of a team the files do not name: every target is past INDEX_FROM.
        const filler = (t: LiveTarget): LiveTarget => ({
          ...t,
          grants: [
            ...t.grants,
            ...Array.from({ length: 16 }, (_, k) => ({
              id: `${t.id}-filler-${k}`,
              resource: t.type === 'project' ? ('team-projects' as const) : ('team-workspaces' as const),
              teamId: teamId('filler'),
              targetId: t.id,
              access: access(t.type === 'project' ? 'team-projects' : 'team-workspaces', 'read'),
              extra: {},
            })),
          ],
        });
        const many: LiveState = {
          ...few,
          teams: new Map([...few.teams, [teamId('filler'), team('filler')]]),
          targets: new Map([...few.targets.values()].map((t) => [t.id, filler(t)])),
        };
        expect(diff(expiring, many).filter((c) => c.team.name !== 'filler')).toEqual(diff(expiring, few));
      }),
      RUNS,
    );
  });

  it('a fixed level never differs by attributes, whatever the service reports for it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('read', 'write', 'maintain', 'admin' as const),
        fc.dictionary(fc.constantFrom(...Object.keys(IMPLIED['team-projects'].read ?? {})), fc.oneof(fc.boolean(), fc.string())),
        (level, reported) => {
          const live = liveProject([{ team: 'dev', access: { access: level, permissions: reported } }]);
          const desired = desiredOf([project([{ team: 'dev', access: access('team-projects', level) }])]);
          expect(diff(desired, live)).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe('diff: rules', () => {
  it('adds, updates and removes, sorted by team', () => {
    const live = liveProject([
      { team: 'ops', access: access('team-projects', 'read') },
      { team: 'audit', access: access('team-projects', 'write') },
    ]);
    const desired = desiredOf([
      project([
        { team: 'dev', access: access('team-projects', 'admin') },
        { team: 'ops', access: access('team-projects', 'write') },
      ]),
    ]);
    const changes = diff(desired, live);
    expect(changes.map((c) => [c.action, c.team.name])).toEqual([
      ['remove', 'audit'],
      ['add', 'dev'],
      ['update', 'ops'],
    ]);
  });

  it('never removes the owners team, an ignored team, or anything when prune is off', () => {
    const live = liveProject([
      { team: 'owners', access: access('team-projects', 'admin') },
      { team: 'audit', access: access('team-projects', 'read') },
      { team: 'ops', access: access('team-projects', 'read') },
    ]);
    expect(diff(desiredOf([project([])], { ignoreTeams: ['audit'] }), live).map((c) => c.team.name)).toEqual(['ops']);
    expect(diff(desiredOf([project([], false)]), live)).toEqual([]);
  });

  it('never removes a grant of a team it cannot name (partial read)', () => {
    const live = liveProject([{ team: 'ghost', access: access('team-projects', 'read') }]);
    expect(diff(desiredOf([project([])]), live)).toEqual([]);
  });

  it('marks custom equal to a fixed level as a label-only update', () => {
    const live = liveProject([{ team: 'dev', access: access('team-projects', 'custom', { ...IMPLIED['team-projects'].write }) }]);
    const [change] = diff(desiredOf([project([{ team: 'dev', access: access('team-projects', 'write') }])]), live);
    expect(change).toMatchObject({ action: 'update', labelOnly: true });
  });

  it('does not count an attribute the service did not report as a difference', () => {
    const full = access('team-projects', 'custom', { 'workspace-access.runs': 'apply', 'workspace-access.delete': true });
    const { 'workspace-access.delete': _omitted, ...reported } = full.permissions;
    const live = liveProject([{ team: 'dev', access: { access: 'custom', permissions: reported } }]);
    expect(diff(desiredOf([project([{ team: 'dev', access: full }])]), live)).toEqual([]);
  });

  it('updates a custom grant whose reported attribute differs', () => {
    const live = liveProject([{ team: 'dev', access: access('team-projects', 'custom', { 'workspace-access.runs': 'plan' }) }]);
    const desired = desiredOf([project([{ team: 'dev', access: access('team-projects', 'custom', { 'workspace-access.runs': 'apply' }) }])]);
    const [change] = diff(desired, live);
    expect(change).toMatchObject({ action: 'update', labelOnly: false, id: 'tprj-0' });
  });

  it('removes a duplicate grant of a listed team', () => {
    const live = liveProject([
      { team: 'dev', access: access('team-projects', 'read'), id: 'tprj-a' },
      { team: 'dev', access: access('team-projects', 'read'), id: 'tprj-b' },
    ]);
    const changes = diff(desiredOf([project([{ team: 'dev', access: access('team-projects', 'read') }])]), live);
    expect(changes).toMatchObject([{ action: 'remove', id: 'tprj-b' }]);
  });
});

describe('diff: roles', () => {
  const deployer = customAccess('team-projects', { 'workspace-access.runs': 'apply' });
  const observer = customAccess('team-projects', { 'workspace-access.state-versions': 'read-outputs' });
  const roles = (extra: Array<[string, CustomAccess]> = []): DesiredRoles => ({
    project: new Map([['deployer', deployer], ['observer', observer], ...extra]),
    workspace: new Map(),
  });

  it('names the role the file names on the after side, and the role a live custom grant has on the before side', () => {
    const desired = {
      ...desiredOf([
        project([
          { team: 'dev', access: deployer, role: 'deployer' },
          { team: 'ops', access: { access: 'read' } },
        ]),
      ]),
      roles: roles(),
    };
    const changes = diff(
      desired,
      liveProject([
        { team: 'ops', access: observer },
        { team: 'audit', access: deployer },
      ]),
    );
    expect(changes.map((c) => [c.action, c.team.name, 'beforeRole' in c ? c.beforeRole : undefined, 'afterRole' in c ? c.afterRole : undefined])).toEqual([
      ['remove', 'audit', 'deployer', undefined],
      ['add', 'dev', undefined, 'deployer'],
      ['update', 'ops', 'observer', undefined],
    ]);
  });

  it('names no role on the before side when none or two roles of the files have the live permissions, or the grant is a fixed level', () => {
    const twins = { ...desiredOf([project([])]), roles: roles([['runner', deployer]]) };
    const fixed = access('team-projects', 'write');
    const unknown = access('team-projects', 'custom', { 'workspace-access.runs': 'plan' });
    for (const grant of [deployer, fixed, unknown]) {
      const [change] = diff(twins, liveProject([{ team: 'audit', access: grant }]));
      expect(change).toMatchObject({ action: 'remove' });
      expect(change).not.toHaveProperty('beforeRole');
    }
  });
});
