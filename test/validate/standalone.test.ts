// The validator the build generates (Ajv standalone code, scripts/standalone-validator.mjs) against
// the one sources compile at import (src/validate/schema-validator.ts): the same errors, with the
// same schema and data in them, for every fixture, every example and generated documents. So every
// exact message the fixtures pin holds for the built CLI too, and a table edit reaches both.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/core/access.js';
import { loadFiles } from '../../src/load/files.js';
import { validate as compiledAtImport } from '../../src/validate/schema-validator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GENERATED = join(ROOT, '.build/validate/schema-validator.js');

let generated: ValidateFunction;

beforeAll(async () => {
  if (!existsSync(GENERATED)) throw new Error('no .build/validate/schema-validator.js: run `npm run build`');
  generated = ((await import(pathToFileURL(GENERATED).href)) as { validate: ValidateFunction }).validate;
});

/** What a validator says of `data`: valid or not, and every error whole (each call sets a new list). */
function verdict(validator: ValidateFunction, data: unknown): { valid: boolean; errors: unknown } {
  const valid = validator(data) as boolean;
  return { valid, errors: validator.errors ?? null };
}

async function dataOf(paths: string[], cwd: string): Promise<unknown[]> {
  const loaded = await loadFiles(paths, cwd);
  return loaded.files.map((f) => f.data).filter((d) => d !== undefined);
}

describe('the standalone validator of the build', () => {
  it('is Ajv standalone code: it requires only the runtime helpers, never the compiler', () => {
    const source = readFileSync(GENERATED, 'utf8');
    const required = [...source.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((r) => !r!.startsWith('ajv/dist/runtime/'))).toEqual([]);
    expect(source).not.toMatch(/from ['"]ajv/);
  });

  it('says what the compiled schema says of every failure fixture and every example', async () => {
    const invalid = join(ROOT, 'test/fixtures/invalid');
    const documents = [...(await dataOf(readdirSync(invalid), invalid)), ...(await dataOf(['examples/acme', 'examples/focused'], ROOT))];
    expect(documents.length).toBeGreaterThan(30);
    for (const data of documents) expect(verdict(generated, data)).toEqual(verdict(compiledAtImport, data));
  });

  it('says what the compiled schema says of any permission attribute of the tables, right or wrong', () => {
    const keys = Object.values(PERMISSIONS).flatMap((specs) => specs.map((s) => s.key));
    const attribute = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 }));
    const value = fc.oneof(fc.boolean(), fc.constantFrom('read', 'write', 'apply', 'none', 'admin', 'custom'), fc.string({ maxLength: 6 }), fc.integer());
    const grant = fc.record(
      { access: fc.constantFrom('custom', 'read', 'writ'), [keys[0]!.split('.')[0]!]: fc.dictionary(attribute, value) },
      { requiredKeys: ['access'] },
    );
    const permissions = fc.dictionary(
      attribute.map((k) => k.split('.').pop()!),
      value,
    );
    const document = fc.record({
      organization: fc.oneof(fc.constant('acme'), fc.anything({ maxDepth: 2 })),
      projects: fc.dictionary(
        fc.string({ maxLength: 8 }),
        fc.record({ teams: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(grant, fc.string(), fc.anything({ maxDepth: 2 }))) }),
      ),
      workspaces: fc.dictionary(
        fc.string({ maxLength: 8 }),
        fc.record({
          teams: fc.dictionary(
            fc.string({ maxLength: 8 }),
            fc.oneof(
              grant,
              permissions.map((p) => ({ access: 'custom', ...p })),
            ),
          ),
        }),
      ),
    });
    fc.assert(
      fc.property(document, (data) => {
        expect(verdict(generated, data)).toEqual(verdict(compiledAtImport, data));
      }),
      { numRuns: 100 },
    );
  });

  it('says what the compiled schema says of anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        expect(verdict(generated, data)).toEqual(verdict(compiledAtImport, data));
      }),
      { numRuns: 100 },
    );
  });
});
