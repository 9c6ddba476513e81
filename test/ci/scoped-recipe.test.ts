// What the recipes' scoped flow relies on from the real CLI (examples/ci/, docs/ci.md "Scoped plans
// in CI"): the pull request's plan `--changed-from HEAD^1` on the merge commit, saved with `--out` as
// the action does, records a checksum that the apply on merge, `--changed-from` the commit main was at
// before it, accepts, while the full apply of the same files refuses it (the checksum covers the scope).
// A repository made for the test (git itself, no shell), the demo organization over real HTTP.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';

let emulator: RunningEmulator;
let env: Record<string, string>;
let repo: string;

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
  repo = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-recipe-'));
  cpSync(join(ROOT, 'examples/acme'), join(repo, 'tfe-access'), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'main');
});
afterAll(async () => {
  await emulator.stop();
  rmSync(repo, { recursive: true, force: true });
});

describe('the scoped pull-request plan and the apply on merge', () => {
  it("the merge commit's plan --changed-from HEAD^1 is applied on push --changed-from the commit before; the full apply refuses its checksum", async () => {
    const before = git('rev-parse', 'HEAD');
    git('checkout', '-q', '-b', 'change');
    const path = join(repo, 'tfe-access/20-workspaces.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace('      developers: read\n', '      developers: admin\n'));
    git('commit', '-q', '-am', 'developers admin on networking-prod');
    git('checkout', '-q', 'main');
    // What GitHub checks out for a pull request, and what a merge commit leaves on main: first parent main.
    git('merge', '-q', '--no-ff', '-m', 'merge', 'change');
    expect(git('rev-parse', 'HEAD^1')).toBe(before);

    const saved = join(repo, 'plan.json');
    const plan = await runCli(['plan', 'tfe-access/', '--format', 'markdown', '--changed-from', 'HEAD^1', '--out', saved], { env, cwd: repo });
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('<!-- tfe-access-plan organization=acme -->');
    expect(plan.out).toContain('Scoped to the change from HEAD^1');
    const checksum = (JSON.parse(readFileSync(saved, 'utf8')) as { plan: { checksum: string } }).plan.checksum;
    expect(plan.out).toContain(checksum);

    // The full plan is not what was reviewed: refused, nothing changed.
    emulator.resetLog();
    const full = await runCli(['apply', 'tfe-access/', '--auto-approve', '--checksum', checksum], { env, cwd: repo });
    expect(full.code).toBe(1);
    expect(full.err).toContain('checksum');
    expect(emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // On push: github.event.before (CI_COMMIT_BEFORE_SHA) is the commit main was at.
    const apply = await runCli(['apply', 'tfe-access/', '--auto-approve', '--checksum', checksum, '--changed-from', before], { env, cwd: repo });
    expect(apply.code, apply.err).toBe(0);
    const after = await runCli(['plan', 'tfe-access/', '--changed-from', before, '--format', 'json'], { env, cwd: repo });
    expect((JSON.parse(after.out) as { changes: unknown[] }).changes).toEqual([]);
  });
});
