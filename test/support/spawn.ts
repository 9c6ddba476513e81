// Runs the built CLI (`node dist/cli/main.js`) as a user would: a process of its own, exit code,
// stdout and stderr. HOME points nowhere real, so no credentials file of the machine is read.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, type CliRun } from './cli.js';

export const MAIN = join(ROOT, 'dist/cli/main.js');

export function runBuilt(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    // Killed by a signal: 128, as a shell would say it (plus the signal's number).
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), out, err }));
  });
}

/** The command line of `script(1)` for the built CLI: a shell line, its arguments quoted. */
export function shellLine(args: readonly string[]): string {
  const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;
  return [process.execPath, MAIN, ...args].map(quote).join(' ');
}
