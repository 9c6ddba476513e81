// Hostile desired-state files (issue 14, finding 11), through the CLI: a file that is not text is
// refused on one line, values quoted in messages are cut to a readable length, and control
// characters in a name or value are errors at their position, never part of a request.
import { copyFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/emulator/prng.js';
import { startEmulator } from '../../src/emulator/start.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { cleanedAfterEach } from './canary.js';

const { dirs } = cleanedAfterEach();

/** A folder holding one file `name` with `content`; returns the file's path. */
async function fileWith(content: string | Uint8Array, name = 'tfe-access.yaml'): Promise<string> {
  const dir = await writeDesired('organization: acme\n', 'placeholder.yml');
  dirs.push(dir);
  const file = join(dir, name);
  await writeFile(file, content);
  return file;
}

/** Reproducible bytes of every value, as a binary file holds. */
function binary(size: number, seed = 14): Uint8Array {
  const random = mulberry32(seed);
  return Uint8Array.from({ length: size }, () => Math.floor(random() * 256));
}

/** A readable message line: a few hundred characters, never kilobytes (a quoted value is at most MAX_QUOTED). */
const SHORT = 400;

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

/** The CLI in the file's folder, so messages name it `tfe-access.yaml`. */
const cliAt = (file: string, args: string[], env?: Record<string, string>) =>
  runCli([...args, 'tfe-access.yaml'], { cwd: dirname(file), ...(env ? { env } : {}) });

describe('hostile files', () => {
  it('regression: hostile files: a 3 KB binary file gives one 7 KB message line', async () => {
    const file = await fileWith(binary(3 * 1024));
    const run = await cliAt(file, ['validate']);
    expect(run.code).toBe(1);
    const [problem, summary, ...rest] = lines(run.out);
    expect(rest).toEqual([]);
    expect(summary).toBe('1 problem in 1 file.');
    expect(problem!.length).toBeLessThan(SHORT);
    expect(problem).toMatch(/^tfe-access\.yaml:\d+:\d+: not a text file/);
  });

  it('regression: hostile files: /bin/ls renamed .yaml gives 136 KB of output', async () => {
    const file = await fileWith('');
    await copyFile('/bin/ls', file);
    const run = await cliAt(file, ['validate']);
    expect(run.code).toBe(1);
    expect(lines(run.out)).toHaveLength(2);
    expect(run.out.length).toBeLessThan(SHORT);
    expect(run.out).toMatch(/^tfe-access\.yaml:1:1: not a text file: it starts like an executable/);
    // plan refuses it the same way, before any request.
    const plan = await cliAt(file, ['plan'], { TFE_TOKEN: 'token-x', TFE_ADDRESS: 'http://127.0.0.1:9' });
    expect(plan.code).toBe(1);
    expect(plan.err.length).toBeLessThan(2 * SHORT);
    expect(plan.err).toContain('not a text file');
  });

  it('regression: hostile files: a NUL byte in organization: validates and reaches the URL', async () => {
    const emulator = await startEmulator({ seed: { organizations: [{ name: 'acme', token: 'acme-token' }] }, rateLimit: 0 });
    try {
      const file = await fileWith('organization: "acme\\0"\nprojects:\n  p:\n    teams: { dev: read }\n');
      const run = await cliAt(file, ['validate']);
      expect(run.code).toBe(1);
      expect(lines(run.out)[0]).toMatch(/^tfe-access\.yaml:1:15: organization: the value holds a control character \(U\+0000\)/);
      const plan = await cliAt(file, ['plan'], { TFE_TOKEN: 'acme-token', TFE_ADDRESS: emulator.url });
      expect(plan.code).toBe(1);
      expect(plan.err).toContain('tfe-access.yaml:1:15: organization: the value holds a control character (U+0000)');
      expect(emulator.counters().total).toBe(0);
    } finally {
      await emulator.stop();
    }
  });

  it('a raw NUL byte, invalid UTF-8: refused as not text, at the place they are', async () => {
    const nul = await cliAt(await fileWith('organization: acme\u0000\n'), ['validate']);
    expect(lines(nul.out)[0]).toMatch(/^tfe-access\.yaml:1:19: not a text file: it holds a NUL byte at line 1, col 19/);
    const latin1 = await cliAt(await fileWith(Buffer.from('organization: acme\nprojects: { caf\xe9: { teams: {} } }\n', 'latin1')), ['validate']);
    expect(lines(latin1.out)[0]).toMatch(/^tfe-access\.yaml:2:16: not a text file: it is not valid UTF-8 at line 2, col 16/);
    expect(latin1.code).toBe(1);
  });

  it('control characters in any name or value are errors at their position', async () => {
    const yaml = 'organization: acme\nprojects:\n  "plat\\nform":\n    teams:\n      "dev\\u0007": read\n      ops: "re\\x1bad"\n';
    const run = await cliAt(await fileWith(yaml), ['validate']);
    expect(run.code).toBe(1);
    const found = lines(run.out);
    expect(found).toContain('tfe-access.yaml:3:3: projects["plat\\nform"]: the name holds a control character (U+000A); names and values are plain text');
    expect(found.some((l) => l.startsWith('tfe-access.yaml:5:7: ') && l.includes('the name holds a control character (U+0007)'))).toBe(true);
    expect(found.some((l) => l.startsWith('tfe-access.yaml:6:12: ') && l.includes('the value holds a control character (U+001B)'))).toBe(true);
  });

  it('values quoted in messages are cut to a readable length with an ellipsis', async () => {
    const long = 'x'.repeat(3 * 1024);
    // Keys past YAML's 1024 characters for a plain key are written as explicit keys (`? key`).
    const yaml = `organization: acme\nprojects:\n  ? ${long}\n  : teams:\n      ? t${long}\n      : ${long}\n    ? k${long}\n    : 1\nworkspaces: { w: { teams: { dev: read }, id: ws-${long}- } }\n`;
    const run = await cliAt(await fileWith(yaml), ['validate']);
    expect(run.code).toBe(1);
    const found = lines(run.out);
    expect(found.length).toBeGreaterThan(2);
    for (const line of found) expect(line.length, line.slice(0, 100)).toBeLessThan(SHORT);
    expect(run.out).toContain('…');
  });
});
