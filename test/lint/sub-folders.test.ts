// A file in a sub-folder belongs to the top-level folder of src/ it stands in (docs/architecture.md,
// "The layers"): src/render/review/x.ts is render's, under render's layer and purity, though a
// folder of src/ is called review too. The lint's rules are chosen by the top-level folder
// (eslint.config.js), and so are the purity walk's (purity.test.ts, by the path's first folder).
import { readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, readSources, type Sources } from './sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the boundary rules only. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** The messages of the import rules the config gives a file at `filePath`. */
async function importRuleMessages(filePath: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(filePath)) as { rules?: Record<string, unknown[]> };
  const rule = config.rules?.['no-restricted-imports'] ?? [];
  const options = (rule[1] ?? {}) as { patterns?: { message: string }[] };
  return (options.patterns ?? []).map((p) => p.message);
}

const subFolders = (folder: string): string[] =>
  readdirSync(join(ROOT, 'src', folder), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('a sub-folder is its top-level folder', () => {
  it('src/render/review/ is render: it may import saved-plan/ and guard/, which src/review/ may not', async () => {
    const code =
      "import type { SavedPlan } from '../../saved-plan/saved-plan.js';\nimport type { LooseLimit } from '../../guard/saved-limits.js';\nexport type Used = [SavedPlan, LooseLimit];\n";
    expect(await boundaryErrors('src/render/review/fixture.ts', code)).toEqual([]);
    // The same imports one folder up, from the domain folder of that name, are refused: the fixture tells the two apart.
    const sameInReview = code.replaceAll('../../', '../');
    expect(await boundaryErrors('src/review/fixture.ts', sameInReview)).toEqual([
      expect.stringContaining('src/review/ may not import a layer above it'),
      expect.stringContaining('src/review/ may not import a layer above it'),
    ]);
  });

  it('src/render/evidence/ is render: diff/ passes, and node:fs is refused as render/ is pure', async () => {
    expect(
      await boundaryErrors('src/render/evidence/fixture.ts', "import { planChecksum } from '../../diff/checksum.js';\nexport const c = planChecksum;\n"),
    ).toEqual([]);
    expect(await boundaryErrors('src/evidence/fixture.ts', "import { planChecksum } from '../diff/checksum.js';\nexport const c = planChecksum;\n")).toEqual([
      expect.stringContaining('src/evidence/ may not import a layer above it'),
    ]);
    const fs = await boundaryErrors('src/render/evidence/fixture.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n");
    expect(fs).toEqual([expect.stringContaining('no Node built-in here; src/render/ is pure')]);
  });

  it("render/'s sub-folders may not import pipeline/ or cli/, up the layers", async () => {
    const up = await boundaryErrors(
      'src/render/review/fixture.ts',
      "import { planFromFiles } from '../../pipeline/use-cases/plan.js';\nexport const p = planFromFiles;\n",
    );
    expect(up).toEqual([expect.stringContaining('src/render/ may not import a layer above it (pipeline/, cli/)')]);
  });

  it("pipeline/'s sub-folders are pipeline: render/ and Node built-ins pass, cli/ is refused", async () => {
    const down =
      "import { readFile } from 'node:fs/promises';\nimport { renderJson } from '../../render/plan/json.js';\nexport const used = [readFile, renderJson];\n";
    expect(await boundaryErrors('src/pipeline/use-cases/fixture.ts', down)).toEqual([]);
    const up = await boundaryErrors('src/pipeline/disk/fixture.ts', "import { main } from '../../cli/main.js';\nexport const m = main;\n");
    expect(up).toEqual([expect.stringContaining('src/pipeline/ may not import a layer above it')]);
  });

  it('every sub-folder of render/ and pipeline/ in the tree gets its top-level folder rules, whatever it is called', async () => {
    for (const folder of ['render', 'pipeline']) {
      const subs = subFolders(folder);
      expect(subs.length, folder).toBeGreaterThan(3);
      const top = await importRuleMessages(`src/${folder}/fixture.ts`);
      expect(top.length, folder).toBeGreaterThan(0);
      for (const sub of subs) expect(await importRuleMessages(`src/${folder}/${sub}/fixture.ts`), `${folder}/${sub}`).toEqual(top);
    }
    // The tree does have sub-folders named as folders of src/ are: the check above is not idle.
    const topLevel = new Set(subFolders('.'));
    expect(subFolders('render').filter((sub) => topLevel.has(sub))).toEqual(expect.arrayContaining(['review', 'evidence']));
  });
});

/** The imports between the sub-folders of `top` (`src/render`), each once: `plan -> changes`; its own files are `.`. */
function folderImports(sources: Sources, top: string): Map<string, string[]> {
  const folderOf = (file: string): string => posix.relative(top, posix.dirname(file)) || '.';
  const graph = new Map<string, string[]>();
  for (const [file, imported] of importGraph(sources)) {
    if (!file.startsWith(`${top}/`)) continue;
    const from = folderOf(file);
    const to = imported.filter((f) => f.startsWith(`${top}/`)).map(folderOf);
    graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to.filter((f) => f !== from)])]);
  }
  return graph;
}

describe('the sub-folders of render/ and pipeline/ import one way', () => {
  const sources = readSources(ROOT, 'src');

  it('no two sub-folders reach each other, and none imports the files at the top of its folder', () => {
    for (const top of ['src/render', 'src/pipeline']) {
      const graph = folderImports(sources, top);
      expect(graph.size, top).toBeGreaterThan(5);
      expect(cyclesOf(graph), top).toEqual([]);
      expect(
        [...graph].filter(([from, to]) => from !== '.' && to.includes('.')).map(([from]) => from),
        top,
      ).toEqual([]);
    }
  });

  it('a fixture whose sub-folders import each other fails, naming the loop', () => {
    const fixture = new Map([
      ['src/render/report/a.ts', "import { b } from '../report-html/b.js';\nexport const a = b;\n"],
      ['src/render/report-html/b.ts', "import { c } from '../report/c.js';\nexport const b = c;\n"],
      ['src/render/report/c.ts', 'export const c = 1;\n'],
      ['src/render/report.ts', "import { a } from './report/a.js';\nexport const r = a;\n"],
    ]);
    expect(cyclesOf(folderImports(fixture, 'src/render'))).toEqual(['report -> report-html -> report']);
  });
});
