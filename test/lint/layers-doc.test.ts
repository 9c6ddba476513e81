// docs/architecture.md's table of the layers is the lint's: the LAYERS of eslint.config.js, the same
// folders on the same floors, so the doc a reader trusts is the rule the lint enforces.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');

/** The folders of each layer of the doc's table under `## The layers`, from the bottom: `errors.ts` is `errors`, `core/` is `core`. */
function layersOfDoc(markdown: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('The layers\n'));
  if (!section) throw new Error('docs/architecture.md has no "## The layers" section');
  const rows = section.split('\n').filter((line) => /^\|\s*\d+\s*\|/.test(line));
  return rows.map((row, i) => {
    const [, layer = '', folders = ''] = row.split('|');
    if (Number(layer.trim()) !== i + 1) throw new Error(`the table's row ${i + 1} is numbered ${layer.trim()}`);
    return [...folders.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\.ts$|\/$/, ''));
  });
}

/** Each folder on a different floor, or only in one of the two: `render: layer 2 in the lint, 3 in the doc`. */
function layerDifferences(doc: readonly (readonly string[])[], lint: readonly (readonly string[])[]): string[] {
  const floorOf = (layers: readonly (readonly string[])[]) => new Map(layers.flatMap((folders, i) => folders.map((f) => [f, i + 1] as const)));
  const inDoc = floorOf(doc);
  const inLint = floorOf(lint);
  const folders = [...new Set([...inLint.keys(), ...inDoc.keys()])].sort();
  return folders
    .filter((f) => inDoc.get(f) !== inLint.get(f))
    .map((f) => `${f}: layer ${inLint.get(f) ?? 'none'} in the lint, ${inDoc.get(f) ?? 'none'} in the doc`);
}

describe("docs/architecture.md's layers", () => {
  let lint: string[][];
  beforeAll(async () => {
    lint = ((await import(pathToFileURL(resolve(ROOT, 'eslint.config.js')).href)) as { LAYERS: string[][] }).LAYERS;
  });

  it('are the layers of eslint.config.js, floor by floor', () => {
    const doc = layersOfDoc(DOC);
    expect(layerDifferences(doc, lint)).toEqual([]);
    expect(doc).toHaveLength(lint.length);
    expect(doc.flat()).toContain('render');
  });

  it('a table that moves a folder, leaves one out or adds a floor fails, naming it', () => {
    const moved = DOC.replace('| 6 | `saved-plan/` |', '| 6 | `saved-plan/`, `render/` |').replace('| 7 | `render/`', '| 7 |');
    expect(layerDifferences(layersOfDoc(moved), lint)).toEqual(['render: layer 7 in the lint, 6 in the doc']);
    const missing = DOC.replace(', `export/` |', ' |');
    expect(layerDifferences(layersOfDoc(missing), lint)).toEqual(['export: layer 2 in the lint, none in the doc']);
    const extra = DOC.replace('| 9 | `cli/` |', '| 9 | `cli/` |\n| 10 | `plugins/` |');
    expect(layerDifferences(layersOfDoc(extra), lint)).toEqual(['plugins: layer none in the lint, 10 in the doc']);
  });
});
