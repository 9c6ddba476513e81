// Issue 42's `max-reach` (docs/effective-access.md, "Reach through indirect access: `max-reach`"): the effective
// index the reach walk reads is built once per check, however many rules ask, not once per rule.
// EffectiveIndex is wrapped to count its builds; the violations are those of one rule at a time.
import { describe, expect, it, vi } from 'vitest';
import type { IndirectRead } from '../../src/core/indirect.js';
import type { OrganizationPolicy } from '../../src/core/policy.js';
import { checkPolicies, type PolicyInput } from '../../src/policy/check.js';
import { access, team } from '../support/states.js';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/effective/compute.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/effective/compute.js')>();
  class Counted extends actual.EffectiveIndex {
    constructor(...args: ConstructorParameters<typeof actual.EffectiveIndex>) {
      super(...args);
      built.count++;
    }
  }
  return { ...actual, EffectiveIndex: Counted };
});

const INDIRECT: IndirectRead = {
  workspaces: [
    { workspaceId: 'ws-net', name: 'network-prod', executionMode: 'remote', globalRemoteState: false, projectRemoteState: false, consumerIds: ['ws-app'] },
    {
      workspaceId: 'ws-app',
      name: 'app-a',
      executionMode: 'agent',
      agentPoolId: 'apool-vpc',
      globalRemoteState: false,
      projectRemoteState: false,
      consumerIds: [],
    },
  ],
  pools: [{ id: 'apool-vpc', name: 'prod-vpc', organizationScoped: true, allowedWorkspaceIds: [], allowedProjectIds: [], excludedWorkspaceIds: [] }],
  projects: [],
};

const INPUT: PolicyInput = {
  teams: [team('owners'), team('platform'), team('app')],
  projects: [],
  workspaces: [],
  grants: [
    { resource: 'team-workspaces', teamId: 'team-platform', targetId: 'ws-net', access: access('team-workspaces', 'write') },
    { resource: 'team-workspaces', teamId: 'team-app', targetId: 'ws-app', access: access('team-workspaces', 'write') },
  ],
  ends: [],
  now: 0,
  indirect: INDIRECT,
};

const reachRule = (reach: string): OrganizationPolicy => ({ name: reach, type: 'organization', rule: { kind: 'max-reach', reach, teams: ['platform'] } });
const RULES = ['agent-pool:prod-vpc', 'outputs:network-prod', 'agent-pool:prod-vpc'].map(reachRule);

describe('max-reach rules of one check', () => {
  it('share one effective index: one build for three rules, and the same violations as each rule alone', () => {
    const alone = RULES.flatMap((rule) => checkPolicies([rule], INPUT));
    built.count = 0;
    const together = checkPolicies(RULES, INPUT);
    expect(built.count).toBe(1);
    expect(together.map((v) => [v.policy, v.team?.name])).toEqual([
      ['agent-pool:prod-vpc', 'app'],
      ['outputs:network-prod', 'app'],
      ['agent-pool:prod-vpc', 'app'],
    ]);
    expect(together).toEqual(alone);
  });
});
