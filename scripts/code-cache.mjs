// Build step: the V8 code cache of every file of dist/cli/ into dist/code-cache/, which
// dist/cli/main.js starts from (src/cli/bundle-loader.ts; docs/performance.md, "Start-up"). The cache of a file
// holds the functions V8 had compiled for it when the cache was made, and a start deserialises all
// of them: so the files `--help`, `--version` and `validate` load are cached right after those runs,
// with what they use and nothing more; the files only the other commands load, after the demo has
// run validate, plan, apply, drift and export against its embedded emulator; any other file with
// its top level alone. All in this one process, through the loader the bin uses.
//
// V8 takes a cache only from the same Node and the same V8 flags: build.mjs runs this in a process
// of its own without NODE_OPTIONS, as a plain `node dist/cli/main.js` runs. A cache V8 rejects costs
// a start its time, never its result: the file is then compiled from its source.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The runs whose start matters most (docs/performance.md, "Start-up"), then the others', in that order. */
const START_RUNS = [['--help'], ['--version'], ['validate', 'examples/acme']];
const OTHER_RUNS = [['demo']];

const silent = { write: () => true };

async function runAll(cli, runs, root) {
  for (const argv of runs) {
    const code = await cli.main(argv, { stdout: silent, stderr: silent, env: process.env, isTTY: false, cwd: root });
    if (code !== 0) throw new Error(`the code cache's training run \`tfe-access ${argv.join(' ')}\` exited ${code}`);
  }
}

async function train(root) {
  const dist = join(root, 'dist/cli');
  const cacheDir = join(root, 'dist/code-cache');
  rmSync(cacheDir, { recursive: true, force: true });
  const { bundleLoader, cacheFileOf } = await import(pathToFileURL(join(root, '.build/cli/bundle-loader.js')).href);
  const loader = bundleLoader(dist, cacheDir, { require: createRequire(join(dist, 'main.js')), Module });
  const caches = new Map();
  const keep = () => {
    for (const name of loader.uses().keys()) if (!caches.has(name)) caches.set(name, loader.cacheOf(name));
  };
  const cli = loader.load('cli.js');
  await runAll(cli, START_RUNS, root);
  keep();
  // The demo needs a loopback port for its emulator: where a build has none, the files only it
  // loads are cached as far as it got, and the build goes on.
  await runAll(cli, OTHER_RUNS, root).catch((error) =>
    process.stderr.write(`code cache: ${error instanceof Error ? error.message : String(error)}; the files only the demo loads are cached as far as it got\n`),
  );
  keep();
  mkdirSync(cacheDir, { recursive: true });
  // main.js is the launcher: Node loads it, as any bin, without a cache.
  for (const name of readdirSync(dist).filter((n) => n.endsWith('.js') && n !== 'main.js')) {
    writeFileSync(cacheFileOf(cacheDir, name), caches.get(name) ?? loader.cacheOf(name));
  }
}

/** Writes dist/code-cache/ for the bundle in `root`/dist/cli (the compiled sources in `root`/.build). */
export function writeCodeCache(root) {
  // PATH and HOME only: no NODE_OPTIONS, whose V8 flags would make every start reject the caches.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), root], { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the code cache was not written (exit ${run.status})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await train(process.argv[2] ?? dirname(dirname(fileURLToPath(import.meta.url))));
}
