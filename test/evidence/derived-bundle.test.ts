// Issue 42, item 3 (docs/evidence.md, "Derived rows"): an evidence bundle reads the edges of indirect
// access by default and writes derived.csv, each derived row counted in the manifest apart from the
// grants; a token that cannot read the edges yields a bundle that says so; --no-indirect leaves them.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { EDGELESS_TOKEN, INDIRECT_ORG_TOKEN, indirectSeed } from '../support/indirect-org.js';
import { perTest } from '../support/per-test.js';
import { startWorld } from '../support/world.js';

const held = perTest();

interface Count {
  what: string;
  extracted: number;
  seen_by?: string;
}
interface Manifest {
  complete: boolean;
  reasons: string[];
  scope: { indirect: boolean };
  counts: Count[];
  files: { name: string; rows: number | null }[];
}

async function bundle(token: string, more: string[] = []) {
  const world = await startWorld(held, indirectSeed(), 'organization: acme\n');
  const dir = join(world.dir, 'bundle');
  const run = await runCli(['report', '--organization', 'acme', '--evidence', dir, ...more], { env: world.env(token), cwd: world.dir });
  expect(run.code, run.err).toBe(0);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return { dir, run, manifest, read, world };
}

const rowsOf = (csv: string): Record<string, string>[] => parse(csv, { columns: true }) as Record<string, string>[];

