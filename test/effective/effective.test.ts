import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPLIED, type Resource } from '../../src/core/access.js';
import type { EffectiveCell } from '../../src/core/effective.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import { type Change, grantChanges } from '../../src/core/plan.js';
import { diff, indexLive } from '../../src/diff/diff.js';
import { buildPlan } from '../../src/diff/plan.js';
import { grantsAfter } from '../../src/effective/after.js';
import { directionOf, effectiveChanges } from '../../src/effective/changes.js';
import { EffectiveIndex, effectiveAccess, type GrantInput, type OrganizationInput } from '../../src/effective/compute.js';
import { compare, levelOf, maximum } from '../../src/effective/vector.js';
import { planJsonDocument } from '../../src/render/plan/json.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { access, applyInMemory, arbAccess, arbScenario, team } from '../support/states.js';

const PROJECTS: Project[] = [
  { id: 'prj-platform', name: 'platform' },
  { id: 'prj-data', name: 'data' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-net-prod', name: 'networking-prod', projectId: 'prj-platform' },
  { id: 'ws-net-dev', name: 'networking-dev', projectId: 'prj-platform' },
  { id: 'ws-lake', name: 'lake', projectId: 'prj-data' },
  { id: 'ws-loose', name: 'loose' },
];

const grant = (
  teamName: string,
  resource: Resource,
  targetId: string,
  level: Parameters<typeof access>[1],
  custom: Record<string, string | boolean> = {},
): GrantInput & { id: string } => ({
  id: `${resource === 'team-projects' ? 'tprj' : 'tws'}-${teamName}-${targetId}`,
  resource,
  teamId: `team-${teamName}`,
  targetId,
  access: access(resource, level, custom),
});

function org(teams: Team[], grants: GrantInput[]): OrganizationInput {
  return { teams, projects: PROJECTS, workspaces: WORKSPACES, grants };
}

function cellOf(cells: EffectiveCell[], teamName: string, targetName: string): EffectiveCell | undefined {
  return cells.find((c) => c.team.name === teamName && c.target.name === targetName);
}

describe('effective access of one team on one target', () => {
  it('manage-projects: admin on every project and workspace, whatever the grant says; the sources list both', () => {
    const cells = effectiveAccess(org([team('sre', { 'manage-projects': true })], [grant('sre', 'team-projects', 'prj-platform', 'read')]));
    expect(cells).toHaveLength(PROJECTS.length + WORKSPACES.length);
    expect(cellOf(cells, 'sre', 'platform')).toMatchObject({ access: 'admin', permissions: IMPLIED['team-projects'].admin });
    expect(cellOf(cells, 'sre', 'platform')?.sources).toEqual([
      { kind: 'organization', permission: 'manage-projects' },
      { kind: 'project', name: 'platform', id: 'prj-platform', access: 'read' },
    ]);
    expect(cellOf(cells, 'sre', 'networking-prod')).toMatchObject({ access: 'admin', permissions: IMPLIED['team-workspaces'].admin });
  });

  it('manage-workspaces gives admin on workspaces and nothing on projects; the owners team is admin everywhere', () => {
    const cells = effectiveAccess(org([team('ops', { 'manage-workspaces': true }), team('owners')], []));
    expect(cells.filter((c) => c.team.name === 'ops').map((c) => `${c.target.type}:${c.access}`)).toEqual(WORKSPACES.map(() => 'workspace:admin'));
    expect(cells.filter((c) => c.team.name === 'owners')).toHaveLength(PROJECTS.length + WORKSPACES.length);
    expect(cellOf(cells, 'owners', 'data')?.sources).toEqual([{ kind: 'owners' }]);
  });

  it('read-workspaces: the read role on every workspace; read-projects: read on every project too', () => {
    const cells = effectiveAccess(org([team('audit', { 'read-workspaces': true }), team('viewers', { 'read-projects': true, 'read-workspaces': true })], []));
    expect(cells.filter((c) => c.team.name === 'audit').every((c) => c.target.type === 'workspace' && c.access === 'read')).toBe(true);
    expect(cellOf(cells, 'viewers', 'data')).toMatchObject({ access: 'read', permissions: IMPLIED['team-projects'].read });
    expect(cellOf(cells, 'viewers', 'lake')?.sources).toEqual([
      { kind: 'organization', permission: 'read-projects' },
      { kind: 'organization', permission: 'read-workspaces' },
    ]);
  });

  it('a project grant gives its workspace role on every workspace of the project: maintain is admin, write + a plan grant is write', () => {
    const cells = effectiveAccess(
      org(
        [team('dev'), team('ops')],
        [
          grant('dev', 'team-projects', 'prj-platform', 'write'),
          grant('dev', 'team-workspaces', 'ws-net-prod', 'plan'),
          grant('ops', 'team-projects', 'prj-platform', 'maintain'),
        ],
      ),
    );
    expect(cellOf(cells, 'dev', 'networking-prod')).toMatchObject({
      access: 'write',
      permissions: IMPLIED['team-workspaces'].write,
      sources: [
        { kind: 'project', name: 'platform', id: 'prj-platform', access: 'write' },
        { kind: 'workspace', access: 'plan' },
      ],
    });
    expect(cellOf(cells, 'dev', 'lake')).toBeUndefined();
    expect(cellOf(cells, 'ops', 'platform')?.access).toBe('maintain');
    expect(cellOf(cells, 'ops', 'networking-dev')?.access).toBe('admin');
    expect(cellOf(cells, 'ops', 'loose')).toBeUndefined();
  });

  it('the per-permission maximum of a custom project grant and a read workspace grant is custom; locking counts as workspace-locking', () => {
    const cells = effectiveAccess(
      org(
        [team('ci')],
        [
          grant('ci', 'team-projects', 'prj-data', 'custom', {
            'workspace-access.runs': 'apply',
            'workspace-access.locking': true,
            'workspace-access.move': true,
          }),
          grant('ci', 'team-workspaces', 'ws-lake', 'read'),
        ],
      ),
    );
    expect(cellOf(cells, 'ci', 'lake')).toMatchObject({
      access: 'custom',
      permissions: { runs: 'apply', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': true, 'run-tasks': false },
    });
  });

  it('a custom workspace grant equal to the admin row is custom, not admin: admin needs a source that gives it', () => {
    const cells = effectiveAccess(org([team('ci')], [grant('ci', 'team-workspaces', 'ws-loose', 'custom', { ...IMPLIED['team-workspaces'].admin })]));
    expect(cellOf(cells, 'ci', 'loose')?.access).toBe('custom');
  });
});

describe('vectors over the tables', () => {
  it('values the tables do not allow (a level\'s "not known", an unreported key) are left out of the maximum and never compared', () => {
    expect(
      maximum('team-workspaces', [
        { runs: 'not known', variables: 'read' },
        { runs: 'plan', 'run-tasks': null as unknown as boolean },
      ]),
    ).toEqual({ runs: 'plan', variables: 'read' });
    expect(levelOf('team-workspaces', { ...IMPLIED['team-workspaces'].write, 'sentinel-mocks': 'not known' }, false)).toBe('write');
    expect(levelOf('team-workspaces', { runs: 'plan', variables: 'read', 'state-versions': 'read' }, false)).toBe('plan');
    expect(compare('team-workspaces', { runs: 'plan', 'run-tasks': true }, { runs: 'apply', 'run-tasks': 'not known' })).toEqual({ up: true, down: false });
  });
});

// ---- properties ----

const TEAMS = ['dev', 'ops', 'audit', 'owners'];
const arbTeams = fc.tuple(
  ...TEAMS.map((name) =>
    fc
      .subarray(['manage-projects', 'manage-workspaces', 'read-projects', 'read-workspaces'])
      .map((keys) => team(name, Object.fromEntries(keys.map((k) => [k, true])))),
  ),
);
const arbGrant: fc.Arbitrary<GrantInput> = fc.oneof(
  fc
    .record({ team: fc.constantFrom(...TEAMS), target: fc.constantFrom(...PROJECTS.map((p) => p.id)), access: arbAccess('team-projects') })
    .map((g) => ({ resource: 'team-projects' as const, teamId: `team-${g.team}`, targetId: g.target, access: g.access })),
  fc
    .record({ team: fc.constantFrom(...TEAMS), target: fc.constantFrom(...WORKSPACES.map((w) => w.id)), access: arbAccess('team-workspaces') })
    .map((g) => ({ resource: 'team-workspaces' as const, teamId: `team-${g.team}`, targetId: g.target, access: g.access })),
);

describe('properties', () => {
  it("monotonic: adding a grant never lowers anyone's access on any target", () => {
    fc.assert(
      fc.property(arbTeams, fc.array(arbGrant, { maxLength: 8 }), arbGrant, (teams, grants, added) => {
        const before = effectiveAccess(org(teams, grants));
        const after = new EffectiveIndex(org(teams, [...grants, added]));
        for (const cell of before) {
          const now = after.cell(cell.team.id, cell.target.type, cell.target.id);
          expect(now).toBeDefined();
          // A permission known on both sides never falls; the added grant may make one not known
          // (a source that does not know it may hide a higher value: docs/effective-access.md, "Effective access").
          expect(compare(cell.target.type === 'project' ? 'team-projects' : 'team-workspaces', cell.permissions, now!.permissions).down).toBe(false);
          if (cell.access === 'admin') expect(now!.access).toBe('admin');
          expect(directionOf(cell, now)).not.toMatch(/falls|mixed/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the grants after a plan are the grants the service holds once it is applied', () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const changes = diff(desired, live, indexLive(live));
        const grantsOf = (state: typeof live) => [...state.targets.values()].flatMap((t) => t.grants);
        const input = (grants: readonly GrantInput[]): OrganizationInput => ({
          teams: [...live.teams.values()],
          projects: [
            { id: 'prj-platform', name: 'platform' },
            { id: 'prj-data', name: 'data' },
          ],
          workspaces: [
            { id: 'ws-net-prod', name: 'net-prod', projectId: 'prj-platform' },
            { id: 'ws-app-dev', name: 'app-dev' },
          ],
          grants,
        });
        expect(effectiveAccess(input(grantsAfter(grantsOf(live), changes)))).toEqual(effectiveAccess(input(grantsOf(applyInMemory(live, changes)))));
      }),
      { numRuns: 200 },
    );
  });
});

describe('what a plan does to effective access', () => {
  it('every generated plan with its effective changes validates against the plan schema, and every change is accounted for', () => {
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const plan = buildPlan(desired, live);
        const grants = [...live.targets.values()].flatMap((t) => t.grants);
        const workspaces = [
          { id: 'ws-netprod', name: 'net-prod', projectId: 'prj-platform' },
          { id: 'ws-appdev', name: 'app-dev', projectId: 'prj-data' },
        ];
        const effective = effectiveChanges(grantChanges(plan), {
          teams: [...live.teams.values()],
          projects: [
            { id: 'prj-platform', name: 'platform' },
            { id: 'prj-data', name: 'data' },
          ],
          workspaces,
          grants,
        });
        expect(validate(planJsonDocument({ ...plan, refusals: [], effectiveChanges: effective })), JSON.stringify(validate.errors)).toBe(true);
        // A change that is not label-only either moves something or is listed as shadowed.
        for (const change of grantChanges(plan)) {
          if (change.action === 'update' && change.labelOnly) continue;
          expect(effective.some((e) => e.team.id === change.team.id && e.via.some((v) => v.name === change.target.name && v.action === change.action))).toBe(
            true,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  const teams = [team('developers'), team('sre', { 'manage-workspaces': true })];
  const live = [grant('developers', 'team-projects', 'prj-platform', 'write'), grant('sre', 'team-workspaces', 'ws-net-prod', 'write')];
  const ref = (type: 'project' | 'workspace', id: string) => ({ type, id, name: [...PROJECTS, ...WORKSPACES].find((t) => t.id === id)!.name });
  const changes: Change[] = [
    {
      action: 'update',
      resource: 'team-projects',
      id: 'tprj-developers-prj-platform',
      team: { name: 'developers', id: 'team-developers' },
      target: ref('project', 'prj-platform'),
      before: access('team-projects', 'write'),
      after: { access: 'maintain' },
      labelOnly: false,
    },
    {
      action: 'update',
      resource: 'team-workspaces',
      id: 'tws-sre-ws-net-prod',
      team: { name: 'sre', id: 'team-sre' },
      target: ref('workspace', 'ws-net-prod'),
      before: access('team-workspaces', 'write'),
      after: { access: 'read' },
      labelOnly: false,
    },
  ];

  it('a project write -> maintain raises the project and every workspace of it to admin, through the project grant', () => {
    const effective = effectiveChanges(changes, { ...org(teams, live) });
    const developers = effective.filter((e) => e.team.name === 'developers');
    expect(developers.map((e) => `${e.target.name}: ${e.before} -> ${e.after} ${e.direction}`)).toEqual([
      'platform: write -> maintain rises',
      'networking-dev: write -> admin rises',
      'networking-prod: write -> admin rises',
    ]);
    expect(developers[1]?.via).toEqual([{ type: 'project', name: 'platform', action: 'update', access: 'maintain' }]);
  });

  it('a grant change that moves nothing effective is listed as shadowed, with what holds the access', () => {
    const sre = effectiveChanges(changes, org(teams, live)).filter((e) => e.team.name === 'sre');
    expect(sre).toEqual([
      {
        team: { name: 'sre', id: 'team-sre' },
        target: { type: 'workspace', name: 'networking-prod', id: 'ws-net-prod' },
        before: 'admin',
        after: 'admin',
        direction: 'none',
        via: [{ type: 'workspace', name: 'networking-prod', action: 'update', access: 'read' }],
        heldBy: [{ kind: 'organization', permission: 'manage-workspaces' }],
      },
    ]);
  });

  it('removing the only grant takes the access away: falls to no access', () => {
    const remove: Change = {
      action: 'remove',
      resource: 'team-workspaces',
      id: 'tws-dev-ws-loose',
      team: { name: 'dev', id: 'team-dev' },
      target: ref('workspace', 'ws-loose'),
      before: access('team-workspaces', 'plan'),
    };
    const [only] = effectiveChanges([remove], org([team('dev')], [grant('dev', 'team-workspaces', 'ws-loose', 'plan')]));
    expect(only).toMatchObject({ before: 'plan', after: null, direction: 'falls', via: [{ action: 'remove', access: null }] });
  });
});
