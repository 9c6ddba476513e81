// The manifest validator the build generates (Ajv standalone code, scripts/standalone-validator.mjs)
// against the one sources compile at import (src/evidence/manifest-validator.ts): the same verdict
// and errors for right and wrong manifests, so every message the reader's tests pin holds in dist/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateManifest as compiledAtImport } from '../../src/evidence/manifest-validator.js';
import { ROOT } from '../support/cli.js';

const GENERATED = join(ROOT, '.build/evidence/manifest-validator.js');

let generated: ValidateFunction;

beforeAll(async () => {
  if (!existsSync(GENERATED)) throw new Error('no .build/evidence/manifest-validator.js: run `npm run build`');
  generated = ((await import(pathToFileURL(GENERATED).href)) as { validateManifest: ValidateFunction }).validateManifest;
});

const verdict = (validator: ValidateFunction, data: unknown): { valid: boolean; errors: unknown } => ({
  valid: validator(data) as boolean,
  errors: validator.errors ?? null,
});

const HEX = 'c'.repeat(64);
const manifest = {
  format_version: 2,
  tool: { name: 'tfe-access', version: '0.1.0', build: { commit: null, modified: null, content_sha256: HEX } },
  server: { address: 'https://tfe.example', api_version: null, release: null },
  organization: 'acme',
  token: null,
  operator: { type: 'user', name: 'ci' },
  extraction: { started_at: 'T0', finished_at: 'T1' },
  scope: {},
  inputs: { files: [], sha256: null, policies_sha256: null },
  complete: false,
  reasons: ['why'],
  counts: [{ what: 'grants', extracted: 1, service: null }],
  exceptions: [],
  files: [{ name: 'report.json', bytes: 1, sha256: HEX, rows: null }],
};

describe('the standalone manifest validator of the build', () => {
  it('is Ajv standalone code, never the compiler', () => {
    expect(readFileSync(GENERATED, 'utf8')).not.toMatch(/from ['"]ajv/);
  });

  it('says what the validator compiled at import says, of right and wrong manifests', () => {
    const documents: unknown[] = [
      manifest,
      { ...manifest, format_version: 1, operator: undefined, inputs: undefined, exceptions: undefined },
      { ...manifest, complete: 'no' },
      { ...manifest, inputs: undefined },
      { ...manifest, operator: { type: 'gitlab-ci', project: 1 } },
      { ...manifest, files: [{ name: 'a', bytes: 1.5, sha256: HEX }] },
      [],
    ];
    for (const data of documents) expect(verdict(generated, data)).toEqual(verdict(compiledAtImport, data));
    expect(verdict(generated, manifest).valid).toBe(true);
    expect(verdict(generated, documents[1]).valid).toBe(true);
    expect(verdict(generated, documents[2]).valid).toBe(false);
  });
});
