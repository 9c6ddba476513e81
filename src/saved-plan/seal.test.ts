// What a saved plan seals besides its changes (issue 24, Build 2): the policies (read back exactly,
// without where they were written), their violations and the refusals, each refused when edited
// and sealed again; and the keyed seal of TFE_ACCESS_PLAN_KEY (seal.ts).
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { savedPlanDocument } from '../../test/support/saved-plan.js';
import { access, desiredOf, liveOf, team, teamId, written } from '../../test/support/states.js';
import type { DesiredPolicy, PolicyViolation } from '../core/policy.js';
import { buildPlan, withViolations } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { savedPlanOf } from './saved-plan.js';
import { PlanKey } from './seal.js';

const SOURCE = { file: 'access.yaml', line: 3, col: 5 };
const POLICIES: DesiredPolicy[] = [
  {
    name: 'prod at most write',
    type: 'workspace',
    match: { tags: ['prod'], exclude: ['legacy-*'] },
    rule: { kind: 'max-access', access: 'write', exceptTeams: ['sre'] },
  },
  { name: 'auditors read', type: 'project', match: { names: ['*'] }, rule: { kind: 'min-access', team: 'audit', access: 'read' } },
  { name: 'few admins', type: 'project', match: { names: ['*'] }, rule: { kind: 'max-teams', access: 'admin', count: 2 } },
];
const VIOLATION: PolicyViolation = {
  policy: 'auditors read',
  target: { type: 'project', name: 'platform', id: 'prj-1' },
  team: null,
  message: 'team "audit" has no access on project "platform", below read',
  finding: { kind: 'min-access' },
};

/** One removal (dev) under max-removals 0, so the plan carries a refusal; the files' policies, as validation gives them (with sources). */
function saved(violations: readonly PolicyViolation[] = [VIOLATION]) {
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
  const targets = [{ type: 'project' as const, name: 'platform', prune: true, grants: [{ team: 'ops', access: written(access('team-projects', 'read')) }] }];
  const desired = { ...desiredOf(targets, { maxRemovals: 0 }), policies: POLICIES.map((p) => ({ ...p, source: SOURCE })) };
  const plan = withViolations(guardPlan(buildPlan(desired, live), guardInputsOf(desired, live)), desired, live, violations);
  return savedPlanOf(plan, desired, live);
}

type Doc = Record<string, any>;
const documentOf = (key?: PlanKey): Doc => JSON.parse(JSON.stringify(savedPlanDocument(saved(), key))) as Doc;
const resealed = (document: Doc): Doc => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });
const key = (secret: string): PlanKey => PlanKey.from({ TFE_ACCESS_PLAN_KEY: secret }) as PlanKey;

describe('saved plans seal the policies, their violations and the refusals', () => {
  it('read back the policies without where they were written, the violations and the refusals', () => {
    const plan = saved();
    expect(plan.plan.refusals.map((r) => r.guard)).toEqual(['max-removals']);
    expect(plan.basis.policies).toEqual(POLICIES);
    expect(parseSavedPlan('p.json', documentOf())).toEqual(plan);
  });

  it('refuse a policy or a violation edited and sealed again: the checksum covers them', () => {
    const loosened = documentOf();
    loosened.basis.policies[0].rule.access = 'admin';
    expect(() => parseSavedPlan('p.json', resealed(loosened))).toThrow(
      /plan\.checksum does not match its changes, organization, guard inputs, policies and violations/,
    );
    const dropped = documentOf();
    dropped.basis.policies.pop();
    expect(() => parseSavedPlan('p.json', resealed(dropped))).toThrow(/plan\.checksum does not match/);
    const cleared = documentOf();
    cleared.plan.violations = [];
    expect(() => parseSavedPlan('p.json', resealed(cleared))).toThrow(/plan\.checksum does not match/);
  });

  it('refuse refusals that are not the guards verdict on the changes and the basis', () => {
    const document = documentOf();
    document.plan.refusals = [];
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(/plan\.checksum does not match/);
  });

  it('refuse a policy value no validated file holds, naming its path', () => {
    const custom = documentOf();
    custom.basis.policies[1].rule.access = 'custom';
    expect(() => parseSavedPlan('p.json', resealed(custom))).toThrow(/basis\.policies\[1\]\.rule\.access "custom" is not a fixed level of a project/);
    const extra = documentOf();
    extra.basis.policies[2].allow = true;
    expect(() => parseSavedPlan('p.json', resealed(extra))).toThrow(/basis\.policies\[2\] has keys a saved plan does not write/);
  });
});

describe('the keyed seal (TFE_ACCESS_PLAN_KEY)', () => {
  const secret = 'the-ci-secret-0123456789';

  it('is read from the environment: absent when unset, one error when empty or short', () => {
    expect(PlanKey.from({})).toBeUndefined();
    expect(() => PlanKey.from({ TFE_ACCESS_PLAN_KEY: '  ' })).toThrow('TFE_ACCESS_PLAN_KEY is set but empty');
    expect(() => PlanKey.from({ TFE_ACCESS_PLAN_KEY: 'x'.repeat(15) })).toThrow('TFE_ACCESS_PLAN_KEY is shorter than 16 characters');
    expect(PlanKey.from({ TFE_ACCESS_PLAN_KEY: 'x'.repeat(16) })).toBeInstanceOf(PlanKey);
  });

  it('is verified with the key, said to be there without it, and never shows the secret', () => {
    const document = documentOf(key(secret));
    expect(document.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(parseSavedPlan('p.json', document, key(secret)).hmac).toBe('verified');
    expect(parseSavedPlan('p.json', document).hmac).toBe('not-verified');
    expect(parseSavedPlan('p.json', documentOf()).hmac).toBeUndefined();
    expect(`${inspect(key(secret))} ${JSON.stringify(key(secret))} ${JSON.stringify(document)}`).not.toContain(secret);
  });

  it('refuses, with the key, a file without its HMAC, with another key, or edited and sealed again', () => {
    expect(() => parseSavedPlan('p.json', documentOf(), key(secret))).toThrow(/it carries no HMAC, and TFE_ACCESS_PLAN_KEY is set/);
    expect(() => parseSavedPlan('p.json', documentOf(key(`${secret}-2`)), key(secret))).toThrow(/its HMAC does not match TFE_ACCESS_PLAN_KEY/);
    const edited = documentOf(key(secret));
    edited.basis.max_removals = 5;
    expect(() => parseSavedPlan('p.json', resealed(edited), key(secret))).toThrow(/its HMAC does not match TFE_ACCESS_PLAN_KEY/);
    const malformed = { ...documentOf(key(secret)), hmac: 7 };
    expect(() => parseSavedPlan('p.json', malformed, key(secret))).toThrow(/hmac is not a string/);
  });
});
