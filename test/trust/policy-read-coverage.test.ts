// Issue 24, Build 1: the reads behind the policies are part of the run's one record of what it
// read. A policy selects workspaces the files do not manage; a token that is not an owner's reads
// them for the check without seeing every grant there (a secret team's admin grant the policy
// forbids). The plan said `complete: true` and found fewer violations than an owner's plan, with
// no word of why; now it says partial, for the targets only the policies read, whichever way it reads.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';

const ORG_TOKEN = 'pcov-org-token';
/** Team `wsadmins` (manage-workspaces): it lists every workspace's grants, secret teams' too, but not the secret team. */
const WSADMIN_TOKEN = 'pcov-wsadmin-token';
/** Team `readers` (read-workspaces, admin of workspace a only): on b it sees no secret team's grant at all. */
const READER_TOKEN = 'pcov-reader-token';

const SEED = {
  organizations: [
    {
      name: 'pcov',
      token: ORG_TOKEN,
      teams: [
        // Both see the project of a and b (read-projects): what only the policies read is the point here (projects-unseen.test.ts has the rest).
        { name: 'wsadmins', tokens: [WSADMIN_TOKEN], 'organization-access': { 'manage-workspaces': true, 'read-projects': true } },
        { name: 'readers', tokens: [READER_TOKEN], 'organization-access': { 'read-workspaces': true, 'read-projects': true } },
        { name: 'dev' },
        { name: 'vault', visibility: 'secret' },
      ],
      workspaces: [{ name: 'a' }, { name: 'b' }],
      'team-workspaces': [
        { team: 'dev', workspace: 'a', access: 'read' },
        { team: 'readers', workspace: 'a', access: 'admin' },
        { team: 'dev', workspace: 'b', access: 'read' },
        { team: 'vault', workspace: 'b', access: 'admin' },
      ],
    },
  ],
} as SeedDocument;

/** The files manage workspace a only; the policy covers every workspace (b, with vault's admin grant, too). */
const MANAGED = 'organization: pcov\nworkspaces:\n  a:\n    teams:\n      dev: read\n      readers: admin\n';
const POLICY = 'policies:\n  - name: at most write\n    workspaces: { names: ["*"] }\n    max-access: write\n    except-teams: [readers, wsadmins]\n';

type Json = {
  complete: boolean;
  incomplete: { code: string; targets?: unknown }[];
  violations: { message: string }[];
  checksum: string;
  refusals: unknown[];
  changes: unknown[];
};

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0, profile: 'current' });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-policy-coverage-'));
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

async function plan(text: string, token: string, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const file = join(dir, 'tfe-access.yaml');
  await writeFile(file, text);
  return runCli(['plan', file, '--rate-limit', String(FAST), ...args], { env: { HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: token } });
}
const json = async (text: string, token: string, args: string[] = []): Promise<Json> =>
  JSON.parse((await plan(text, token, ['--format', 'json', ...args])).out) as Json;

describe('what the policies read is part of what the run says it could not see', () => {
  it("an owner's plan is complete and finds the secret team's violation", async () => {
    const owner = await json(MANAGED + POLICY, ORG_TOKEN);
    expect(owner).toMatchObject({ complete: true, incomplete: [] });
    expect(owner.violations.map((v) => v.message)).toEqual(['team "vault" has admin on workspace "b", above write (workspace grant: admin)']);
  });

  it('a token that sees a grant of a team it cannot see, on a target only a policy reads, says partial (that target named), by team, by target and auto', async () => {
    for (const readBy of ['auto', 'team', 'target']) {
      const document = await json(MANAGED + POLICY, WSADMIN_TOKEN, ['--read-by', readBy]);
      expect(document.violations, readBy).toEqual([]);
      expect(document.complete, readBy).toBe(false);
      // And their project, read for the policy (a workspace's access counts its project's grants), is one it manages no team access on.
      expect(document.incomplete, readBy).toEqual([
        expect.objectContaining({ code: 'secret-teams-unseen', targets: 1 }),
        expect.objectContaining({ code: 'grants-of-unseen-teams', targets: ['workspace "b"'] }),
      ]);
    }
    const text = await plan(MANAGED + POLICY, WSADMIN_TOKEN);
    expect(text.code, text.err).toBe(0);
    expect(text.out.split('\n')[1]).toMatch(/; grants on workspace "b" name teams the token cannot see\.$/);
    // Without the policy, b is not read: the plan of a alone is complete.
    expect(await json(MANAGED, WSADMIN_TOKEN)).toMatchObject({ complete: true, incomplete: [] });
  });

  it('a token that manages no team access on a target only a policy reads says partial, the same whichever way it reads', async () => {
    const [auto, byTeam, byTarget] = [
      await json(MANAGED + POLICY, READER_TOKEN),
      await json(MANAGED + POLICY, READER_TOKEN, ['--read-by', 'team']),
      await json(MANAGED + POLICY, READER_TOKEN, ['--read-by', 'target']),
    ];
    // b, and the project of a and b.
    expect(byTarget).toMatchObject({ complete: false, incomplete: [expect.objectContaining({ code: 'secret-teams-unseen', targets: 2 })], violations: [] });
    for (const other of [auto, byTeam]) {
      expect(other.complete).toBe(byTarget.complete);
      expect(other.incomplete).toEqual(byTarget.incomplete);
      expect(other.checksum).toBe(byTarget.checksum);
    }
    expect(await json(MANAGED, READER_TOKEN)).toMatchObject({ complete: true, incomplete: [] });
  });

  it('drift says the same of the targets its policies read', async () => {
    const file = join(dir, 'tfe-access.yaml');
    await writeFile(file, MANAGED + POLICY);
    const run = await runCli(['drift', file, '--format', 'json', '--rate-limit', String(FAST)], {
      env: { HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: READER_TOKEN },
    });
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ complete: false, incomplete: [expect.objectContaining({ code: 'secret-teams-unseen', targets: 2 })] });
  });
});
