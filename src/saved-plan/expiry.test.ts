// Saved plans of grants that expire (docs/files.md, "Grants that expire"): `expires` and `reason` read back
// exactly, are checked like every other field, and a grant the plan writes that has expired by
// apply time refuses the plan.
import { describe, expect, it } from 'vitest';
import { savedPlanDocument } from '../../test/support/saved-plan.js';
import { access, desiredOf, liveOf, team, teamId, written } from '../../test/support/states.js';
import { desiredAt } from '../core/expiry.js';
import { grantChanges } from '../core/plan.js';
import { buildPlan } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { fingerprintDesired, INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { savedPlanOf } from './saved-plan.js';
import { assertNotExpired, ExpiredSincePlannedError } from './stale.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const OPS_END = '2026-12-02T00:00:00Z';

function saved() {
  const live = liveOf(
    'acme',
    [team('dev'), team('ops')],
    [
      {
        type: 'project',
        id: 'prj-1',
        name: 'platform',
        grants: [{ id: 'tprj-dev', resource: 'team-projects', teamId: teamId('dev'), targetId: 'prj-1', access: access('team-projects', 'admin'), extra: {} }],
      },
    ],
  );
  const grants = [
    { team: 'dev', access: written(access('team-projects', 'admin')), expires: { at: '2026-11-28T00:00:00Z' } },
    { team: 'ops', access: written(access('team-projects', 'write')), expires: { at: OPS_END } },
  ];
  const desired = desiredAt(desiredOf([{ type: 'project', name: 'platform', prune: false, grants }]), NOW);
  return savedPlanOf(guardPlan(buildPlan(desired, live, { now: NOW }), guardInputsOf(desired, live)), desired, live);
}

type Doc = { plan: { changes: Array<Record<string, unknown>> } };
const documentOf = (): Doc & Record<string, unknown> => JSON.parse(JSON.stringify(savedPlanDocument(saved()))) as Doc & Record<string, unknown>;
const resealed = (document: Record<string, unknown>) => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });

describe('saved plans of grants that expire', () => {
  it('read back exactly: the end of each grant, and the reason of the removal', () => {
    const plan = saved();
    expect(grantChanges(plan.plan).map((c) => [c.action, c.expires, c.action === 'remove' ? c.reason : undefined])).toEqual([
      ['remove', '2026-11-28T00:00:00Z', 'expired'],
      ['add', OPS_END, undefined],
    ]);
    expect(parseSavedPlan('p.json', documentOf())).toEqual(plan);
  });

  it('refuse a reason on an add, an unknown reason, and an end that is not an instant (resealed after the edit)', () => {
    const onAdd = documentOf();
    onAdd.plan.changes[1]!.reason = 'expired';
    expect(() => parseSavedPlan('p.json', resealed(onAdd))).toThrow(/plan\.changes\[1\]\.reason "expired" is not a reason of a removal/);
    const unknown = documentOf();
    unknown.plan.changes[0]!.reason = 'bored';
    expect(() => parseSavedPlan('p.json', resealed(unknown))).toThrow(/reason "bored" is not a reason of a removal/);
    const impossible = documentOf();
    impossible.plan.changes[1]!.expires = '2026-02-30T00:00:00Z';
    expect(() => parseSavedPlan('p.json', resealed(impossible))).toThrow(/plan\.changes\[1\]\.expires "2026-02-30T00:00:00Z" is not an instant in UTC/);
  });

  it('refuse at apply time a grant they write that has expired since, and only then', () => {
    expect(() => assertNotExpired(saved(), Date.parse(OPS_END) - 1)).not.toThrow();
    expect(() => assertNotExpired(saved(), Date.parse(OPS_END))).toThrow(ExpiredSincePlannedError);
    expect(() => assertNotExpired(saved(), Date.parse(OPS_END))).toThrow(
      'it grants access that has expired since it was planned: team "ops" on project "platform" (end of 2026-12-01 UTC)',
    );
  });

  it("regression: a set's grant that expired between plan --out and apply --plan FILE PATHS left the saved plan fresh", () => {
    const grants = [{ team: 'ops', access: written(access('team-workspaces', 'admin')), expires: { at: OPS_END } }];
    const files = { ...desiredOf([]), sets: [{ type: 'workspace' as const, name: 'prod', match: { names: ['*-prod'] }, prune: false, grants }] };
    const at = (iso: string) => fingerprintDesired(desiredAt(files, Date.parse(iso)));
    // The files' meaning moves when the grant ends, as an entry's does, and only then.
    expect(at('2026-12-01T23:59:59Z')).toBe(at(new Date(NOW).toISOString()));
    expect(at('2026-12-02T00:00:00Z')).not.toBe(at('2026-12-01T23:59:59Z'));
    expect(at('2026-12-02T00:00:00Z')).toBe(at('2027-06-01T00:00:00Z'));
  });
});
