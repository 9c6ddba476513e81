// An end-to-end test's world: the emulator started on a seed, the desired-state file written into a
// fresh folder, and the environment a run of the CLI takes to reach it with a token. Both are put
// away after the test by the `perTest()` they are held in (per-test.ts), or, with
// `emulatorAndFolder`, by the hooks it registers itself (each test or once for the file).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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

/**
 * What the end-to-end suites that run the CLI against one seed share: the emulator, a folder of
 * their own and the environment that reaches it with `token` (plus `env`), each read inside a test
 * or a hook. Made by `emulatorAndFolder`.
 */
export interface EmulatorAndFolder {
  readonly emulator: RunningEmulator;
  readonly dir: string;
  readonly env: Record<string, string>;
  /** Writes `text` as `name` in the folder; its path. */
  readonly file: (text: string, name?: string) => string;
  /** The writes the emulator was asked for, `METHOD path`, in order. */
  readonly writes: () => string[];
}

export interface EmulatorAndFolderOptions {
  /** The seed, or a function of no argument that makes one (called when the emulator starts). */
  readonly seed: SeedDocument | (() => SeedDocument);
  readonly token: string;
  /** The temporary folder's name begins with it. */
  readonly prefix: string;
  /** More of the run's environment (TFE_ACCESS_NOW, TFE_ORGANIZATION, ...). */
  readonly env?: Record<string, string>;
  /** Files written in the folder when it is made, by name. */
  readonly files?: Record<string, string>;
  /** A new emulator and folder for each test (the default), or one for the file (or the describe it is called in). */
  readonly per?: 'test' | 'file';
}

/** Starts the emulator on the seed (no rate limit) and makes the folder before each test (or once), and puts both away after. */
export function emulatorAndFolder(options: EmulatorAndFolderOptions): EmulatorAndFolder {
  let emulator: RunningEmulator | undefined;
  let dir: string | undefined;
  const [before, after] = options.per === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    emulator = await startEmulator({ seed: typeof options.seed === 'function' ? options.seed() : options.seed, rateLimit: 0 });
    dir = mkdtempSync(join(tmpdir(), options.prefix));
    for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), text);
  });
  after(async () => {
    await emulator?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    emulator = undefined;
    dir = undefined;
  });
  const started = (): { emulator: RunningEmulator; dir: string } => {
    if (!emulator || !dir) throw new Error('no emulator outside a test');
    return { emulator, dir };
  };
  return {
    get emulator() {
      return started().emulator;
    },
    get dir() {
      return started().dir;
    },
    get env() {
      return { ...tokenEnv(started().emulator.url, options.token), ...options.env };
    },
    file: (text, name = 'access.yaml') => {
      const path = join(started().dir, name);
      writeFileSync(path, text);
      return path;
    },
    writes: () =>
      started()
        .emulator.requests.filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.path}`),
  };
}
