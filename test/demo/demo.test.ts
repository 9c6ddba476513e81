// tfe-access demo: runs through in-process, tells the whole story, ignores the user's environment,
// and stops its emulator even when a step fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo/run.js';
import type { IO } from '../../src/cli/io.js';
import { CLIError } from '../../src/errors.js';
import { ROOT, runCli } from '../support/cli.js';

const USER_TOKEN = 'users-own-token-canary-5150';
/** Nothing listens on the discard port: a run that used it would fail. */
const USER_ADDRESS = 'http://127.0.0.1:9';

describe('tfe-access demo', () => {
  it('exits 0 and shows validate, a non-empty plan, an apply, a clean drift check and an export, in that order', async () => {
    const run = await runCli(['demo'], { env: { TFE_TOKEN: USER_TOKEN, TFE_ADDRESS: USER_ADDRESS, TF_TOKEN_app_terraform_io: USER_TOKEN } });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const marks = [
      '$ tfe-access validate examples/acme',
      'valid: 3 files, organization "acme"',
      '$ tfe-access plan examples/acme',
      'Plan for acme: 1 to add, 2 to change, 1 to remove.',
      '  - interns     read',
      '$ tfe-access apply examples/acme --auto-approve --checksum ',
      'Apply complete: 4 applied, 0 already so, 0 failed, of 4 changes in acme.',
      '$ tfe-access drift examples/acme',
      'No drift: access in acme matches the files.',
      '$ tfe-access export --organization acme --workspace billing-api-prod',
      '      release-managers:\n        access: custom\n        runs: apply',
      'the emulator is stopped',
    ];
    const positions = marks.map((m) => run.out.indexOf(m));
    expect(
      positions.filter((p) => p < 0),
      `missing: ${marks.filter((_, i) => positions[i]! < 0).join(' | ')}`,
    ).toEqual([]);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The checksum apply is given is the one the plan step printed.
    const planned = /^Checksum: ([0-9a-f]{64})$/m.exec(run.out)?.[1];
    expect(run.out).toContain(`--checksum ${planned}`);
    expect(run.out).not.toContain(USER_TOKEN);
    expect(run.out).not.toContain(USER_ADDRESS);
  });

  it('--help describes it; an unknown flag is refused', async () => {
    const help = await runCli(['demo', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: tfe-access demo');
    const bad = await runCli(['demo', '--fast']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--fast');
  });

  it('stops the emulator and names the step when one fails', async () => {
    let out = '';
    const io: IO = { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => undefined }, env: {}, isTTY: false, cwd: ROOT };
    const failingPlan = async (argv: readonly string[]) => (argv[0] === 'plan' ? 1 : 0);
    await expect(runDemo(io, { main: failingPlan })).rejects.toThrow(new CLIError('step 2 (tfe-access plan) exited 1, expected 0; the demo stopped there.'));
    const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url).toBeDefined();
    await expect(fetch(`${url}/api/v2/organizations/acme/teams`)).rejects.toThrow();
  });

  it('npm run demo runs the built CLI, and the package ships the files the demo reads', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string>; files: string[] };
    expect(pkg.scripts.demo).toBe('node dist/cli/main.js demo');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'examples']));
  });
});
