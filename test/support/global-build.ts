// Vitest global setup: the spawned-CLI tests run `dist/cli/main.js`. `npm ci` builds it (the
// `prepare` script); in a working tree, rebuild once here, before any test file starts, when a
// source file or a build script is newer than the build. Never from inside a test: two workers
// rebuilding while a third spawns the CLI would read half-written files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(ROOT, 'dist/cli/main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const newest = Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'scripts')));
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= newest) return;
  // What `npm run build` runs: tsc, the schema's standalone validator, the bundle.
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed before the tests:\n${result.stdout}${result.stderr}`);
}
