// Name resolution against the emulator: exact names, near misses, pinned ids, every problem at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { CLIError } from '../../src/errors.js';
import { resolveFrom } from '../../src/pipeline/reads/names.js';
import { writeDesired, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { DEV_TOKEN, desired, OWNER_TOKEN, SEED, target } from './seed.js';

let emu: RunningEmulator;
let client: TfeClient;

beforeAll(async () => {
  emu = await startEmulator({ seed: SEED, rateLimit: 0 });
  client = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token: OWNER_TOKEN });
});
afterAll(async () => {
  await client.close();
  await emu.stop();
});

async function problems(state: ReturnType<typeof desired>): Promise<string> {
  const error = await resolveFrom(client, state).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CLIError);
  return (error as Error).message;
}

describe('resolve', () => {
  it('maps names to ids and keeps every visible team', async () => {
    const state = desired([
      target('project', 'platform', ['developers'], { id: 'prj-platform' }),
      target('workspace', 'networking-prod', ['vault']),
      target('workspace', 'standalone', []),
    ]);
    const resolved = await resolveFrom(client, state);
    expect(resolved.targets.map((t) => [t.type, t.name, t.id])).toEqual([
      ['project', 'platform', 'prj-platform'],
      ['workspace', 'networking-prod', 'ws-net'],
      ['workspace', 'standalone', 'ws-alone'],
    ]);
    expect(resolved.targets[0]!.desired).toBe(state.targets[0]);
    expect(resolved.teams.map((t) => t.name).sort()).toEqual(['developers', 'owners', 'platform-admins', 'vault']);
    expect(resolved.teamsByName.get('vault')!.id).toBe('team-vault');
  });
  it('collects every problem into one error: near misses, case, pinned ids, renames', async () => {
    const source = { file: 'access.yaml', line: 7, col: 5 };
    const message = await problems(
      desired([
        target('project', 'platfrom', ['Developers']),
        target('project', 'platform', ['develpers'], { id: 'prj-hidden' }),
        target('project', 'renamed', [], { id: 'prj-hidden' }),
        { ...target('workspace', 'networking-prd', []), source },
        target('workspace', 'standalone', ['nobody-at-all']),
      ]),
    );
    const lines = message.split('\n');
    expect(lines[0]).toBe('Name resolution: 7 problems:');
    expect(lines).toHaveLength(8);
    expect(message).toContain(
      'team "Developers" in organization "acme": not found, or the token may not see it (secret teams are visible to their members and owners only). Did you mean "developers"?',
    );
    expect(message).toContain('team "develpers"');
    expect(message).toContain('team "nobody-at-all"');
    expect(message).toContain('project "platfrom": not found, or the token may not see it. Did you mean "platform"?');
    expect(message).toContain('project "platform" is pinned to id prj-hidden, but the service gives that name to prj-platform.');
    expect(message).toContain('project "renamed": not found, or the token may not see it. Its pinned id prj-hidden is now named "hidden": renamed?');
    expect(message).toContain('access.yaml:7:5: workspace "networking-prd": not found, or the token may not see it.');
  });
  it('says when a workspace looked up by name is found under another name by its pinned id', async () => {
    const message = await problems(desired([target('workspace', 'net-prod', [], { id: 'ws-net' })]));
    expect(message).toBe(
      'Name resolution: 1 problem:\n  workspace "net-prod": not found, or the token may not see it. Its pinned id ws-net is now named "networking-prod": renamed?',
    );
  });
  it('matches team names exactly, case-sensitively', async () => {
    expect(await problems(desired([target('workspace', 'standalone', ['VAULT'])]))).toContain('Did you mean "vault"?');
  });
});

describe('settings.ignore-teams is resolved like a granted team', () => {
  // `vault` is secret and holds the only grant on project `hidden`; the file meant to protect it.
  const typo = 'organization: acme\nsettings:\n  ignore-teams: [developers, vaul]\nprojects:\n  hidden:\n    teams: {}\n';

  it('regression: a typo in settings.ignore-teams removes the grant it was meant to protect', async () => {
    const dir = await writeDesired(typo);
    emu.resetLog();
    for (const args of [
      ['plan', dir],
      ['apply', dir, '--auto-approve'],
    ]) {
      const run = await runCli([...args, '--rate-limit', '0'], { env: { TFE_TOKEN: OWNER_TOKEN, TFE_ADDRESS: emu.url } });
      expect(run.code, run.err).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toContain('Name resolution: 1 problem in 1 file:');
      expect(run.err).toContain('tfe-access.yaml:3:30: settings.ignore-teams: team "vaul" in organization "acme": not found, or the token may not see it');
      expect(run.err).toContain('Did you mean "vault"?');
    }
    expect(writesOf(emu)).toEqual([]);
  });

  it('a team the token cannot see is refused there too, as a granted one is', async () => {
    const devClient = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token: DEV_TOKEN });
    try {
      const state = { ...desired([target('project', 'platform', ['developers'])]), settings: { prune: true, ignoreTeams: ['vault'], maxRemovals: 10 } };
      const error = await resolveFrom(devClient, state).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as Error).message).toContain('settings.ignore-teams: team "vault" in organization "acme": not found, or the token may not see it');
      // The owner sees it: the same file resolves.
      await expect(resolveFrom(client, state)).resolves.toBeDefined();
    } finally {
      await devClient.close();
    }
  });
});
