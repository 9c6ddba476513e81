// scripts/house-folders.mjs, the codemod that keeps render/ and pipeline/ in sub-folders
// (docs/architecture.md, "Inside render/ and pipeline/"), run on a small made-up tree: it moves
// what its table names and what its patterns place, rewrites every path that names a moved file,
// leaves and names a file it has no rule for, mends an import written against an old place after
// the move (a branch merged later, in a file of its own or in one the move carried), and changes
// nothing the second time.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tree of `files` with the codemod in its scripts/ (no git, no Biome: it moves by renaming). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'house-folders-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(ROOT, 'scripts/house-folders.mjs'), join(dir, 'scripts/house-folders.mjs'));
  for (const [path, text] of Object.entries(files)) write(dir, path, text);
  return dir;
}

function write(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

function run(dir: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(dir, 'scripts/house-folders.mjs'), ...args], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const FILES = {
  'src/core/model.ts': 'export type Model = number;\n',
  'src/render/format.ts': 'export const byFormat = 1;\n',
  'src/render/lines.ts': "import type { Model } from '../core/model.js';\nexport const lines = (m: Model) => [m];\n",
  'src/render/text.ts': "import { lines } from './lines.js';\nimport { byFormat } from './format.js';\nexport const text = [lines, byFormat];\n",
  'src/render/report-widget.ts': "import { lines } from './lines.js';\nexport const widget = lines;\n",
  'src/render/oddball.ts': "import { text } from './text.js';\nexport const odd = text;\n",
  'src/pipeline/plan.ts': "import { text } from '../render/text.js';\nexport const plan = text;\n",
  'src/cli/plan.ts': "export const load = () => import('../pipeline/plan.js');\nexport type T = typeof import('../render/lines.js');\n",
  'test/plan.test.ts': "import { vi } from 'vitest';\nvi.mock('../src/pipeline/plan.js');\nimport { lines } from '../src/render/lines';\n",
  'scripts/step.mjs': "export const STEP = { file: 'pipeline/plan.js', source: 'render/lines.ts' };\n",
  'docs/notes.md': 'The lines are `render/lines.ts`, the use case `src/pipeline/plan.ts`; `test/render/lines.ts` is another file.\n',
};

describe('scripts/house-folders.mjs', () => {
  it('moves the files the table names and those a pattern places, and rewrites every path to them', () => {
    const dir = tree(FILES);
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(existsSync(join(dir, 'src/render/lines.ts'))).toBe(false);
    expect(read(dir, 'src/render/changes/lines.ts')).toContain("from '../../core/model.js'");
    expect(read(dir, 'src/render/plan/text.ts')).toBe(
      "import { lines } from '../changes/lines.js';\nimport { byFormat } from '../format.js';\nexport const text = [lines, byFormat];\n",
    );
    // Named by no row: `report-` places it in report/.
    expect(read(dir, 'src/render/report/report-widget.ts')).toContain("from '../changes/lines.js'");
    expect(read(dir, 'src/pipeline/use-cases/plan.ts')).toContain("from '../../render/plan/text.js'");
    expect(read(dir, 'src/cli/plan.ts')).toBe(
      "export const load = () => import('../pipeline/use-cases/plan.js');\nexport type T = typeof import('../render/changes/lines.js');\n",
    );
    // vi.mock, and a specifier written without a suffix, keep their form.
    expect(read(dir, 'test/plan.test.ts')).toBe(
      "import { vi } from 'vitest';\nvi.mock('../src/pipeline/use-cases/plan.js');\nimport { lines } from '../src/render/changes/lines';\n",
    );
    expect(read(dir, 'docs/notes.md')).toBe(
      'The lines are `render/changes/lines.ts`, the use case `src/pipeline/use-cases/plan.ts`; `test/render/lines.ts` is another file.\n',
    );
    // A build script names compiled files by their path from src/.
    expect(read(dir, 'scripts/step.mjs')).toBe("export const STEP = { file: 'pipeline/use-cases/plan.js', source: 'render/changes/lines.ts' };\n");
    // A file with no rule stays, its imports follow the moves, and stderr names it.
    expect(read(dir, 'src/render/oddball.ts')).toContain("from './plan/text.js'");
    expect(result.stderr).toContain('src/render/oddball.ts is named by no row of TABLE and no pattern: left where it is');
  });

  it('run again, it changes nothing, and --check says so by its exit status', () => {
    const dir = tree(FILES);
    expect(run(dir, '--check').status).toBe(1);
    expect(run(dir).status).toBe(0);
    const before = ['src/render/plan/text.ts', 'src/cli/plan.ts', 'test/plan.test.ts', 'docs/notes.md'].map((f) => read(dir, f));
    const again = run(dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('');
    expect(['src/render/plan/text.ts', 'src/cli/plan.ts', 'test/plan.test.ts', 'docs/notes.md'].map((f) => read(dir, f))).toEqual(before);
    const check = run(dir, '--check');
    expect(check.status).toBe(0);
    expect(check.stderr).toContain('0 to move, 0 to rewrite: all in place');
  });

  it('after a merge: a new file at the top is placed by its name, and an import of an old place is mended', () => {
    const dir = tree(FILES);
    expect(run(dir).status).toBe(0);
    // What another branch wrote meanwhile, against the flat folders.
    write(dir, 'src/render/review-sheet.ts', "import { lines } from './lines.js';\nexport const sheet = lines;\n");
    write(
      dir,
      'src/cli/report.ts',
      "import { widget } from '../render/report-widget.js';\nimport { plan } from '../pipeline/plan.js';\nexport const r = [widget, plan];\n",
    );
    // An import added to a file the move carried, written where the file stood (src/render/text.ts).
    write(dir, 'src/render/plan/text.ts', `import { widget } from './report-widget.js';\n${read(dir, 'src/render/plan/text.ts')}`);
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(read(dir, 'src/render/review/review-sheet.ts')).toBe("import { lines } from '../changes/lines.js';\nexport const sheet = lines;\n");
    expect(read(dir, 'src/render/plan/text.ts')).toBe(
      "import { widget } from '../report/report-widget.js';\nimport { lines } from '../changes/lines.js';\nimport { byFormat } from '../format.js';\nexport const text = [lines, byFormat];\n",
    );
    expect(read(dir, 'src/cli/report.ts')).toBe(
      "import { widget } from '../render/report/report-widget.js';\nimport { plan } from '../pipeline/use-cases/plan.js';\nexport const r = [widget, plan];\n",
    );
    expect(run(dir, '--check').status).toBe(0);
  });

  it('an unknown argument is one line on stderr and exit status 2, and nothing moves', () => {
    const dir = tree(FILES);
    const result = run(dir, '--force');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('house-folders: unknown argument --force; use --dry-run or --check\n');
    expect(existsSync(join(dir, 'src/render/lines.ts'))).toBe(true);
  });
});
