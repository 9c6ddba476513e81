// A dead server is noticed (issue 14, finding 6; acceptance "chaos-style"): an apply of 30 changes at
// --concurrency 1 against an emulator with 100 ms latency, running as its own process
// (`tfe-access emulator --log-requests`), killed with SIGKILL after 5 writes. The CLI must end
// within 30 s of the kill with exit 1, one line naming the address, and a report whose applied
// lines are the writes the emulator logged; every other change is failed or not started. An
// emulator started again from the state the dead one reached (its seed plus the logged writes) then
// plans exactly the remainder.
import { type ChildProcess, spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { ROOT } from '../support/cli.js';
import { FAST, writeDesired } from './scenario.js';
import { CHANGES, changesDone, planChanges, reportLines, STOP_DESIRED, STOP_TOKEN, seedAfter, stopSeed } from './stop-scenario.js';

const WRITES_BEFORE_KILL = 5;
const WRITE_LINE = /^(POST|PATCH|DELETE) (\S+) (\d+)/;
const processEnv = { PATH: process.env.PATH ?? '', HOME: '/nonexistent' };

let children: ChildProcess[] = [];
let dir = '';
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `tfe-access emulator` in its own process: its URL, and the writes it logged as answered 2xx. */
async function emulatorProcess(seedFile: string): Promise<{ child: ChildProcess; url: string; writes: string[] }> {
  const child = spawn(process.execPath, ['dist/cli/main.js', 'emulator', '--seed', seedFile, '--latency-ms', '100', '--rate-limit', '0', '--log-requests'], {
    cwd: ROOT,
    env: processEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const writes: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    const match = WRITE_LINE.exec(line);
    if (match && Number(match[3]) >= 200 && Number(match[3]) < 300) writes.push(`${match[1]} ${match[2]}`);
  });
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const url = /listening on (\S+)/.exec(first)?.[1];
  if (!url) throw new Error(`the emulator did not start: ${first}`);
  return { child, url, writes };
}

describe('the server dies during apply', () => {
  it('regression: a dead server makes apply take minutes to give up (now: exit 1 within 30 s, the report, the remainder)', async () => {
    dir = await writeDesired(STOP_DESIRED);
    const seedFile = join(dir, 'seed.json');
    await writeFile(seedFile, JSON.stringify(stopSeed()));
    const emulator = await emulatorProcess(seedFile);
    const env = { TFE_TOKEN: STOP_TOKEN, TFE_ADDRESS: emulator.url };
    const first = await planChanges(dir, env);
    expect(first).toHaveLength(CHANGES);

    const apply = spawn(process.execPath, ['dist/cli/main.js', 'apply', dir, '--auto-approve', '--concurrency', '1', '--rate-limit', String(FAST)], {
      cwd: ROOT,
      env: { ...processEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(apply);
    let stdout = '';
    let stderr = '';
    apply.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    apply.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => apply.on('close', resolve));

    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (emulator.writes.length >= WRITES_BEFORE_KILL) resolve();
        else if (apply.exitCode !== null) reject(new Error(`apply ended before the kill: ${stderr}`));
        else return;
        clearInterval(poll);
      }, 2);
    });
    emulator.child.kill('SIGKILL');
    await new Promise((resolve) => emulator.child.once('close', resolve));
    const logged = [...emulator.writes];

    let timer: ReturnType<typeof setTimeout> | undefined;
    const code = await Promise.race([
      exited,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`apply still running 30 s after the kill:\n${stderr}`)), 30_000))),
    ]);
    clearTimeout(timer);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(`tfe-access apply: the API at ${emulator.url}/api/v2 is not answering: `);
    expect(stderr).not.toMatch(/\n\s+at |internal error/);

    const done = changesDone(first, logged);
    expect(done.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);
    const applied = reportLines(stdout, 'applied');
    const failed = reportLines(stdout, 'FAILED');
    const notStarted = reportLines(stdout, 'not started');
    expect(applied).toHaveLength(done.length);
    expect(failed.length).toBeLessThanOrEqual(1);
    expect(applied.length + failed.length + notStarted.length).toBe(CHANGES);
    expect(stdout).toContain(`${done.length} applied, 0 already so, ${failed.length} failed, ${notStarted.length} not started, of ${CHANGES} changes in halt.`);

    // Started again from the state the dead emulator reached: the next plan is exactly the rest.
    const again = await startEmulator({ seed: seedAfter(done), rateLimit: 0 });
    try {
      expect(await planChanges(dir, { TFE_TOKEN: STOP_TOKEN, TFE_ADDRESS: again.url })).toEqual(first.filter((c) => !done.includes(c)));
    } finally {
      await again.stop();
    }
  }, 90_000);
});
