// runBuilt (spawn.ts) without colour codes: the built CLI as a child process, its exit code, stdout
// and stderr. Asynchronous, so an emulator started by the test keeps answering while it runs.
import type { CliRun } from './cli.js';
import { runBuilt } from './spawn.js';

export interface SpawnOptions {
  readonly env?: Record<string, string>;
  readonly cwd?: string;
}

export function spawnCli(args: readonly string[], options: SpawnOptions = {}): Promise<CliRun> {
  return runBuilt(args, { ...(options.cwd === undefined ? {} : { cwd: options.cwd }), env: { NO_COLOR: '1', ...options.env } });
}
