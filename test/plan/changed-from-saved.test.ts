// Issue 40, Build 3: `plan PATHS --changed-from REF --out FILE` saves the scoped plan (format 7, its
// scope in the file, a checksum that covers it) and `apply --plan FILE` writes only inside that scope,
// re-reading each target it writes before the first write (docs/plan.md, "Scoped plans"; docs/apply.md,
// "Saved plans"). The demo organization over real HTTP, the CLI in process, REF a git revision.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { grantChanges, planChanges } from '../../src/core/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { forge } from '../apply/support.js';
import { ROOT, runCli } from '../support/cli.js';

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

// Each test on the demo organization as seeded: an apply of one test is not the next one's reality.
beforeEach(async () => {
  await emulator.stop();
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
  repo = mkdtempSync(join(tmpdir(), 'tfe-access-changed-saved-'));
  cpSync(join(ROOT, 'examples/acme'), join(repo, 'acme'), { recursive: true });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const path = join(repo, 'acme/20-workspaces.yaml');
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('      developers: read\n');
  writeFileSync(path, text.replace('      developers: read\n', '      developers: admin\n'));
  return () => rmSync(repo, { recursive: true, force: true });
});

const SCOPED = 'workspace:networking-prod';

interface Change {
  readonly action: string;
  readonly target: { readonly type: string; readonly name: string };
}
interface Document {
  readonly changes: readonly Change[];
  readonly checksum: string;
  readonly scope: { readonly changed_from?: Record<string, unknown> };
}

async function planJson(...args: string[]): Promise<Document> {
  const run = await runCli(['plan', 'acme', '--format', 'json', ...args], { env, cwd: repo });
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out) as Document;
}

const keyOf = (c: Change): string => `${c.target.type}:${c.target.name}`;
const elsewhere = (changes: readonly Change[]): Change[] => changes.filter((c) => keyOf(c) !== SCOPED);
const saved = (): { format_version: number; basis: { targets: { type: string; name: string }[] }; plan: Document } =>
  JSON.parse(readFileSync(join(repo, 'saved.json'), 'utf8'));

/** The writes the emulator saw since its log was reset (every method but GET). */
const writes = (): string[] => emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('plan --changed-from --out', () => {
  it('saves the scoped plan: format 7, its scope and a basis of only the targets it read', async () => {
    const run = await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    expect(run.code, run.err).toBe(0);
    const file = saved();
    expect(file.format_version).toBe(7);
    expect(file.plan.scope.changed_from).toMatchObject({ ref: 'HEAD', scoped: true, targets: [SCOPED], targets_read: 1 });
    expect(file.basis.targets.map((t) => `${t.type}:${t.name}`)).toEqual([SCOPED]);
    expect(file.plan.changes.length).toBeGreaterThan(0);
    expect(file.plan.changes.every((c) => keyOf(c) === SCOPED)).toBe(true);
    // `show` reads it back, scope and all.
    const shown = await runCli(['show', 'saved.json', '--format', 'json'], { env, cwd: repo });
    expect(shown.code, shown.err).toBe(0);
    expect((JSON.parse(shown.out) as Document).scope.changed_from).toEqual(file.plan.scope.changed_from);
  });

  it("its checksum covers the scope: not the checksum of an unscoped plan with the same changes, and apply refuses that one's", async () => {
    const scoped = await planJson('--changed-from', 'HEAD');
    const targeted = await planJson('--target', SCOPED);
    expect(targeted.changes).toEqual(scoped.changes);
    expect(targeted.checksum).not.toBe(scoped.checksum);
    await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    expect(saved().plan.checksum).toBe(scoped.checksum);
    emulator.resetLog();
    const refused = await runCli(['apply', '--plan', 'saved.json', '--checksum', targeted.checksum, '--auto-approve'], { env, cwd: repo });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('checksum');
    expect(writes()).toEqual([]);
  });
});

