// Pure folders stay pure through every import path, not only their own imports: the lint
// (eslint.config.js) refuses a pure file importing `node:fs`, undici or `api/`, but not a pure file
// importing a file of load/ that does (validate/ reached the disk through load/files.ts that way).
// This walks the import graph of src/ from every file of a pure folder, type-only and dynamic imports
// included, and names the shortest path to what it may not reach. The one built-in a pure file may
// use (PURE_BUILTINS: node:crypto, in core/sha256.ts) is allowed to that file alone, so a pure file
// that hashes through it stays pure.
import { builtinModules } from 'node:module';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSources, type Sources } from './sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// What a pure file reaches today through another file and may not. Shrink-only: a path that goes
// away is taken out of this list; none is ever added.
const KNOWN: readonly string[] = [];

interface Purity {
  readonly pure: readonly string[];
  readonly allowed: Readonly<Record<string, readonly string[]>>;
}

const BUILTINS = new Set(builtinModules.map((m) => m.split('/')[0]!));
const bare = (name: string): string => name.replace(/^node:/, '').split('/')[0]!;

/** What no pure file may reach: a Node built-in, undici, a file of src/api/. */
const isForbidden = (name: string): boolean =>
  name.startsWith('node:') || BUILTINS.has(name.split('/')[0]!) || name === 'undici' || name.startsWith('undici/') || name.startsWith('src/api/');

/** Each file's imports: files of `sources` by their path (`./x.js` is `./x.ts`), packages and built-ins by name. */
function importsOf(sources: Sources): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const names = ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
    const imported = names.map((name) => (name.startsWith('.') ? posix.normalize(posix.join(posix.dirname(path), name.replace(/\.js$/, '.ts'))) : name));
    graph.set(path, [...new Set(imported)]);
  }
  return graph;
}

/** For each file of a pure folder that reaches a forbidden module, the shortest path to one: `a.ts -> b.ts -> node:fs`. */
function impurePaths(sources: Sources, purity: Purity): string[] {
  const graph = importsOf(sources);
  const isPure = (path: string): boolean => purity.pure.some((dir) => path.startsWith(`src/${dir}/`));
  const mayImport = (file: string, name: string): boolean => !isForbidden(name) || (purity.allowed[file] ?? []).includes(bare(name));
  const found: string[] = [];
  for (const start of [...sources.keys()].filter(isPure).sort()) {
    const previous = new Map<string, string>([[start, '']]);
    const queue = [start];
    let end: string | undefined;
    while (queue.length > 0 && end === undefined) {
      const file = queue.shift()!;
      for (const next of graph.get(file) ?? []) {
        if (previous.has(next)) continue;
        previous.set(next, file);
        if (!mayImport(file, next)) {
          end = next;
          break;
        }
        if (sources.has(next)) queue.push(next);
      }
    }
    if (end === undefined) continue;
    const path = [end];
    while (previous.get(path[0]!) !== '') path.unshift(previous.get(path[0]!)!);
    found.push(path.join(' -> '));
  }
  return found;
}

describe('pure folders reach no Node built-in, undici or api/ through any import path', () => {
  let purity: Purity;
  beforeAll(async () => {
    const config = (await import(pathToFileURL(resolve(ROOT, 'eslint.config.js')).href)) as { PURE: string[]; PURE_BUILTINS: Record<string, string[]> };
    purity = { pure: config.PURE, allowed: config.PURE_BUILTINS };
  });

  it('src/ has no path beyond the known ones', () => {
    const sources = readSources(ROOT, 'src');
    // The rule's inputs are read: an empty list of pure folders or an empty tree would pass for the wrong reason.
    expect(purity.pure).toContain('validate');
    expect(sources.size).toBeGreaterThan(200);
    expect(impurePaths(sources, purity)).toEqual(KNOWN);
  });

  it('a fixture reaching the disk, the client and undici through other files fails with each path; the allowed hash passes', () => {
    const fixture = new Map([
      ['src/validate/compose.ts', "import { loadFiles } from '../load/files.js';\nexport const c = loadFiles;\n"],
      ['src/load/files.ts', "import { readFileSync } from 'node:fs';\nexport const loadFiles = readFileSync;\n"],
      ['src/diff/reads.ts', "import type { Page } from '../live/page.js';\nexport type P = Page;\n"],
      ['src/live/page.ts', "import type { TfeClient } from '../api/client.js';\nexport type Page = TfeClient;\n"],
      ['src/api/client.ts', 'export type TfeClient = number;\n'],
      ['src/render/later.ts', "export const later = () => import('../pipeline/http.js');\n"],
      ['src/pipeline/http.ts', "export { request } from 'undici';\n"],
      ['src/core/sha256.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;\n"],
      ['src/evidence/digest.ts', "import { h } from '../core/sha256.js';\nexport const d = h;\n"],
      ['src/core/clean.ts', "import { d } from '../evidence/digest.js';\nexport const c = d;\n"],
    ]);
    const allowed = { 'src/core/sha256.ts': ['crypto'] };
    const pure = ['core', 'diff', 'evidence', 'render', 'validate'];
    expect(impurePaths(fixture, { pure, allowed })).toEqual([
      'src/diff/reads.ts -> src/live/page.ts -> src/api/client.ts',
      'src/render/later.ts -> src/pipeline/http.ts -> undici',
      'src/validate/compose.ts -> src/load/files.ts -> node:fs',
    ]);
    // node:crypto is the hash file's alone: the same import elsewhere in a pure folder is refused.
    fixture.set('src/evidence/digest.ts', "import { createHash } from 'crypto';\nexport const d = createHash;\n");
    expect(impurePaths(fixture, { pure: ['core'], allowed })).toEqual(['src/core/clean.ts -> src/evidence/digest.ts -> crypto']);
  });

  it("a sub-folder is its top-level folder's: src/render/review/ is pure as render/ is, not as src/review/ is", () => {
    const fixture = new Map([
      ['src/render/review/words.ts', "import { loadFiles } from '../../load/files.js';\nexport const w = loadFiles;\n"],
      ['src/load/files.ts', "import { readFileSync } from 'node:fs';\nexport const loadFiles = readFileSync;\n"],
    ]);
    expect(impurePaths(fixture, { pure: ['render'], allowed: {} })).toEqual(['src/render/review/words.ts -> src/load/files.ts -> node:fs']);
    expect(impurePaths(fixture, { pure: ['review'], allowed: {} })).toEqual([]);
  });
});
