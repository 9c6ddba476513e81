// Each file of src/ imports a module in one statement: `import { type A, b } from './x.js'`, not a
// value import and a type import of the same file side by side (21 files did), so a reader finds
// what a file takes from a module in one place.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readSources, type Sources } from './sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each module a file names in more than one static import statement: `file: module`. */
function importedTwice(sources: Sources): string[] {
  const found: string[] = [];
  for (const [path, text] of sources) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const seen = new Set<string>();
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const module = statement.moduleSpecifier.text;
      if (seen.has(module)) found.push(`${path}: ${module}`);
      seen.add(module);
    }
  }
  return found.sort();
}

describe('one import statement per module', () => {
  it('no file of src/ imports one module twice', () => {
    const sources = readSources(ROOT, 'src');
    expect(sources.size).toBeGreaterThan(200);
    expect(importedTwice(sources)).toEqual([]);
  });

  it('a fixture with a type import beside a value import of the same module fails; one merged import passes', () => {
    const fixture = new Map([
      ['src/a/two.ts', "import type { A } from './x.js';\nimport { b } from './x.js';\nimport { c } from './y.js';\nexport const d: A = b(c);\n"],
      ['src/a/one.ts', "import { type A, b } from './x.js';\nexport const d: A = b();\nexport const later = () => import('./x.js');\n"],
    ]);
    expect(importedTwice(fixture)).toEqual(['src/a/two.ts: ./x.js']);
  });
});
