// A change the service refuses: it fails with the service's reason, the others in flight are applied
// anyway, apply exits 1 and says so in its last line (docs/apply.md, "A write refused for the token's rights").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, DEV_TOKEN, GUARDED_DESIRED, openGuardedWorld } from './support.js';

// The dev team may change workspace `net` (admin there) but not project `other` (read only).
// The guarded project, and a workspace beside it.
const DESIRED = `${GUARDED_DESIRED}workspaces:
  net:
    teams:
      dev: admin
      ops: plan
`;

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  ({ emulator, dir } = await openGuardedWorld('tfe-access-partial-', DESIRED));
});
afterAll(() => closeGuardedWorld({ emulator, dir }));

describe('apply with a change the service refuses', () => {
  it('applies the others, gives the reason and exits 1', async () => {
    const run = await runCli(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], { env: { TFE_TOKEN: DEV_TOKEN, TFE_ADDRESS: emulator.url } });
    expect(run.code).toBe(1);
    expect(run.out).toContain('  applied      + ops on workspace "net": plan');
    expect(run.out).toContain('  FAILED       ~ dev on project "other": read -> write');
    expect(run.out).toMatch(/reason: Request failed with status 404: PATCH \/team-projects\/tprj-dev-other: .*the grant is still there/);
    // Issue 24: a write refused for the token's rights starts no further change (both were in flight
    // here, at the default concurrency), and one line on stderr names the token and what it lacks.
    expect(run.out.trimEnd().split('\n').at(-1)).toBe(
      "Apply stopped: the service refused a write for the token's rights, so no further change was started. 1 applied, 0 already so, 1 failed, 0 not started, of 2 changes in guarded. Give the token the rights it lacks (or use one that has them), then run apply again.",
    );
    expect(run.err).toMatch(
      /^tfe-access apply: the token \(team "dev"'s token, service user "api-team_\w+"\) may not change team access on project "other": .*manage-projects/m,
    );
    expect(`${run.out}${run.err}`).not.toContain(DEV_TOKEN);
    expect(writesOf(emulator).sort()).toEqual(['PATCH /api/v2/team-projects/tprj-dev-other', 'POST /api/v2/team-workspaces']);
  });
});
