// A plan that needs reads after its diff (the policies' other targets, the effective changes' lists)
// resumes where it stopped (assemble/plan-over.ts, planOver given the stage it handed back): the diff
// (diff/plan.ts, buildPlan) runs once per plan, however many reads follow it. Counted through a spy
// on the module; the requests are the emulator's, unchanged (test/live/listed-once.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/plan.js';

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

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-diff-once-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), FILES);
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a plan with policies and effective changes', () => {
  it('runs the diff once, though it reads after the diff', async () => {
    calls.buildPlan = 0;
    emulator.resetLog();
    const { plan } = await planFromFiles({
      paths: [dir],
      cwd: dir,
      connection: { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url }, homeDir: dir, rateLimit: 0, concurrency: 4 },
      read: { concurrency: 4, readBy: 'target', effectiveChanges: true },
    });
    // The reads after the diff were there: a target only the policy selects, the effective changes.
    expect((plan.violations ?? []).map((v) => `${v.target?.name} ${v.team?.name}`)).toEqual(['api-prod sre', 'etl-prod dev']);
    expect(plan.effectiveChanges?.length).toBeGreaterThan(0);
    expect(emulator.requests.some((r) => new URLSearchParams(r.query).get('filter[workspace][id]') === 'ws-apidev')).toBe(true);
    expect(calls.buildPlan).toBe(1);
  });
});
