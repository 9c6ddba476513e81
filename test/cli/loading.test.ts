// What each command loads (issue 18, "Start at once"): `tfe-access --help` almost nothing, and
// `validate` (offline) no HTTP client, no schema compiler, no other command. Proven on the built CLI:
// a module hook records every ES module it imports, and at exit the CommonJS cache every module it
// required (the bin's loader puts each file it loads there too, cli/bundle-loader.ts) and Node's
// load list every built-in; the build's chunk list (.build/chunks.json) says
// which source modules each file of dist/cli/ holds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.IMPORTS_LOG, result.url + '\\n');
  return result;
}
`;
const REGISTER = `import { register, createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
register(new URL('./hooks.mjs', import.meta.url));
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  for (const path of Object.keys(cache)) appendFileSync(process.env.IMPORTS_LOG, pathToFileURL(path).href + '\\n');
  for (const entry of process.moduleLoadList) if (entry.startsWith('NativeModule ')) appendFileSync(process.env.IMPORTS_LOG, 'node:' + entry.slice(13) + '\\n');
});
`;
const CHUNKS = join(ROOT, '.build/chunks.json');

let dir: string;
/** File of dist/cli/ -> the modules it holds, relative to the package root (`.build/validate/ajv.js`). */
let chunks: Record<string, string[]>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-loading-'));
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  writeFileSync(join(dir, 'register.mjs'), REGISTER);
  if (!existsSync(CHUNKS)) throw new Error('no .build/chunks.json: run `npm run build`');
  chunks = JSON.parse(readFileSync(CHUNKS, 'utf8')) as Record<string, string[]>;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Loaded {
  readonly code: number | null;
  /** Every source module loaded, by its path in src/ without extension (`validate/ajv`). */
  readonly sources: string[];
  /** Every file loaded from node_modules, relative to it (`ajv/dist/runtime/ucs2length.js`). */
  readonly packages: string[];
  /** Every public Node built-in loaded (`readline`), by Node itself included. */
  readonly builtins: string[];
}

/** What the built CLI loads for these arguments, and its exit code. */
function loadedBy(args: string[]): Loaded {
  const log = join(dir, `${args.join('_').replace(/\W/g, '_')}.log`);
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, 'dist/cli/main.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', IMPORTS_LOG: log },
  });
  const urls = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
  const root = pathToFileURL(join(ROOT, '/')).href;
  const files = urls.filter((url) => url.startsWith(root)).map((url) => url.slice(root.length));
  const modules = files.flatMap((file) => (file.startsWith('dist/cli/') ? (chunks[file.slice('dist/cli/'.length)] ?? [`unknown chunk ${file}`]) : [file]));
  return {
    code: run.status,
    sources: [...new Set(modules.filter((m) => m.startsWith('.build/')).map((m) => m.slice('.build/'.length).replace(/\.js$/, '')))].sort(),
    packages: [...new Set(modules.filter((m) => m.includes('node_modules/')).map((m) => m.replace(/.*node_modules\//, '')))].sort(),
    builtins: urls.filter((url) => url.startsWith('node:') && !url.startsWith('node:internal/')).map((url) => url.slice('node:'.length)),
  };
}

const HTTP_STACK = /^api\/|^live\//;
const HTTP_CLIENT = /^undici\//;
// The compiler and its core; a standalone validator needs only ajv/dist/runtime/.
const SCHEMA_COMPILER = /^ajv\/dist\/(?!runtime\/)/;

describe('what a command loads', () => {
  it('tfe-access --help loads the entry, the command list and the flag parser: no command, no package', () => {
    const { code, sources, packages, builtins } = loadedBy(['--help']);
    expect(code).toBe(0);
    // cli/interrupt: how every command ends on a closed stdout or a signal (docs/reliability.md, "Reliability");
    // cli/launch and cli/bundle-loader: the bin, which loads the rest from the code cache; cli/stdio:
    // stdout and stderr without Node's streams where they are a file or a terminal; core/tool: the
    // version `--version` prints, a constant of its own so a command can name it without importing main.
    expect(sources).toEqual([
      'cli/args',
      'cli/bundle-loader',
      'cli/interrupt',
      'cli/io',
      'cli/launch',
      'cli/main',
      'cli/registry',
      'cli/stdio',
      'core/tool',
      'errors',
    ]);
    expect(packages).toEqual([]);
    // readline (and the stream modules under it) only to ask a question.
    expect(builtins.filter((b) => /^(readline|fs\/promises|https?|tls)($|\/)/.test(b))).toEqual([]);
  });

  it('validate loads its own command, the standalone validator, and nothing of the HTTP stack or the schema compiler', () => {
    const { code, sources, packages, builtins } = loadedBy(['validate', 'examples/acme']);
    expect(code).toBe(0);
    expect(sources.filter((m) => m.startsWith('cli/commands/'))).toEqual(['cli/commands/validate']);
    expect(sources).toContain('validate/schema-validator');
    expect(sources.filter((m) => HTTP_STACK.test(m))).toEqual([]);
    // Of pipeline/, the one composition of loading and validating the files (pipeline/disk/desired-state.ts: it reads the disk, so it is no pure folder's).
    expect(sources.filter((m) => /^(export|emulator|pipeline|apply|saved-plan)\//.test(m))).toEqual(['pipeline/disk/desired-state']);
    // Of render/, validate's own output and the dispatch every output shares: no plan or report renderer.
    expect(sources.filter((m) => m.startsWith('render/'))).toEqual(['render/format', 'render/validation']);
    expect(packages.filter((p) => HTTP_CLIENT.test(p))).toEqual([]);
    expect(packages.filter((p) => SCHEMA_COMPILER.test(p))).toEqual([]);
    expect(builtins.filter((b) => /^(readline|https?|http2|tls|zlib)($|\/)/.test(b))).toEqual([]);
    // What validate does load is seen: the runtime helper the generated code requires, the file
    // reader (fs: its synchronous calls, without fs/promises and the readline it loads).
    expect(packages).toContain('ajv/dist/runtime/ucs2length.js');
    expect(builtins).toContain('fs');
    expect(builtins).not.toContain('fs/promises');
  });

  it('show (offline, as apply --plan reads the file) loads nothing of the HTTP stack', () => {
    // A missing file: the command and everything it imports statically are loaded all the same.
    const { code, sources, packages } = loadedBy(['show', 'no-such.plan.json']);
    expect(code).toBe(1);
    expect(sources).toContain('cli/commands/show');
    expect(sources).toContain('saved-plan/parse');
    expect(sources.filter((m) => HTTP_STACK.test(m) || m.startsWith('pipeline/'))).toEqual([]);
    expect(packages.filter((p) => HTTP_CLIENT.test(p))).toEqual([]);
  });

  it('report diff loads the standalone validator of what it reads, and nothing of the schema compiler', () => {
    // Two missing files: the command and everything it imports statically are loaded all the same.
    const { code, sources, packages } = loadedBy(['report', 'diff', 'no-such-old.json', 'no-such-new.json']);
    expect(code).toBe(1);
    expect(sources).toContain('evidence/snapshot-validator');
    expect(packages.filter((p) => SCHEMA_COMPILER.test(p))).toEqual([]);
  });

  it('the records see the HTTP stack where it is loaded (plan --help)', () => {
    const { code, sources, packages, builtins } = loadedBy(['plan', '--help']);
    expect(code).toBe(0);
    expect(sources.some((m) => HTTP_STACK.test(m))).toBe(true);
    expect(packages.some((p) => HTTP_CLIENT.test(p))).toBe(true);
    expect(builtins).toEqual(expect.arrayContaining(['http', 'tls']));
    // The connection pool and its request(), not undici's main module with every client it has
    // (fetch, WebSocket, caches, mocks: about 90 ms more of every start; src/api/undici-parts.ts).
    expect(packages).toContain('undici/lib/dispatcher/pool.js');
    expect(packages).not.toContain('undici/index.js');
    expect(packages.filter((p) => /^undici\/lib\/(web|mock|cache)\//.test(p))).toEqual([]);
  });
});
