// Build step: the compiled sources -> dist/cli/: the bin (main.js, the launcher of cli/launch.ts),
// the CLI's entry (cli.js) and a chunk per lazily loaded command (rolldown follows the registry's
// `import()`s), so a command loads a few files instead of dozens (issue 18, "Start at once"). The
// launcher loads them from their code cache (scripts/code-cache.mjs; docs/performance.md, "Start-up").
//
// - CommonJS: Node 20 starts an ES module entry about 8 ms of CPU later than a CommonJS one (its
//   ESM loader), which alone is a quarter of a bare `node -e 0`. dist/package.json says so.
// - The runtime `dependencies` of package.json stay in node_modules (each loaded only by the
//   commands that use it); every other package the sources import (`yaml`, `p-limit`: dev
//   dependencies) is bundled. `yaml` from its ES module build: as CommonJS it is 74 modules
//   that each pay a wrapper and a `require` at every start.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rolldown } from 'rolldown';
import { STANDALONE } from './standalone-validator.mjs';

/** `undici/x` -> `undici`, `@scope/p/x` -> `@scope/p`; undefined for a path or a virtual module. */
function packageOf(specifier) {
  if (/^[./\\\0]/.test(specifier) || /^[A-Za-z]:/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The bundled package a module comes from (its own chunk, named after it), or null. */
function bundledPackageOf(id) {
  // Ajv's runtime helpers (and the package under one) go where the validator is (bundleAjvRuntime).
  if (/[\\/]node_modules[\\/](ajv|fast-deep-equal)[\\/]/.test(id)) return null;
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
  return match ? match[1].replace(/[\\/]/, '-') : null;
}

/** The file a package's `exports` name for ES module importers that are not Node (its ESM build). */
function esmBuildOf(root, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  return join(root, 'node_modules', name, manifest.exports['.'].default);
}

/**
 * A module that finds files beside it (`new URL('../../schemas/...', import.meta.url)`) keeps
 * meaning its place in the package: `import.meta.url` becomes the URL the module would have at
 * dist/<its path>, computed from the chunk's own URL. Every chunk lies in dist/cli/.
 */
function keepModuleUrls({ root, compiled, out }) {
  return {
    name: 'keep-module-urls',
    transform(code, id) {
      if (!id.startsWith(compiled) || !/\bimport\.meta\.url\b/.test(code)) return null;
      const place = relative(out, join(root, 'dist', relative(compiled, id)))
        .split('\\')
        .join('/');
      return { code: code.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(place)}, import.meta.url).href`), map: null };
    },
  };
}

/**
 * Ajv's runtime helpers (ucs2length, equal), which the standalone validator requires through a
 * createRequire of its own (scripts/standalone-validator.mjs: Node runs that file as an ES module
 * too), become imports the bundle holds: at run time the require cost node:module, Node's search of
 * node_modules and three files compiled without a cache, 3 to 8 ms of every `validate`.
 */
const AJV_RUNTIME = /^ajv\/dist\/runtime\//;
function bundleAjvRuntime({ compiled }) {
  const files = new Set(STANDALONE.map(({ file }) => join(compiled, file)));
  const header = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
  return {
    name: 'bundle-ajv-runtime',
    transform(code, id) {
      if (!files.has(id)) return null;
      if (!code.includes(header)) throw new Error(`${id}: the createRequire header scripts/standalone-validator.mjs writes is not there`);
      const helpers = new Map();
      const body = code.replace(header, '').replace(/\brequire\("(ajv\/dist\/runtime\/[\w-]+)"\)/g, (_, path) => {
        if (!helpers.has(path)) helpers.set(path, `ajvRuntime${helpers.size}`);
        return helpers.get(path);
      });
      if (/\brequire\(/.test(body)) throw new Error(`${id}: a require() other than Ajv's runtime helpers`);
      // The default import of a CommonJS module from an ES module is its module.exports, as Node has
      // it (rolldown's Node interop for a `type: module` package): what require() returned.
      const imports = [...helpers].map(([path, name]) => `import ${name} from ${JSON.stringify(`${path}.js`)};\n`).join('');
      return { code: `${imports}${body}`, map: null };
    },
  };
}

/**
 * Bundles `compiled`/cli/launch.js and cli/main.js into `out` (dist/cli). Returns, for each file
 * written, the modules it holds (relative to the package root), which test/cli/loading.test.ts reads.
 */
export async function bundleCli({ root, compiled, out }) {
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies);
  const build = await rolldown({
    // main.js, the bin, is the launcher alone (cli/launch.ts): it loads cli.js, the CLI, and the
    // rest through the code cache (docs/performance.md, "Start-up").
    input: { main: join(compiled, 'cli/launch.js'), cli: join(compiled, 'cli/main.js') },
    platform: 'node',
    external: (id) => external.includes(packageOf(id)) && !AJV_RUNTIME.test(id),
    resolve: { alias: { yaml: esmBuildOf(root, 'yaml') } },
    plugins: [bundleAjvRuntime({ compiled }), keepModuleUrls({ root, compiled, out })],
    logLevel: 'warn',
  });
  try {
    const { output } = await build.write({
      dir: out,
      format: 'cjs',
      // The sources are ES modules, strict throughout: so is the bundle.
      strict: true,
      // import() of a built-in or a package becomes require(): the launcher compiles the files
      // itself (src/cli/bundle-loader.ts), and there a require() works where an import() cannot.
      dynamicImportInCjs: false,
      // One-byte sources: a single non-ASCII character (an ellipsis in a message, a byte-order mark
      // in yaml) makes V8 hold and decode a whole file as UTF-16, at every start. Escaped, the
      // strings are the same. The comments, which V8 would read and skip at every start, go too.
      charset: 'ascii',
      comments: false,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      codeSplitting: {
        groups: [
          { name: bundledPackageOf, debugName: 'bundled packages' },
          // The CLI's entry with everything it imports statically (errors, the flag parser, the
          // interrupts): what every start loads, in one file rather than one per module.
          { name: 'start', test: /[\\/]\.build[\\/]cli[\\/]main\.js$/, includeDependenciesRecursively: true },
        ],
      },
    });
    // The launcher compiles each file itself, and a script it compiles cannot import(): Node 20 has
    // no loader for it without an experimental flag (src/cli/bundle-loader.ts).
    const importing = output.find((o) => o.type === 'chunk' && /\bimport\s*\(/.test(o.code));
    if (importing) throw new Error(`dist/cli/${importing.fileName} has an import(): the bundle must require() instead`);
    // The launcher reads each file as Latin-1, a plain copy of its bytes, which is its text only
    // while every byte is ASCII (`charset` above).
    // eslint-disable-next-line no-control-regex -- any byte outside ASCII is the point
    const wide = output.find((o) => o.type === 'chunk' && /[^\x00-\x7f]/.test(o.code));
    if (wide) throw new Error(`dist/cli/${wide.fileName} holds a character outside ASCII: the launcher would misread it`);
    writeFileSync(join(out, '..', 'package.json'), '{ "type": "commonjs" }\n');
    return Object.fromEntries(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c.moduleIds.map((id) => relative(root, id))]));
  } finally {
    await build.close();
  }
}
