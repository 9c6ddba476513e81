// The action's run step, executed by bash as GitHub runs it (`bash --noprofile --norc -eo pipefail`),
// with a stand-in for the tfe-access CLI: arguments, exit codes, outputs, the token. What this
// machine can't do is run GitHub itself; everything the step's shell does is checked here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, readYaml } from './recipes.js';

const CHECKSUM = 'c'.repeat(64);
// Prints what it was given (never the token itself), saves a plan for --out, writes FAKE_STDERR to
// stderr, exits FAKE_EXIT.
const FAKE_CLI = `
const fs = require('node:fs');
const argv = process.argv.slice(2);
const out = argv.indexOf('--out');
if (out >= 0) fs.writeFileSync(argv[out + 1], JSON.stringify({ plan: { checksum: '${CHECKSUM}' } }));
console.log(JSON.stringify({ argv, token: process.env.TFE_TOKEN === 'tok-1234' ? 'given' : 'absent', address: process.env.TFE_ADDRESS ?? null }));
if (process.env.FAKE_STDERR) process.stderr.write(process.env.FAKE_STDERR);
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

function runStep(inputs: { command: string; args?: string; token?: string; address?: string; exit?: number; stderr?: string }) {
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
      FAKE_STDERR: inputs.stderr ?? '',
    },
  });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  const printed = result.stdout.split('\n').find((l) => l.startsWith('{'));
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    outputs,
    call: JSON.parse(printed ?? '{}') as { argv: string[]; token: string; address: string | null },
  };
}

describe('the action run step', () => {
  it('plan: passes args as data, adds --out, exposes the checksum, the saved plan and the output file', () => {
    const run = runStep({ command: 'plan', args: 'tfe-access/  --format markdown * $(touch pwned) `touch pwned2`' });
    expect(run.status).toBe(0);
    expect(run.call.argv).toEqual([
      'plan',
      'tfe-access/',
      '--format',
      'markdown',
      '*',
      '$(touch',
      'pwned)',
      '`touch',
      'pwned2`',
      '--out',
      join(dir, 'tfe-access.plan.json'),
    ]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'pwned2'))).toBe(false);
    expect(run.outputs).toEqual({
      'exit-code': '0',
      'output-file': join(dir, 'tfe-access-plan.out'),
      'error-file': join(dir, 'tfe-access-plan.err'),
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

  it('stderr goes to the log as it comes and to error-file, which the plan comment shows on a failure', () => {
    const error = 'tfe-access plan: the token was rejected (401) by https://app.terraform.io\n';
    const failed = runStep({ command: 'plan', args: 'files/', exit: 1, stderr: error });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(error);
    expect(failed.outputs).toMatchObject({ 'exit-code': '1', 'error-file': join(dir, 'tfe-access-plan.err') });
    expect(readFileSync(join(dir, 'tfe-access-plan.err'), 'utf8')).toBe(error);
    // The next run's error-file holds its own stderr only.
    runStep({ command: 'plan', args: 'files/' });
    expect(readFileSync(join(dir, 'tfe-access-plan.err'), 'utf8')).toBe('');
    const refused = runStep({
      command: 'plan',
      args: 'files/',
      exit: 3,
      stderr: 'plan: the access once applied breaks a policy of the files; apply will refuse this plan.\n',
    });
    expect(refused.status).toBe(3);
    expect(refused.outputs).toMatchObject({ 'exit-code': '3', checksum: CHECKSUM });
    expect(readFileSync(join(dir, 'tfe-access-plan.err'), 'utf8')).toContain('apply will refuse this plan');
  });

  it('the token input reaches the CLI as TFE_TOKEN and is masked first; the address as TFE_ADDRESS', () => {
    const run = runStep({ command: 'validate', token: 'tok-1234', address: 'https://tfe.example.com' });
    expect(run.call).toMatchObject({ token: 'given', address: 'https://tfe.example.com' });
    expect(run.stdout.indexOf('::add-mask::tok-1234')).toBe(0);
    expect(runStep({ command: 'validate' }).call).toMatchObject({ token: 'absent', address: null });
  });
});