describe('report --evidence: derived rows', () => {
  it('reads the edges by default: derived.csv holds each team that reaches a set, outputs, a pool or a Stack, counted apart', async () => {
    const { manifest, read, dir } = await bundle(INDIRECT_ORG_TOKEN);
    const rows = rowsOf(read('derived.csv'));
    const has = (team: string, reaches: string, target: string) => rows.find((r) => r.team === team && r.reaches === reaches && r.target === target);
    expect(has('planners', 'outputs:network-prod', 'app-a')).toMatchObject({ uses: 'runs', edge: 'consumer', answer: 'yes' });
    expect(has('planners', 'outputs:network-prod', 'app-a')?.setting).toMatch(/app-a is a remote-state consumer of network-prod: change it in the workspace/);
    expect(has('planners', 'agent-pool:prod-vpc', 'app-a')).toMatchObject({ edge: 'execution' });
    expect(has('planners', 'varset:cloud-creds', 'app-a')).toMatchObject({ uses: 'runs', edge: 'global' });
    expect(has('readers', 'varset:app-settings', 'app-b')).toMatchObject({ uses: 'variables', edge: 'project' });
    expect(has('fixed-prj', 'stack:edge', 'net')).toMatchObject({ uses: 'project-role', setting: '' });
    // A producer's own readers hold a grant there: a direct row, never a derived one.
    expect(rows.some((r) => r.edge === 'own')).toBe(false);
    // readers cannot queue runs on a consumer: they do not reach network-prod's outputs.
    expect(rows.some((r) => r.team === 'readers' && r.reaches === 'outputs:network-prod')).toBe(false);
    expect(manifest.complete).toBe(true);
    expect(manifest.scope.indirect).toBe(true);
    const derived = manifest.counts.find((c) => c.what === 'derived');
    expect(derived).toEqual({ what: 'derived', extracted: rows.length, service: null, seen_by: 'service' });
    expect(manifest.counts.find((c) => c.what === 'grants')?.extracted).toBe(3);
    expect(manifest.files.find((f) => f.name === 'derived.csv')?.rows).toBe(rows.length);
    const verify = await runCli(['report', 'verify', dir]);
    expect(verify.code, verify.err).toBe(0);
  });

  it('the bundle\'s report carries each cell\'s "reaches through" entries as `report` gives them, over one read of the workspace list', async () => {
    const { read, world } = await bundle(INDIRECT_ORG_TOKEN);
    const lists = world.emulator.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/organizations/acme/workspaces')).length;
    const plain = await runCli(['report', '--organization', 'acme', '--format', 'json'], { env: world.env(INDIRECT_ORG_TOKEN), cwd: world.dir });
    expect(plain.code, plain.err).toBe(0);
    type Doc = Record<'projects' | 'workspaces', { name: string; teams: { name: string; reaches?: unknown[] }[] }[]>;
    const entries = (doc: Doc) =>
      [...doc.projects, ...doc.workspaces].flatMap((t) => t.teams.filter((c) => c.reaches !== undefined).map((c) => [t.name, c.name, c.reaches]));
    const inBundle = entries(JSON.parse(read('report.json')) as Doc);
    expect(inBundle.length).toBeGreaterThan(0);
    expect(inBundle).toEqual(entries(JSON.parse(plain.out) as Doc));
    // The report's own workspace list carries the sharing and execution the edges need: read once per run.
    const perRun = world.emulator.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/organizations/acme/workspaces')).length - lists;
    expect(lists).toBe(perRun);
  });

  it('verify: a derived row taken out of derived.csv, its hash, size and rows rewritten in the manifest, still disagrees with the count', async () => {
    const { dir, read } = await bundle(INDIRECT_ORG_TOKEN);
    const lines = read('derived.csv').split('\r\n');
    const shorter = [...lines.slice(0, 1), ...lines.slice(2)].join('\r\n');
    writeFileSync(join(dir, 'derived.csv'), shorter);
    const manifest = JSON.parse(read('manifest.json')) as Manifest & { files: { name: string; bytes: number; sha256: string; rows: number | null }[] };
    const entry = manifest.files.find((f) => f.name === 'derived.csv');
    if (!entry) throw new Error('no derived.csv listed');
    Object.assign(entry, { bytes: Buffer.byteLength(shorter), sha256: createHash('sha256').update(shorter).digest('hex'), rows: (entry.rows ?? 0) - 1 });
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const verify = await runCli(['report', 'verify', dir]);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/manifest\.json: counts: \d+ derived extracted, derived\.csv has \d+ rows/);
  });

  it('a token that cannot read the edges: the bundle says so, complete false, the derived count the token view', async () => {
    const { manifest, read, dir } = await bundle(EDGELESS_TOKEN);
    // The workspaces' sharing is readable: the outputs rows stand; nothing through the lists not given.
    const reached = new Set(rowsOf(read('derived.csv')).map((r) => r.reaches));
    expect([...reached]).toEqual(['outputs:network-prod']);
    expect(manifest.complete).toBe(false);
    expect(
      manifest.reasons.some((r) =>
        /indirect access was not read whole \(the list of agent pools, Stacks, variable sets was not given to the token .*derived rows say/.test(r),
      ),
    ).toBe(true);
    expect(manifest.counts.find((c) => c.what === 'derived')).toMatchObject({ what: 'derived', service: null, seen_by: 'token' });
    const report = JSON.parse(read('report.json')) as { incomplete: { code: string; lists?: string[]; partial_token?: boolean }[] };
    // One reason for the one read of the edges: the cells' walks and the derived rows' gaps said together, once.
    const unread = report.incomplete.filter((r) => r.code === 'indirect-unread');
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ lists: ['agent-pools', 'stacks', 'varsets'], partial_token: true });
    expect(manifest.reasons.filter((r) => /indirect access was not read whole/.test(r))).toHaveLength(1);
    const verify = await runCli(['report', 'verify', dir]);
    expect(verify.code).toBe(2);
  });

  it('--no-indirect: no edge read, no derived.csv, the manifest says the edges were not read', async () => {
    const { manifest, world } = await bundle(INDIRECT_ORG_TOKEN, ['--no-indirect']);
    expect(manifest.files.map((f) => f.name)).not.toContain('derived.csv');
    expect(manifest.scope.indirect).toBe(false);
    expect(manifest.counts.some((c) => c.what === 'derived')).toBe(false);
    expect(world.emulator.requests.some((r) => /varsets|agent-pools|stacks/.test(r.path))).toBe(false);
  });

  it('--no-indirect beside a question of indirect access: one line, exit 1', async () => {
    const run = await runCli(['report', '--organization', 'acme', '--can', 'varset:x', '--no-indirect'], {
      env: { TFE_TOKEN: 't', TFE_ADDRESS: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/--no-indirect leaves the edges of indirect access unread, and --can varset:x asks of them/);
  });
});
