// Issue 36, finding 9: every word a user types gets the one suggester's did-you-mean
// (core/suggest.ts): an unknown flag (`--adpot`), an unknown subcommand (`review strat`, and
// `report verfy`, which was read as a desired-state path), a flag's value (`--read-by teams`), and a
// `--target` of no kind (`team:x` names the kinds, and a kind's typo suggests from that kind only).
// The CLI's entry, in-process: every case fails before any request.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

// Nothing listens there: a run that got as far as a request would say so instead.
const env = { TFE_TOKEN: 'unused', TFE_ADDRESS: 'http://127.0.0.1:9' };
const run = (...args: string[]) => runCli(args, { env });

describe('issue 36, finding 9: did-you-mean for what the user types', () => {
  it('finding 9: --adpot gets --adopt', async () => {
    expect(await run('drift', 'examples/acme', '--adpot')).toEqual({
      code: 1,
      out: '',
      err: "tfe-access drift: Unknown option '--adpot'. Did you mean --adopt? Run `tfe-access drift --help` for the options.\n",
    });
  });

  it('finding 9: review strat gets start', async () => {
    expect(await run('review', 'strat')).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access review: review takes start or close, not "strat". Did you mean "start"? See tfe-access review --help.\n',
    });
  });

  it('finding 9: report verfy is a subcommand mistyped, not a path', async () => {
    expect(await run('report', 'verfy', 'bundle')).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access report: "verfy" is no subcommand of report and no file. Did you mean "verify"? (A desired-state path of that name is given as ./verfy.)\n',
    });
  });

  it('finding 9: --read-by teams gets team', async () => {
    expect(await run('plan', 'examples/acme', '--read-by', 'teams')).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access plan: --read-by must be one of auto, team, target, got "teams". Did you mean "team"?\n',
    });
  });

  it('finding 9: --target team:x names the kinds and suggests no workspace', async () => {
    const team = await run('plan', 'examples/acme', '--target', 'team:platform');
    expect(team).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access plan: --target "team:platform": "team" is not a kind of target: write project:NAME or workspace:NAME.\n',
    });
    // A typo of a kind: the kind meant, and the name from that kind's targets.
    expect((await run('plan', 'examples/acme', '--target', 'workspce:networking-prd')).err).toBe(
      'tfe-access plan: --target "workspce:networking-prd": "workspce" is not a kind of target: write project:NAME or workspace:NAME (did you mean workspace:networking-prod?).\n',
    );
  });
});
