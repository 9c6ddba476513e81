// `report verify DIR` (docs/evidence.md, "Verify a bundle"): one bundle written by `report
// --evidence` against the seeded emulator, then copied and tampered with, one way per test: a
// one-byte change in every file (manifest.json too, caught by --manifest-sha256), a CSV row removed
// with the manifest's hash and size edited to match (the row count catches it), a file missing, a
// file added.

import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';

let root: string;
let bundle: string;
let manifestSha: string;
let copies = 0;

beforeAll(async () => {
  const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  root = mkdtempSync(join(tmpdir(), 'tfe-access-verify-'));
  bundle = join(root, 'bundle');
  try {
    const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z' };
    const run = await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env, cwd: root });
    expect(run.code, run.err).toBe(0);
    // On stderr (issue 37, finding 8): a closed stdout does not lose it.
    manifestSha = /SHA-256 ([0-9a-f]{64})$/.exec(run.err.trim())?.[1] ?? '';
  } finally {
    await emulator.stop();
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function copy(): string {
  const dir = join(root, `copy-${++copies}`);
  cpSync(bundle, dir, { recursive: true });
  return dir;
}

const verify = (dir: string, ...flags: string[]) => runCli(['report', 'verify', dir, ...flags], { cwd: root });
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** The byte at `at` changed to another (a letter to a letter, so the JSON and CSV stay readable where they can). */
function flipByte(path: string, at: number): void {
  const bytes = readFileSync(path);
  bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
  writeFileSync(path, bytes);
}

describe('report verify DIR', () => {
  it('verifies the bundle as written, with and without the manifest hash', async () => {
    // Issue 37, finding 8: what was proved is said; without the recorded hash, the manifest is unauthenticated.
    const verified = 'verified 3 files of the bundle of acme extracted 2026-11-26T12:00:00.000Z';
    expect(await verify(bundle)).toEqual({
      code: 0,
      out: `${verified} against an unauthenticated manifest: give --manifest-sha256 to check manifest.json itself\n`,
      err: '',
    });
    expect(await verify(bundle, '--manifest-sha256', manifestSha)).toEqual({ code: 0, out: `${verified} and manifest.json by its SHA-256\n`, err: '' });
    expect(manifestSha).toBe(sha256(readFileSync(join(bundle, 'manifest.json'))));
  });

  it('detects a one-byte change anywhere in every file of the bundle', async () => {
    for (const name of ['report.json', 'report.csv', 'report.html']) {
      const size = readFileSync(join(bundle, name)).byteLength;
      for (const at of [0, Math.floor(size / 2), size - 2]) {
        const dir = copy();
        flipByte(join(dir, name), at);
        const run = await verify(dir);
        expect(run.code, `${name} at ${at}`).toBe(1);
        expect(run.out).toBe('');
        expect(run.err).toMatch(new RegExp(`^${name.replace('.', '\\.')}: SHA-256 differs \\(expected [0-9a-f]{12}…, found [0-9a-f]{12}…\\)\\n`));
        expect(run.err).toContain(`tfe-access report verify: the bundle in ${dir} does not verify`);
        rmSync(dir, { recursive: true });
      }
    }
  });

  it('detects a one-byte change of manifest.json given its recorded SHA-256', async () => {
    const dir = copy();
    const path = join(dir, 'manifest.json');
    // Inside the organization's name: the manifest stays a manifest, only the recorded hash can tell.
    const at = readFileSync(path, 'utf8').indexOf('"organization": "acme"') + '"organization": "'.length;
    flipByte(path, at);
    const run = await verify(dir, '--manifest-sha256', manifestSha);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe(`manifest.json: SHA-256 differs (expected ${manifestSha}, found ${sha256(readFileSync(path))})`);
    // Without the recorded hash, the organization is still checked against report.json (issue 37, finding 8).
    expect((await verify(dir)).err.split('\n')[0]).toBe('manifest.json: organization is "bcme", report.json says "acme"');
  });

  it('detects a CSV row removed even when the manifest is edited to its new hash and size', async () => {
    const dir = copy();
    const csvPath = join(dir, 'report.csv');
    const lines = readFileSync(csvPath, 'utf8').split('\r\n');
    lines.splice(2, 1);
    const edited = lines.join('\r\n');
    writeFileSync(csvPath, edited);
    const manifestPath = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const entry = manifest.files.find((f: { name: string }) => f.name === 'report.csv');
    const rows = entry.rows;
    entry.sha256 = sha256(edited);
    entry.bytes = Buffer.byteLength(edited);
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe(`report.csv: ${rows - 1} rows, the manifest says ${rows}`);
  });

  it('names a file the manifest lists that is missing, and a file it does not list', async () => {
    const dir = copy();
    unlinkSync(join(dir, 'report.html'));
    writeFileSync(join(dir, 'extra.txt'), 'added later');
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      [
        'report.html: missing, the manifest lists it',
        'extra.txt: in the directory but not listed in the manifest',
        `tfe-access report verify: the bundle in ${dir} does not verify (2 problems).`,
        '',
      ].join('\n'),
    );
  });

  it('refuses a manifest that names a file outside the directory, and one that is not a manifest', async () => {
    const dir = copy();
    const manifestPath = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.files[0].name = '../bundle/report.json';
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe(
      'manifest.json: not a manifest of tfe-access (files[0].name "../bundle/report.json" is not a plain file name of the bundle)',
    );
    writeFileSync(manifestPath, 'not json');
    expect((await verify(dir)).err.split('\n')[0]).toBe('manifest.json: not a manifest of tfe-access (not JSON)');
  });

  it('takes one directory, and a well-formed hash', async () => {
    expect(await verify(bundle, '--manifest-sha256', 'abc')).toMatchObject({
      code: 1,
      err: 'tfe-access report verify: --manifest-sha256 takes the 64 hexadecimal digits of a SHA-256.\n',
    });
    expect(await runCli(['report', 'verify'], { cwd: root })).toMatchObject({
      code: 1,
      err: 'tfe-access report verify: name one bundle directory: report verify DIR.\n',
    });
    const help = await runCli(['report', 'verify', '--help'], { cwd: root });
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: tfe-access report verify DIR/);
    expect(readdirSync(bundle).sort()).toEqual(['manifest.json', 'report.csv', 'report.html', 'report.json']);
  });
});
