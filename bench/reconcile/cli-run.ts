// Runs the real CLI as a user would (a new Node process on dist/cli/main.js) and measures it from
// outside: wall time from spawn to exit, and peak RSS through rss-probe.js (the CLI process alone,
// not the bench or the emulator).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type ProbeRecord, RSS_FILE_ENV } from '../rss-probe.js';

export interface CliRunResult {
  readonly code: number;
  readonly wallMs: number;
  /** Peak resident set size in KiB, or undefined when the probe wrote nothing. */
  readonly maxRssKiB: number | undefined;
  /** When the CLI made its first request, in ms since its process began (start-up and loading the files), or undefined. */
  readonly firstRequestMs: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

// The CLI as `npm run build` ships it, not the copy of src/ compiled beside the bench: this file runs
// from .bench/build/bench/reconcile/, four levels below the package root.
export const CLI_ENTRY = fileURLToPath(new URL('../../../../dist/cli/main.js', import.meta.url));
const PROBE = new URL('../rss-probe.js', import.meta.url).href;

/** `nodeArgs`: e.g. `--cpu-prof --cpu-prof-dir DIR` to profile the run. */
export async function runCliProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  workDir: string,
  nodeArgs: readonly string[] = [],
): Promise<CliRunResult> {
  const rssFile = join(workDir, `rss-${Date.now()}.txt`);
  const start = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', PROBE, CLI_ENTRY, ...args], {
    cwd: workDir,
    // Only what the run needs: no token or credentials file of the machine leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: workDir, ...env, [RSS_FILE_ENV]: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c ?? 1));
  });
  const wallMs = performance.now() - start;
  let probe: Partial<ProbeRecord> = {};
  try {
    probe = JSON.parse(readFileSync(rssFile, 'utf8')) as ProbeRecord;
  } catch {
    probe = {};
  }
  return {
    code,
    wallMs,
    maxRssKiB: probe.maxRssKiB,
    firstRequestMs: probe.firstRequestMs,
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
  };
}
