// The request-count formulas on a mid-size generated organization, planned through the pipeline
// against the emulator over real HTTP: counts, never time. One list per target (issue 8), against
// the seed profile (which refuses reading by team: one probe more), and read by team against the
// current profile (issue 18; docs/connecting.md, "Reading by team").
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TOKEN, desiredYaml, type GeneratedOrganization, generateOrganization, type OrganizationSpec, seedOf } from '../../bench/generate/index.js';
import { requestModel } from '../../bench/reconcile/model.js';
import { RATE_LIMIT_OFF } from '../../bench/reconcile/scenarios.js';
import type { ReadBy } from '../../src/core/model.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';

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
let current: RunningEmulator;
let dir: string;

beforeAll(async () => {
  org = generateOrganization(MID_SIZE);
  emulator = await startEmulator({ seed: seedOf(org), rateLimit: 0 });
  current = await startEmulator({ seed: seedOf(org), rateLimit: 0, profile: 'current' });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-test-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1_000_000));
});
afterAll(async () => {
  await emulator.stop();
  await current.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One plan through the pipeline against `server`, its log reset first. */
async function planOn(server: RunningEmulator, options: { readBy?: ReadBy; effectiveChanges?: boolean } = {}) {
  server.resetLog();
  const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: server.url };
  const result = await planFromFiles({
    paths: [dir],
    cwd: dir,
    connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: CONCURRENCY },
    read: { concurrency: CONCURRENCY, ...options },
  });
  return {
    plan: result.plan,
    total: server.counters().total,
    notOk: server.requests.filter((r) => r.status >= 300).map((r) => `${r.method} ${r.path} ${r.status}`),
  };
}

describe('plan of a generated 60-project, 300-workspace, 150-team organization', () => {
  it('one list per target (--read-by target): sends at most W + P + ceil(T/100) + ceil(P_org/100) + ceil(W_org/100) + 10 requests 4x fewer than the per-grant model of the provider, and plans exactly the generated differences', async () => {
    emulator.resetLog();
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const result = await planFromFiles({
      paths: [dir],
      cwd: dir,
      connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: CONCURRENCY },
      read: { concurrency: CONCURRENCY, readBy: 'target' },
    });
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

  it('by default against the seed profile, which refuses the probe (404): the same plan, and one request more than the bound of one list per target', async () => {
    const target = await planOn(emulator, { readBy: 'target' });
    const auto = await planOn(emulator);
    expect(auto.plan.checksum).toBe(target.plan.checksum);
    expect(auto.plan.read).toMatchObject({
      strategy: 'by-target',
      fallback: expect.stringMatching(/^the server answered 404 to GET \/team-workspaces\?filter\[team\]\[id\]=/),
    });
    expect(auto.total).toBe(target.total + 1);
    expect(auto.total).toBeLessThanOrEqual(requestModel(org).bound + 1);
    expect(auto.notOk).toEqual(['GET /api/v2/ping 404', 'GET /api/v2/team-workspaces 404']);
  });

  it('with its effective changes (what `plan` and `drift` show), sends not one request more: every target a change reaches is managed, and the workspace list came with name resolution', async () => {
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const count = async (effectiveChanges: boolean) => {
      emulator.resetLog();
      const result = await planFromFiles({
        paths: [dir],
        cwd: dir,
        connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: CONCURRENCY },
        read: { concurrency: CONCURRENCY, effectiveChanges },
      });
      return { total: emulator.counters().total, effective: result.plan.effectiveChanges };
    };
    const without = await count(false);
    const with_ = await count(true);
    expect(without.effective).toBeUndefined();
    expect(with_.effective?.length).toBeGreaterThan(0);
    expect(with_.total).toBe(without.total);
  });
});

describe('the same organization read by team (the current profile)', () => {
  it("sends P + 1 + one request per page of each team's workspace grants for the grants, and at most that + the pages of names + 10 in all: the same plan as one list per target", async () => {
    const model = requestModel(org);
    const byTeam = await planOn(current);
    const target = await planOn(current, { readBy: 'target' });
    expect(byTeam.plan.read).toMatchObject({ strategy: 'by-team', requests: model.byTeamGrantRequests });
    expect(byTeam.total).toBeLessThanOrEqual(model.byTeamBound);
    expect(byTeam.plan.checksum).toBe(target.plan.checksum);
    expect(byTeam.plan.summary).toEqual(org.expected);
    // 150 teams for 300 workspaces: not much fewer here; provider-2000 and scale-10000 gain 7 to 10 times (docs/performance.md, "Performance").
    expect(byTeam.total).toBeLessThan(target.total);
    expect(byTeam.notOk).toEqual([]);
  });

  it('with its effective changes, sends not one request more: the workspaces the files do not manage were read with their teams', async () => {
    const without = await planOn(current);
    const with_ = await planOn(current, { effectiveChanges: true });
    expect(with_.plan.effectiveChanges?.length).toBeGreaterThan(0);
    expect(with_.total).toBe(without.total);
  });
});
