// `report --evidence DIR` end to end (docs/evidence.md, "Evidence bundle"): the seeded emulator over
// real HTTP, the CLI in-process, the clock fixed by TFE_ACCESS_NOW. The manifest's fields asserted
// one by one; the counts reconcile with the service's totals; a bundle is refused over a non-empty
// directory; a bundle whose writing stopped before the manifest does not verify.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { InterruptedError, type InterruptListener } from '../../src/cli/interrupt.js';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { CURRENT_SERVER_HEADERS } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import { writeEvidenceBundle } from '../../src/pipeline/disk/evidence-bundle.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';

const NOW = '2026-11-26T12:00:00Z';
const held = perTest();

async function started(profile?: 'seed' | 'current'): Promise<{ env: Record<string, string>; dir: string }> {
  held.emulator = await startEmulator({ seed: SEED, rateLimit: 0, ...(profile ? { profile } : {}) });
  held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-evidence-'));
  return { env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: NOW }, dir: held.dir };
}

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('report --evidence DIR', () => {
  it('writes the report in json, csv and html and a manifest whose every field is as read', async () => {
    const { env, dir } = await started('current');
    const bundle = join(dir, 'bundle');
    const run = await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0'], { env, cwd: dir });
    expect(run.code).toBe(0);
    // Issue 42: the edges are read by default, their derived rows in derived.csv (test/evidence/derived-bundle.test.ts).
    expect(readdirSync(bundle).sort()).toEqual(['derived.csv', 'manifest.json', 'report.csv', 'report.html', 'report.json']);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8'));
    // On stderr, not stdout (issue 37, finding 8): a closed stdout does not lose the manifest's hash.
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `report: wrote the evidence bundle of "acme" to ${bundle}: 4 files and manifest.json, SHA-256 ${sha256(join(bundle, 'manifest.json'))}\n`,
    );
    expect(Object.keys(manifest)).toEqual([
      'format_version',
      'tool',
      'server',
      'organization',
      'token',
      'operator',
      'extraction',
      'scope',
      'inputs',
      'complete',
      'reasons',
      'counts',
      'exceptions',
      'files',
    ]);
    // Issue 37, finding 9: format 2 adds the provenance (test/evidence/provenance.test.ts checks its values).
    expect(manifest.format_version).toBe(2);
    expect({ name: manifest.tool.name, version: manifest.tool.version }).toEqual({ name: 'tfe-access', version: '0.1.0' });
    expect(Object.keys(manifest.tool.build)).toEqual(['commit', 'modified', 'content_sha256']);
    expect(manifest.inputs).toEqual({ files: [], sha256: null, policies_sha256: null });
    expect(manifest.exceptions).toEqual([]);
    expect(manifest.server.address).toBe(held.emulator!.url.replace(/\/$/, ''));
    expect(manifest.server).toEqual({
      address: held.emulator!.url,
      api_version: CURRENT_SERVER_HEADERS['TFP-API-Version'],
      release: CURRENT_SERVER_HEADERS['X-TFE-Version'],
    });
    expect(manifest.organization).toBe('acme');
    expect(manifest.token).toEqual({ type: 'organization', name: 'acme' });
    expect(manifest.extraction).toEqual({ started_at: '2026-11-26T12:00:00.000Z', finished_at: '2026-11-26T12:00:00.000Z' });
    expect(manifest.scope).toEqual({ paths: [], teams: [], projects: [], workspaces: [], by: 'team', after: false, indirect: true });
    expect(manifest.complete).toBe(true);
    expect(manifest.reasons).toEqual([]);
    const report = JSON.parse(readFileSync(join(bundle, 'report.json'), 'utf8'));
    const seeded = SEED.organizations[0]!;
    const counts = Object.fromEntries(manifest.counts.map((c: { what: string }) => [c.what, c]));
    for (const what of ['teams', 'projects', 'workspaces'] as const) {
      expect(counts[what].extracted, what).toBe(counts[what].service);
    }
    // Unfiltered, the report shows every one read (the current profile adds the Default Project).
    expect(counts.projects.extracted).toBe(report.projects.length);
    expect(counts.projects.extracted).toBeGreaterThanOrEqual(seeded.projects!.length);
    expect(counts.workspaces.extracted).toBe(report.workspaces.length);
    expect(counts.teams.extracted).toBe(report.teams.length);
    expect(counts.grants.service).toBeNull();
    expect(counts.grants.extracted).toBe(seeded['team-projects']!.length + seeded['team-workspaces']!.length);
    // Each file: its size, its hash, and for the CSV its data rows as a parser counts them.
    const csv = readFileSync(join(bundle, 'report.csv'));
    const csvRows = (parse(csv) as unknown[]).length - 1;
    const derivedRows = (parse(readFileSync(join(bundle, 'derived.csv'))) as unknown[]).length - 1;
    expect(manifest.files).toEqual(
      ['report.json', 'report.csv', 'report.html', 'derived.csv'].map((name) => ({
        name,
        bytes: readFileSync(join(bundle, name)).byteLength,
        sha256: sha256(join(bundle, name)),
        rows: name === 'report.csv' ? csvRows : name === 'derived.csv' ? derivedRows : null,
      })),
    );
    expect(counts.derived).toEqual({ what: 'derived', extracted: derivedRows, service: null, seen_by: 'service' });
    // The grants rows reconcile: one CSV row per team (its organization powers) and per cell of the JSON.
    const cells = [...report.projects, ...report.workspaces].reduce((n: number, t: { teams: unknown[] }) => n + t.teams.length, 0);
    expect(csvRows).toBe(report.teams.length + cells);
    const verified = await runCli(['report', 'verify', bundle], { cwd: dir });
    expect(verified).toEqual({
      code: 0,
      out: 'verified 4 files of the bundle of acme extracted 2026-11-26T12:00:00.000Z against an unauthenticated manifest: give --manifest-sha256 to check manifest.json itself\n',
      err: '',
    });
  });

  it('records the scope and filters as asked', async () => {
    const { env, dir } = await started();
    const bundle = join(dir, 'b');
    const run = await runCli(
      ['report', '--organization', 'acme', '--team', 'sre', '--project', 'data', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'],
      {
        env,
        cwd: dir,
      },
    );
    expect(run.code, run.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8'));
    expect(manifest.scope).toEqual({ paths: [], teams: ['sre'], projects: ['data'], workspaces: [], by: 'team', after: false, indirect: false });
  });

  it('says null versions where the server does not announce them, and reconciles the counts there too (seed profile)', async () => {
    const { env, dir } = await started('seed');
    const bundle = join(dir, 'b');
    const run = await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env, cwd: dir });
    expect(run.code, run.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8'));
    expect(manifest.server).toMatchObject({ api_version: null, release: null });
    // The seed profile paginates every list asked with page[size] (the client always asks): the totals are there too.
    expect(manifest.counts.map((c: { what: string; extracted: number; service: number | null }) => [c.what, c.service === c.extracted])).toEqual([
      ['teams', true],
      ['projects', true],
      ['workspaces', true],
      ['grants', false],
    ]);
  });

  it('refuses a directory that is not empty, before reading, and writes nothing there', async () => {
    const { env, dir } = await started();
    const bundle = join(dir, 'full');
    mkdirSync(bundle);
    writeFileSync(join(bundle, 'notes.txt'), 'mine');
    const run = await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env, cwd: dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `tfe-access report: ${bundle} is not empty: an evidence bundle is written to a new or empty directory, so no other file is taken for part of it.\n`,
    );
    expect(readdirSync(bundle)).toEqual(['notes.txt']);
    expect(held.emulator!.requests).toEqual([]);
  });

  it('refuses --format and --out beside --evidence', async () => {
    const { env, dir } = await started();
    const run = await runCli(['report', '--organization', 'acme', '--evidence', join(dir, 'b'), '--format', 'csv'], { env, cwd: dir });
    expect(run).toMatchObject({
      code: 1,
      err: 'tfe-access report: --evidence writes the report in json, csv and html to DIR: leave out --format and --out.\n',
    });
  });
});

