// Issue 38, finding 2: an attribution attaches to a change by the change's identity (its kind and
// what it changes), never by its place in the plan's list, so a list in another order (or with an
// item more) still gets each its own.
import { describe, expect, it } from 'vitest';
import type { Attribution } from '../../src/core/audit.js';
import { driftItemKey } from '../../src/core/drift-item.js';
import { type Plan, type PlanChange, planChanges } from '../../src/core/plan.js';
import { scopeOf } from '../../src/core/scope.js';
import { annotatePlan, attributionsOf, withoutAttribution } from '../../src/triage/annotate.js';

const grant: PlanChange = {
  kind: 'grant',
  change: {
    action: 'remove',
    resource: 'team-workspaces',
    id: 'tws-1',
    team: { name: 'sre', id: 'team-sre' },
    target: { type: 'workspace', name: 'web', id: 'ws-web' },
    before: { access: 'admin', permissions: {} },
  },
};
const team: PlanChange = { kind: 'team', change: { action: 'delete', id: 'team-hand', name: 'by-hand', grants: [] } };
const member: PlanChange = {
  kind: 'member',
  change: { action: 'remove', team: { name: 'ops', id: 'team-ops' }, person: { email: 'bo@example.com', membershipId: 'ou-1' } },
};

const by = (actor: string): Attribution => ({ actor, type: 'Client', impersonator: null, at: '2026-11-20T14:03:27.000Z', event: 'x', self: false });

const planOf = (changes: readonly PlanChange[]): Plan => ({
  organization: 'acme',
  changes,
  manages: ['team', 'member'],
  summary: { add: 0, update: 0, remove: 1 },
  warnings: [],
  checksum: 'c',
  refusals: [],
  coverage: { complete: true, reasons: [] },
  scope: scopeOf({}),
});

const attributionOf = (item: PlanChange): Attribution | undefined => item.change.attribution;

describe('attribution by identity', () => {
  it('gives each change the attribution of its identity, whatever its place in the list', () => {
    const attributions = attributionsOf([grant, team, member], [by('ana'), { unattributed: 'not-recorded' }, by('bo')]);
    // The plan's list in another order, with an item no attribution is of.
    const other: PlanChange = { ...grant, change: { ...grant.change, team: { name: 'dev', id: 'team-dev' } } } as PlanChange;
    const annotated = annotatePlan(planOf([member, other, team, grant]), attributions, { events: 2, pages: 1 });
    expect(annotated.changes.map((item) => [driftItemKey(item), attributionOf(item)])).toEqual([
      [driftItemKey(member), by('bo')],
      [driftItemKey(other), undefined],
      [driftItemKey(team), { unattributed: 'not-recorded' }],
      [driftItemKey(grant), by('ana')],
    ]);
    expect(annotated.audit).toEqual({ events: 2, pages: 1 });
  });

  it('keys each kind by what it changes, and takes every attribution out again for a saved plan', () => {
    expect([grant, team, member].map(driftItemKey)).toEqual([
      'grant team-workspaces ws-web team-sre',
      'team delete by-hand',
      'member remove team-ops bo@example.com',
    ]);
    const annotated = annotatePlan(planOf([grant, team, member]), attributionsOf([grant, team, member], [by('a'), by('b'), by('c')]), { events: 3, pages: 1 });
    const plain = withoutAttribution(annotated);
    expect(plain.changes).toEqual([grant, team, member]);
    expect('audit' in plain).toBe(false);
  });

  it('builds the one list in the kinds order, and says which kinds beside grants the plan manages', () => {
    expect(planChanges({ grant: [], member: [] })).toEqual({ changes: [], manages: ['member'] });
    expect(planChanges({ grant: [grant.change] as never })).toEqual({ changes: [grant] });
    const list = planChanges({ member: [member.change] as never, team: [team.change] as never, grant: [grant.change] as never });
    expect(list.changes.map((c) => c.kind)).toEqual(['grant', 'team', 'member']);
    expect(list.manages).toEqual(['team', 'member']);
  });
});
