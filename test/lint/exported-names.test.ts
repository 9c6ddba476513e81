// One name, one definition: no two files of src/ export the same name, so an import names what it
// means without a look at its path (two `renderReport`s, two `describe`s were). The emulator is a
// product of its own (docs/architecture.md) and may repeat a name of the client's.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportsOf, namesExportedTwice, readSources, type Sources } from './sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OWN_PRODUCT = 'src/emulator/';

const outsideTheEmulator = (sources: Sources): Sources => new Map([...sources].filter(([path]) => !path.startsWith(OWN_PRODUCT)));

describe('exported names', () => {
  it('no name is exported by two files of src/, the emulator apart', () => {
    const sources = outsideTheEmulator(readSources(ROOT, 'src'));
    expect(exportsOf('src/core/access.ts', sources.get('src/core/access.ts') ?? '')).toContain('LEVELS');
    expect(namesExportedTwice(sources)).toEqual([]);
  });

  it('a fixture that exports one name from two files fails, whatever the declaration; the emulator may repeat it', () => {
    const fixture = new Map([
      ['src/a/one.ts', 'export function render(): string {\n  return "";\n}\nexport interface Options {\n  readonly color: boolean;\n}\n'],
      ['src/b/two.ts', 'const render = (): string => "";\ntype Options = { color: boolean };\nexport { render, type Options };\nexport const unique = 1;\n'],
      ['src/emulator/three.ts', 'export const unique = 2;\n'],
      ['src/c/four.ts', 'const render = 1;\nexport default render;\n'],
    ]);
    expect(namesExportedTwice(outsideTheEmulator(fixture))).toEqual(['Options: src/a/one.ts, src/b/two.ts', 'render: src/a/one.ts, src/b/two.ts']);
    expect(namesExportedTwice(fixture)).toContain('unique: src/b/two.ts, src/emulator/three.ts');
  });
});
