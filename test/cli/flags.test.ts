// Flags as a new user types them (issue 19, item 3): a typo gets a did-you-mean, Terraform's
// single-dash spellings are named as such, a negative number is checked like any value, and the
// version answers to -v and `version`. The built CLI, spawned.
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/cli/main.js';
import { runBuilt } from '../support/spawn.js';

const help = (command: string): string => `Run \`tfe-access ${command} --help\` for the options.\n`;

describe('unknown flags', () => {
  it('a typo of a flag gets the flag it meant', async () => {
    expect(await runBuilt(['apply', '--auto-aprove'])).toEqual({
      code: 1,
      out: '',
      err: `tfe-access apply: Unknown option '--auto-aprove'. Did you mean --auto-approve? ${help('apply')}`,
    });
    expect(await runBuilt(['plan', '--detailed-exit-code'])).toEqual({
      code: 1,
      out: '',
      err: `tfe-access plan: Unknown option '--detailed-exit-code'. Did you mean --detailed-exitcode? ${help('plan')}`,
    });
  });

  it("Terraform's single-dash spellings get their two-dash form, never \"Unknown option '-a'\"", async () => {
    const cases: [string, string, string][] = [
      ['apply', '-auto-approve', '--auto-approve'],
      ['plan', '-detailed-exitcode', '--detailed-exitcode'],
      ['plan', '-no-color', '--no-color'],
      ['plan', '-out=plan.json', '--out=plan.json'],
      ['drift', '-target=workspace:networking-prod', '--target=workspace:networking-prod'],
    ];
    for (const [command, flag, meant] of cases) {
      const run = await runBuilt([command, 'examples/acme', flag]);
      expect(run, flag).toEqual({ code: 1, out: '', err: `tfe-access ${command}: Unknown option '${flag}'. Did you mean ${meant}? ${help(command)}` });
    }
  });

  it('a flag far from every option is named without a guess', async () => {
    expect(await runBuilt(['validate', '--frobnicate'])).toEqual({
      code: 1,
      out: '',
      err: `tfe-access validate: Unknown option '--frobnicate'. ${help('validate')}`,
    });
  });

  it('a mistyped command gets the command it meant', async () => {
    expect(await runBuilt(['pln'])).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access: unknown command "pln". Did you mean "plan"? Run `tfe-access --help` for the list.\n',
    });
  });
});

describe('values', () => {
  it('--rate-limit -1 gets the message of --rate-limit=-1', async () => {
    const joined = await runBuilt(['plan', 'examples/acme', '--rate-limit=-1']);
    expect(joined).toEqual({ code: 1, out: '', err: 'tfe-access plan: --rate-limit must be an integer >= 0, got "-1".\n' });
    expect(await runBuilt(['plan', 'examples/acme', '--rate-limit', '-1'])).toEqual(joined);
    expect(await runBuilt(['emulator', '--port', '-1'])).toEqual({ code: 1, out: '', err: 'tfe-access emulator: --port must be an integer >= 0, got "-1".\n' });
  });
});

describe('the version', () => {
  it('answers to --version, -V, -v and version alike', async () => {
    for (const word of ['--version', '-V', '-v', 'version']) {
      expect(await runBuilt([word]), word).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
    }
  });
});
