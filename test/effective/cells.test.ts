// Correct cells (docs/evidence.md, "Correct cells"): a cell shows a permission only where the
// maximum over its sources is certain; a source that does not know it may hide a higher value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPLIED, LEVEL_RANK, PERMISSIONS, type PermissionSpec, type PermissionValue, type Resource } from '../../src/core/access.js';
import type { Project, Workspace } from '../../src/core/model.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { access, arbAccess, team, teamId } from '../support/states.js';

const PROJECTS: Project[] = [{ id: 'prj-a', name: 'a' }];
const WORKSPACES: Workspace[] = [
  { id: 'ws-1', name: 'one', projectId: 'prj-a' },
  { id: 'ws-2', name: 'two' },
];

describe('correct cells', () => {
  it('an admin cell does not claim policy-overrides=false from a lower grant (the admin row does not say it)', () => {
    const grants: GrantInput[] = [
      { resource: 'team-workspaces', teamId: teamId('dev'), targetId: 'ws-1', access: access('team-workspaces', 'admin') },
      { resource: 'team-projects', teamId: teamId('dev'), targetId: 'prj-a', access: access('team-projects', 'write') },
    ];
    const index = new EffectiveIndex({ teams: [team('dev')], projects: PROJECTS, workspaces: WORKSPACES, grants });
    const cell = index.cell(teamId('dev'), 'workspace', 'ws-1');
    expect(cell?.access).toBe('admin');
    // The write row says false; admin is not known there and may be true: left out, never claimed.
    expect(IMPLIED['team-workspaces'].write?.['policy-overrides']).toBe(false);
    expect(cell?.permissions).not.toHaveProperty('policy-overrides');
    expect(cell?.permissions).toMatchObject({ runs: 'apply', 'run-tasks': true });
  });

  it('a lower fixed level that does not know it is bounded by a higher one that does (read < write: false)', () => {
    const grants: GrantInput[] = [{ resource: 'team-workspaces', teamId: teamId('dev'), targetId: 'ws-2', access: access('team-workspaces', 'write') }];
    const index = new EffectiveIndex({ teams: [team('dev', { 'read-workspaces': true })], projects: PROJECTS, workspaces: WORKSPACES, grants });
    expect(index.cell(teamId('dev'), 'workspace', 'ws-2')?.permissions).toMatchObject({ 'policy-overrides': false });
  });
});

// The oracle, written from the rule's words: the values a source that does not know a permission
// may hold, by the nesting of the fixed levels (a level holds no more than any level above it).
function rank(spec: PermissionSpec, value: PermissionValue): number {
  return spec.values === 'boolean' ? (value === true ? 1 : 0) : spec.values.indexOf(value as string);
}
const TOP = (spec: PermissionSpec): number => (spec.values === 'boolean' ? 1 : spec.values.length - 1);

/** The highest rank a source of this level could hold on a permission it does not report. */
function ceiling(resource: Resource, spec: PermissionSpec, level: string | undefined): number {
  if (level === undefined) return TOP(spec);
  const bounds = Object.entries(IMPLIED[resource])
    .filter(([other]) => (LEVEL_RANK[resource][other] ?? 0) >= (LEVEL_RANK[resource][level] ?? 99))
    .flatMap(([, row]) => (row[spec.key] === undefined ? [] : [rank(spec, row[spec.key] as PermissionValue)]));
  return bounds.length === 0 ? TOP(spec) : Math.min(...bounds);
}

/** A custom grant as an older server may report it: some permissions missing. */
const arbGrantAccess = (resource: Resource) =>
  fc.tuple(arbAccess(resource), fc.subarray(PERMISSIONS[resource].map((s) => s.key))).map(([a, dropped]) => {
    if (a.access !== 'custom') return a;
    const permissions = Object.fromEntries(Object.entries(a.permissions).filter(([key]) => !dropped.includes(key)));
    return { ...a, permissions };
  });

const NAMES = ['owners', 'dev', 'ops'];
const arbGrant: fc.Arbitrary<GrantInput> = fc.oneof(
  fc
    .record({ team: fc.constantFrom(...NAMES), access: arbGrantAccess('team-projects') })
    .map((g) => ({ resource: 'team-projects' as const, teamId: teamId(g.team), targetId: 'prj-a', access: g.access })),
  fc
    .record({ team: fc.constantFrom(...NAMES), target: fc.constantFrom('ws-1', 'ws-2'), access: arbGrantAccess('team-workspaces') })
    .map((g) => ({ resource: 'team-workspaces' as const, teamId: teamId(g.team), targetId: g.target, access: g.access })),
);
const FLAGS = ['manage-projects', 'manage-workspaces', 'read-projects', 'read-workspaces'];

describe('property: every permission a cell shows is the certain maximum over its sources', () => {
  it('equals the maximum over the sources that know it, and no source that does not know it could make it higher', () => {
    fc.assert(
      fc.property(fc.array(arbGrant, { maxLength: 6 }), fc.dictionary(fc.constantFrom(...NAMES), fc.subarray(FLAGS)), (grants, powers) => {
        const teams = NAMES.map((n) => team(n, Object.fromEntries((powers[n] ?? []).map((f) => [f, true]))));
        const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
        for (const cell of index.all()) {
          const resource: Resource = cell.target.type === 'project' ? 'team-projects' : 'team-workspaces';
          const sources = index.sourcesOf(cell.team.id, cell.target.type, cell.target.id);
          expect(cell.access === 'admin').toBe(sources.some((s) => s.admin));
          for (const spec of PERMISSIONS[resource]) {
            const knowing = sources.filter((s) => s.permissions[spec.key] !== undefined);
            const best = Math.max(-1, ...knowing.map((s) => rank(spec, s.permissions[spec.key] as PermissionValue)));
            const couldExceed = sources.some((s) => s.permissions[spec.key] === undefined && ceiling(resource, spec, s.level) > best);
            const shown = cell.permissions[spec.key];
            if (shown === undefined) expect(best === -1 || couldExceed).toBe(true);
            else {
              expect(rank(spec, shown)).toBe(best);
              expect(couldExceed).toBe(false);
            }
          }
        }
      }),
      { numRuns: 400, seed: 29 },
    );
  });
});
