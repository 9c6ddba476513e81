// Issue 40: `plan PATHS --changed-from REF` reads only what the change from REF's files touches
// (docs/plan.md, "Scoped plans"), says so in every format, and gives the full plan's changes on
// what it read. The demo organization over real HTTP, the CLI in process, REF a git revision of a
// repository made for the test (git itself, no shell) or a directory of base files.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { ROOT, runCli } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
let repo: string;

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator.stop();
});

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'tfe-access-changed-'));
  cpSync(join(ROOT, 'examples/acme'), join(repo, 'acme'), { recursive: true });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  return () => rmSync(repo, { recursive: true, force: true });
});

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema());
const WORKSPACES = 'acme/20-workspaces.yaml';

/** Edits a file of the repository's work tree (the base stays committed). */
function edit(file: string, from: string, to: string): void {
  const path = join(repo, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

interface Change {
  readonly action: string;
  readonly target: { readonly type: string; readonly name: string };
}
interface Document {
  readonly changes: readonly Change[];
  readonly scope: { readonly changed_from?: Record<string, unknown> };
}

async function planJson(...args: string[]): Promise<{ document: Document; requests: number; code: number; err: string }> {
  emulator.resetLog();
  const run = await runCli(['plan', 'acme', '--format', 'json', ...args], { env, cwd: repo });
  const requests = emulator.counters().total;
  return { document: (run.out === '' ? {} : JSON.parse(run.out)) as Document, requests, code: run.code, err: run.err };
}

const on = (changes: readonly Change[], target: string): Change[] => changes.filter((c) => `${c.target.type}:${c.target.name}` === target);

describe('plan --changed-from a git revision', () => {
  it("a one-line grant change reads one target: its changes are the full plan's there, in fewer requests, and the scope says so (valid JSON)", async () => {
    edit(WORKSPACES, '      developers: read\n', '      developers: admin\n');
    const full = await planJson();
    const scoped = await planJson('--changed-from', 'HEAD');
    expect(scoped.code, scoped.err).toBe(0);
    expect(validate(scoped.document), JSON.stringify(validate.errors)).toBe(true);
    expect(scoped.document.scope.changed_from).toEqual({
      ref: 'HEAD',
      scoped: true,
      targets: ['workspace:networking-prod'],
      teams: [],
      token_policy: false,
      targets_read: 1,
    });
    expect(scoped.document.changes.length).toBeGreaterThan(0);
    expect(scoped.document.changes).toEqual(on(full.document.changes, 'workspace:networking-prod'));
    expect(scoped.requests).toBeLessThan(full.requests);
  });

  it('says it is scoped in text, under the summary, and in Markdown as a note', async () => {
    edit(WORKSPACES, '      developers: read\n', '      developers: admin\n');
    const words = 'Scoped to the change from HEAD: it touches 1 target; the plan read 1 target, and drift elsewhere was not read (a full plan reads it).';
    const text = await runCli(['plan', 'acme', '--changed-from', 'HEAD'], { env, cwd: repo });
    expect(text.out).toContain(`\n${words}\n`);
    const markdown = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--format', 'markdown'], { env, cwd: repo });
    expect(markdown.out).toContain(`> [!NOTE]\n> ${words}\n`);
  });

  it('reads by target whatever --read-by says, and says so when reading by team was asked for', async () => {
    edit(WORKSPACES, '      developers: read\n', '      developers: admin\n');
    const byTeam = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--read-by', 'team', '--format', 'json'], { env, cwd: repo });
    expect(byTeam.code, byTeam.err).toBe(0);
    expect(byTeam.err).toContain('a scoped plan reads one list per target: reading by team needs every team the token sees.');
    const read = (JSON.parse(byTeam.out) as { read: { strategy: string } }).read;
    expect(read.strategy).toBe('by-target');
    const auto = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--format', 'json'], { env, cwd: repo });
    expect((JSON.parse(auto.out) as { changes: unknown }).changes).toEqual((JSON.parse(byTeam.out) as { changes: unknown }).changes);
  });

  it('no change: reads no grant, plans nothing', async () => {
    const scoped = await planJson('--changed-from', 'HEAD');
    expect(scoped.code, scoped.err).toBe(0);
    expect(scoped.document.changes).toEqual([]);
    expect(scoped.document.scope.changed_from).toMatchObject({ scoped: true, targets: [], targets_read: 0 });
  });

  it('a role changed fans out to every target that uses it', async () => {
    edit('acme/00-organization.yaml', 'planner: { runs: plan, state-versions: read-outputs }', 'planner: { runs: read, state-versions: read-outputs }');
    const scoped = await planJson('--changed-from', 'HEAD');
    expect(scoped.code, scoped.err).toBe(0);
    const full = await planJson();
    const targets = (scoped.document.scope.changed_from?.targets ?? []) as string[];
    expect(targets).toContain('workspace:networking-prod');
    expect(scoped.document.changes).toEqual(full.document.changes.filter((c) => targets.includes(`${c.target.type}:${c.target.name}`)));
  });

  it('a settings change is the full plan, saying why', async () => {
    edit('acme/00-organization.yaml', 'max-removals: 10', 'max-removals: 11');
    const scoped = await planJson('--changed-from', 'HEAD');
    const full = await planJson();
    expect(scoped.document.scope.changed_from).toMatchObject({ scoped: false, reason: 'settings changed (max-removals): settings govern every target' });
    expect(scoped.document.changes).toEqual(full.document.changes);
  });

  it('a REF that is not a revision, a path missing at REF, files at REF that do not validate: one line each, exit 1', async () => {
    emulator.resetLog();
    const bad = await runCli(['plan', 'acme', '--changed-from', 'no-such-branch'], { env, cwd: repo });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^tfe-access plan: --changed-from no-such-branch: not a revision of the repository at .*, nor a directory\.\n$/);
    writeFileSync(join(repo, 'acme', '30-new.yaml'), 'organization: acme\n');
    const missing = await runCli(['plan', 'acme/30-new.yaml', '--changed-from', 'HEAD'], { env, cwd: repo });
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('tfe-access plan: --changed-from HEAD: acme/30-new.yaml is not there at HEAD.\n');
    writeFileSync(join(repo, WORKSPACES), 'organization: acme\nworkspaces: 3\n');
    git('commit', '-q', '-am', 'broken');
    cpSync(join(ROOT, 'examples/acme', '20-workspaces.yaml'), join(repo, WORKSPACES));
    const invalid = await runCli(['plan', 'acme', '--changed-from', 'HEAD'], { env, cwd: repo });
    expect(invalid.code).toBe(1);
    expect(invalid.err.split('\n')).toHaveLength(2);
    expect(invalid.err).toMatch(
      /^tfe-access plan: --changed-from HEAD: the files at HEAD do not validate: 1 problem \(first: acme\/20-workspaces\.yaml:2:13: .*\); plan without --changed-from\.\n$/,
    );
    // Each is said before the first request.
    expect(emulator.counters().total).toBe(0);
  });

  it('without git on PATH, a REF that is no directory says git is missing, not that there is no repository', async () => {
    const noGit = mkdtempSync(join(tmpdir(), 'tfe-access-no-git-'));
    try {
      const run = await spawnCli(['plan', 'acme', '--changed-from', 'HEAD'], { env: { ...env, PATH: noGit }, cwd: repo });
      expect(run.code).toBe(1);
      expect(run.err).toBe('tfe-access plan: --changed-from HEAD: not a directory, and git is not installed (not on PATH) to read it as a revision.\n');
    } finally {
      rmSync(noGit, { recursive: true, force: true });
    }
  });

  it('--target with --changed-from is refused in one line, before any request', async () => {
    emulator.resetLog();
    const run = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--target', 'workspace:networking-prod'], { env, cwd: repo });
    expect(run.code).toBe(1);
    expect(run.err).toBe('tfe-access plan: --changed-from and --target cannot be given together: a scoped plan chooses its targets from the change.\n');
    expect(emulator.counters().total).toBe(0);
  });
});

describe('apply --changed-from', () => {
  it('applies the reviewed scoped plan (its checksum) and writes nowhere else: the full plan elsewhere is as before', async () => {
    edit(WORKSPACES, '      developers: read\n', '      developers: admin\n');
    const before = await planJson();
    const scoped = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--format', 'json'], { env, cwd: repo });
    const { checksum } = JSON.parse(scoped.out) as { checksum: string };
    const applied = await runCli(['apply', 'acme', '--changed-from', 'HEAD', '--checksum', checksum, '--auto-approve'], { env, cwd: repo });
    expect(applied.code, applied.err).toBe(0);
    const after = await planJson();
    const elsewhere = (changes: readonly Change[]) => changes.filter((c) => `${c.target.type}:${c.target.name}` !== 'workspace:networking-prod');
    expect(on(after.document.changes, 'workspace:networking-prod')).toEqual([]);
    expect(on(before.document.changes, 'workspace:networking-prod').length).toBeGreaterThan(0);
    expect(after.document.changes).toEqual(elsewhere(before.document.changes));
    expect(elsewhere(before.document.changes).length).toBeGreaterThan(0);
  });

  it('a REF that is not a revision, a path missing at REF, files at REF that do not validate: one line each, exit 1, before any request', async () => {
    emulator.resetLog();
    const bad = await runCli(['apply', 'acme', '--changed-from', 'no-such-branch', '--auto-approve'], { env, cwd: repo });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^tfe-access apply: --changed-from no-such-branch: not a revision of the repository at .*, nor a directory\.\n$/);
    writeFileSync(join(repo, 'acme', '30-new.yaml'), 'organization: acme\n');
    const missing = await runCli(['apply', 'acme/30-new.yaml', '--changed-from', 'HEAD', '--auto-approve'], { env, cwd: repo });
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('tfe-access apply: --changed-from HEAD: acme/30-new.yaml is not there at HEAD.\n');
    writeFileSync(join(repo, WORKSPACES), 'organization: acme\nworkspaces: 3\n');
    git('commit', '-q', '-am', 'broken');
    cpSync(join(ROOT, 'examples/acme', '20-workspaces.yaml'), join(repo, WORKSPACES));
    const invalid = await runCli(['apply', 'acme', '--changed-from', 'HEAD', '--auto-approve'], { env, cwd: repo });
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/^tfe-access apply: --changed-from HEAD: the files at HEAD do not validate: 1 problem \(first: [^\n]*\n$/);
    // The advice names the command that ran, not plan.
    expect(invalid.err).toMatch(/; apply without --changed-from\.\n$/);
    expect(emulator.counters().total).toBe(0);
  });

  it('with --plan is refused in one line', async () => {
    const run = await runCli(['apply', '--plan', 'saved.json', '--changed-from', 'HEAD'], { env, cwd: repo });
    expect(run.code).toBe(1);
    expect(run.err).toBe('tfe-access apply: --changed-from cannot be used with --plan: a saved plan applies all of its changes or none.\n');
  });
});

describe('plan --changed-from a directory of base files', () => {
  it("compares with the directory's files", async () => {
    const base = mkdtempSync(join(tmpdir(), 'tfe-access-base-'));
    try {
      cpSync(join(ROOT, 'examples/acme'), base, { recursive: true });
      edit(WORKSPACES, '      developers: read\n', '      developers: admin\n');
      const scoped = await planJson('--changed-from', base);
      expect(scoped.code, scoped.err).toBe(0);
      expect(scoped.document.scope.changed_from).toMatchObject({ ref: base, scoped: true, targets: ['workspace:networking-prod'] });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
