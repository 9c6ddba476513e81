// No import cycles in src/: the layers keep imports pointing down between folders (eslint.config.js),
// and this keeps them acyclic within a folder too. Every import counts, type-only and dynamic ones
// included: a cycle of types is still two files that cannot be understood one without the other.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, readSources } from './sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('import cycles', () => {
  it('src/ has none', () => {
    const graph = importGraph(readSources(ROOT, 'src'));
    // The whole tree is read, and its imports found: an empty graph would pass for the wrong reason.
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/cli/main.ts')).toContain('src/errors.ts');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('a fixture with a cycle through a type import and a dynamic import fails, naming the cycle and no file outside it', () => {
    const fixture = new Map([
      ['src/a/one.ts', "import { two } from './two.js';\nexport const one = (): number => two();\n"],
      ['src/a/two.ts', "import type { Three } from '../b/three.js';\nexport const two = (): Three => 3;\n"],
      ['src/b/three.ts', "export type Three = number;\nexport const later = () => import('../a/one.js');\n"],
      ['src/b/four.ts', "import { one } from '../a/one.js';\nexport const four = one;\n"],
      ['src/c/self.ts', "export const self = (): Promise<unknown> => import('./self.js');\n"],
    ]);
    expect(cyclesOf(importGraph(fixture))).toEqual(['src/a/one.ts -> src/a/two.ts -> src/b/three.ts -> src/a/one.ts', 'src/c/self.ts -> src/c/self.ts']);
    fixture.set('src/b/three.ts', 'export type Three = number;\n');
    fixture.delete('src/c/self.ts');
    expect(cyclesOf(importGraph(fixture))).toEqual([]);
  });
});