describe('apply --plan of a scoped saved plan', () => {
  it('applies it and writes nothing outside the scope: the full plan elsewhere is as before', async () => {
    const before = await planJson();
    expect(before.changes.some((c) => keyOf(c) === SCOPED)).toBe(true);
    expect(elsewhere(before.changes).length).toBeGreaterThan(0);
    await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    const { checksum } = saved().plan;
    emulator.resetLog();
    // With the files named, checked as the plan narrowed them: unchanged, so accepted.
    const applied = await runCli(['apply', 'acme', '--plan', 'saved.json', '--checksum', checksum, '--auto-approve'], { env, cwd: repo });
    expect(applied.code, applied.err).toBe(0);
    expect(writes().length).toBeGreaterThan(0);
    const after = await planJson();
    expect(after.changes.filter((c) => keyOf(c) === SCOPED)).toEqual([]);
    expect(after.changes).toEqual(elsewhere(before.changes));
  });

  it('refuses a target changed since the plan, before any write', async () => {
    await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    // The scoped target changes under the saved plan: the same change, applied by another run.
    const moved = await runCli(['apply', 'acme', '--changed-from', 'HEAD', '--auto-approve'], { env, cwd: repo });
    expect(moved.code, moved.err).toBe(0);
    emulator.resetLog();
    const stale = await runCli(['apply', '--plan', 'saved.json', '--auto-approve'], { env, cwd: repo });
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(
      /^tfe-access apply: the saved plan is stale: the team access of workspace "networking-prod" \(ws-\w+\) changed since it was planned; nothing was changed/,
    );
    expect(stale.err.trim().split('\n')).toHaveLength(1);
    expect(writes()).toEqual([]);
  });

  it('refuses it with the files moved inside the scope, before any request', async () => {
    await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    const path = join(repo, 'acme/20-workspaces.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace('      developers: admin\n', '      developers: write\n'));
    emulator.resetLog();
    const stale = await runCli(['apply', 'acme', '--plan', 'saved.json', '--auto-approve'], { env, cwd: repo });
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('is stale: the desired-state files changed since it was planned');
    expect(emulator.counters().total).toBe(0);
  });

  it('takes the files moved outside the scope: narrowed to the saved scope, they are those planned from', async () => {
    await runCli(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'], { env, cwd: repo });
    const path = join(repo, 'acme/20-workspaces.yaml');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('      developers: plan\n');
    writeFileSync(path, text.replace('      developers: plan\n', '      developers: read\n'));
    const billing = (d: Document): Change[] => d.changes.filter((c) => keyOf(c) === 'workspace:billing-api-prod');
    const before = billing(await planJson());
    expect(before.length).toBeGreaterThan(0);
    const applied = await runCli(['apply', 'acme', '--plan', 'saved.json', '--auto-approve'], { env, cwd: repo });
    expect(applied.code, applied.err).toBe(0);
    // The edit outside the scope is not this plan's: not applied.
    expect(billing(await planJson())).toEqual(before);
  });
});

describe('a scoped saved plan with TFE_ACCESS_PLAN_KEY', () => {
  const KEYED = { TFE_ACCESS_PLAN_KEY: 'k3y-of-the-ci-secret-0123456789abcdef' };
  const keyed = (args: string[]) => runCli(args, { env: { ...env, ...KEYED }, cwd: repo });
  const hmacOf = (): unknown => (JSON.parse(readFileSync(join(repo, 'saved.json'), 'utf8')) as { hmac?: unknown }).hmac;

  it('is saved with its HMAC, verified by show and apply --plan, which applies the scope alone', async () => {
    const before = await planJson();
    const planned = await keyed(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json']);
    expect(planned.code, planned.err).toBe(0);
    expect(planned.err).toContain('with its HMAC (TFE_ACCESS_PLAN_KEY)');
    expect(hmacOf()).toMatch(/^[0-9a-f]{64}$/);
    expect(saved().plan.scope.changed_from).toMatchObject({ scoped: true, targets: [SCOPED] });
    const shown = await keyed(['show', 'saved.json']);
    expect(shown.err).toBe("show: the plan's HMAC was verified with TFE_ACCESS_PLAN_KEY.\n");
    emulator.resetLog();
    const applied = await keyed(['apply', '--plan', 'saved.json', '--auto-approve']);
    expect(applied.code, applied.err).toBe(0);
    expect(writes().length).toBeGreaterThan(0);
    expect((await planJson()).changes).toEqual(elsewhere(before.changes));
  });

  it('edited and sealed again without the key (its access raised): refused in one line, nothing written', async () => {
    expect((await keyed(['plan', 'acme', '--changed-from', 'HEAD', '--out', 'saved.json'])).code).toBe(0);
    const original = hmacOf();
    const path = join(repo, 'saved.json');
    await forge(path, (plan) => ({
      ...plan,
      plan: { ...plan.plan, ...planChanges({ grant: grantChanges(plan.plan).map((c) => (c.action === 'remove' ? c : { ...c, after: { access: 'admin' } })) }) },
    }));
    emulator.resetLog();
    const stripped = await keyed(['apply', '--plan', 'saved.json', '--auto-approve']);
    expect(stripped.code).toBe(1);
    expect(stripped.err).toMatch(/^tfe-access apply: [^\n]* is not a usable saved plan: it carries no HMAC, and TFE_ACCESS_PLAN_KEY is set[^\n]*\n$/);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), hmac: original }));
    const resealed = await keyed(['apply', '--plan', 'saved.json', '--auto-approve']);
    expect(resealed.code).toBe(1);
    expect(resealed.err).toMatch(/^tfe-access apply: [^\n]* is not a usable saved plan: its HMAC does not match TFE_ACCESS_PLAN_KEY[^\n]*\n$/);
    expect(writes()).toEqual([]);
  });
});

describe('apply --changed-from with --checksum and --target', () => {
  it("the full plan's checksum (or an unscoped --target plan's) is refused, nothing written", async () => {
    const full = await planJson();
    const targeted = await planJson('--target', SCOPED);
    for (const checksum of [full.checksum, targeted.checksum]) {
      emulator.resetLog();
      const run = await runCli(['apply', 'acme', '--changed-from', 'HEAD', '--checksum', checksum, '--auto-approve'], { env, cwd: repo });
      expect(run.code).toBe(1);
      expect(run.err).toContain('checksum');
      expect(run.err.trim().split('\n')).toHaveLength(1);
      expect(writes()).toEqual([]);
    }
  });

  it('--target with --changed-from is refused in one line, before any request', async () => {
    emulator.resetLog();
    const run = await runCli(['apply', 'acme', '--changed-from', 'HEAD', '--target', SCOPED, '--auto-approve'], { env, cwd: repo });
    expect(run.code).toBe(1);
    expect(run.err).toBe('tfe-access apply: --changed-from and --target cannot be given together: a scoped plan chooses its targets from the change.\n');
    expect(emulator.counters().total).toBe(0);
  });
});
