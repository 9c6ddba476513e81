// Normalisation and diff over the permissions newer than the seed (docs/api.md, "Newer
// permissions"): a fixed level never differs on an attribute no source gives it a value for; a
// custom grant owns its whole vector and differs on every attribute, the newer ones included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { desiredOf, liveOf, team, teamId } from '../../test/support/states.js';
import {
  CUSTOM_DEFAULTS,
  IMPLIED,
  LEVELS,
  newerPermissions,
  PERMISSIONS,
  type PermissionSpec,
  type PermissionValue,
  RESOURCES,
  type Resource,
} from '../core/access.js';
import type { ReportedAccess } from '../core/model.js';
import { customAccess } from '../core/permissions.js';
import { diff } from './diff.js';
import { compareAccess, levelEqualTo } from './normalise.js';

const RUNS = { numRuns: 300 };

const valueArb = (spec: PermissionSpec): fc.Arbitrary<PermissionValue> => (spec.values === 'boolean' ? fc.boolean() : fc.constantFrom(...spec.values));
const fixedLevels = (resource: Resource): string[] => LEVELS[resource].filter((l) => l !== 'custom');
const vectorArb = (resource: Resource): fc.Arbitrary<Record<string, PermissionValue>> =>
  fc.record(Object.fromEntries(PERMISSIONS[resource].map((s) => [s.key, valueArb(s)])));
/** What a server reports for the newer attributes of a grant: any value, or nothing (an older server). */
const reportedNewerArb = (resource: Resource): fc.Arbitrary<Record<string, PermissionValue>> =>
  fc.record(Object.fromEntries(newerPermissions(resource).map((s) => [s.key, valueArb(s)])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, PermissionValue>
  >;

describe('newer permissions: fixed levels never differ on them', () => {
  it.each(RESOURCES)('%s: the same fixed level is equal whatever the service reports for the newer attributes', (resource) => {
    fc.assert(
      fc.property(fc.constantFrom(...fixedLevels(resource)), reportedNewerArb(resource), (level, reported) => {
        const live = { access: level, permissions: { ...IMPLIED[resource][level], ...reported } } as ReportedAccess;
        expect(compareAccess(resource, { access: level } as never, live)).toBe('equal');
      }),
      RUNS,
    );
  });

  it('a custom grant equal to a level but for a newer attribute not at its default is a real change, not a label', () => {
    const adminRow = { ...IMPLIED['team-projects'].admin };
    const desired = customAccess('team-projects', { ...adminRow, 'project-access.variable-sets': 'write' });
    expect(compareAccess('team-projects', desired, { access: 'admin', permissions: adminRow })).toBe('different');
    // At its default the level is taken as the same (nothing says otherwise): a label-only change.
    expect(compareAccess('team-projects', customAccess('team-projects', adminRow), { access: 'admin', permissions: adminRow })).toBe('label-only');
  });

  it('a live fixed grant that reports a newer value is taken at its word', () => {
    const adminRow = { ...IMPLIED['team-projects'].admin };
    const live: ReportedAccess = { access: 'admin', permissions: { ...adminRow, 'project-access.variable-sets': 'write' } };
    expect(compareAccess('team-projects', customAccess('team-projects', adminRow), live)).toBe('different');
    expect(compareAccess('team-projects', customAccess('team-projects', { ...adminRow, 'project-access.variable-sets': 'write' }), live)).toBe('label-only');
  });

  it('team-workspaces write reports policy-overrides false (a value with a source): a custom set with true is no label change', () => {
    const row = { ...IMPLIED['team-workspaces'].write };
    expect(compareAccess('team-workspaces', customAccess('team-workspaces', { ...row, 'policy-overrides': true }), { access: 'write', permissions: row })).toBe(
      'different',
    );
    expect(compareAccess('team-workspaces', customAccess('team-workspaces', row), { access: 'write', permissions: row })).toBe('label-only');
  });

  it('levelEqualTo names a level only when every newer attribute it does not know holds its default', () => {
    const row = IMPLIED['team-projects'].maintain ?? {};
    expect(levelEqualTo('team-projects', customAccess('team-projects', row).permissions)).toBe('maintain');
    expect(levelEqualTo('team-projects', customAccess('team-projects', { ...row, 'workspace-access.policy-overrides': true }).permissions)).toBeUndefined();
  });
});

describe('newer permissions: custom grants differ on every attribute', () => {
  it.each(RESOURCES)('%s: two custom vectors that differ in any one attribute are different; equal ones are equal', (resource) => {
    fc.assert(
      fc.property(vectorArb(resource), fc.constantFrom(...PERMISSIONS[resource]), (vector, spec) => {
        const desired = customAccess(resource, vector);
        expect(compareAccess(resource, desired, { access: 'custom', permissions: vector })).toBe('equal');
        const other = spec.values === 'boolean' ? !vector[spec.key] : spec.values.find((v) => v !== vector[spec.key]);
        expect(compareAccess(resource, desired, { access: 'custom', permissions: { ...vector, [spec.key]: other as PermissionValue } })).toBe('different');
      }),
      RUNS,
    );
  });

  it('a live custom grant with variable-sets: write and a file that leaves it out plans an update to none', () => {
    const live = liveOf(
      'acme',
      [team('dev')],
      [
        {
          type: 'project',
          id: 'prj-1',
          name: 'platform',
          grants: [
            {
              id: 'tprj-1',
              resource: 'team-projects',
              teamId: teamId('dev'),
              targetId: 'prj-1',
              access: customAccess('team-projects', { 'project-access.variable-sets': 'write' }),
              extra: {},
            },
          ],
        },
      ],
    );
    const desired = desiredOf([{ type: 'project', name: 'platform', prune: true, grants: [{ team: 'dev', access: customAccess('team-projects', {}) }] }]);
    const [change] = diff(desired, live);
    expect(change).toMatchObject({ action: 'update', labelOnly: false });
    expect(change?.action === 'update' && change.after.access === 'custom' ? change.after.permissions['project-access.variable-sets'] : undefined).toBe('none');
  });

  it('a server that does not report a newer attribute (an older release) shows no difference for it while the file leaves it at its default', () => {
    const seedVector = Object.fromEntries(
      PERMISSIONS['team-workspaces'].filter((s) => s.newer === undefined).map((s) => [s.key, CUSTOM_DEFAULTS['team-workspaces'][s.key] as PermissionValue]),
    );
    expect(compareAccess('team-workspaces', customAccess('team-workspaces', {}), { access: 'custom', permissions: seedVector })).toBe('equal');
  });
});
