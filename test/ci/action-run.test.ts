// The action's run step, executed by bash as GitHub runs it (`bash --noprofile --norc -eo pipefail`),
// with a stand-in for the tfe-access CLI: arguments, exit codes, outputs, the token. What this
// machine can't do is run GitHub itself; everything the step's shell does is checked here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, readYaml } from './recipes.js';

const CHECKSUM = 'c'.repeat(64);
// Prints what it was given (never the token itself), saves a plan for --out, exits FAKE_EXIT.
const FAKE_CLI = `
const fs = require('node:fs');
const argv = process.argv.slice(2);
const out = argv.indexOf('--out');
if (out >= 0) fs.writeFileSync(argv[out + 1], JSON.stringify({ plan: { checksum: '${CHECKSUM}' } }));
console.log(JSON.stringify({ argv, token: process.env.TFE_TOKEN === 'tok-1234' ? 'given' : 'absent', address: process.env.TFE_ADDRESS ?? null }));
process.exitCode = Number(process.env.FAKE_EXIT ?? 0);
`;

let dir: string;
let script: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-action-'));
  writeFileSync(join(dir, 'fake-cli.cjs'), FAKE_CLI);
  const steps = (readYaml(ACTION) as { runs: { steps: { id?: string; run?: string }[] } }).runs.steps;
  script = join(dir, 'run-step.sh');
  writeFileSync(script, steps.find((s) => s.id === 'run')?.run ?? '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runStep(inputs: { command: string; args?: string; token?: string; address?: string; exit?: number }) {
  const output = join(dir, `output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(output, '');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      BIN: join(dir, 'fake-cli.cjs'),
      COMMAND: inputs.command,
      ARGS: inputs.args ?? '',
      INPUT_TOKEN: inputs.token ?? '',
      INPUT_ADDRESS: inputs.address ?? '',
      RUNNER_TEMP: dir,
      GITHUB_OUTPUT: output,
      FAKE_EXIT: String(inputs.exit ?? 0),
    },
  });
  const outputs = Object.fromEntries(readFileSync(output, 'utf8').trim().split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2)));
  const printed = result.stdout.split('\n').find((l) => l.startsWith('{'));
  return { status: result.status, stdout: result.stdout, outputs, call: JSON.parse(printed ?? '{}') as { argv: string[]; token: string; address: string | null } };
}

describe('the action run step', () => {
  it('plan: passes args as data, adds --out, exposes the checksum, the saved plan and the output file', () => {
    const run = runStep({ command: 'plan', args: 'tfe-access/  --format markdown * $(touch pwned) `touch pwned2`' });
    expect(run.status).toBe(0);
    expect(run.call.argv).toEqual(['plan', 'tfe-access/', '--format', 'markdown', '*', '$(touch', 'pwned)', '`touch', 'pwned2`', '--out', join(dir, 'tfe-access.plan.json')]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'pwned2'))).toBe(false);
    expect(run.outputs).toEqual({
      'exit-code': '0',
      'output-file': join(dir, 'tfe-access-plan.out'),
      changes: 'false',
      'plan-file': join(dir, 'tfe-access.plan.json'),
      checksum: CHECKSUM,
    });
    expect(readFileSync(join(dir, 'tfe-access-plan.out'), 'utf8')).toContain('"argv":["plan"');
  });

  it('drift exit 2: the step succeeds and says changes=true', () => {
    const run = runStep({ command: 'drift', args: 'files/' });
    expect(run.outputs.changes).toBe('false');
    const drifted = runStep({ command: 'drift', args: 'files/', exit: 2 });
    expect(drifted.status).toBe(0);
    expect(drifted.outputs).toMatchObject({ 'exit-code': '2', changes: 'true' });
    expect(drifted.outputs.checksum).toBeUndefined();
  });

  it('exit 1 and 3 fail the step with the same code', () => {
    expect(runStep({ command: 'apply', args: '--auto-approve', exit: 3 }).status).toBe(3);
    const failed = runStep({ command: 'validate', exit: 1 });
    expect(failed.status).toBe(1);
    expect(failed.outputs['exit-code']).toBe('1');
  });

  it('the token input reaches the CLI as TFE_TOKEN and is masked first; the address as TFE_ADDRESS', () => {
    const run = runStep({ command: 'validate', token: 'tok-1234', address: 'https://tfe.example.com' });
    expect(run.call).toMatchObject({ token: 'given', address: 'https://tfe.example.com' });
    expect(run.stdout.indexOf('::add-mask::tok-1234')).toBe(0);
    expect(runStep({ command: 'validate' }).call).toMatchObject({ token: 'absent', address: null });
  });
});
