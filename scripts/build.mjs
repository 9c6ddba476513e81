// `npm run build`: src/ -> dist/. tsc compiles (and type-checks) src/ into .build/, the schema's
// validator is generated from the compiled tables, the git commit is stamped in, rolldown bundles the CLI into dist/cli/, then
// the code cache of each of its files is written into dist/code-cache/.
// test/support/global-build.ts runs this too, before the tests that spawn the CLI.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { bundleCli } from './bundle.mjs';
import { writeCodeCache } from './code-cache.mjs';
import { writeStandaloneValidators } from './standalone-validator.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const compiled = join(root, '.build');
const out = join(root, 'dist/cli');

rmSync(compiled, { recursive: true, force: true });
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// docs/evidence.md, "Evidence bundle": the commit the build is made from, stamped into the compiled
// src/core/build.ts (null there) so a manifest names it; no stamp outside a git checkout.
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const head = git('rev-parse', 'HEAD');
if (head.status === 0 && /^[0-9a-f]{40}$/.test(head.stdout.trim())) {
  const modified = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  const stamp = { commit: head.stdout.trim(), modified };
  writeFileSync(join(compiled, 'core/build.js'), `export const BUILD_STAMP = ${JSON.stringify(stamp)};\n`);
}

await writeStandaloneValidators(compiled);
const chunks = await bundleCli({ root, compiled, out });
// Which modules each file of dist/cli/ holds: what test/cli/loading.test.ts checks imports against.
writeFileSync(join(compiled, 'chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
writeCodeCache(root);
