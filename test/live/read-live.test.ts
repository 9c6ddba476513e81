// The live-state reader against the emulator: grants of every managed target, teams with their
// organization access, progress, and a target that can't be read failing the whole read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { liveRequestOf } from '../../src/core/live-request.js';
import type { Resolved } from '../../src/core/resolved.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { LiveReadError } from '../../src/live/live-read-error.js';
import { readLive } from '../../src/live/read-live.js';
import { resolveFrom } from '../../src/pipeline/reads/names.js';
import { CANARY, expectNoCanary, failure } from '../api/script-server.js';
import { DEV_TOKEN, desired, OWNER_TOKEN, SEED, target } from './seed.js';

let emu: RunningEmulator;
let resolved: Resolved;
const clients: TfeClient[] = [];
const client = (token: string): TfeClient => {
  const c = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token, retry: { retries: 2, baseDelayMs: 2 } });
  clients.push(c);
  return c;
};

beforeAll(async () => {
  emu = await startEmulator({ seed: SEED, rateLimit: 0 });
  const state = desired([target('project', 'platform', ['developers']), target('project', 'hidden', []), target('workspace', 'standalone', ['developers'])]);
  resolved = await resolveFrom(client(OWNER_TOKEN), state);
});
afterAll(async () => {
  expectNoCanary(emu.requests);
  await Promise.all(clients.map((c) => c.close()));
  await emu.stop();
});

describe('readLive', () => {
  it('reads every grant of every managed target, and the teams with their organization access', async () => {
    const progress: [number, number][] = [];
    const live = await readLive(client(OWNER_TOKEN), liveRequestOf(resolved), { concurrency: 2, onProgress: (d, t) => progress.push([d, t]) });
    expect(live.organization).toBe('acme');
    expect([...live.targets.keys()].sort()).toEqual(['prj-hidden', 'prj-platform', 'ws-alone']);
    expect(
      live.targets
        .get('prj-platform')!
        .grants.map((g) => [g.teamId, g.access.access])
        .sort(),
    ).toEqual([
      ['team-dev', 'read'],
      ['team-padmin', 'admin'],
    ]);
    expect(live.targets.get('prj-hidden')!.grants[0]!.access.permissions['workspace-access.runs']).toBe('plan');
    expect(live.targets.get('ws-alone')!.grants).toHaveLength(1);
    expect(live.teams.get('team-padmin')!.organizationAccess['manage-projects']).toBe(true);
    expect(live.teams.get('team-vault')!.visibility).toBe('secret');
    expect(progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
  it('fails the whole read, with the 404 explanation, when the token may not see a target', async () => {
    const error = await failure(() => readLive(client(DEV_TOKEN), liveRequestOf(resolved)));
    expect(error).toBeInstanceOf(LiveReadError);
    expect(error.message).toBe(
      'Could not read the team access of project "hidden" (prj-hidden); nothing was planned from it: ' +
        'Request failed with status 404: GET /team-projects?filter[project][id]=prj-hidden&page[number]=1&page[size]=100: not found, or the token may not see it (the service answers 404 for both)',
    );
    expect((error.cause as RemoteError).status).toBe(404);
  });
  it('fails the whole read when the token is rejected', async () => {
    const error = await failure(() => readLive(client(`${CANARY}-revoked`), liveRequestOf(resolved)));
    expect(error.message).toMatch(/status 401: GET \/team-projects\?.*: the token was rejected/);
  });
});
