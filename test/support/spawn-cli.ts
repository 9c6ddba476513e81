// Runs the built CLI (dist/cli/main.js) as a user does: a child process, its exit code, stdout and
// stderr. Asynchronous, so an emulator started by the test keeps answering while it runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, type CliRun } from './cli.js';

export interface SpawnOptions {
  readonly env?: Record<string, string>;
  readonly cwd?: string;
}

export function spawnCli(args: readonly string[], options: SpawnOptions = {}): Promise<CliRun> {
  // HOME points nowhere real so no credentials file of the machine is ever read; no colour codes.
  const env = { PATH: process.env.PATH ?? '', HOME: '/nonexistent', NO_COLOR: '1', ...options.env };
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli/main.js'), ...args], { cwd: options.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), out, err }));
  });
}
