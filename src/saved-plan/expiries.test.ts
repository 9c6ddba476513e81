// A saved plan's `basis.expiries` (docs/effective-access.md, "Policies", `max-expiry`): the grants' ends its policies
// were checked with, there exactly when a policy reads them, read back as written, every edit of
// them refused.
import { describe, expect, it } from 'vitest';
import { savedPlanDocument } from '../../test/support/saved-plan.js';
import { access, desiredOf, liveOf, team, written } from '../../test/support/states.js';
import type { DesiredPolicy, GrantEnd } from '../core/policy.js';
import { buildPlan, withViolations } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { savedPlanOf } from './saved-plan.js';

const BREAK_GLASS: DesiredPolicy = { name: 'break glass', type: 'workspace', match: { names: ['*'] }, rule: { kind: 'max-expiry', access: 'admin', days: 7 } };
const FEW_ADMINS: DesiredPolicy = { name: 'few admins', type: 'workspace', match: { names: ['*'] }, rule: { kind: 'max-teams', access: 'admin', count: 2 } };
const ENDS: GrantEnd[] = [{ teamId: 'team-ops', targetId: 'ws-1', at: '2026-03-05T00:00:00Z' }];

function saved(policies: DesiredPolicy[], ends?: readonly GrantEnd[]) {
  const live = liveOf('acme', [team('ops')], [{ type: 'workspace', id: 'ws-1', name: 'net', grants: [] }]);
  const targets = [
    {
      type: 'workspace' as const,
      name: 'net',
      prune: true,
      grants: [{ team: 'ops', access: written(access('team-workspaces', 'admin')), expires: { at: '2026-03-05T00:00:00Z' } }],
    },
  ];
  const desired = { ...desiredOf(targets), policies };
  const plan = withViolations(guardPlan(buildPlan(desired, live), guardInputsOf(desired, live)), desired, live, []);
  return savedPlanOf(plan, desired, live, undefined, ends);
}

type Doc = Record<string, any>;
const documentOf = (policies: DesiredPolicy[], ends?: readonly GrantEnd[]): Doc => JSON.parse(JSON.stringify(savedPlanDocument(saved(policies, ends)))) as Doc;
const resealed = (document: Doc): Doc => {
  const { [INTEGRITY_KEY]: _old, ...rest } = document;
  return { ...rest, [INTEGRITY_KEY]: integrityOf(rest) };
};

describe("a saved plan's grant ends", () => {
  it('are written when a policy reads them, as {team, target, at}, and read back', () => {
    const document = documentOf([BREAK_GLASS], ENDS);
    expect(document.basis.expiries).toEqual([{ team: 'team-ops', target: 'ws-1', at: '2026-03-05T00:00:00Z' }]);
    expect(parseSavedPlan('p.json', document).basis.expiries).toEqual(ENDS);
  });

  it('are not written when no policy reads them: such a plan is as it was', () => {
    expect(documentOf([FEW_ADMINS], ENDS).basis).not.toHaveProperty('expiries');
    expect(documentOf([]).basis).not.toHaveProperty('expiries');
  });

  it('must be given when a policy reads them: a plan saved without would check it against none', () => {
    expect(() => saved([BREAK_GLASS])).toThrow(/a policy reads the grants' ends/);
  });

  it('refuse every edit, sealed again: taken out, added, a key more, an instant that is none', () => {
    const removed = documentOf([BREAK_GLASS], ENDS);
    delete removed.basis.expiries;
    expect(() => parseSavedPlan('p.json', resealed(removed))).toThrow(/basis\.expiries is missing, and a policy reads it/);
    const added = documentOf([FEW_ADMINS]);
    added.basis.expiries = [];
    expect(() => parseSavedPlan('p.json', resealed(added))).toThrow(/basis\.expiries is there, and no policy reads it/);
    const more = documentOf([BREAK_GLASS], ENDS);
    more.basis.expiries[0].source = 'set';
    expect(() => parseSavedPlan('p.json', resealed(more))).toThrow(/basis\.expiries\[0\] has keys a saved plan does not write/);
    const wrong = documentOf([BREAK_GLASS], ENDS);
    wrong.basis.expiries[0].at = '2026-02-30T00:00:00Z';
    expect(() => parseSavedPlan('p.json', resealed(wrong))).toThrow(/basis\.expiries\[0\]\.at "2026-02-30T00:00:00Z" is not an instant in UTC/);
  });

  it('a max-expiry policy reads back through its row, days checked as a valid file holds them', () => {
    const document = documentOf([BREAK_GLASS], ENDS);
    expect(parseSavedPlan('p.json', document).basis.policies).toEqual([BREAK_GLASS]);
    document.basis.policies[0].rule.days = 0;
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(/basis\.policies\[0\]\.rule\.days is below 1/);
  });
});
