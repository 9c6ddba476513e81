// Confirmation, progress and output of apply: on a terminal it shows the plan and asks (only `yes`
// goes on); without one it refuses unless --auto-approve, before any request.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, GUARDED_DESIRED as DESIRED, openGuardedWorld, runOnTerminal } from './support.js';

let emulator: RunningEmulator;
let dir: string;
let file: string;
let env: Record<string, string>;
const args = (...extra: string[]) => ['apply', file, '--rate-limit', String(FAST), ...extra];

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-confirm-', DESIRED));
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

describe('apply confirmation', () => {
  // Refused before any request until issue 19 (item 5): a plan with nothing to do must end with
  // exit 0 without a terminal too, so the plan is read first; nothing is ever written.
  it('without a terminal, refuses unless --auto-approve, in one line, after showing the plan and before any write', async () => {
    const run = await runOnTerminal(args(), { env });
    expect(run.code).toBe(1);
    expect(run.out).toContain('Plan for guarded: 0 to add, 1 to change, 0 to remove.');
    expect(run.err).toBe(
      'tfe-access apply: refusing to apply without confirmation: there is no terminal to ask on. Review the plan, then run apply with --auto-approve.\n',
    );
    expect(emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('on a terminal, shows the plan, asks, and stops on anything but yes', async () => {
    const run = await runOnTerminal(args(), { env, answers: ['y'] });
    expect(run.code).toBe(1);
    expect(run.out).toContain('Plan for guarded: 0 to add, 1 to change, 0 to remove.');
    expect(run.questions).toEqual(["\nApply 1 change to guarded? Only 'yes' is accepted: "]);
    expect(run.err).toContain('Reading live access: 1/1');
    expect(run.err.endsWith('Apply cancelled; nothing was changed.\n')).toBe(true);
    expect(writesOf(emulator)).toEqual([]);
  });

  it('on a terminal, applies after yes, with progress on stderr and a one-line summary', async () => {
    const run = await runOnTerminal(args(), { env, answers: ['yes'] });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('applying: 1/1 done');
    expect(run.out).toContain('  applied      ~ dev on project "other": read -> write');
    expect(run.out.trimEnd().split('\n').at(-1)).toBe('Apply complete: 1 applied, 0 already so, 0 failed, of 1 change in guarded.');
    expect(writesOf(emulator)).toEqual(['PATCH /api/v2/team-projects/tprj-dev-other']);
  });

  it('does not ask when there is nothing to do', async () => {
    await runOnTerminal(args('--auto-approve'), { env });
    const run = await runOnTerminal(args(), { env, answers: [] });
    expect(run.code).toBe(0);
    expect(run.questions).toEqual([]);
    expect(run.out).toContain('Nothing to apply.');
  });

  it('--format json prints one document with the plan and every outcome', async () => {
    const run = await runOnTerminal(args('--auto-approve', '--format', 'json'), { env });
    expect(run.code, run.err).toBe(0);
    const document = JSON.parse(run.out) as {
      result: string;
      converged: boolean;
      counts: unknown;
      outcomes: Array<{ status: string; change: { action: string } }>;
    };
    expect(document.result).toBe('applied');
    expect(document.converged).toBe(true);
    expect(document.counts).toEqual({ applied: 1, already_so: 0, failed: 0, not_started: 0 });
    expect(document.outcomes.map((o) => `${o.status} ${o.change.action}`)).toEqual(['applied update']);
  });

  it('without a terminal shows no progress', async () => {
    const run = await runOnTerminal(args('--auto-approve'), { env });
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
  });
});
