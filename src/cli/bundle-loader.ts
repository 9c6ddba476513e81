// How dist/cli/main.js (cli/launch.ts) loads the rest of the bundle: each file of dist/cli/ is
// compiled from the V8 code cache the build made for it (dist/code-cache/, scripts/code-cache.mjs),
// so a start does not parse and compile again what the build's runs compiled (docs/performance.md, "Start-up").
// Node 20 has no compile cache of its own (`module.enableCompileCache` came in Node 22.1), and
// require() takes no cached data, so the loader compiles each file itself as require() would: the
// same wrapper (strict because each file says so), one module object per file, in require.cache.
//
// The cache only ever saves time. It is read, never written (the install may be read-only), and
// passed over when it is missing or unreadable, older than its file (an edited file: V8 itself
// checks only the source's length), or rejected by V8 (another Node, other V8 flags, a damaged
// file): the file is then compiled from its source, as require() would.
import { readFileSync, statSync } from 'node:fs';
import type { Module } from 'node:module';
import { sep } from 'node:path';
import { Script } from 'node:vm';

/** What became of a file's code cache; `compiled`: there was none to read. */
export type CacheUse = 'used' | 'rejected' | 'stale' | 'compiled';

export interface BundleLoader {
  /** The exports of the bundle file `name` (`cli.js`), loaded with what it requires, once. */
  load(name: string): unknown;
  /** What became of the code cache of each file loaded so far, in load order. */
  uses(): ReadonlyMap<string, CacheUse>;
  /**
   * The code cache of `name` as V8 has it now: after runs, with every function they compiled (what
   * the build saves); for a file not loaded, its top level alone.
   */
  cacheOf(name: string): Buffer;
}

// Node's own CommonJS wrapper, on the first line so that line numbers stay those of the file.
const HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const TAIL = '\n});';

type ModuleFunction = (this: unknown, exports: unknown, require: (id: string) => unknown, module: Module, filename: string, dirname: string) => void;

/** The file of the cache of bundle file `name`. */
export const cacheFileOf = (cacheDir: string, name: string): string => `${cacheDir}${sep}${name}.cache`;

/** The cache of `file`, when there is one no older than the file. */
function readCache(file: string, cacheFile: string): { data?: Buffer; stale?: true } {
  try {
    const cache = statSync(cacheFile, { throwIfNoEntry: false });
    if (!cache) return {};
    if (cache.mtimeMs < statSync(file).mtimeMs) return { stale: true };
    return { data: readFileSync(cacheFile) };
  } catch {
    return {};
  }
}

/**
 * Node's CommonJS loader as the loader uses it: a require() that resolves from `dir` (the bin's
 * own, or createRequire of a file there) and the Module class. Handed in rather than imported: the
 * bin has both without node:module, whose loading (with the ES module loader under it) would cost
 * every start about 1 ms.
 */
export interface CommonJs {
  readonly require: NodeJS.Require;
  readonly Module: typeof Module;
}

/**
 * A bundle file compiled as require() would, from `cacheFile` when given and it holds. No
 * `importModuleDynamically`: the bundle has no import() (scripts/bundle.mjs makes sure).
 */
function compileFile(file: string, cacheFile: string | undefined): { script: Script; use: CacheUse } {
  // Latin-1: a copy of the bytes, where UTF-8 would check them all first; the build makes sure
  // every byte is ASCII, which both read alike (scripts/bundle.mjs).
  const source = `${HEAD}${readFileSync(file, 'latin1')}${TAIL}`;
  const cache = cacheFile === undefined ? {} : readCache(file, cacheFile);
  const script = new Script(source, { filename: file, ...(cache.data ? { cachedData: cache.data } : {}) });
  const use: CacheUse = cache.stale ? 'stale' : cache.data === undefined ? 'compiled' : script.cachedDataRejected === true ? 'rejected' : 'used';
  return { script, use };
}

/** Loads the files of `dir` (dist/cli), with the caches of `cacheDir` where they hold. */
export function bundleLoader(dir: string, cacheDir: string, node: CommonJs): BundleLoader {
  const scripts = new Map<string, Script>();
  const uses = new Map<string, CacheUse>();
  // Every file of the bundle lies in `dir`: one require() resolves what they all ask for.
  const fromNode = node.require;
  const fileOf = (name: string): string => `${dir}${sep}${name}`;
  const compile = (name: string, withCache: boolean): { script: Script; use: CacheUse } =>
    compileFile(fileOf(name), withCache ? cacheFileOf(cacheDir, name) : undefined);

  function load(name: string): unknown {
    const file = fileOf(name);
    const known = fromNode.cache[file];
    if (known) return known.exports;
    const { script, use } = compile(name, true);
    scripts.set(name, script);
    uses.set(name, use);
    const module = new node.Module(file);
    module.filename = file;
    // In the cache before it runs, as require() does: a cycle gets the exports so far.
    fromNode.cache[file] = module;
    // A neighbour in the bundle through this loader; anything else (a package, a built-in) as
    // require() finds it from here.
    const require = (id: string): unknown => (id.startsWith('./') ? load(id.slice(2)) : fromNode(id));
    try {
      (script.runInThisContext() as ModuleFunction).call(module.exports, module.exports, require, module, file, dir);
    } catch (error: unknown) {
      delete fromNode.cache[file];
      throw error;
    }
    module.loaded = true;
    return module.exports;
  }

  return {
    load,
    uses: () => uses,
    cacheOf: (name) => (scripts.get(name) ?? compile(name, false).script).createCachedData(),
  };
}