describe('a bundle whose writing stopped', () => {
  it('Ctrl-C during the read: exit 130, one line, no file in DIR, and DIR does not verify', async () => {
    const { env, dir } = await started();
    const bundle = join(dir, 'b');
    let out = '';
    let err = '';
    const io: IO = {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: { HOME: '/nonexistent', ...env },
      isTTY: false,
      cwd: dir,
      // SIGINT as soon as the read listens for it: before its first request is answered.
      onInterrupt: (listener: InterruptListener) => {
        listener(new InterruptedError('SIGINT'));
        return () => undefined;
      },
    };
    const code = await main(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], io);
    expect(code).toBe(130);
    expect(out).toBe('');
    expect(err).toMatch(/^tfe-access report: stopped by SIGINT .*; no evidence bundle was written\.\n$/);
    expect(readdirSync(bundle)).toEqual([]);
    expect((await runCli(['report', 'verify', bundle], { cwd: dir })).code).toBe(1);
    // The empty directory left takes the next run's bundle.
    const again = await runCli(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], { env, cwd: dir });
    expect(again.code, again.err).toBe(0);
  });

  it('has no manifest.json, and does not verify', async () => {
    held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-evidence-'));
    const bundle = join(held.dir, 'b');
    const facts = {
      tool: { name: 'tfe-access', version: '0.1.0' },
      server: { address: 'https://tfe.example.com', apiVersion: null, release: null },
      organization: 'acme',
      token: null,
      extraction: { startedAt: NOW, finishedAt: NOW },
      scope: {},
      complete: true,
      reasons: [],
      counts: [],
    };
    // A name that is not a plain file name of DIR is refused before anything is written.
    const files = [
      { name: 'a.csv', content: 'x\r\n1\r\n' },
      { name: 'b.json', content: '{}' },
    ];
    await expect(writeEvidenceBundle(bundle, [...files, { name: 'sub/c.json', content: '' }], facts)).rejects.toThrow('cannot be a file of an evidence bundle');
    expect(existsSync(bundle)).toBe(false);
    // A stop between two files leaves the files written so far and no manifest (it is written last).
    const partial = join(held.dir, 'partial');
    mkdirSync(partial);
    writeFileSync(join(partial, 'a.csv'), files[0]!.content);
    const run = await runCli(['report', 'verify', partial], { cwd: held.dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `tfe-access report verify: ${partial} has no manifest.json: it is not an evidence bundle, or its writing was stopped before the end (the manifest is written last).\n`,
    );
  });
});
