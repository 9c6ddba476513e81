// The sets scenario's request bound (docs/performance.md, "Performance"): an organization written as 5 sets,
// planned through the pipeline against the emulator, costs what the same organization written as
// one entry per target costs (the same bound), the file stays under 2 KB, and the plan finds
// exactly the generated differences. Counts, never time.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TOKEN, desiredYaml, type GeneratedOrganization, generateFor, type OrganizationSpec, seedOf } from '../../bench/generate/index.js';
import { requestModel } from '../../bench/reconcile/model.js';
import { RATE_LIMIT_OFF, RECONCILE_SCENARIOS } from '../../bench/reconcile/scenarios.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';

const MID_SIZE: OrganizationSpec = {
  organization: 'mid',
  projects: 20,
  workspaces: 450,
  teams: 150,
  teamsPerProject: 2,
  teamsPerWorkspace: 5,
  customShare: 0,
  secretShare: 0,
  organizationAccessShare: 0,
  addShare: 0.05,
  updateShare: 0.05,
  removeShare: 0.05,
  seed: 42,
  managedBy: 'sets',
};

let org: GeneratedOrganization;
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  org = generateFor(MID_SIZE);
  emulator = await startEmulator({ seed: seedOf(org), rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-sets-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1_000_000));
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('plan of a 20-project, 450-workspace organization written as 5 sets', () => {
  it("one list per target (--read-by target): stays within the entries' bound, reads no workspace one by one, and plans exactly the generated differences", async () => {
    emulator.resetLog();
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const result = await planFromFiles({
      paths: [dir],
      cwd: dir,
      connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: 8 },
      read: { concurrency: 8, readBy: 'target' },
    });
    const total = emulator.counters().total;
    const bound = 20 + 450 + Math.ceil(151 / 100) + Math.ceil(21 / 100) + Math.ceil(450 / 100) + 10;
    expect(requestModel(org).bound).toBe(bound);
    expect(total).toBeLessThanOrEqual(bound);
    // one grant list per target the sets manage: none skipped
    expect(total).toBeGreaterThanOrEqual(20 + 450);
    // the workspace list: its 5 pages, each with the key-value tags, and no workspace read alone
    const lists = emulator.requests.filter((r) => r.path === '/api/v2/organizations/mid/workspaces');
    expect(lists).toHaveLength(5);
    expect(lists.every((r) => r.query.includes('include=effective_tag_bindings'))).toBe(true);
    expect(emulator.requests.filter((r) => r.path.startsWith('/api/v2/workspaces/'))).toEqual([]);
    expect(emulator.requests.filter((r) => r.status >= 300)).toEqual([]);
    expect(result.plan.summary).toEqual(org.expected);
    expect(org.expected.add * org.expected.update * org.expected.remove).toBeGreaterThan(0);
    expect(result.plan.warnings.filter((w) => w.code === 'set-matches-nothing' || w.code === 'key-value-tags-not-read')).toEqual([]);
  });

  it('by default reads the sets\' workspaces by team (docs/connecting.md, "Reading by team"): the same plan in fewer requests than one list per target', async () => {
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const plan = async (readBy: 'auto' | 'target') => {
      emulator.resetLog();
      const result = await planFromFiles({
        paths: [dir],
        cwd: dir,
        connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: 8 },
        read: { concurrency: 8, readBy },
      });
      return { plan: result.plan, total: emulator.counters().total };
    };
    const auto = await plan('auto');
    const target = await plan('target');
    expect(auto.plan.read).toMatchObject({ strategy: 'by-team' });
    expect(auto.plan.read!.fallback).toBeUndefined();
    expect(auto.total).toBeLessThan(target.total / 2);
    expect(auto.plan.checksum).toBe(target.plan.checksum);
    expect(auto.plan.summary).toEqual(org.expected);
  });

  it('with its effective changes (what `plan` and `drift` show), sends not one request more', async () => {
    const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url };
    const count = async (effectiveChanges: boolean) => {
      emulator.resetLog();
      const result = await planFromFiles({
        paths: [dir],
        cwd: dir,
        connection: { env, homeDir: dir, rateLimit: RATE_LIMIT_OFF, concurrency: 8 },
        read: { concurrency: 8, effectiveChanges },
      });
      return { total: emulator.counters().total, effective: result.plan.effectiveChanges };
    };
    const without = await count(false);
    const with_ = await count(true);
    expect(with_.effective?.length).toBeGreaterThan(0);
    expect(with_.total).toBe(without.total);
  });

  it("the file is the same 5 sets, under 2 KB, for the bench's 2,000 workspaces", () => {
    expect(statSync(join(dir, 'tfe-access.yaml')).size).toBeLessThan(2048);
    const scenario = RECONCILE_SCENARIOS['sets-2000'];
    expect(scenario?.organization.managedBy).toBe('sets');
    const big = generateFor(scenario!.organization);
    expect(big.workspaces).toHaveLength(2000);
    expect(Buffer.byteLength(desiredYaml(big, 1_000_000))).toBeLessThan(2048);
    expect(desiredYaml(big, 1).match(/^ {2}\S+:$/gm)).toHaveLength(5);
  });
});
