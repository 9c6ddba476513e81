// Issue 38, Build 5: manifest.json is read back through Ajv and its published schema
// (src/evidence/manifest-schema.ts, schemas/manifest.schema.json), never field by field by hand:
// what render/evidence/manifest.ts writes validates and reads back whole, and a manifest of another shape is
// one line naming where and what, exit 1, no stack trace.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvidenceManifest } from '../../src/core/evidence.js';
import { parseManifest } from '../../src/evidence/manifest-parse.js';
import { MANIFEST_SCHEMA } from '../../src/evidence/manifest-schema.js';
import { validateManifest } from '../../src/evidence/manifest-validator.js';
import { manifestDocument, renderManifest } from '../../src/render/evidence/manifest.js';
import { ROOT, runCli } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';

const SCHEMA_FILE = join(ROOT, 'schemas', 'manifest.schema.json');
const HEX = 'a'.repeat(64);

const V1: EvidenceManifest = {
  tool: { name: 'tfe-access', version: '0.1.0' },
  server: { address: 'https://tfe.example', apiVersion: '2.6', release: null },
  organization: 'acme',
  token: { type: 'organization', name: 'acme' },
  extraction: { startedAt: '2026-11-26T12:00:00.000Z', finishedAt: '2026-11-26T12:00:01.000Z' },
  scope: { paths: [], teams: [], by: 'team', after: false },
  complete: true,
  reasons: [],
  counts: [
    { what: 'teams', extracted: 3, service: 3, seenBy: 'service' },
    { what: 'grants', extracted: 7, service: null },
  ],
  files: [
    { name: 'report.json', bytes: 120, sha256: HEX },
    { name: 'report.csv', bytes: 80, sha256: 'b'.repeat(64), rows: 4 },
  ],
};

const V2: EvidenceManifest = {
  ...V1,
  provenance: {
    build: { commit: 'c0ffee', modified: false, contentSha256: null },
    operator: { type: 'github-actions', repository: 'acme/access', workflow: 'audit', job: 'report', runId: null },
    inputs: { files: [{ path: 'acme.yaml', sha256: HEX }], sha256: HEX, policiesSha256: null },
    exceptions: [
      { policy: 'no-admin', team: 'ops', person: null, workspace: 'prod', project: null, reason: 'on call', expires: '2027-01-01T00:00:00Z', status: 'active' },
    ],
  },
};

/** The written document of V2 with `edit` applied to it, as text. */
function edited(edit: (document: Record<string, any>) => void): string {
  const document = JSON.parse(renderManifest(V2)) as Record<string, any>;
  edit(document);
  return JSON.stringify(document);
}

describe('manifest.json through its schema', () => {
  it('schemas/manifest.schema.json is the schema the reader compiles (WRITE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(MANIFEST_SCHEMA, null, 2)}\n`;
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('what render/evidence/manifest.ts writes validates, and reads back as the manifest written (format 1 and 2)', () => {
    for (const manifest of [V1, V2]) {
      expect(validateManifest(manifestDocument(manifest)), JSON.stringify(validateManifest.errors)).toBe(true);
      expect(parseManifest(renderManifest(manifest))).toEqual({ manifest });
    }
  });

  it.each([
    ['a missing field', (d: Record<string, any>) => delete d.organization, 'organization is missing'],
    ['a size that is no whole number', (d: Record<string, any>) => (d.files[0].bytes = -1), 'files[0].bytes is not a whole number'],
    ['a hash in capitals', (d: Record<string, any>) => (d.files[1].sha256 = 'B'.repeat(64)), 'files[1].sha256 is not a SHA-256 in lowercase hex'],
    ['a flag of another type', (d: Record<string, any>) => (d.complete = 'yes'), 'complete is not true or false'],
    ['an unknown operator', (d: Record<string, any>) => (d.operator = { type: 'jenkins' }), 'operator.type is not github-actions, gitlab-ci or user'],
    ['an operator without its fields', (d: Record<string, any>) => delete d.operator.run_id, 'operator.run_id is missing'],
    ['format 2 without its provenance', (d: Record<string, any>) => delete d.exceptions, 'exceptions is missing'],
    ['an exception of no known status', (d: Record<string, any>) => (d.exceptions[0].status = 'paused'), 'exceptions[0].status is not active or lapsed'],
    ['a whose-view of neither kind', (d: Record<string, any>) => (d.counts[0].seen_by = 'me'), 'counts[0].seen_by is not token or service'],
    ['a file listed twice', (d: Record<string, any>) => (d.files[1].name = 'report.json'), 'files lists report.json twice'],
    [
      'the manifest listing itself',
      (d: Record<string, any>) => (d.files[0].name = 'manifest.json'),
      'files[0].name "manifest.json" is not a plain file name of the bundle',
    ],
    ['another format', (d: Record<string, any>) => (d.format_version = 3), 'format_version is 3, this tfe-access reads 1 and 2'],
  ])('%s: one problem in one line', (_, edit, problem) => {
    expect(parseManifest(edited(edit))).toEqual({ problem });
  });

  it('not JSON, and not an object', () => {
    expect(parseManifest('{')).toEqual({ problem: 'not JSON' });
    expect(parseManifest('[]')).toEqual({ problem: 'the document is not an object' });
  });
});

describe('report verify of a manifest of another shape', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tfe-manifest-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says where and what in one line, exit 1, no stack trace (in process and built)', async () => {
    writeFileSync(
      join(dir, 'manifest.json'),
      edited((d) => (d.files[0].bytes = 'many')),
    );
    const line = 'manifest.json: not a manifest of tfe-access (files[0].bytes is not a whole number)';
    for (const run of [await runCli(['report', 'verify', dir]), await spawnCli(['report', 'verify', dir])]) {
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err.split('\n')[0]).toBe(line);
      expect(run.err).not.toMatch(/\n\s+at /);
    }
  });
});
