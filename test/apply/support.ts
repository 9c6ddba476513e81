// Helpers of apply's end-to-end tests: the CLI in-process with a chosen terminal, saved plans made
// through the plan use case, and the fixed organization of the guard and saved-plan tests.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressFrom } from '../../src/api/address.js';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { grantChanges } from '../../src/core/plan.js';
import { checksumOf, policiesDigestOf } from '../../src/diff/checksum.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { writeSavedPlan } from '../../src/pipeline/disk/saved-plan-file.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import { readSavedPlan } from '../../src/saved-plan/file.js';
import { basisGuardInputs, type SavedPlan, savedPlanOf } from '../../src/saved-plan/saved-plan.js';
import { type CliRun, ROOT } from '../support/cli.js';
import { FAST } from './scenario.js';

export interface TerminalOptions {
  readonly env: Record<string, string>;
  /** Answers to the questions asked, in order; undefined: no terminal at all. */
  readonly answers?: string[];
}

export interface TerminalRun extends CliRun {
  readonly questions: string[];
}

/** Runs the CLI in-process; with `answers`, on a pretend terminal that answers the prompts. */
export async function runOnTerminal(args: string[], options: TerminalOptions): Promise<TerminalRun> {
  let out = '';
  let err = '';
  const questions: string[] = [];
  const answers = options.answers ? [...options.answers] : undefined;
  const io: IO = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { HOME: '/nonexistent', ...options.env },
    isTTY: answers !== undefined,
    stderrIsTTY: answers !== undefined,
    cwd: ROOT,
    ...(answers
      ? {
          prompt: (question: string) => {
            questions.push(question);
            return Promise.resolve(answers.shift() ?? '');
          },
        }
      : {}),
  };
  const code = await main(args, io);
  return { code, out, err, questions };
}

/** What `plan --out FILE` writes: the plan of PATHS, with its basis, against the address in env. */
export async function savePlan(paths: string[], file: string, env: Record<string, string>): Promise<string> {
  const result = await planFromFiles({
    paths,
    cwd: ROOT,
    connection: { env: { HOME: '/nonexistent', ...env }, address: undefined, rateLimit: FAST, concurrency: 4 },
    read: { concurrency: 4 },
  });
  await writeSavedPlan(file, savedPlanOf(result.plan, result.desired, result.live, addressFrom({}, env).baseUrl));
  return result.plan.checksum;
}

/**
 * What someone who can edit a saved plan and knows how tfe-access computes its checksum and public
 * seal writes: `edit` applied to the plan read back, the checksum recomputed, the file sealed again
 * (docs/apply.md, "Saved plans": who can change one). Without the key, so with no HMAC.
 */
export async function forge(path: string, edit: (saved: SavedPlan) => SavedPlan): Promise<void> {
  const edited = edit(await readSavedPlan(path));
  const { organization, violations } = edited.plan;
  const checksum = checksumOf({
    organization,
    changes: grantChanges(edited.plan),
    ...basisGuardInputs(edited.basis),
    policies: policiesDigestOf(edited.basis.policies),
    violations: violations ?? [],
  });
  await writeSavedPlan(path, { ...edited, plan: { ...edited.plan, checksum } });
}

export const GUARDED_TOKEN = 'guarded-org-token';
/** A team token whose team is admin of project `platform`: it sees every grant there, but not the secret team. */
export const PADMIN_TOKEN = 'padmin-token';

/** A team token whose team reads project `other` and is admin of workspace `net` only. */
export const DEV_TOKEN = 'dev-token';

export const GUARDED_SEED: SeedDocument = {
  organizations: [
    {
      name: 'guarded',
      token: GUARDED_TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'padmin', id: 'team-padmin', tokens: [PADMIN_TOKEN] },
        { name: 'dev', id: 'team-dev', tokens: [DEV_TOKEN] },
        { name: 'ops', id: 'team-ops' },
        { name: 'qa', id: 'team-qa' },
        { name: 'interns', id: 'team-interns' },
        { name: 'vault', id: 'team-vault', visibility: 'secret' },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'other', id: 'prj-other' },
      ],
      workspaces: [{ name: 'net', id: 'ws-net', project: 'other' }],
      'team-projects': [
        { team: 'padmin', project: 'platform', access: 'admin', id: 'tprj-padmin' },
        { team: 'vault', project: 'platform', access: 'admin', id: 'tprj-vault' },
        { team: 'interns', project: 'platform', access: 'read', id: 'tprj-interns-platform' },
        { team: 'owners', project: 'other', access: 'admin', id: 'tprj-owners-other' },
        { team: 'dev', project: 'other', access: 'read', id: 'tprj-dev-other' },
        { team: 'ops', project: 'other', access: 'read', id: 'tprj-ops-other' },
        { team: 'qa', project: 'other', access: 'read', id: 'tprj-qa-other' },
        { team: 'interns', project: 'other', access: 'read', id: 'tprj-interns-other' },
      ],
      'team-workspaces': [{ team: 'dev', workspace: 'net', access: 'admin', id: 'tws-dev-net' }],
    },
  ],
};

/** The guarded organization's one project as the files that manage it say: four teams, nothing pruned by hand. */
export const GUARDED_DESIRED = `organization: guarded
projects:
  other:
    teams:
      dev: write
      ops: read
      qa: read
      interns: read
`;

export interface GuardedWorld {
  readonly emulator: RunningEmulator;
  /** A temporary folder; `file` is its tfe-access.yaml. */
  readonly dir: string;
  readonly file: string;
  /** The organization token and the emulator's address. */
  readonly env: Record<string, string>;
}

/** An emulator with the guarded organization and a folder holding `desired` (when given) as tfe-access.yaml. */
export async function openGuardedWorld(prefix: string, desired?: string): Promise<GuardedWorld> {
  const emulator = await startEmulator({ seed: GUARDED_SEED, rateLimit: 0 });
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const file = join(dir, 'tfe-access.yaml');
  if (desired !== undefined) await writeFile(file, desired);
  return { emulator, dir, file, env: { TFE_TOKEN: GUARDED_TOKEN, TFE_ADDRESS: emulator.url } };
}

export async function closeGuardedWorld(world: Pick<GuardedWorld, 'emulator' | 'dir'>): Promise<void> {
  await world.emulator.stop();
  await rm(world.dir, { recursive: true, force: true });
}
