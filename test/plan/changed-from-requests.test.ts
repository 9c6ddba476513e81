// Issue 40, Acceptance (Bench): a scoped plan (`--changed-from`, docs/plan.md "Scoped plans") makes
// only the requests its change needs. Each cut has its regression here, as the request log of a
// small scoped plan on the emulator: what is asked, one by one, in each profile and read strategy.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';

const WORKSPACES = 'acme/20-workspaces.yaml';
let repo: string;

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-requests-'));
  cpSync(join(ROOT, 'examples/acme'), join(repo, 'acme'), { recursive: true });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const path = join(repo, WORKSPACES);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('      developers: read\n');
  writeFileSync(path, text.replace('      developers: read\n', '      developers: admin\n'));
  return () => rmSync(repo, { recursive: true, force: true });
});

/** A request as the log has it, its ids and page numbers left out: what was asked, not of which. */
const shape = (r: { method: string; path: string; query: string }): string =>
  `${r.method} ${r.path.replace(/\/(ws|prj|team|tws|tprj|user|ou)-[A-Za-z0-9]{16,}/g, '/:id')}${r.query.includes('filter%5Bnames%5D') ? ' (by name)' : ''}`;

interface Run {
  readonly requests: readonly string[];
  readonly document: { server?: unknown; changes: unknown[]; effective_changes?: unknown[] };
}

describe.each(['current', 'seed'] as const)('the requests of a one-line scoped plan, %s profile', (profile: ProfileName) => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0, profile });
  });
  afterAll(async () => {
    await emulator.stop();
  });

  async function plan(...args: string[]): Promise<Run> {
    emulator.resetLog();
    const env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
    const run = await runCli(['plan', 'acme', '--format', 'json', ...args], { env, cwd: repo });
    expect(run.code, run.err).toBe(0);
    return { requests: emulator.requests.map(shape), document: JSON.parse(run.out) as Run['document'] };
  }

  it('asks no ping when its first answer names the server, and lists the projects once: the full plan says the same of the server', async () => {
    const scoped = await plan('--changed-from', 'HEAD');
    const full = await plan();
    // The seed profile names no server on its answers: the ping is asked, and answers 404, as in the full plan.
    const ping = profile === 'seed' ? ['GET /api/v2/ping'] : [];
    expect(scoped.requests).toEqual([
      'GET /api/v2/organizations/acme/teams (by name)',
      'GET /api/v2/organizations/acme/projects',
      'GET /api/v2/organizations/acme/workspaces',
      'GET /api/v2/account/details',
      ...ping,
      // The touched workspace's grants, then its project's (the effective changes), over the projects listed once.
      'GET /api/v2/team-workspaces',
      'GET /api/v2/team-projects',
    ]);
    expect(full.requests.filter((r) => r === 'GET /api/v2/ping')).toHaveLength(1);
    expect(scoped.document.server).toEqual(full.document.server);
    expect(scoped.document.changes.length).toBeGreaterThan(0);
  });

  it('reads the same whatever --read-by says', async () => {
    const auto = await plan('--changed-from', 'HEAD');
    const byTeam = await plan('--changed-from', 'HEAD', '--read-by', 'team');
    const byTarget = await plan('--changed-from', 'HEAD', '--read-by', 'target');
    expect(byTeam.requests).toEqual(auto.requests);
    expect(byTarget.requests).toEqual(auto.requests);
  });
});

describe('a one-line scoped plan of a workspace whose project the files do not manage', () => {
  const TOKEN = 'scoped-requests-token';
  const seed: SeedDocument = {
    organizations: [
      {
        name: 'solo',
        token: TOKEN,
        teams: [{ name: 'dev' }, { name: 'ops' }],
        projects: [{ name: 'p' }],
        workspaces: [
          { name: 'w', project: 'p' },
          { name: 'x', project: 'p' },
        ],
        'team-workspaces': [
          { team: 'dev', workspace: 'w', access: 'read' },
          { team: 'ops', workspace: 'x', access: 'read' },
        ],
        'team-projects': [{ team: 'ops', project: 'p', access: 'read' }],
      },
    ],
  };
  const files = (level: string): string => `organization: solo\nworkspaces:\n  w:\n    teams:\n      dev: ${level}\n  x:\n    teams:\n      ops: read\n`;
  let emulator: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current' });
  });
  afterAll(async () => {
    await emulator.stop();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-project-'));
    mkdirSync(join(dir, 'head'));
    writeFileSync(join(dir, 'head', 'access.yaml'), files('admin'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  async function plan(...args: string[]): Promise<Run> {
    emulator.resetLog();
    const run = await runCli(['plan', 'head', '--format', 'json', ...args], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url }, cwd: dir });
    expect(run.code, run.err).toBe(0);
    return { requests: emulator.requests.map(shape), document: JSON.parse(run.out) as Run['document'] };
  }

  it("reads that one project by id, not the project list, and its effective changes are the full plan's", async () => {
    mkdirSync(join(dir, 'base'));
    writeFileSync(join(dir, 'base', 'access.yaml'), files('read'));
    const scoped = await plan('--changed-from', 'base');
    expect(scoped.requests).toEqual([
      'GET /api/v2/organizations/solo/teams (by name)',
      'GET /api/v2/organizations/solo/workspaces/w',
      'GET /api/v2/account/details',
      'GET /api/v2/team-workspaces',
      'GET /api/v2/projects/:id',
      'GET /api/v2/team-projects',
    ]);
    const full = await plan();
    expect(full.requests).toContain('GET /api/v2/projects/:id');
    expect(full.requests).not.toContain('GET /api/v2/organizations/solo/projects');
    expect(scoped.document.changes).toEqual(full.document.changes);
    expect(scoped.document.effective_changes).toEqual(full.document.effective_changes);
    expect(scoped.document.effective_changes?.length).toBeGreaterThan(0);
  });
});

describe('a scoped plan whose files name more teams than one filtered list takes', () => {
  const TOKEN = 'scoped-many-teams-token';
  const TEAMS = Array.from({ length: 101 }, (_, i) => `t${i}`);
  const seed: SeedDocument = {
    organizations: [
      { name: 'many', token: TOKEN, teams: TEAMS.map((name) => ({ name })), projects: [{ name: 'p' }], workspaces: [{ name: 'w', project: 'p' }] },
    ],
  };
  const files = (first: string): string =>
    `organization: many\nworkspaces:\n  w:\n    teams:\n${TEAMS.map((t, i) => `      ${t}: ${i === 0 ? first : 'read'}`).join('\n')}\n`;

  it('lists every team, and asks no ping: the first page names the server', async () => {
    const emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current' });
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-many-'));
    try {
      mkdirSync(join(dir, 'base'));
      mkdirSync(join(dir, 'head'));
      writeFileSync(join(dir, 'base', 'access.yaml'), files('read'));
      writeFileSync(join(dir, 'head', 'access.yaml'), files('admin'));
      const run = await runCli(['plan', 'head', '--format', 'json', '--changed-from', 'base'], {
        env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url },
        cwd: dir,
      });
      expect(run.code, run.err).toBe(0);
      expect(emulator.requests.map(shape)).toEqual([
        'GET /api/v2/organizations/many/teams',
        'GET /api/v2/organizations/many/teams',
        'GET /api/v2/organizations/many/workspaces/w',
        'GET /api/v2/account/details',
        'GET /api/v2/team-workspaces',
        'GET /api/v2/projects/:id',
        'GET /api/v2/team-projects',
      ]);
    } finally {
      await emulator.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
