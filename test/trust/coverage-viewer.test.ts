// Issue 24, Build 5 with Build 1: what a plan could not see follows from who read it. A token that
// is not an owner's says on how many targets it manages no team access (a secret team's grant there
// is not seen); a server that does not say who the token is makes the read "not known to be whole"
// and reads one list per workspace. An owner's plan is complete.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { type Proxy, startProxy } from '../live/proxy.js';
import { runCli } from '../support/cli.js';
import { readerAndSecretTeam } from '../support/seeds.js';

const ORG_TOKEN = 'cov-org-token';
const READER_TOKEN = 'cov-reader-token';
const WORKSPACES = ['a', 'b', 'c', 'd', 'e', 'f'];

const SEED = readerAndSecretTeam('cov', { org: ORG_TOKEN, reader: READER_TOKEN }, WORKSPACES, ['b']);

const DESIRED = `organization: cov\nworkspaces:\n${WORKSPACES.map((w) => `  ${w}:\n    teams:\n      dev: read\n${w === 'a' ? '      readers: admin\n' : ''}`).join('')}`;

type Json = { complete: boolean; incomplete: { code: string; targets?: unknown; message: string }[]; read?: { strategy: string } };

let emulator: RunningEmulator;
let proxy: Proxy;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0, profile: 'current' });
  // A server without account details (docs/api.md, "Account details"): 404, as for any unknown path.
  proxy = await startProxy(emulator.url, {
    answer: (request, answer) =>
      request.path.endsWith('/account/details') ? { status: 404, body: { errors: [{ status: '404', title: 'not found' }] } } : answer,
  });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-coverage-viewer-'));
  await writeFile(join(dir, 'tfe-access.yaml'), DESIRED);
});
afterAll(async () => {
  await proxy.close();
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

const plan = async (address: string, token: string, format = 'json') => {
  const run = await runCli(['plan', dir, '--format', format, '--rate-limit', String(FAST)], { env: { HOME: dir, TFE_ADDRESS: address, TFE_TOKEN: token } });
  expect(run.code, run.err).toBe(0);
  return run.out;
};

describe('what a read could not see follows from who read it', () => {
  it("an owner's plan is complete", async () => {
    const json = JSON.parse(await plan(emulator.url, ORG_TOKEN)) as Json;
    expect(json.complete).toBe(true);
    expect(json.incomplete).toEqual([]);
  });

  it("a token that is not an owner's says on how many targets it manages no team access, in JSON and text", async () => {
    const json = JSON.parse(await plan(emulator.url, READER_TOKEN)) as Json;
    expect(json.complete).toBe(false);
    // It is admin of workspace a (its own grant): the five others are counted.
    expect(json.incomplete).toEqual([expect.objectContaining({ code: 'secret-teams-unseen', targets: 5 })]);
    const text = await plan(emulator.url, READER_TOKEN, 'text');
    expect(text).toContain("Partial: the token does not see every team (it is not an owner's): on 5 targets of those read it does not manage team access");
  });

  it('a server that does not say who the token is: not known to be whole, and read by target', async () => {
    const json = JSON.parse(await plan(proxy.url, ORG_TOKEN)) as Json;
    expect(json.complete).toBe(false);
    expect(json.incomplete.map((r) => r.code)).toEqual(['identity-unknown']);
    expect(json.read?.strategy).toBe('by-target');
  });
});
