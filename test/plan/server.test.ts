// What a run learns of its server, end to end (docs/connecting.md, "Server capabilities"): the rate limit it
// announces, and an address without teams (HCP Europe).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RequestRecord, RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { numbered, oneOrganization, spreadOver } from '../support/seeds.js';

const TOKEN = 'wide-org-token';
const PROJECTS = 40;
const WORKSPACES = 60;

function wideSeed(): SeedDocument {
  const teams = ['dev', 'ops', 'qa'].map((name) => ({ name, id: `team-${name}` }));
  const projects = numbered(
    PROJECTS,
    (i) => `project-${i}`,
    (i) => `prj-p${i}`,
  );
  const workspaces = spreadOver(
    numbered(
      WORKSPACES,
      (i) => `workspace-${i}`,
      (i) => `ws-w${i}`,
    ),
    projects,
  );
  return oneOrganization(
    {
      name: 'wide',
      token: TOKEN,
      teams,
      projects,
      workspaces,
      'team-projects': projects.map((p) => ({ team: 'dev', project: p.name, access: 'read' })),
      'team-workspaces': workspaces.map((w) => ({ team: 'ops', workspace: w.name, access: 'write' })),
    },
    'current',
  );
}

function wideDesired(): string {
  const lines = ['organization: wide', 'projects:'];
  for (let i = 0; i < PROJECTS; i++) lines.push(`  project-${i}:`, '    teams:', `      dev: ${i % 2 === 0 ? 'read' : 'write'}`);
  lines.push('workspaces:');
  for (let i = 0; i < WORKSPACES; i++) lines.push(`  workspace-${i}:`, '    teams:', '      ops: write', ...(i % 3 === 0 ? ['      qa: read'] : []));
  return `${lines.join('\n')}\n`;
}

/** The most requests the log shows arriving in any one second. */
function busiestSecond(records: readonly RequestRecord[]): number {
  const starts = records.map((r) => r.start).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while ((starts[i] as number) - (starts[j] as number) >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

let emulator: RunningEmulator | undefined;
let dir: string | undefined;

afterEach(async () => {
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  emulator = undefined;
  dir = undefined;
});

function writeDesired(text: string): string {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-server-'));
  const file = join(dir, 'access.yaml');
  writeFileSync(file, text);
  return file;
}

describe('the rate limit the server announces', () => {
  it('X-RateLimit-Limit 12, enforced: a plan of 100 targets at the default --rate-limit 30 gets no 429 and never sends more than 12 requests in a second', async () => {
    emulator = await startEmulator({ seed: wideSeed(), rateLimit: 12 });
    const file = writeDesired(wideDesired());
    // One list per target, so that the run sends enough requests to meet the limit (read by team, it would send half as many).
    const run = await runCli(['plan', file, '--format', 'json', '--read-by', 'target'], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url } });
    expect(run.code, run.err).toBe(0);
    const plan = JSON.parse(run.out) as { summary: { add: number; update: number } };
    expect(plan.summary).toMatchObject({ add: 20, update: 20 });
    const log = emulator.requests;
    expect(log.length).toBeGreaterThanOrEqual(PROJECTS + WORKSPACES);
    expect(log[0]).toMatchObject({ method: 'GET', path: '/api/v2/ping', status: 204 });
    expect(log.filter((r) => r.path === '/api/v2/ping')).toHaveLength(1);
    expect(emulator.counters().rateLimited).toBe(0);
    expect(busiestSecond(log)).toBeLessThanOrEqual(12);
    expect(run.err).toBe('tfe-access: the server allows 12 requests per second (X-RateLimit-Limit), below --rate-limit 30: running at 12.\n');
  }, 60_000);

  it('a limit above --rate-limit changes nothing and says nothing', async () => {
    emulator = await startEmulator({ seed: wideSeed(), rateLimit: 50 });
    const file = writeDesired('organization: wide\nprojects:\n  project-0:\n    teams:\n      dev: read\n');
    const run = await runCli(['plan', file, '--rate-limit', '20'], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url } });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toBe('');
  });
});

describe('an address without teams (HCP Europe)', () => {
  it('plan and export end with one clear line before anything else is read', async () => {
    const seed = wideSeed();
    emulator = await startEmulator({ seed: { ...seed, organizations: [{ ...seed.organizations[0]!, 'hcp-groups': true }] }, rateLimit: 0 });
    const file = writeDesired(wideDesired());
    const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'wide' };
    for (const args of [
      ['plan', file],
      ['export', '--all'],
    ]) {
      emulator.resetLog();
      const run = await runCli(args, { env });
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toMatch(
        /^tfe-access (plan|export): organization "wide" has no teams endpoint at this address \(GET \/organizations\/wide\/teams answered 404 while the organization itself exists\): HCP Europe organizations use HCP groups in place of teams, which tfe-access does not manage \(docs\/connecting\.md, "HCP Europe"\)\.\n$/,
      );
      expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v2/ping',
        'GET /api/v2/organizations/wide/teams',
        'GET /api/v2/organizations/wide',
      ]);
    }
  });

  it('a missing organization keeps its own error: not found, or not visible', async () => {
    emulator = await startEmulator({ seed: wideSeed(), rateLimit: 0 });
    const file = writeDesired('organization: nowhere\nprojects:\n  p:\n    teams:\n      dev: read\n');
    const run = await runCli(['plan', file], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url } });
    expect(run.code).toBe(1);
    // Since issue 19 (item 2) the 404 is said as what it means, at the file's line.
    expect(run.err).toMatch(/:1:15: organization "nowhere" not found \(or not visible to this token\)\./);
    expect(run.err).not.toContain('HCP Europe');
  });
});
