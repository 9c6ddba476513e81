// An end-to-end test's world: the emulator started on a seed, the desired-state file written into a
// fresh folder, and the environment a run of the CLI takes to reach it with a token. Both are put
// away after the test by the `perTest()` they are held in (per-test.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import type { PerTest } from './per-test.js';

/** What the CLI reads to reach `url` with `token`. */
export const tokenEnv = (url: string, token: string): Record<string, string> => ({ TFE_TOKEN: token, TFE_ADDRESS: url });

export interface World {
  readonly emulator: RunningEmulator;
  /** The folder the file is in. */
  readonly dir: string;
  /** The desired-state file's path. */
  readonly file: string;
  /** The environment of a run with `token`. */
  readonly env: (token: string) => Record<string, string>;
}

/** Starts the emulator on `seed` (no rate limit) and writes `text` as `name` in a new folder; `held` puts both away. */
export async function startWorld(held: PerTest, seed: SeedDocument, text: string, name = 'tfe-access.yaml'): Promise<World> {
  const emulator = await startEmulator({ seed, rateLimit: 0 });
  held.emulator = emulator;
  const dir = await mkdtemp(join(tmpdir(), 'tfe-access-world-'));
  held.dir = dir;
  const file = join(dir, name);
  await writeFile(file, text);
  return { emulator, dir, file, env: (token) => tokenEnv(emulator.url, token) };
}
