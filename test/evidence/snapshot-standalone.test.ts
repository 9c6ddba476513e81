// The snapshot validator the build generates (Ajv standalone code, scripts/standalone-validator.mjs)
// against the one sources compile at import (src/evidence/snapshot-validator.ts): the same verdict
// and errors for right and wrong reports, so every message the reader's tests pin holds in dist/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateSnapshot as compiledAtImport } from '../../src/evidence/snapshot-validator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GENERATED = join(ROOT, '.build/evidence/snapshot-validator.js');

let generated: ValidateFunction;

beforeAll(async () => {
  if (!existsSync(GENERATED)) throw new Error('no .build/evidence/snapshot-validator.js: run `npm run build`');
  generated = ((await import(pathToFileURL(GENERATED).href)) as { validateSnapshot: ValidateFunction }).validateSnapshot;
});

const verdict = (validator: ValidateFunction, data: unknown): { valid: boolean; errors: unknown } => ({
  valid: validator(data) as boolean,
  errors: validator.errors ?? null,
});

const cell = {
  name: 'a',
  id: 'team-a',
  access: 'custom',
  permissions: { runs: 'apply', 'project-access': { settings: 'read' } },
  sources: [{ kind: 'workspace', access: 'custom' }],
};
const report = {
  organization: 'acme',
  generated_at: 'T',
  state: 'live',
  teams: [{ name: 'a', id: 'team-a' }],
  projects: [],
  workspaces: [{ name: 'w', id: 'ws-1', teams: [cell] }],
};

describe('the standalone snapshot validator of the build', () => {
  it('is Ajv standalone code, never the compiler', () => {
    expect(readFileSync(GENERATED, 'utf8')).not.toMatch(/from ['"]ajv/);
  });

  it('says what the validator compiled at import says, of right and wrong reports', () => {
    const documents: unknown[] = [
      report,
      { ...report, state: 3 },
      { ...report, teams: undefined },
      { ...report, workspaces: [{ name: 'w', id: 'ws-1', teams: [{ ...cell, permissions: { runs: 3 } }] }] },
      { ...report, workspaces: [{ name: 'w', id: 'ws-1', teams: [{ ...cell, sources: [{ kind: 'magic' }] }] }] },
      { ...report, people: [{ email: 'a@x', access: [{ target: { type: 'team', name: 'w', id: 'ws-1' }, access: 'read' }] }] },
      [],
    ];
    for (const data of documents) expect(verdict(generated, data)).toEqual(verdict(compiledAtImport, data));
    expect(verdict(generated, report).valid).toBe(true);
    expect(verdict(generated, documents[1]).valid).toBe(false);
  });
});
