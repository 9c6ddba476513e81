// Secrets, continued: the two commands that hold no API connection of their own, `emulator` (a
// spawned process, its token passed as --token) and `demo` (never reads the user's token), run
// with the canary in all three token sources and TFE_ACCESS_DEBUG=1.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';
import { CANARY, envFor, expectClean, removeAll } from './canary.js';

let homes: string[] = [];
afterEach(async () => {
  await removeAll(...homes);
  homes = [];
});

/** TFE_TOKEN, TF_TOKEN_127_0_0_1 and a credentials file all hold the canary. */
async function everySource(): Promise<Record<string, string>> {
  const address = 'http://127.0.0.1:9';
  const file = await envFor('credentials file', CANARY, address);
  homes.push(file.home);
  return { ...file.env, TFE_TOKEN: CANARY, TF_TOKEN_127_0_0_1: CANARY };
}

describe('emulator and demo with the canary everywhere', () => {
  it('emulator --token CANARY prints its address, never the token, and stops on SIGTERM', async () => {
    const env = await everySource();
    const child = spawn(process.execPath, ['dist/cli/main.js', 'emulator', '--token', CANARY], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        if (out.includes('\n')) resolve();
      }),
    );
    expect(out).toMatch(/^tfe-access emulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
    // The token really is the emulator's admin token: a request with it is answered.
    const url = /http:\S+/.exec(out)?.[0] ?? '';
    const answer = await fetch(`${url}/api/v2/organizations`, { headers: { authorization: `Bearer ${CANARY}` } });
    expect(answer.status).not.toBe(401);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toMatch(/stopped \(SIGTERM\)/);
    await expectClean('emulator', [out, err]);
  });

  it('emulator refuses bad flags without echoing the token', async () => {
    const env = await everySource();
    for (const args of [
      ['emulator', '--token', CANARY, '--port', '70000'],
      ['emulator', '--token', CANARY, '--fault-rate', '2'],
      ['emulator', '--token', CANARY, '--seed', '/nonexistent/seed.yaml'],
    ]) {
      const run = await runCli(args, { env });
      expect(run.code, run.err).toBe(1);
      expect(run.err.trim().split('\n')).toHaveLength(1);
      await expectClean(args.join(' '), [run.out, run.err]);
    }
  });

  it('demo runs through and never shows or uses the canary', async () => {
    const run = await runCli(['demo'], { env: await everySource() });
    expect(run.code, run.err).toBe(0);
    await expectClean('demo', [run.out, run.err]);
  });
});
