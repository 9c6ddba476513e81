// `tfe-access emulator` as a user runs it: a spawned process, its first line, the curl session of
// docs/emulator.md, a clean exit on SIGTERM, one-line errors for bad flags, and never the token.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(ROOT, 'dist/cli/main.js');
const CANARY = 'canary-admin-token-3f9a';

interface Started {
  child: ChildProcess;
  url: string;
  firstLine: string;
  output: () => string;
  exit: Promise<number | null>;
}

function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [MAIN, 'emulator', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return new Promise((resolveStart, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      const firstLine = stdout.slice(0, newline);
      resolveStart({ child, firstLine, url: firstLine.split(' ').pop() ?? '', output: () => stdout + stderr, exit });
    });
    void exit.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${CANARY}`, 'Content-Type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('tfe-access emulator (spawned)', () => {
  it('prints the URL first, serves the curl session of docs/emulator.md, stops with exit 0 on SIGTERM, never prints the token', async () => {
    const run = await startCli(['--port', '0', '--token', CANARY]);
    expect(run.firstLine).toMatch(/^tfe-access emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const u = run.url;
    expect((await call(u, 'POST', '/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'admin@acme.test' } } })).status).toBe(
      201,
    );
    const team = await call(u, 'POST', '/organizations/acme/teams', {
      data: { type: 'teams', attributes: { name: 'developers', visibility: 'organization' } },
    });
    const project = await call(u, 'POST', '/organizations/acme/projects', { data: { type: 'projects', attributes: { name: 'platform' } } });
    const workspace = await call(u, 'POST', '/organizations/acme/workspaces', {
      data: {
        type: 'workspaces',
        attributes: { name: 'networking-prod' },
        relationships: { project: { data: { type: 'projects', id: project.body.data.id } } },
      },
    });
    const teamRef = { data: { type: 'teams', id: team.body.data.id } };
    const tp = await call(u, 'POST', '/team-projects', {
      data: {
        type: 'team-projects',
        attributes: { access: 'custom', 'workspace-access': { runs: 'apply' } },
        relationships: { project: { data: { type: 'projects', id: project.body.data.id } }, team: teamRef },
      },
    });
    const tw = await call(u, 'POST', '/team-workspaces', {
      data: {
        type: 'team-workspaces',
        attributes: { access: 'write' },
        relationships: { workspace: { data: { type: 'workspaces', id: workspace.body.data.id } }, team: teamRef },
      },
    });
    expect([tp.status, tw.status]).toEqual([200, 200]);
    const projects = await call(u, 'GET', `/team-projects?filter%5Bproject%5D%5Bid%5D=${project.body.data.id}`);
    const workspaces = await call(u, 'GET', `/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=${workspace.body.data.id}`);
    expect(projects.body.data.map((g: any) => [g.attributes.access, g.attributes['workspace-access'].runs])).toEqual([['custom', 'apply']]);
    expect(workspaces.body.data.map((g: any) => g.attributes.access)).toEqual(['write']);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).not.toContain(CANARY);
  });

  it('stops with exit 0 on SIGINT', async () => {
    const run = await startCli(['--port', '0']);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('bad flags and a bad seed file: one line on stderr, exit 1', () => {
    for (const args of [['--port', 'x'], ['--fault-rate', '2'], ['--bogus'], ['--seed', join(ROOT, 'no-such-seed.yaml')], ['--profile', 'vintage']]) {
      const r = spawnSync(process.execPath, [MAIN, 'emulator', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^tfe-access emulator: /);
    }
  });

  it('--help lists every flag', () => {
    const r = spawnSync(process.execPath, [MAIN, 'emulator', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const flag of ['--host', '--port', '--token', '--seed', '--profile', '--rate-limit', '--latency-ms', '--fault-rate', '--random-seed'])
      expect(r.stdout).toContain(flag);
  });

  it("--profile current answers the ping and says its profile on stderr; a seed file's profile key chooses it too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-profile-'));
    const seedFile = join(dir, 'seed.yaml');
    writeFileSync(seedFile, 'profile: current\norganizations: []\n');
    for (const args of [
      ['--profile', 'current'],
      ['--seed', seedFile],
    ]) {
      const run = await startCli(['--port', '0', '--token', CANARY, ...args]);
      try {
        expect((await call(run.url, 'GET', '/ping')).status).toBe(204);
      } finally {
        run.child.kill('SIGTERM');
        expect(await run.exit).toBe(0);
      }
      expect(run.output()).toContain('profile current');
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
