// The organization the answer fuzzer reads: 105 teams (two pages of teams), a project granted to
// every team (two pages of team-projects), and a desired-state file over a few targets. Its
// answers are recorded once per emulator profile; every fuzz case replays one recording with one
// answer spoiled. On `current` the answers carry the newer permissions and the server's headers,
// and the file sets a newer permission.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { type Recorded, record, TOKEN } from './replay.js';

const TEAMS = 105;
const team = (i: number): string => `team-${String(i).padStart(3, '0')}`;

export const SEED = (profile: ProfileName = 'seed'): SeedDocument => ({
  profile,
  organizations: [
    {
      name: 'fuzz',
      token: TOKEN,
      teams: Array.from({ length: TEAMS }, (_, i) => ({ name: team(i), ...(i % 7 === 0 ? { 'organization-access': { 'read-projects': true } } : {}) })),
      projects: [{ name: 'big' }, { name: 'small' }],
      workspaces: [
        { name: 'app-prod', project: 'small' },
        { name: 'app-dev', project: 'big' },
      ],
      'team-projects': [
        ...Array.from({ length: TEAMS }, (_, i) => ({ team: team(i), project: 'big', access: i % 3 === 0 ? 'read' : 'write' })),
        { team: team(1), project: 'small', access: 'admin' },
        { team: team(2), project: 'small', access: 'custom', 'workspace-access': { runs: 'plan' } },
      ],
      'team-workspaces': [
        { team: team(3), workspace: 'app-prod', access: 'write' },
        { team: team(4), workspace: 'app-prod', access: 'custom', runs: 'plan', variables: 'read' },
        { team: team(5), workspace: 'app-dev', access: 'admin' },
        ...(profile === 'current' ? [{ team: team(7), workspace: 'app-dev', access: 'custom', runs: 'apply', 'policy-overrides': true }] : []),
      ],
    },
  ],
});

/** The file: on `current`, one grant sets a newer permission (the grants read tell the server supports it). */
export const DESIRED = (profile: ProfileName = 'seed'): string => `organization: fuzz
settings:
  max-removals: 1000
projects:
  big:
    teams:
      ${team(0)}: read
      ${team(101)}: admin
      ${team(104)}: { access: custom, ${profile === 'current' ? 'project-access: { variable-sets: read }, ' : ''}workspace-access: { runs: apply } }
  small:
    teams:
      ${team(1)}: maintain
workspaces:
  app-prod:
    teams:
      ${team(3)}: write
      ${team(4)}: plan
  app-dev:
    teams:
      ${team(6)}: read
`;

export const PLAN_ARGS = ['--format', 'json', '--rate-limit', '0'];

export interface Recording {
  readonly profile: ProfileName;
  readonly dir: string;
  readonly answers: Map<string, Recorded>;
  /** The plan's JSON, read through the recording proxy. */
  readonly baseline: string;
  cleanup(): Promise<void>;
}

/** Starts the emulator, plans once through a recording proxy, stops the emulator. */
export async function recordPlan(profile: ProfileName = 'seed'): Promise<Recording> {
  const dir = await mkdtemp(join(tmpdir(), 'tfe-access-fuzz-'));
  await writeFile(join(dir, 'tfe-access.yaml'), DESIRED(profile));
  const emulator = await startEmulator({ seed: SEED(profile), rateLimit: 0 });
  const answers = new Map<string, Recorded>();
  const proxy = await record(emulator.url, answers);
  try {
    const run = await runCli(['plan', dir, ...PLAN_ARGS], { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: proxy.url } });
    if (run.code !== 0) throw new Error(`the recording plan failed: ${run.err}`);
    return { profile, dir, answers, baseline: run.out, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await proxy.close();
    await emulator.stop();
  }
}
