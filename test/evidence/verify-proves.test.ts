// Issue 37, finding 8 (Build 5): `report verify` says what it proved. Two real bundles from the
// seeded emulator: a complete one (the organization's token) and an incomplete one (team ops's
// token, which cannot see a secret team's grant nor the projects). Each test copies one and edits it
// the way the auditor of the issue did: a `complete` flag turned, a fact of the manifest disagreeing
// with report.json, a symbolic link in place of a file or of the manifest.

import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';

const OPS_TOKEN = 'acme-report-ops-token';
const [organization] = SEED.organizations;
const TEAM_SEED: SeedDocument = {
  organizations: [{ ...organization!, teams: organization!.teams!.map((t) => (t.name === 'ops' ? { ...t, tokens: [OPS_TOKEN] } : t)) }],
};
const AT = '2026-11-26T12:00:00.000Z';

let root: string;
let complete: { dir: string; sha: string };
let partial: { dir: string; sha: string };
let copies = 0;

beforeAll(async () => {
  const emulator = await startEmulator({ seed: TEAM_SEED, rateLimit: 0 });
  root = mkdtempSync(join(tmpdir(), 'tfe-access-verify-proves-'));
  try {
    const write = async (token: string, name: string) => {
      const dir = join(root, name);
      const env = { TFE_TOKEN: token, TFE_ADDRESS: emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z' };
      const run = await runCli(['report', '--organization', 'acme', '--evidence', dir, '--rate-limit', '0', '--no-indirect'], { env, cwd: root });
      expect(run.code, run.err).toBe(0);
      return { dir, sha: sha256(readFileSync(join(dir, 'manifest.json'))) };
    };
    complete = await write(ORG_TOKEN, 'complete');
    partial = await write(OPS_TOKEN, 'partial');
  } finally {
    await emulator.stop();
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
const verify = (dir: string, ...flags: string[]) => runCli(['report', 'verify', dir, ...flags], { cwd: root });

function copy(from: string): string {
  const dir = join(root, `copy-${++copies}`);
  cpSync(from, dir, { recursive: true });
  return dir;
}

type Json = Record<string, any>;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

/** The manifest edited by `edit`, written back as the tool writes it. */
function editManifest(dir: string, edit: (manifest: Json) => void): void {
  const manifest = readJson(join(dir, 'manifest.json'));
  edit(manifest);
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** report.json edited by `edit`, and its size and hash written into the manifest to match: only a cross-check can tell. */
function editReport(dir: string, edit: (report: Json) => void): void {
  const report = readJson(join(dir, 'report.json'));
  edit(report);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(join(dir, 'report.json'), text);
  editManifest(dir, (manifest) => {
    const entry = manifest.files.find((f: { name: string }) => f.name === 'report.json');
    entry.sha256 = sha256(text);
    entry.bytes = Buffer.byteLength(text);
  });
}

describe('issue 37, finding 8: report verify says what it proved', () => {
  it('finding 8: without --manifest-sha256 the manifest is said unauthenticated; with it, checked', async () => {
    const bare = await verify(complete.dir);
    expect(bare.code).toBe(0);
    expect(bare.out).toBe(
      `verified 3 files of the bundle of acme extracted ${AT} against an unauthenticated manifest: give --manifest-sha256 to check manifest.json itself\n`,
    );
    const given = await verify(complete.dir, '--manifest-sha256', complete.sha);
    expect(given).toEqual({ code: 0, out: `verified 3 files of the bundle of acme extracted ${AT} and manifest.json by its SHA-256\n`, err: '' });
  });

  it('finding 8: an incomplete bundle verifies its bytes but says "incomplete: REASONS", exit 2', async () => {
    const reasons = readJson(join(partial.dir, 'manifest.json')).reasons as string[];
    expect(reasons.length).toBeGreaterThan(0);
    const run = await verify(partial.dir, '--manifest-sha256', partial.sha);
    expect(run.code).toBe(2);
    expect(run.err).toBe('');
    expect(run.out).toBe(`verified 3 files of the bundle of acme extracted ${AT} and manifest.json by its SHA-256\nincomplete: ${reasons.join('; ')}\n`);
  });

  it('finding 8: a complete flag edited in the manifest (true over a report.json that says false) fails', async () => {
    const dir = copy(partial.dir);
    editManifest(dir, (manifest) => {
      manifest.complete = true;
      manifest.reasons = [];
    });
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err.split('\n')).toContain('manifest.json: complete is true, report.json says false');
  });

  it('finding 8: a complete flag edited in report.json (true, its hash rewritten, under a manifest that says false) fails', async () => {
    const dir = copy(partial.dir);
    editReport(dir, (report) => {
      report.complete = true;
    });
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe('manifest.json: complete is false, report.json says true');
  });

  it("finding 8: the manifest's organization, reasons, counts and extraction time are cross-checked with report.json", async () => {
    const dir = copy(partial.dir);
    editManifest(dir, (manifest) => {
      manifest.organization = 'other';
      manifest.reasons = ['nothing is missing'];
      manifest.counts.find((c: { what: string }) => c.what === 'workspaces').extracted += 1;
      manifest.extraction.started_at = '2026-11-27T00:00:00.000Z';
      manifest.extraction.finished_at = '2026-11-27T00:00:01.000Z';
    });
    const run = await verify(dir);
    expect(run.code).toBe(1);
    const lines = run.err.split('\n');
    expect(lines).toContain('manifest.json: organization is "other", report.json says "acme"');
    expect(lines).toContain('manifest.json: reasons differ from report.json\'s "incomplete"');
    expect(lines.some((l) => /^manifest\.json: counts: \d+ workspaces extracted, report\.json shows \d+$/.test(l))).toBe(true);
    expect(lines).toContain(`manifest.json: report.json was generated at ${AT}, outside the extraction (2026-11-27T00:00:00.000Z to 2026-11-27T00:00:01.000Z)`);
  });

  it('a bundle by person, one narrowed by --team and one of --after verify: the cross-check compares only what both say', async () => {
    const emulator = await startEmulator({ seed: TEAM_SEED, rateLimit: 0 });
    try {
      writeFileSync(join(root, 'files.yaml'), 'organization: acme\n');
      const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
      for (const [name, flags] of [
        ['by-person', ['--by', 'person']],
        ['one-team', ['--team', 'sre']],
        ['after', [join(root, 'files.yaml'), '--after']],
      ] as const) {
        const dir = join(root, name);
        const run = await runCli(['report', '--organization', 'acme', ...flags, '--evidence', dir, '--rate-limit', '0', '--no-indirect'], { env, cwd: root });
        expect(run.code, run.err).toBe(0);
        const verified = await verify(dir);
        expect(verified.err, name).toBe('');
        expect(verified.code, name).toBe(0);
      }
    } finally {
      await emulator.stop();
    }
  });

  it('reads a manifest of format_version 1 (written before the provenance), and refuses a version it does not know', async () => {
    const dir = copy(complete.dir);
    editManifest(dir, (manifest) => {
      manifest.format_version = 1;
      delete manifest.tool.build;
      for (const key of ['operator', 'inputs', 'exceptions']) delete manifest[key];
    });
    expect((await verify(dir)).code).toBe(0);
    editManifest(dir, (manifest) => {
      manifest.format_version = 3;
    });
    expect((await verify(dir)).err.split('\n')[0]).toBe('manifest.json: not a manifest of tfe-access (format_version is 3, this tfe-access reads 1 and 2)');
  });

  it('finding 8: a file of the bundle that is a symbolic link out of DIR is refused, even with the right hash', async () => {
    const dir = copy(complete.dir);
    const outside = join(root, `outside-${copies}.html`);
    cpSync(join(dir, 'report.html'), outside);
    unlinkSync(join(dir, 'report.html'));
    symlinkSync(outside, join(dir, 'report.html'));
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe('report.html: a symbolic link, not a plain file: a bundle holds only plain files');
  });

  it('finding 8: a manifest.json that is a symbolic link is refused', async () => {
    const dir = copy(complete.dir);
    const outside = join(root, `manifest-${copies}.json`);
    cpSync(join(dir, 'manifest.json'), outside);
    unlinkSync(join(dir, 'manifest.json'));
    symlinkSync(outside, join(dir, 'manifest.json'));
    const run = await verify(dir);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toBe('manifest.json: a symbolic link, not a plain file: a bundle holds only plain files');
  });
});
