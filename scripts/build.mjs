// `npm run build`: src/ -> dist/. tsc compiles (and type-checks) src/ into .build/, the schema's
// validator is generated from the compiled tables, rolldown bundles the CLI into dist/cli/, then
// the code cache of each of its files is written into dist/code-cache/.
// test/support/global-build.ts runs this too, before the tests that spawn the CLI.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from './bundle.mjs';
import { writeCodeCache } from './code-cache.mjs';
import { writeStandaloneValidator } from './standalone-validator.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const compiled = join(root, '.build');
const out = join(root, 'dist/cli');

rmSync(compiled, { recursive: true, force: true });
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

await writeStandaloneValidator(compiled);
const chunks = await bundleCli({ root, compiled, out });
// Which modules each file of dist/cli/ holds: what test/cli/loading.test.ts checks imports against.
writeFileSync(join(compiled, 'chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
writeCodeCache(root);
