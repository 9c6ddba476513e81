// Runs the built CLI (`node dist/cli/main.js`) as a user would: a process of its own, exit code,
// stdout and stderr. HOME points nowhere real, so no credentials file of the machine is read.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type CliRun, ROOT } from './cli.js';

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

/** How a process started by `startBuilt` ended: its code or the signal that killed it, and what it wrote. */
export interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Started {
  readonly child: ChildProcess;
  /** Settles when the process exits. */
  readonly ended: Promise<Ended>;
  readonly exited: () => boolean;
}

/** The built CLI started with `args` (HOME nowhere real, in `cwd`) and left running: to be sent a signal while it works. */
export function startBuilt(args: readonly string[], env: Record<string, string>, cwd: string = ROOT): Started {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exited = false;
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => {
      exited = true;
      resolve({ code, signal, stdout, stderr });
    }),
  );
  return { child, ended, exited: () => exited };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the built CLI and sends it `signal` once `ready()` holds (or not at all if it ends first); how it ended. */
export async function interruptedWhen(
  args: readonly string[],
  env: Record<string, string>,
  signal: NodeJS.Signals,
  ready: () => boolean,
  cwd: string = ROOT,
): Promise<Ended> {
  const started = startBuilt(args, env, cwd);
  while (!ready() && !started.exited()) await sleep(5);
  started.child.kill(signal);
  return started.ended;
}

/** How a run whose stdout was closed ended: its code or signal, what was read before the close, its stderr. */
export interface Cut {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly read: string;
  readonly stderr: string;
}

/** Runs the built CLI and closes its stdout once `enough` says the reader has what it wanted (`| head -1`). */
export function readThenClose(args: readonly string[], env: Record<string, string>, enough: (read: string) => boolean): Promise<Cut> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let read = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    read += chunk.toString('utf8');
    if (enough(read)) child.stdout.destroy();
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, read, stderr })));
}

/** The built CLI (in `cwd`) with its stdout closed by the reader as soon as it starts (a reader that left). */
export function withStdoutClosed(args: readonly string[], env: Record<string, string>, cwd: string = ROOT): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}
