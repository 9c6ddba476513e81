// The key of a build of tfe-access: what the GitHub Action caches its built CLI under (action.yml),
// so a job builds a commit at most once, and later steps and jobs run that build. A sha256 of every
// file the build reads (the sources, the build scripts, the manifests and the lockfile), with the
// platform and Node's major version: the same commit gives the same key on every runner, and any
// change to what is built gives another. Usage: node scripts/build-key.mjs [PACKAGE_DIR]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src'];

/** Every file below `path` (or `path` itself), sorted, so the key does not depend on listing order. */
function filesOf(path) {
  if (!statSync(path, { throwIfNoEntry: false })) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesOf(join(path, name)));
}

export function buildKey(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesOf(join(root, input)))) {
    // The path as data too: a file moved is another build. Forward slashes on every platform.
    hash
      .update(`${relative(root, file).split(sep).join('/')}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  const node = process.versions.node.split('.')[0];
  return `tfe-access-build-${process.platform}-${process.arch}-node${node}-${hash.digest('hex')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${buildKey(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..'))}\n`);
}
