// `apply | head -1` (issue 24, finding 4): the reader takes the plan's first line and leaves while
// apply has 1,000 changes to make. docs/apply.md, "Signals, timeouts, a dead server", says a closed
// stdout starts no other change, the report goes to stderr and the exit is 141. A pipe tells its
// writer that the reader left only on the next write, so apply must write while it works: in text,
// each change's line as the change ends. The built CLI against an in-process emulator; the reader
// here closes its end after the first line, as `head -1` does.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, writeDesired, writesOf } from '../apply/scenario.js';
import { ROOT } from '../support/cli.js';
import { manyTeamsOnOneProject } from '../support/seeds.js';

const CHANGES = 1_000;
const CONCURRENCY = 8;
const TOKEN = 'epipe-apply-token';
const team = (i: number): string => `t${String(i).padStart(4, '0')}`;

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  const { seed, file } = manyTeamsOnOneProject({ organization: 'piped', token: TOKEN, count: CHANGES, team });
  emulator = await startEmulator({ seed, rateLimit: 0 });
  dir = await writeDesired(file);
  env = { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface HeadRun {
  readonly code: number | null;
  readonly read: string;
  readonly stderr: string;
  /** The writes the emulator had logged when the reader left. */
  readonly writesAtClose: number;
}

/** `tfe-access ARGS | head -1`: stdout closed once its first line is read. */
function headOne(args: readonly string[]): Promise<HeadRun> {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let read = '';
  let stderr = '';
  let writesAtClose = -1;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    read += chunk.toString('utf8');
    if (writesAtClose < 0 && read.includes('\n')) {
      writesAtClose = writesOf(emulator).length;
      child.stdout.destroy();
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, read, stderr, writesAtClose })));
}

async function planCount(): Promise<number> {
  const run = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['dist/cli/main.js', 'plan', dir, '--format', 'json', '--rate-limit', String(FAST)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('close', () => resolve(out));
  });
  return (JSON.parse(run) as { changes: unknown[] }).changes.length;
}

describe('apply with its stdout closed by the reader', () => {
  it('regression: apply ... | head -1 is not stopped (every change applied, nothing printed, exit 141)', async () => {
    expect(await planCount()).toBe(CHANGES);
    emulator.resetLog();
    const run = await headOne(['apply', dir, '--auto-approve', '--concurrency', String(CONCURRENCY), '--rate-limit', String(FAST)]);
    const writes = writesOf(emulator).length;
    expect(run.read.split('\n')[0]).toBe(`Plan for piped: ${CHANGES} to add, 0 to change, 0 to remove.`);
    expect(run.stderr).not.toMatch(/EPIPE: |\n\s+at |internal error/);
    expect(run.code, run.stderr).toBe(141);
    // No change starts after the close is seen: the first line apply writes after it, the line of a
    // change that ended; those in flight then (--concurrency of them, and one the executor started
    // before the error arrived) finish.
    expect(writes - Math.max(0, run.writesAtClose)).toBeLessThanOrEqual(3 * CONCURRENCY);
    expect(writes).toBeLessThan(CHANGES / 10);
    // The report goes to stderr, every change in it, the summary last.
    const applied = run.stderr.split('\n').filter((line) => line.startsWith('  applied ')).length;
    const notStarted = run.stderr.split('\n').filter((line) => line.startsWith('  not started ')).length;
    expect(applied).toBe(writes);
    expect(notStarted).toBe(CHANGES - writes);
    expect(run.stderr).toContain(
      `Apply stopped: stdout was closed (EPIPE). ${writes} applied, 0 already so, 0 failed, ${CHANGES - writes} not started, of ${CHANGES} changes in piped.`,
    );
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('tfe-access apply: stdout was closed (EPIPE)');
    // The next plan is exactly the remainder.
    expect(await planCount()).toBe(CHANGES - writes);
  }, 120_000);
});
