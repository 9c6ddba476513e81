// The action builds a pinned commit once (issue 19, item 14): the key of a build
// (scripts/build-key.mjs) follows what the build reads and nothing else, and the steps restore the
// build of that key before installing and save it only after building it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { ACTION, readText, readYaml } from './recipes.js';

type Step = { name?: string; id?: string; if?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> };
const steps = (readYaml(ACTION) as { runs: { steps: Step[] } }).runs.steps;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-build-key-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of what the build reads, as the action's checkout holds it. */
function checkout(name: string): string {
  const copy = join(dir, name);
  for (const path of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src'])
    cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  return copy;
}

function keyOf(root: string): string {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/build-key.mjs'), root], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe('the key of a build', () => {
  it('is the same for the same commit wherever it is checked out, and ignores what the build does not read', () => {
    const one = checkout('one');
    const two = checkout('two');
    expect(keyOf(one)).toMatch(new RegExp(`^tfe-access-build-${process.platform}-${process.arch}-node${process.versions.node.split('.')[0]}-[0-9a-f]{64}$`));
    expect(keyOf(two)).toBe(keyOf(one));
    writeFileSync(join(two, 'README.md'), 'docs only\n');
    expect(keyOf(two)).toBe(keyOf(one));
  });

  it('changes with a source, a build script or the lockfile', () => {
    const base = checkout('base');
    const key = keyOf(base);
    for (const file of ['src/errors.ts', 'scripts/bundle.mjs', 'package-lock.json']) {
      const changed = checkout(`changed-${file.replace(/\W/g, '-')}`);
      writeFileSync(join(changed, file), `${readText(file)}\n`);
      expect(keyOf(changed), file).not.toBe(key);
    }
  });
});

describe('the action steps', () => {
  const index = (id: string): number => steps.findIndex((s) => s.id === id);
  const restore = steps.find((s) => s.uses?.startsWith('actions/cache/restore@'));
  const save = steps.find((s) => s.uses?.startsWith('actions/cache/save@'));

  it('restore the build of the key before installing, and save it only after building it', () => {
    expect(restore && save).toBeTruthy();
    expect(index('build-key')).toBeLessThan(steps.indexOf(restore!));
    expect(steps.indexOf(restore!)).toBeLessThan(index('install'));
    expect(index('install')).toBeLessThan(steps.indexOf(save!));
    expect(restore!.with).toEqual(save!.with);
    expect(restore!.with?.key).toBe('${{ steps.build-key.outputs.key }}');
    expect(restore!.with?.path?.trim().split('\n')).toEqual(['${{ github.action_path }}/dist', '${{ github.action_path }}/node_modules']);
    // Not when a tarball is installed, nor when this job built it already; saved only when built here.
    expect(restore!.if).toBe("inputs.version == '' && steps.build-key.outputs.built != 'true'");
    expect(save!.if).toBe("steps.install.outputs.built == 'true'");
    expect(steps.find((s) => s.id === 'install')?.env?.BUILD_KEY).toBe('${{ steps.build-key.outputs.key }}');
  });

  it('never build with tsc or npm run build themselves: the build is npm ci of an uncached key', () => {
    const scripts = steps.map((s) => s.run ?? '').join('\n');
    expect(scripts).not.toMatch(/\btsc\b|npm run build|scripts\/build\.mjs/);
    expect(scripts.match(/^\s*npm ci /gm)).toHaveLength(1);
  });
});
