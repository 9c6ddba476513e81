// A plan that needs reads after its diff (the policies' other targets, the effective changes' lists)
// resumes where it stopped (assemble/plan-over.ts, planOver given the stage it handed back): the diff
// (diff/plan.ts, buildPlan) runs once per plan, however many reads follow it. Counted through a spy
// on the module; the requests are the emulator's, unchanged (test/live/listed-once.test.ts).
import { describe, expect, it, vi } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { planFolder } from '../support/plan-folder.js';
import { emulatorAndFolder } from '../support/world.js';

const calls = vi.hoisted(() => ({ buildPlan: 0 }));
vi.mock('../../src/diff/plan.js', async (original) => {
  const actual = await original<typeof import('../../src/diff/plan.js')>();
  return {
    ...actual,
    buildPlan: (...args: Parameters<typeof actual.buildPlan>) => {
      calls.buildPlan += 1;
      return actual.buildPlan(...args);
    },
  };
});

const TOKEN = 'diff-once-org-token';

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['sre', 'dev', 'ops'].map((name) => ({ name, id: `team-${name}` })),
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'data', id: 'prj-data' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform' },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform' },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'data' },
      ],
      'team-projects': [{ team: 'ops', project: 'data', access: 'read' }],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin' },
        { team: 'dev', workspace: 'etl-prod', access: 'write' },
      ],
    },
  ],
};

// A change on a managed project (its unmanaged workspaces) and on a workspace whose project is not
// managed; a policy over every workspace (their grants, read after the diff).
const FILES = `organization: acme
projects:
  platform:
    teams: { dev: read }
workspaces:
  api-prod:
    teams: { sre: admin }
  etl-prod:
    teams: { dev: admin }
policies:
  - name: no admin anywhere
    workspaces: { names: ["*"] }
    max-access: write
`;

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-diff-once-', files: { 'tfe-access.yaml': FILES }, per: 'file' });

describe('a plan with policies and effective changes', () => {
  it('runs the diff once, though it reads after the diff', async () => {
    calls.buildPlan = 0;
    world.emulator.resetLog();
    const { plan } = await planFolder(world.dir, world.env, { readBy: 'target', effectiveChanges: true });
    // The reads after the diff were there: a target only the policy selects, the effective changes.
    expect((plan.violations ?? []).map((v) => `${v.target?.name} ${v.team?.name}`)).toEqual(['api-prod sre', 'etl-prod dev']);
    expect(plan.effectiveChanges?.length).toBeGreaterThan(0);
    expect(world.emulator.requests.some((r) => new URLSearchParams(r.query).get('filter[workspace][id]') === 'ws-apidev')).toBe(true);
    expect(calls.buildPlan).toBe(1);
  });
});
