// Cancelling an apply keeps the run's record (issue 14, finding 5): SIGTERM or SIGINT during the
// writes starts no other change, lets the one in flight finish, prints the report (applied, failed,
// not started) and exits 143 or 130; the next plan is exactly the changes not made. A second
// signal ends the process at once. Ctrl-C at the question cancels with exit 130. The apply is the
// built CLI (`node dist/cli/main.js`) at --concurrency 1 against an emulator with 100 ms latency.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, type InterruptListener } from '../../src/cli/interrupt.js';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { ROOT } from '../support/cli.js';
import { type Ended, type Started, startBuilt } from '../support/spawn.js';
import { FAST, WRITES, writeDesired, writesOf } from './scenario.js';
import { CHANGES, changesDone, planChanges, reportLines, STOP_DESIRED, STOP_TOKEN, stopSeed } from './stop-scenario.js';

const LATENCY_MS = 100;
const WRITES_BEFORE_SIGNAL = 5;
const POLL_MS = 5;

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeEach(async () => {
  emulator = await startEmulator({ seed: stopSeed(), rateLimit: 0, faults: { latencyMs: LATENCY_MS } });
  dir = await writeDesired(STOP_DESIRED);
  env = { TFE_TOKEN: STOP_TOKEN, TFE_ADDRESS: emulator.url };
});
afterEach(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const writeRecords = () => emulator.requests.filter((r) => WRITES.has(r.method));
const completed = () => writeRecords().filter((r) => r.status >= 200 && r.status < 300);

/** The built CLI's apply, with its output collected; `ended` settles when it exits. */
const spawnApply = (extra: string[] = []): Started =>
  startBuilt(['apply', dir, '--auto-approve', '--concurrency', '1', '--rate-limit', String(FAST), ...extra], env);

async function until(condition: () => boolean, what: string, exited: () => boolean): Promise<void> {
  while (!condition()) {
    if (exited()) throw new Error(`apply ended before ${what}`);
    await sleep(POLL_MS);
  }
}

/** The exit, or a failure when it takes longer than `ms` after the signal. */
async function within(ms: number, ended: Promise<Ended>): Promise<Ended> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no exit within ${ms} ms of the signal`)), ms)));
  try {
    return await Promise.race([ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a signal during apply', () => {
  it('regression: SIGTERM during apply exits 143 with nothing printed (now: the report, and the next plan is the remainder)', async () => {
    const first = await planChanges(dir, env);
    expect(first).toHaveLength(CHANGES);
    emulator.resetLog();
    const apply = spawnApply();
    await until(() => completed().length >= WRITES_BEFORE_SIGNAL, `its write ${WRITES_BEFORE_SIGNAL}`, apply.exited);
    apply.child.kill('SIGTERM');
    const run = await within(10_000, apply.ended);
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(143);
    // The write in flight at the signal was let finish: none is left unanswered.
    expect(writeRecords().every((r) => r.status >= 200 && r.status < 300)).toBe(true);
    const done = changesDone(first, writesOf(emulator));
    expect(done.length).toBeGreaterThanOrEqual(WRITES_BEFORE_SIGNAL);
    expect(done.length).toBeLessThan(CHANGES);
    expect(reportLines(run.stdout, 'applied')).toHaveLength(done.length);
    expect(reportLines(run.stdout, 'not started')).toHaveLength(CHANGES - done.length);
    expect(run.stdout).toContain(
      `Apply stopped: terminated (SIGTERM). ${done.length} applied, 0 already so, 0 failed, ${CHANGES - done.length} not started, of ${CHANGES} changes in halt.`,
    );
    expect(run.stderr).toContain('tfe-access apply: terminated (SIGTERM)\n');
    expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
    expect(await planChanges(dir, env)).toEqual(first.filter((c) => !done.includes(c)));
  }, 60_000);

  it('SIGINT with --format json: exit 130 and one JSON document naming every change not started', async () => {
    const first = await planChanges(dir, env);
    emulator.resetLog();
    const apply = spawnApply(['--format', 'json']);
    await until(() => completed().length >= 2, 'its second write', apply.exited);
    apply.child.kill('SIGINT');
    const run = await within(10_000, apply.ended);
    expect(run.code, run.stderr).toBe(130);
    const report = JSON.parse(run.stdout) as {
      result: string;
      converged: boolean;
      stopped: unknown;
      counts: Record<string, number>;
      outcomes: Array<{ status: string }>;
    };
    const done = changesDone(first, writesOf(emulator));
    expect(report.result).toBe('applied');
    expect(report.converged).toBe(false);
    expect(report.stopped).toEqual({ reason: 'interrupted (SIGINT)', exit_code: 130 });
    expect(report.counts).toEqual({ applied: done.length, already_so: 0, failed: 0, not_started: CHANGES - done.length });
    expect(report.outcomes.map((o) => o.status)).toEqual([
      ...Array<string>(done.length).fill('applied'),
      ...Array<string>(CHANGES - done.length).fill('not-started'),
    ]);
    expect(await planChanges(dir, env)).toEqual(first.filter((c) => !done.includes(c)));
  }, 60_000);

  it('a second signal ends the process at once, without waiting for the write in flight', async () => {
    const apply = spawnApply();
    await until(() => completed().length >= 2, 'its second write', apply.exited);
    // The next write is slow: the first signal waits for it, the second must not.
    emulator.setFaults({ latencyMs: 3_000 });
    await until(() => writeRecords().length >= 4, 'a slow write', apply.exited);
    apply.child.kill('SIGTERM');
    await sleep(300);
    apply.child.kill('SIGTERM');
    const run = await within(4_000, apply.ended);
    expect(run.code).toBe(143);
    expect(run.stderr).toContain('terminated (SIGTERM) again: stopping at once');
    expect(run.stdout).not.toContain('Apply stopped');
    expect(writeRecords().at(-1)?.status).toBe(0);
  }, 60_000);
});

describe('Ctrl-C at the question', () => {
  it('regression: Ctrl-C at the confirmation prompt prints "internal error: Aborted with Ctrl+C" (on a real terminal)', async () => {
    // script(1) (util-linux) runs the CLI on a pseudo-terminal: stdin, stdout and stderr are a TTY,
    // so apply asks, and readline reads the Ctrl-C byte (0x03) as the terminal sends it.
    const command = `node dist/cli/main.js apply ${dir} --rate-limit ${FAST}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TERM: 'dumb', ...env },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let screen = '';
    let pressed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      if (!pressed && screen.includes("Only 'yes' is accepted: ")) {
        pressed = true;
        child.stdin.write('\u0003');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(pressed).toBe(true);
    expect(screen).not.toContain('internal error');
    expect(screen).toContain("Only 'yes' is accepted: Apply cancelled: interrupted (SIGINT); nothing was changed.");
    expect(code).toBe(130);
    expect(writesOf(emulator)).toEqual([]);
  }, 30_000);

  it('Ctrl-C as readline reports it cancels in-process too: exit 130, nothing written', async () => {
    let out = '';
    let err = '';
    // What readline's question does on Ctrl-C at the terminal.
    const ctrlC = Object.assign(new Error('Aborted with Ctrl+C'), { name: 'AbortError', code: 'ABORT_ERR' });
    const io: IO = {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: { HOME: '/nonexistent', ...env },
      isTTY: true,
      cwd: ROOT,
      prompt: () => Promise.reject(ctrlC),
    };
    const code = await main(['apply', dir, '--rate-limit', String(FAST)], io);
    expect(err).not.toContain('internal error');
    expect(err).toContain('Apply cancelled: interrupted (SIGINT); nothing was changed.\n');
    expect(code).toBe(130);
    expect(out).toContain('Plan for halt:');
    expect(writesOf(emulator)).toEqual([]);
  });
});

