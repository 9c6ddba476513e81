// The request-count formula of issue 8 on a mid-size generated organization, planned through the
// pipeline against the emulator over real HTTP: counts, never time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TOKEN, desiredYaml, generateOrganization, seedOf, type GeneratedOrganization, type OrganizationSpec } from '../../bench/generate/index.js';
import { requestModel } from '../../bench/reconcile/model.js';
import { RATE_LIMIT_OFF } from '../../bench/reconcile/scenarios.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/plan.js';

const MID_SIZE: OrganizationSpec = {
  organization: 'mid',
  projects: 60,
  workspaces: 300,
  teams: 150,
  teamsPerProject: 3,
  teamsPerWorkspace: 4,
  customShare: 0.2,
  secretShare: 0.1,
  organizationAccessShare: 0.05,
  addShare: 0.05,
  updateShare: 0.05,
  removeShare: 0.05,
  seed: 42,
};
const CONCURRENCY = 8;

let org: GeneratedOrganization;
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  org = generateOrganization(MID_SIZE);
  emulator = await startEmulator({ seed: seedOf(org), rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-test-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1_000_000));
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('plan of a generated 60-project, 300-workspace, 150-team organization', () => {
  it('sends at most W + P + ceil(T/100) + ceil(P_org/100) + ceil(W_org/100) + 10 requests 4x fewer than the per-grant model of the provider, and plans exactly the generated differences', async () => {
    emulator.resetLog();
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const result = await planFromFiles({ paths: [dir], cwd: dir, env, homeDir: dir, targets: [], concurrency: CONCURRENCY, rateLimit: RATE_LIMIT_OFF });
    await result.client.close();
    const counters = emulator.counters();
    const bound = 300 + 60 + Math.ceil(151 / 100) + Math.ceil(61 / 100) + Math.ceil(300 / 100) + 10;
    expect(requestModel(org).bound).toBe(bound);
    expect(counters.total).toBeLessThanOrEqual(bound);
    // One grant list per managed target at least: a bound met by skipping targets would be no plan.
    expect(counters.total).toBeGreaterThanOrEqual(300 + 60);
    expect(requestModel(org).provider).toBeGreaterThanOrEqual(4 * counters.total);
    // Every request answered 200 but the one ping, which the seed profile does not know (404).
    expect(emulator.requests.filter((r) => r.status !== 200).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/v2/ping 404']);
    expect(result.plan.summary).toEqual(org.expected);
    expect(org.expected.add).toBeGreaterThan(0);
    expect(org.expected.update).toBeGreaterThan(0);
    expect(org.expected.remove).toBeGreaterThan(0);
  });

  it('with its effective changes (what `plan` and `drift` show), sends not one request more: every target a change reaches is managed, and the workspace list came with name resolution', async () => {
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const count = async (effectiveChanges: boolean) => {
      emulator.resetLog();
      const result = await planFromFiles({ paths: [dir], cwd: dir, env, homeDir: dir, targets: [], concurrency: CONCURRENCY, rateLimit: RATE_LIMIT_OFF, effectiveChanges });
      await result.client.close();
      return { total: emulator.counters().total, effective: result.plan.effectiveChanges };
    };
    const without = await count(false);
    const with_ = await count(true);
    expect(without.effective).toBeUndefined();
    expect(with_.effective?.length).toBeGreaterThan(0);
    expect(with_.total).toBe(without.total);
  });
});
