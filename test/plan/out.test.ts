// `plan --out FILE` never replaces what it must not (issue 14, finding 3): an input file, a file
// the next run would read as one, or an existing file that is not a saved plan of tfe-access. And
// `apply --plan` given a file that is no saved plan says what --plan takes, not "plan --out" it.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { closeGuardedWorld, GUARDED_DESIRED as DESIRED, openGuardedWorld } from '../apply/support.js';
import { runCli } from '../support/cli.js';

let emulator: RunningEmulator;
let dir: string;
let file: string;
let env: Record<string, string>;

const plan = (args: string[], cwd?: string) => runCli(['plan', ...args, '--rate-limit', String(FAST)], { env, ...(cwd ? { cwd } : {}) });

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-out-', DESIRED));
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

/** Refused on one line, before any request, the file left as it was. */
async function expectRefused(run: { code: number; out: string; err: string }, path: string, before: string | undefined, reason: RegExp): Promise<void> {
  expect(run.code).toBe(1);
  expect(run.err).toMatch(/^tfe-access plan: refusing to write the plan to [^\n]+\n$/);
  expect(run.err).toMatch(reason);
  expect(run.out).toBe('');
  expect(emulator.requests).toEqual([]);
  if (before !== undefined) expect(await readFile(path, 'utf8')).toBe(before);
}

describe('plan --out', () => {
  it('regression: plan X.yaml --out X.yaml replaces the desired-state file with plan JSON', async () => {
    await expectRefused(await plan([file, '--out', file]), file, DESIRED, /one of the desired-state files/);
  });

  it('refuses a file inside a directory given as PATHS, the default ./tfe-access.yaml, and a symlink to an input', async () => {
    await expectRefused(await plan([dir, '--out', join(dir, 'tfe-access.yaml')]), file, DESIRED, /one of the desired-state files/);
    await expectRefused(await plan(['--out', 'tfe-access.yaml'], dir), file, DESIRED, /one of the desired-state files/);
    await symlink(file, join(dir, 'link.json'));
    await expectRefused(await plan([file, '--out', join(dir, 'link.json')]), file, DESIRED, /one of the desired-state files/);
    // Not there yet, but the next `plan DIR` would read it as a desired-state file.
    await expectRefused(await plan([dir, '--out', join(dir, 'new.yml')]), join(dir, 'new.yml'), undefined, /would be read as a desired-state file/);
  });

  it('refuses a file below a directory given as PATHS, as the recursive read would read it; writes where the read passes over', async () => {
    await mkdir(join(dir, 'plans', 'deep'), { recursive: true });
    await expectRefused(
      await plan([dir, '--out', join(dir, 'plans', 'deep', 'new.yaml')]),
      join(dir, 'plans', 'deep', 'new.yaml'),
      undefined,
      /is below .* a directory given as PATHS, and would be read as a desired-state file/,
    );
    // Hidden directories are not read: a plan saved there is no input of the next run.
    await mkdir(join(dir, '.plans'));
    const run = await plan([dir, '--out', join(dir, '.plans', 'reviewed.yaml')]);
    expect(run.code, run.err).toBe(0);
    expect((await plan([dir])).code).toBe(0);
  });

  it('refuses an existing file that is not a saved plan, and a directory', async () => {
    const notes = join(dir, 'notes.json');
    await writeFile(notes, '{"mine": true}\n');
    await expectRefused(await plan([file, '--out', notes]), notes, '{"mine": true}\n', /exists and is not a saved plan of tfe-access/);
    await mkdir(join(dir, 'sub'));
    await expectRefused(await plan([file, '--out', join(dir, 'sub')]), notes, undefined, /is a directory/);
  });

  it('writes a new file, and replaces a saved plan of its own', async () => {
    const out = join(dir, 'reviewed.plan.json');
    expect((await plan([file, '--out', out])).code).toBe(0);
    const first = await readFile(out, 'utf8');
    expect(JSON.parse(first)).toMatchObject({ kind: 'tfe-access saved plan' });
    await writeFile(file, DESIRED.replace('dev: write', 'dev: admin'));
    const again = await plan([file, '--out', out]);
    expect(again.code, again.err).toBe(0);
    expect(await readFile(out, 'utf8')).not.toBe(first);
  });
});

describe('apply --plan with a file that is no saved plan', () => {
  it('regression: a hint tells users to overwrite their own file (apply --plan access.yaml)', async () => {
    const run = await runCli(['apply', '--plan', file, '--auto-approve'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access apply: [^\n]+\n$/);
    expect(run.err).not.toContain(`--out ${file}`);
    expect(run.err).toContain(`${file} is not a saved plan of tfe-access`);
    expect(run.err).toContain(`to apply desired-state files, name it without --plan: \`tfe-access apply ${file}\``);
    expect(await readFile(file, 'utf8')).toBe(DESIRED);
  });
});
