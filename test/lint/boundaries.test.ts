// The import boundaries of eslint.config.js fire: fixtures that break them fail the lint with the
// rule's message, fixtures that keep them pass clean. One ESLint instance with the project config.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

/** The messages of the boundary rules only, as `rule: message`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const messages = await lint(filePath, code);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => `${m.ruleId}: ${m.message}`);
}

describe('pure folders import no Node built-in, no undici, no API layer', () => {
  it('src/core/ importing node:fs fails with the rule message', async () => {
    const errors = await boundaryErrors('src/core/fixture.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("no-restricted-imports: 'node:fs' import is restricted");
    expect(errors[0]).toContain('no Node built-in here; src/core/ is pure');
  });

  it('a bare built-in and undici fail too (src/guard/)', async () => {
    const code = "import { join } from 'path';\nimport { request } from 'undici';\nexport const both = [join, request];\n";
    const errors = await boundaryErrors('src/guard/fixture.ts', code);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('no Node built-in here; src/guard/ is pure');
    expect(errors[1]).toContain('no undici here; src/guard/ is pure');
  });

  it('src/diff/ importing ../api/client.js fails', async () => {
    const errors = await boundaryErrors('src/diff/fixture.ts', "import { TfeClient } from '../api/client.js';\nexport const c = TfeClient;\n");
    expect(errors).toEqual([expect.stringContaining('no API layer here; src/diff/ is pure')]);
  });

  it('src/effective/ is pure and below the live read: node:fs and ../live/ both fail', async () => {
    const code = "import { readFileSync } from 'node:fs';\nimport { readLive } from '../live/read-live.js';\nexport const both = [readFileSync, readLive];\n";
    const errors = await boundaryErrors('src/effective/fixture.ts', code);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('no Node built-in here; src/effective/ is pure');
    expect(errors[1]).toContain('src/effective/ may not import a layer above it');
  });

  it('src/policy/ is pure, checks on effective access and is read by the live read: node:fs, ../api/ and ../live/ fail', async () => {
    const code =
      "import { readFileSync } from 'node:fs';\nimport { TfeClient } from '../api/client.js';\nimport { readLive } from '../live/read-live.js';\nimport { EffectiveIndex } from '../effective/compute.js';\nexport const all = [readFileSync, TfeClient, readLive, EffectiveIndex];\n";
    const errors = await boundaryErrors('src/policy/fixture.ts', code);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('no Node built-in here; src/policy/ is pure');
    expect(errors[1]).toContain('no API layer here; src/policy/ is pure');
    expect(errors[2]).toContain('src/policy/ may not import a layer above it');
  });

  it('src/resolve/ is pure and below its reads: node:fs, ../api/ and ../lookup/ fail', async () => {
    const code =
      "import { readFileSync } from 'node:fs';\nimport { TfeClient } from '../api/client.js';\nimport { lookUpNames } from '../lookup/names.js';\nexport const all = [readFileSync, TfeClient, lookUpNames];\n";
    const errors = await boundaryErrors('src/resolve/fixture.ts', code);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('no Node built-in here; src/resolve/ is pure');
    expect(errors[1]).toContain('no API layer here; src/resolve/ is pure');
    expect(errors[2]).toContain('src/resolve/ may not import a layer above it');
  });

  it('src/lookup/ reads through the API layer and matches nothing itself: ../api/ and ../resolve/ pass, ../live/ fails', async () => {
    const clean =
      "import { isRemoteError } from '../api/errors/remote-error.js';\nimport { resolveNames } from '../resolve/resolve-names.js';\nexport const both = [isRemoteError, resolveNames];\n";
    expect(await lint('src/lookup/fixture.ts', clean)).toEqual([]);
    const up = await boundaryErrors('src/lookup/fixture.ts', "import { readLive } from '../live/read-live.js';\nexport const used = readLive;\n");
    expect(up).toEqual([expect.stringContaining('src/lookup/ may not import a layer above it')]);
  });

  it('a dynamic import of a built-in fails through no-restricted-syntax', async () => {
    const errors = await boundaryErrors('src/render/fixture.ts', "export const load = () => import('node:fs/promises');\n");
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-syntax: no Node built-in here; src\/render\/ is pure/)]);
  });

  it('core/sha256.ts may hash with node:crypto and nothing else; the rest of core/ and diff/checksum.ts may not', async () => {
    const hash = "import { createHash } from 'node:crypto';\nexport const h = createHash;\n";
    expect(await boundaryErrors('src/core/sha256.ts', hash)).toEqual([]);
    expect(await boundaryErrors('src/core/sha256.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n")).toEqual([
      expect.stringContaining('no Node built-in here; src/core/ is pure'),
    ]);
    expect(await boundaryErrors('src/core/fixture.ts', hash)).toEqual([expect.stringContaining('no Node built-in here; src/core/ is pure')]);
    expect(await boundaryErrors('src/diff/checksum.ts', hash)).toEqual([expect.stringContaining('no Node built-in here; src/diff/ is pure')]);
    expect(await boundaryErrors('src/evidence/digest.ts', hash)).toEqual([expect.stringContaining('no Node built-in here; src/evidence/ is pure')]);
  });

  it('barrels are refused anywhere in src/: a name is imported from the file that defines it', async () => {
    for (const code of ["export { LEVELS } from './access.js';\n", "export * from './access.js';\n", "export type { Access } from './model.js';\n"]) {
      expect(await boundaryErrors('src/cli/fixture.ts', code)).toEqual([expect.stringContaining('no re-exports in src/')]);
    }
    expect(await boundaryErrors('src/core/fixture.ts', "import { LEVELS } from './access.js';\nexport { LEVELS };\n")).toEqual([]);
  });

  it('src/core/ importing ./access.js passes clean', async () => {
    expect(await lint('src/core/fixture.ts', "import { LEVELS } from './access.js';\nexport const levels = LEVELS;\n")).toEqual([]);
  });

  it('a test next to pure code may read files, but still may not import the API layer', async () => {
    expect(await lint('src/core/fixture.test.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n")).toEqual([]);
    const errors = await boundaryErrors('src/core/fixture.test.ts', "import { TfeClient } from '../api/client.js';\nexport const c = TfeClient;\n");
    expect(errors).toEqual([expect.stringContaining('no API layer here; src/core/ is pure')]);
  });
});

describe('imports point down the layers', () => {
  it('src/api/ importing ../cli/io.js fails', async () => {
    const errors = await boundaryErrors('src/api/x.ts', "import type { IO } from '../cli/io.js';\nexport type Io = IO;\n");
    expect(errors).toEqual([expect.stringContaining('src/api/ may not import a layer above it')]);
  });

  it('from a sub-folder too: src/api/errors/ importing ../../live/ fails', async () => {
    const errors = await boundaryErrors('src/api/errors/x.ts', "import { readLive } from '../../live/read-live.js';\nexport const used = readLive;\n");
    expect(errors).toEqual([expect.stringContaining('src/api/ may not import a layer above it')]);
  });

  it('apply/ may not import pipeline/; pipeline/ may import apply/', async () => {
    const up = await boundaryErrors(
      'src/apply/x.ts',
      "import { planAgainstLive } from '../pipeline/use-cases/plan.js';\nexport const used = planAgainstLive;\n",
    );
    expect(up).toEqual([expect.stringContaining('src/apply/ may not import a layer above it')]);
    expect(await lint('src/pipeline/x.ts', "import { execute } from '../apply/executor.js';\nexport const used = execute;\n")).toEqual([]);
  });

  it('nothing but cli/ imports cli/', async () => {
    const errors = await boundaryErrors('src/pipeline/x.ts', "import { main } from '../cli/main.js';\nexport const used = main;\n");
    expect(errors).toEqual([expect.stringContaining('src/pipeline/ may not import a layer above it')]);
    expect(await lint('src/cli/commands/x.ts', "import { main } from '../main.js';\nexport const used = main;\n")).toEqual([]);
  });

  it('a lazy import up the layers fails as well', async () => {
    const errors = await boundaryErrors('src/apply/x.ts', "export const load = () => import('../saved-plan/reader.js');\n");
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-syntax: src\/apply\/ may not import a layer above it/)]);
    const typeQuery = await boundaryErrors('src/apply/x.ts', "export type Record = import('../saved-plan/reader.js').JsonRecord;\n");
    expect(typeQuery).toEqual([expect.stringMatching(/^no-restricted-syntax: src\/apply\/ may not import a layer above it/)]);
  });

  it('words only at the edge: no domain folder imports render/, its tests neither; render/ reads every domain folder; pipeline/ and cli/ import it', async () => {
    const domain = ['core', 'diff', 'guard', 'apply', 'review', 'saved-plan', 'policy', 'effective', 'triage', 'evidence', 'adopt', 'validate', 'live'];
    for (const folder of domain) {
      const code = "import { violationMessage } from '../render/violations/violation-message.js';\nexport const used = violationMessage;\n";
      expect(await boundaryErrors(`src/${folder}/x.ts`, code), folder).toEqual([expect.stringContaining(`src/${folder}/ may not import a layer above it`)]);
      expect(await boundaryErrors(`src/${folder}/x.test.ts`, code), `${folder} test`).toEqual([
        expect.stringContaining(`src/${folder}/ may not import a layer above it`),
      ]);
    }
    const lazy = await boundaryErrors('src/diff/x.ts', "export const load = () => import('../render/plan/json.js');\n");
    expect(lazy).toEqual([expect.stringMatching(/^no-restricted-syntax: src\/diff\/ may not import a layer above it/)]);
    const reads =
      "import { findingOf } from '../core/finding-document.js';\nimport type { SavedPlan } from '../saved-plan/saved-plan.js';\nimport type { LooseLimit } from '../guard/saved-limits.js';\nexport type Used = [typeof findingOf, SavedPlan, LooseLimit];\n";
    expect(await lint('src/render/x.ts', reads)).toEqual([]);
    expect(await lint('src/pipeline/x.ts', "import { renderJson } from '../render/plan/json.js';\nexport const used = renderJson;\n")).toEqual([]);
    const down = await boundaryErrors(
      'src/render/x.ts',
      "import { planAgainstLive } from '../pipeline/use-cases/plan.js';\nexport const used = planAgainstLive;\n",
    );
    expect(down).toEqual([expect.stringContaining('src/render/ may not import a layer above it (pipeline/, cli/)')]);
  });

  it('the emulator and the API client share no code, either way', async () => {
    const fromEmulator = await boundaryErrors('src/emulator/x.ts', "import { MEDIA_TYPE } from '../api/http.js';\nexport const used = MEDIA_TYPE;\n");
    const fromApi = await boundaryErrors('src/api/x.ts', "import { startEmulator } from '../emulator/start.js';\nexport const used = startEmulator;\n");
    expect(fromEmulator).toEqual([expect.stringContaining('src/emulator/ shares no code with api/')]);
    expect(fromApi).toEqual([expect.stringContaining('src/api/ shares no code with emulator/')]);
  });
});
