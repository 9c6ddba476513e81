// Messages a new user reads in the first hour (issue 19, item 13): one summary style for every list
// of problems, paths outside the working directory printed whole, no made-up `:1:1:` for a path,
// the file asked for in write errors (never its temporary name), and "No targets managed" when the
// files name none. The built CLI, spawned.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { runBuilt } from '../support/spawn.js';
import { emulatorAndFolder } from '../support/world.js';

const world = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-messages-', per: 'file' });
beforeAll(async () => {
  await mkdir(join(world.dir, 'two'));
  await writeFile(join(world.dir, 'two', 'a.yaml'), 'organization: acme\nprojects:\n  platform:\n    teams:\n      developers: writ\n');
  await writeFile(join(world.dir, 'two', 'b.yaml'), 'organization: acme\nworkspaces:\n  networking-prod:\n    teams:\n      developers: 7\n');
  await mkdir(join(world.dir, 'empty'));
  await writeFile(join(world.dir, 'org-only.yaml'), 'organization: acme\n');
});

describe('one summary style', () => {
  it('validate and plan count problems and files the same way', async () => {
    const validate = await runBuilt(['validate', 'two'], { cwd: world.dir });
    expect(validate.code).toBe(1);
    expect(validate.out.trimEnd().split('\n').at(-1)).toBe('2 problems in 2 files.');
    const plan = await runBuilt(['plan', 'two'], { cwd: world.dir, env: world.env });
    expect(plan.code).toBe(1);
    expect(plan.err.split('\n')[0]).toBe('tfe-access plan: 2 problems in 2 files:');
    expect(plan.err).toContain('\n  two/a.yaml:5:19: ');
  });
});

describe('paths', () => {
  it('a file outside the working directory is printed with its absolute path', async () => {
    const run = await runBuilt(['validate', join(world.dir, 'two', 'a.yaml')]);
    expect(run.out).toMatch(new RegExp(`^${join(world.dir, 'two', 'a.yaml')}:5:19: `, 'm'));
    expect(run.out).not.toContain('../');
  });

  it('a problem of a path has no line and column, in text and in GitHub commands', async () => {
    const text = await runBuilt(['validate', 'empty', 'missing.yaml'], { cwd: world.dir });
    expect(text).toEqual({
      code: 1,
      out: 'empty: directory has no *.yaml or *.yml files\nmissing.yaml: no such file or directory\n2 problems in 2 files.\n',
      err: '',
    });
    const github = await runBuilt(['validate', 'empty', '--format', 'github'], { cwd: world.dir });
    expect(github.out).toBe('::error file=empty::directory has no *.yaml or *.yml files\n1 problem in 1 file.\n');
    const json = JSON.parse((await runBuilt(['validate', 'empty', '--format', 'json'], { cwd: world.dir })).out) as { problems: object[] };
    expect(json.problems).toEqual([{ file: 'empty', message: 'directory has no *.yaml or *.yml files' }]);
  });

  it('a failed write names the file asked for, never the temporary file beside it', async () => {
    const out = join(world.dir, 'no-such-directory', 'plan.json');
    const run = await runBuilt(['plan', 'examples/acme', '--out', out], { env: world.env });
    expect(run.code).toBe(1);
    expect(run.err).toBe(`tfe-access plan: could not write the saved plan ${out}: ENOENT: no such file or directory, open '${out}'\n`);
  });
});

describe('no targets', () => {
  it('validate and plan say that the files manage nothing, not "0 projects" or "no changes"', async () => {
    const validate = await runBuilt(['validate', 'org-only.yaml'], { cwd: world.dir });
    expect(validate).toEqual({ code: 0, out: 'valid: 1 file, organization "acme": no targets managed (no projects or workspaces).\n', err: '' });
    const plan = await runBuilt(['plan', 'org-only.yaml'], { cwd: world.dir, env: world.env });
    expect(plan.code).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('No targets managed: the files name no project or workspace of acme.');
    expect(plan.out).not.toContain('No changes');
  });
});