// The install step, with stand-ins for npm and curl on PATH that record what they were asked: the
// step builds the pinned commit or installs a tarball checked against its sha256, never a name.
// `npm ci --prefix DIR` stands in for the build: it writes DIR/dist/cli/main.js.
describe('the action install step', () => {
  const FAKE_NPM = `#!/bin/sh
echo "npm $*" >> "$CALLS"
if [ "$1" = root ]; then echo /fake/global; fi
if [ "$1" = ci ]; then mkdir -p "$3/dist/cli" && echo built > "$3/dist/cli/main.js"; fi
`;
  const FAKE_CURL = `#!/bin/sh
echo "curl $*" >> "$CALLS"
while [ $# -gt 1 ]; do if [ "$1" = --output ]; then printf 'tarball bytes' > "$2"; fi; shift; done
`;
  const TARBALL = 'tarball bytes';
  const SHA = createHash('sha256').update(TARBALL).digest('hex');

  function install(version: string, sha256 = '', action = '/the/action', key = '') {
    const root = mkdtempSync(join(dir, 'install-'));
    const bin = join(root, 'bin');
    mkdirSync(bin);
    for (const [name, text] of [
      ['npm', FAKE_NPM],
      ['curl', FAKE_CURL],
    ] as const) {
      writeFileSync(join(bin, name), text);
      chmodSync(join(bin, name), 0o755);
    }
    writeFileSync(join(root, 'tfe-access-0.1.0.tgz'), TARBALL);
    const step = (readYaml(ACTION) as { runs: { steps: { id?: string; run?: string }[] } }).runs.steps.find((s) => s.id === 'install')?.run ?? '';
    writeFileSync(join(root, 'install.sh'), step);
    const calls = join(root, 'calls');
    const output = join(root, 'output');
    writeFileSync(calls, '');
    writeFileSync(output, '');
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(root, 'install.sh')], {
      cwd: root,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        VERSION: version,
        VERSION_SHA256: sha256,
        ACTION_PATH: action,
        BUILD_KEY: key,
        RUNNER_TEMP: root,
        GITHUB_OUTPUT: output,
        CALLS: calls,
      },
    });
    return {
      status: result.status,
      stdout: result.stdout,
      calls: readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean),
      output: readFileSync(output, 'utf8'),
      root,
    };
  }

  it('empty version: builds the action itself, the commit pinned in uses:, with its lockfile, keeps the runtime dependencies and stamps the build', () => {
    const action = mkdtempSync(join(dir, 'action-'));
    const run = install('', '', action, 'key-1');
    expect(run.status, run.stdout).toBe(0);
    expect(run.calls).toEqual([`npm ci --prefix ${action} --no-fund --no-audit`, `npm prune --prefix ${action} --omit=dev --no-fund --no-audit`]);
    expect(run.output).toBe(`bin=${action}/dist/cli/main.js\nbuilt=true\n`);
    expect(readFileSync(join(action, 'dist', '.build-key'), 'utf8')).toBe('key-1\n');
  });

  it('regression: the action rebuilds the CLI with tsc on every step', () => {
    // A later step of the same job, or a job that restored the cache: the stamp matches, nothing runs.
    const action = mkdtempSync(join(dir, 'action-'));
    expect(install('', '', action, 'key-1').calls).toHaveLength(2);
    const again = install('', '', action, 'key-1');
    expect(again.status, again.stdout).toBe(0);
    expect(again.calls).toEqual([]);
    expect(again.output).toBe(`bin=${action}/dist/cli/main.js\n`);
    // Another commit (another key) is built afresh.
    const other = install('', '', action, 'key-2');
    expect(other.calls[0]).toBe(`npm ci --prefix ${action} --no-fund --no-audit`);
    expect(other.output).toContain('built=true');
  });

  it('a version that names a registry package is refused on one line, and nothing is installed', () => {
    for (const version of ['latest', '0.1.0', 'tfe-access@0.1.0', 'https://registry.npmjs.org/tfe-access']) {
      const run = install(version, SHA);
      expect(run.status, version).toBe(1);
      expect(run.stdout).toMatch(/^::error title=tfe-access::version "[^"\n]+" is not a \.tgz tarball[^\n]*\n$/);
      expect(run.calls).toEqual([]);
    }
  });

  it('a tarball in the workspace is installed when its sha256 matches, refused when it does not or is missing', () => {
    const good = install('tfe-access-0.1.0.tgz', SHA);
    expect(good.status, good.stdout).toBe(0);
    expect(good.calls).toEqual([`npm install --global --no-fund --no-audit ${good.root}/tfe-access-0.1.0.tgz`, 'npm root --global']);
    expect(good.output).toBe('bin=/fake/global/tfe-access/dist/cli/main.js\n');
    const bad = install('tfe-access-0.1.0.tgz', 'f'.repeat(64));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`the tarball's sha256 is ${SHA}, not version-sha256`);
    expect(bad.calls).toEqual([]);
    const none = install('tfe-access-0.1.0.tgz');
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('version-sha256 must be the sha256');
  });

  it('a tarball URL is fetched over https only, then checked like a file', () => {
    const run = install('https://releases.example.com/tfe-access-0.1.0.tgz', SHA);
    expect(run.status, run.stdout).toBe(0);
    expect(run.calls[0]).toBe(
      `curl --fail --silent --show-error --location --proto =https --output ${run.root}/tfe-access.tgz https://releases.example.com/tfe-access-0.1.0.tgz`,
    );
    expect(run.calls[1]).toBe(`npm install --global --no-fund --no-audit ${run.root}/tfe-access.tgz`);
    const plain = install('http://releases.example.com/tfe-access-0.1.0.tgz', SHA);
    expect(plain.status).toBe(1);
    expect(plain.calls).toEqual([]);
  });
});
