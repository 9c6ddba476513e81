// The code cache of the built CLI (docs/performance.md, "Start-up"; src/cli/bundle-loader.ts): the files a start
// loads come from the caches the build made, and whatever becomes of those caches (gone, damaged,
// another file's, older than an edited file) a run prints and exits exactly as with them; the CLI
// never writes them. Proven on copies of the built package, so the checkout's dist/ stays as built.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/** What a user runs, each a start of its own: exit code, stdout and stderr. */
const RUNS: readonly (readonly string[])[] = [
  ['--help'],
  ['--version'],
  ['validate', 'examples/acme'],
  ['validate', 'examples/acme', '--format', 'json'],
  ['validate', 'no-such-dir'],
  ['plan', '--help'],
  ['no-such-command'],
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-code-cache-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the built package (dist/, the examples), with the checkout's node_modules. */
function packageCopy(name: string): string {
  const root = join(dir, name);
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true, preserveTimestamps: true });
  cpSync(join(ROOT, 'examples'), join(root, 'examples'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

const cacheDirOf = (root: string): string => join(root, 'dist/code-cache');
const cachesOf = (root: string): string[] => readdirSync(cacheDirOf(root)).sort();

function run(root: string, args: readonly string[]): string {
  const result = spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
  });
  return `exit ${result.status}\n--- stdout\n${result.stdout}--- stderr\n${result.stderr}`;
}

const runsOf = (root: string): string[] => RUNS.map((args) => run(root, args));

/**
 * What became of each file's cache when `argv` ran in a fresh Node process of its own (no
 * NODE_OPTIONS: V8 takes a cache only under the flags it was made with), through the bin's loader.
 */
function usesOf(root: string, argv: readonly string[]): Record<string, string> {
  const script = `
    const { bundleLoader } = await import(${JSON.stringify(pathToFileURL(join(ROOT, '.build/cli/bundle-loader.js')).href)});
    const { createRequire, Module } = await import('node:module');
    const loader = bundleLoader(${JSON.stringify(join(root, 'dist/cli'))}, ${JSON.stringify(cacheDirOf(root))}, { require: createRequire(${JSON.stringify(join(root, 'dist/cli/main.js'))}), Module });
    const silent = { write: () => true };
    const code = await loader.load('cli.js').main(${JSON.stringify(argv)}, { stdout: silent, stderr: silent, env: {}, isTTY: false, cwd: ${JSON.stringify(root)} });
    process.stdout.write(JSON.stringify({ code, uses: Object.fromEntries(loader.uses()) }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
  });
  if (result.status !== 0) throw new Error(`the loader's run failed: ${result.stderr}`);
  const { code, uses } = JSON.parse(result.stdout) as { code: number; uses: Record<string, string> };
  expect(code).toBe(0);
  return uses;
}

const each = (uses: Record<string, string>, use: string): Record<string, string> => Object.fromEntries(Object.keys(uses).map((name) => [name, use]));

describe('the code cache', () => {
  let pristine: string;
  let expected: string[];
  beforeAll(() => {
    pristine = packageCopy('pristine');
    expected = runsOf(pristine);
  });

  it('the build writes a cache for every file of dist/cli/ but the bin', () => {
    const files = readdirSync(join(ROOT, 'dist/cli')).filter((name) => name.endsWith('.js') && name !== 'main.js');
    expect(cachesOf(pristine)).toEqual(files.map((name) => `${name}.cache`).sort());
  });

  it('every file --help, validate and the demo load starts from its cache', () => {
    for (const argv of [['--help'], ['validate', 'examples/acme'], ['demo']]) {
      const uses = usesOf(pristine, argv);
      expect(Object.keys(uses)).toContain('cli.js');
      expect(uses).toEqual(each(uses, 'used'));
    }
  });

  it('runs the same without any cache, and compiles every file from its source', () => {
    const root = packageCopy('none');
    rmSync(cacheDirOf(root), { recursive: true });
    expect(runsOf(root)).toEqual(expected);
    const uses = usesOf(root, ['validate', 'examples/acme']);
    expect(uses).toEqual(each(uses, 'compiled'));
  });

  it('runs the same when the caches are damaged (cut short, or bytes of nothing), and V8 rejects them', () => {
    const damages = { short: (bytes: Buffer) => bytes.subarray(0, bytes.length >> 1), noise: (bytes: Buffer) => Buffer.alloc(bytes.length, 0x5a) };
    for (const [name, damage] of Object.entries(damages)) {
      const root = packageCopy(`damaged-${name}`);
      for (const cache of cachesOf(root)) writeFileSync(join(cacheDirOf(root), cache), damage(readFileSync(join(cacheDirOf(root), cache))));
      expect(runsOf(root)).toEqual(expected);
      const uses = usesOf(root, ['validate', 'examples/acme']);
      expect(uses).toEqual(each(uses, 'rejected'));
    }
  });

  it("runs the same when each file is given another file's cache, and V8 rejects them", () => {
    const root = packageCopy('swapped');
    const caches = cachesOf(root);
    const bytes = caches.map((cache) => readFileSync(join(cacheDirOf(root), cache)));
    caches.forEach((cache, i) => writeFileSync(join(cacheDirOf(root), cache), bytes[(i + 1) % bytes.length] as Buffer));
    expect(runsOf(root)).toEqual(expected);
    const uses = usesOf(root, ['validate', 'examples/acme']);
    expect(uses).toEqual(each(uses, 'rejected'));
  });

  it('passes over the cache of a file edited after it, even an edit that keeps its length, which V8 alone would take', () => {
    const root = packageCopy('edited');
    const chunk = readdirSync(join(root, 'dist/cli')).find((name) => name.startsWith('validate-')) as string;
    const file = join(root, 'dist/cli', chunk);
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('`valid: ');
    // The same length: the report's first word in capitals, which only the edited source says.
    writeFileSync(file, source.replaceAll('`valid: ', '`VALID: '));
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const runs = runsOf(root);
    expect(runs[2]).toContain('VALID: 3 files');
    expect(runs.map((r) => r.replace('VALID: ', 'valid: '))).toEqual(expected);
    const uses = usesOf(root, ['validate', 'examples/acme']);
    expect(uses[chunk]).toBe('stale');
    expect(Object.values(uses).filter((use) => use !== 'used')).toEqual(['stale']);
  });

  it('never writes a cache: the files of the package are as built after every run', () => {
    const listing = (root: string): string[] =>
      ['dist/cli', 'dist/code-cache'].flatMap((sub) =>
        readdirSync(join(root, sub)).map((name) => `${sub}/${name} ${statSync(join(root, sub, name)).mtimeMs} ${statSync(join(root, sub, name)).size}`),
      );
    const before = listing(pristine);
    runsOf(pristine);
    expect(listing(pristine)).toEqual(before);
  });

  it('npm pack ships the caches with the bundle', () => {
    const result = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
    const [{ files }] = JSON.parse(result.stdout) as [{ files: { path: string }[] }];
    const packed = files.map((f) => f.path).filter((path) => path.startsWith('dist/code-cache/'));
    expect(packed.sort()).toEqual(cachesOf(pristine).map((cache) => `dist/code-cache/${cache}`));
  });
});
