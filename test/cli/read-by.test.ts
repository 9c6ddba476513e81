// `--read-by` through the CLI (docs/connecting.md, "Reading by team"): a value it does not know is one line and
// exit 1; against a server that lists by team the JSON plan says it read by team and stderr is
// quiet; against one that refuses the probe, one line on stderr says so and the plan is the same.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TOKEN, desiredYaml, type GeneratedOrganization, generateOrganization, seedOf } from '../../bench/generate/index.js';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import { fewTeamsOnMany } from '../support/bench-organizations.js';
import { runCli } from '../support/cli.js';

// 120 workspaces, 3 teams on each: reading by team is much cheaper than 120 lists.
const SPEC = fewTeamsOnMany({ projects: 2, workspaces: 120, seed: 7 });

let org: GeneratedOrganization;
let dir: string;

beforeAll(() => {
  org = generateOrganization(SPEC);
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-read-by-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1_000_000));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonPlan {
  readonly checksum: string;
  readonly summary: unknown;
  readonly read: { strategy: string; requests: number; estimate: { by_target: number; by_team: number | null }; fallback: string | null };
}

async function planAgainst(profile: ProfileName, readBy?: string) {
  const emulator = await startEmulator({ seed: seedOf(org), rateLimit: 0, profile });
  try {
    const run = await runCli(['plan', dir, '--format', 'json', ...(readBy ? ['--read-by', readBy] : [])], {
      env: { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: emulator.url },
    });
    expect(run.code, run.err).toBe(0);
    return { plan: JSON.parse(run.out) as JsonPlan, err: run.err };
  } finally {
    await emulator.stop();
  }
}

describe('--read-by', () => {
  it('is refused on one line when it is not auto, team or target', async () => {
    const run = await runCli(['plan', 'examples/acme', '--read-by', 'teams']);
    expect(run).toEqual({ code: 1, out: '', err: 'tfe-access plan: --read-by must be one of auto, team, target, got "teams". Did you mean "team"?\n' });
  });

  it('auto against the current profile reads by team, says nothing on stderr, and plans what reading by target plans', async () => {
    const byTeam = await planAgainst('current');
    const byTarget = await planAgainst('current', 'target');
    expect(byTeam.plan.read).toMatchObject({ strategy: 'by-team', fallback: null });
    expect(byTeam.plan.read.estimate.by_team).toBeLessThan(byTeam.plan.read.estimate.by_target);
    expect(byTarget.plan.read).toMatchObject({ strategy: 'by-target', fallback: null, requests: SPEC.projects + SPEC.workspaces });
    expect(byTeam.plan.read.requests).toBeLessThan(byTarget.plan.read.requests / 4);
    expect(byTeam.err).toBe('');
    expect(byTeam.plan.checksum).toBe(byTarget.plan.checksum);
    expect(byTeam.plan.summary).toEqual(org.expected);
  });

  it('auto against the seed profile: the probe is refused (404), one quiet line of information on stderr, the same plan for one request more', async () => {
    const auto = await planAgainst('seed');
    const byTarget = await planAgainst('seed', 'target');
    expect(auto.plan.read).toMatchObject({ strategy: 'by-target', requests: byTarget.plan.read.requests + 1 });
    expect(auto.plan.read.fallback).toMatch(
      /^the server answered 404 to GET \/team-workspaces\?filter\[team\]\[id\]=team-\w+&page\[number\]=1&page\[size\]=1$/,
    );
    // No fault of anyone's: said once, as information, without the request's words (the JSON plan keeps them).
    expect(auto.err).toBe('tfe-access: reading by target: this server has no by-team listing (404)\n');
    expect(auto.err).not.toMatch(/error|warning|given up/i);
    expect(byTarget.err).toBe('');
    expect(auto.plan.checksum).toBe(byTarget.plan.checksum);
    expect(auto.plan.summary).toEqual(org.expected);
  });
});
