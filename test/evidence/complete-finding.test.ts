// Issue 37, finding 1 (docs/evidence.md, "What complete means"): completeness is proven, not
// assumed. A team token whose team is admin everywhere does not see two secret teams (one holding
// manage-organization-access), so its report and bundle are not complete; a team token that sees no
// project says it could see none, never "No team has access"; the manifest's counts say whose view
// they are, and a service total only where the token reads the whole population.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';

const TOKENS = { org: 'fin1-org', admin: 'fin1-admin', none: 'fin1-none' } as const;
const WORKSPACES = ['w0', 'w1', 'w2'];
const SEED: SeedDocument = {
  organizations: [
    {
      name: 'acme',
      token: TOKENS.org,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'platform', id: 'team-platform', tokens: [TOKENS.admin] },
        { name: 'idle', id: 'team-idle', tokens: [TOKENS.none] },
        { name: 'dev', id: 'team-dev' },
        { name: 'vault', id: 'team-vault', visibility: 'secret', 'organization-access': { 'manage-organization-access': true } },
        { name: 'shadow', id: 'team-shadow', visibility: 'secret' },
      ],
      projects: [{ name: 'core', id: 'prj-core' }],
      workspaces: WORKSPACES.map((name) => ({ name, id: `ws-${name}`, project: 'core' })),
      'team-projects': [{ team: 'platform', project: 'core', access: 'admin' }],
      'team-workspaces': [
        ...WORKSPACES.map((workspace) => ({ team: 'platform', workspace, access: 'admin' })),
        { team: 'dev', workspace: 'w0', access: 'write' },
      ],
    },
  ],
};

const held = perTest();

async function env(token: string): Promise<Record<string, string>> {
  held.emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-complete-'));
  return { TFE_TOKEN: token, TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z' };
}

interface Manifest {
  complete: boolean;
  reasons: string[];
  counts: { what: string; extracted: number; service: number | null; seen_by?: string }[];
}

describe('issue 37, finding 1: completeness is proven, not assumed', () => {
  it('finding 1: a team token admin everywhere that cannot see two secret teams is not complete, in the report JSON and the manifest', async () => {
    const e = await env(TOKENS.admin);
    const json = await runCli(['report', '--organization', 'acme', '--format', 'json', '--rate-limit', '0'], { env: e });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report.teams.map((t: { name: string }) => t.name)).not.toContain('vault');
    expect(report.complete).toBe(false);
    expect(report.incomplete.map((r: { code: string }) => r.code)).toContain('teams-not-proven');
    const bundle = join(held.dir!, 'bundle');
    expect((await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env: e })).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.complete).toBe(false);
    expect(manifest.reasons.join(' ')).toMatch(/list of teams is not proven whole/);
    const text = await runCli(['report', '--organization', 'acme', '--rate-limit', '0'], { env: e });
    expect(text.out).toMatch(/Partial: .*a secret team, its organization powers and its grants may be missing/);
  });

  it("finding 1: the manifest's counts say whose view they are, a service total only for a population read whole", async () => {
    const e = await env(TOKENS.admin);
    const bundle = join(held.dir!, 'bundle');
    expect((await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env: e })).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8')) as Manifest;
    const counts = Object.fromEntries(manifest.counts.map((c) => [c.what, c]));
    // The token lists 4 of the 6 teams: its total-count is its own view, not the service's total.
    expect(counts.teams).toEqual({ what: 'teams', extracted: 4, service: null, seen_by: 'token' });
    expect(counts.projects).toEqual({ what: 'projects', extracted: 1, service: null, seen_by: 'token' });
    expect(counts.grants?.seen_by).toBe('token');
    // The organization's token reads every list whole: then the totals are the service's own.
    const own = join(held.dir!, 'own');
    const run = await runCli(['report', '--organization', 'acme', '--evidence', own, '--rate-limit', '0', '--no-indirect'], {
      env: { ...e, TFE_TOKEN: TOKENS.org },
    });
    expect(run.code).toBe(0);
    const whole = JSON.parse(readFileSync(join(own, 'manifest.json'), 'utf8')) as Manifest;
    expect(whole.complete).toBe(true);
    expect(whole.counts.find((c) => c.what === 'teams')).toEqual({ what: 'teams', extracted: 6, service: 6, seen_by: 'service' });
    expect(whole.counts.find((c) => c.what === 'grants')?.seen_by).toBe('service');
  });

  it('finding 1: a team token that sees no project says it could see none, never "No team has access", and is not complete', async () => {
    const e = await env(TOKENS.none);
    const text = await runCli(['report', '--organization', 'acme', '--rate-limit', '0'], { env: e });
    expect(text.code).toBe(0);
    expect(text.out).not.toMatch(/No team has access/);
    expect(text.out).toMatch(/The token could see no project and no workspace/);
    const json = JSON.parse((await runCli(['report', '--organization', 'acme', '--format', 'json', '--rate-limit', '0'], { env: e })).out);
    expect(json.complete).toBe(false);
    expect(json.incomplete.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['targets-not-proven', 'no-targets-seen']));
    const bundle = join(held.dir!, 'bundle');
    expect((await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env: e })).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.complete).toBe(false);
    expect(manifest.reasons.join(' ')).toMatch(/could see no project and no workspace/);
  });
});
