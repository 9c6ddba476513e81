// The emulator's default admin token is public (docs/emulator.md, "The emulator"): it listens on an address
// others can reach only with a --token of the user's own (issue 19, item 11). The built CLI,
// spawned; nothing here listens beyond loopback.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { MAIN, runBuilt } from '../support/spawn.js';

describe('tfe-access emulator --host', () => {
  it('refuses an address that is not loopback without --token, in one line, before listening', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1', 'tfe.example.com']) {
      expect(await runBuilt(['emulator', '--host', host, '--port', '0']), host).toEqual({
        code: 1,
        out: '',
        err: `tfe-access emulator: refusing to listen on ${host} with the default admin token, which is public: give --token with a secret of your own, or listen on loopback (--host 127.0.0.1).\n`,
      });
    }
  });

  it('with --token, goes on to listen there (192.0.2.1 is no address of this machine: the listen itself fails)', async () => {
    const run = await runBuilt(['emulator', '--host', '192.0.2.1', '--port', '0', '--token', 'a-secret-of-mine']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access emulator: cannot listen on 192\.0\.2\.1:0: .*EADDRNOTAVAIL/);
    expect(run.err).not.toContain('a-secret-of-mine');
  });

  it('listens on a loopback name without --token', async () => {
    const child = spawn(process.execPath, [MAIN, 'emulator', '--host', 'localhost', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const firstLine = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
      });
      child.on('exit', (code) => reject(new Error(`exited ${code} before listening`)));
    });
    expect(firstLine).toMatch(/^tfe-access emulator listening on http:\/\/localhost:\d+$/);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
