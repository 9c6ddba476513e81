// `--help` is main's, in one way for every command: before `--` it wins over every other argument;
// written as an option's value (`--format=--help`) it is that value, and after `--` it is a path.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/registry.js';
import { runCli } from '../support/cli.js';

describe('tfe-access COMMAND --help', () => {
  it('prints the help on stdout and exits 0, the same for --help and -h, for every command', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const long = await runCli([name, '--help']);
      expect(long, name).toMatchObject({ code: 0, err: '' });
      expect(long.out, name).toMatch(new RegExp(`^Usage: tfe-access ${name}\\b`));
      expect(await runCli([name, '-h']), name).toEqual(long);
    }
  });

  it('reads the same for every command: options in lower case without a full stop, "this help", the exit codes (issue 19, item 11)', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const { out } = await runCli([name, '--help']);
      const options = out.split('\n').filter((line) => /^ {2}(-\w, )?--[\w-]+/.test(line));
      expect(options.length, name).toBeGreaterThan(0);
      expect(
        options.filter((line) => line.endsWith('.')),
        name,
      ).toEqual([]);
      expect(
        options.filter((line) => /^ {2}--[\w-]+(?: \S+)? +[A-Z][a-z]+ /.test(line) && !/ GitHub /.test(line)),
        name,
      ).toEqual([]);
      expect(out, name).toMatch(/^ {2}-h, --help +this help$/m);
      expect(out, name).toMatch(/^Exit codes: /m);
    }
  });

  it('wins over other flags, even unknown ones, and over missing values', async () => {
    const help = (await runCli(['validate', '--help'])).out;
    for (const args of [
      ['--colour', '--help'],
      ['examples/acme', '-h', '--format', 'xml'],
      ['--format', '--help'],
    ]) {
      expect(await runCli(['validate', ...args]), args.join(' ')).toEqual({ code: 0, out: help, err: '' });
    }
  });

  it('is a value when written as one, and a path after --', async () => {
    expect(await runCli(['validate', '--format=--help'])).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access validate: --format must be one of text, json, github, got "--help".\n',
    });
    const path = await runCli(['validate', '--', '--help']);
    expect(path.code).toBe(1);
    expect(path.out).toMatch(/^--help: no such file or directory$/m);
  });

  it('takes no value: --help=x is a one-line error that points to the help', async () => {
    const run = await runCli(['demo', '--help=x']);
    expect(run).toEqual({
      code: 1,
      out: '',
      err: "tfe-access demo: Option '-h, --help' does not take an argument. Run `tfe-access demo --help` for the options.\n",
    });
  });
});

describe('tfe-access --help', () => {
  it('lists every command with its summary', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const [name, entry] of Object.entries(COMMANDS)) expect(run.out).toMatch(new RegExp(`^  ${name} +${entry.summary.replace(/[.()]/g, '\\$&')}$`, 'm'));
  });

  it('names of Object.prototype are unknown commands, not internal errors', async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(await runCli([name]), name).toEqual({ code: 1, out: '', err: `tfe-access: unknown command "${name}". Run \`tfe-access --help\` for the list.\n` });
    }
  });
});

describe('exit code 3 in every help', () => {
  /** The "Exit codes:" paragraph of a help text, on one line. */
  const exitCodes = (help: string): string => (help.split(/^Exit codes: /m)[1] ?? '').split('\n\n')[0]!.replace(/\n/g, ' ');

  it('regression: --help leaves policies out of exit code 3', async () => {
    const helps: Array<[string, string]> = [['tfe-access', (await runCli(['--help'])).out]];
    for (const name of Object.keys(COMMANDS)) helps.push([name, (await runCli([name, '--help'])).out]);
    const naming3 = helps.filter(([, help]) => /(^|[ ,])3 /.test(exitCodes(help)));
    expect(naming3.map(([name]) => name)).toEqual(expect.arrayContaining(['tfe-access', 'plan', 'apply']));
    for (const [name, help] of naming3) expect(exitCodes(help), name).toMatch(/3 [^,]*polic/);
    // drift's exit 2 counts a broken policy, and so must the overview's.
    expect(exitCodes(helps[0]![1])).toMatch(/ 2 [^()]*polic/);
  });
});
