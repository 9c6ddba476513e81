// The access review suites' round against the emulator (docs/evidence.md, "Access reviews"): the
// emulator on one organization with its clock at the round's start, the files written, and the
// environment of a run at a given time (the round's start unless told): started at START, closed
// at CLOSE, the decisions between. Both are put away after the test by the `perTest()` they are
// held in (per-test.ts).
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedOrganization } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import type { PerTest } from './per-test.js';
import { oneOrganization } from './seeds.js';

export const START = Date.parse('2026-11-20T10:00:00.000Z');
/** The close, after the decisions (2026-11-21): a decision after the close is refused (issue 37). */
export const CLOSE = Date.parse('2026-11-22T10:00:00.000Z');

export interface ReviewRound {
  readonly emulator: RunningEmulator;
  readonly dir: string;
  /** The environment of a run at `now` (the round's start by default) with the organization's token, and the audit token when given. */
  readonly env: (now?: number) => Record<string, string>;
}

/** Starts the emulator on `organization` (the current profile) at START and writes `files`; `held` puts both away. */
export async function reviewRound(
  held: PerTest,
  organization: SeedOrganization,
  files: string,
  tokens: { token: string; audit?: string },
): Promise<ReviewRound> {
  const emulator = await startEmulator({ seed: oneOrganization(organization, 'current'), rateLimit: 0, now: () => START });
  held.emulator = emulator;
  const dir = await writeDesired(files);
  held.dir = dir;
  const env = (now = START) => ({
    TFE_TOKEN: tokens.token,
    ...(tokens.audit === undefined ? {} : { TFE_AUDIT_TOKEN: tokens.audit }),
    TFE_ADDRESS: emulator.url,
    TFE_ACCESS_NOW: new Date(now).toISOString(),
  });
  return { emulator, dir, env };
}