/** The CLI in-process, sent SIGTERM when `when` fires it (what processIO does on the signal). */
async function interruptedRun(args: string[], when: (fire: () => void) => void, prompt?: IO['prompt']): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: IO = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { HOME: '/nonexistent', ...env },
    isTTY: prompt !== undefined,
    cwd: ROOT,
    onInterrupt: (listener: InterruptListener) => {
      when(() => listener(new InterruptedError('SIGTERM')));
      return () => undefined;
    },
    ...(prompt ? { prompt } : {}),
  };
  const code = await main(args, io);
  return { code, out, err };
}

describe('a signal before the first write', () => {
  it('while reading: exit 143, nothing was changed, no report', async () => {
    const run = await interruptedRun(['apply', dir, '--auto-approve', '--rate-limit', String(FAST)], (fire) => setTimeout(fire, LATENCY_MS / 2));
    expect(run.code).toBe(143);
    expect(run.err).toBe('tfe-access apply: terminated (SIGTERM); nothing was changed.\n');
    expect(run.out).toBe('');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('at the question: the question ends, cancelled with exit 143', async () => {
    let fire: () => void = () => undefined;
    // A question nobody answers; it ends when its signal aborts, as readline's does.
    const prompt: IO['prompt'] = (_question, signal) => {
      fire();
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' }))),
      );
    };
    const run = await interruptedRun(['apply', dir, '--rate-limit', String(FAST)], (f) => (fire = f), prompt);
    expect(run.code).toBe(143);
    expect(run.err).toContain('Apply cancelled: terminated (SIGTERM); nothing was changed.\n');
    expect(writesOf(emulator)).toEqual([]);
  });
});
