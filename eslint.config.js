import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// ---- Import boundaries of src/ (issue 13, "Rules that check themselves") ----
// The folders of src/ in layers, from the bottom. A folder imports its own layer and the layers
// below it, never one above. `errors` is src/errors.ts. docs/architecture.md's table of the layers
// says the same (test/lint/layers-doc.test.ts).
export const LAYERS = [
  ['errors', 'core'],
  // resolve: the names of the files matched against the organization as read (pure).
  // triage: each drift item attributed from the audit trail's events (pure, over core alone).
  // evidence: the evidence bundle's files fingerprinted and re-checked (pure, hashing only).
  ['load', 'api', 'emulator', 'resolve', 'effective', 'triage', 'export', 'evidence'],
  // lookup: what resolution reads of the organization (teams, projects, workspaces, pinned ids).
  // expand: the sets matched against the organization as read, merged with the entries (pure).
  ['validate', 'lookup', 'expand'],
  // policy: the policies checked on effective access, matched as sets are (pure).
  // review: an access review's sheets, owners and decisions (pure).
  ['diff', 'policy', 'review'],
  // The executor beside the live read: pipeline/use-cases/apply.ts composes it with the plan.
  // adopt: the desired-state files edited so they describe live access (pure: text in, text out).
  ['guard', 'live', 'apply', 'adopt'],
  ['saved-plan'],
  // render: every output, above every domain folder: the domain carries facts, only a renderer
  // phrases them, and no domain folder imports one (issue 38, "words only at the edge").
  // assemble: the plan as one pure function over the files and a run's reads (planOver), beside
  // render/: neither imports the other (the refusals a plan throws say their own words).
  ['render', 'assemble'],
  ['pipeline'],
  ['cli'],
];

// Folders of one layer that share no code: the emulator is the other side of the wire.
const APART = [['api', 'emulator']];

// The pure folders: plain data in, plain data out. No I/O, no HTTP, no clock: callers do those and
// pass data in.
export const PURE = [
  'core',
  'diff',
  'effective',
  'render',
  'guard',
  'validate',
  'resolve',
  'expand',
  'policy',
  'triage',
  'adopt',
  'evidence',
  'review',
  'assemble',
];

// The one built-in a pure file may use, and where: hashing is a function of its input (no I/O),
// and Node's sha256 is the one well-kept implementation. Every hash of the tool goes through it
// (the plan's checksum, saved plans, export's header, the evidence bundle). test/lint/purity.test.ts
// walks every import path from a pure file and reads this too.
export const PURE_BUILTINS = { 'src/core/sha256.ts': ['crypto'] };

// esquery (no-restricted-syntax) cannot read a `/` inside a regex, even escaped; \x2F is one.
const SLASH = '\\x2F';
const names = (list) => list.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** A relative import of one of `folders` of src/: `../api/client.js`, `../../cli/io.js`, `./core/x.js`. */
const folderImport = (folders) => `^(?:\\.\\.?${SLASH})+(?:${names(folders)})(?:${SLASH}|$)`;
const BUILTINS = [...new Set(builtinModules.map((m) => m.split('/')[0]))];
/** Any Node built-in but `allowed` (`node:fs`, `fs/promises`, ...). */
const nodeBuiltin = (allowed = []) => {
  const except = allowed.length > 0 ? `(?!(?:node:)?(?:${names(allowed)})$)` : '';
  return `^${except}(?:node:|(?:${names(BUILTINS)})(?:${SLASH}|$))`;
};
const UNDICI = `^undici(?:${SLASH}|$)`;

const folderOf = (dir) => (dir === 'errors' ? 'src/errors.ts' : `src/${dir}/`);
const listed = (dirs) => dirs.map((d) => `${d}/`).join(', ');

/** The imports `dir` may not make, each as { regex, message }. `tests`: the rules for its *.test.ts. */
function restrictionsOf(dir, tests, allowedBuiltins = []) {
  const layer = LAYERS.findIndex((l) => l.includes(dir));
  const pure = PURE.includes(dir);
  const above = LAYERS.slice(layer + 1)
    .flat()
    .filter((d) => !(pure && d === 'api'));
  const apart = APART.filter((group) => group.includes(dir))
    .flat()
    .filter((d) => d !== dir);
  const rules = [];
  if (above.length > 0) {
    rules.push({
      regex: folderImport(above),
      message: `${folderOf(dir)} may not import a layer above it (${listed(above)}): imports point down the layers (LAYERS in eslint.config.js).`,
    });
  }
  if (apart.length > 0) {
    rules.push({
      regex: folderImport(apart),
      message: `${folderOf(dir)} shares no code with ${listed(apart)}: one is the client, the other the emulator of the service.`,
    });
  }
  if (pure) {
    const why = `${folderOf(dir)} is pure (PURE in eslint.config.js): I/O, HTTP and Node built-ins belong in load/, api/ or a use case, which pass data in.`;
    rules.push({ regex: folderImport(['api']), message: `no API layer here; ${why}` });
    rules.push({ regex: UNDICI, message: `no undici here; ${why}` });
    // Tests next to pure code read their fixtures and golden files from disk; they do not ship.
    if (!tests) rules.push({ regex: nodeBuiltin(allowedBuiltins), message: `no Node built-in here; ${why}` });
  }
  return rules;
}

// One rule for barrels: none. A module is imported from the file that defines it, so an import
// names where the code is; re-exports (`export { x } from`, `export * from`) are refused.
const NO_BARRELS = [
  { selector: 'ExportNamedDeclaration[source]', message: 'no re-exports in src/: import a name from the file that defines it (no barrels).' },
  { selector: 'ExportAllDeclaration', message: 'no re-exports in src/: import a name from the file that defines it (no barrels).' },
];

/** Static imports and re-exports through no-restricted-imports, `import()` and `typeof import()` through no-restricted-syntax. */
function boundaryRules(dir, tests, allowedBuiltins = []) {
  const restrictions = restrictionsOf(dir, tests, allowedBuiltins);
  if (restrictions.length === 0) return { 'no-restricted-syntax': ['error', ...NO_BARRELS] };
  const syntax = restrictions.flatMap(({ regex, message }) => [
    { selector: `ImportExpression[source.value=/${regex}/]`, message },
    { selector: `TSImportType[argument.literal.value=/${regex}/]`, message },
  ]);
  return {
    'no-restricted-imports': ['error', { patterns: restrictions.map((r) => ({ ...r, caseSensitive: true })) }],
    'no-restricted-syntax': ['error', ...syntax, ...NO_BARRELS],
  };
}

const boundaries = LAYERS.flat().flatMap((dir) => {
  const files = dir === 'errors' ? ['src/errors.ts'] : [`src/${dir}/**/*.ts`];
  const blocks = [{ files, rules: boundaryRules(dir, false) }];
  if (PURE.includes(dir)) blocks.push({ files: [`src/${dir}/**/*.test.ts`], rules: boundaryRules(dir, true) });
  return blocks;
});
for (const [file, allowed] of Object.entries(PURE_BUILTINS)) {
  boundaries.push({ files: [file], rules: boundaryRules(file.split('/')[1], false, allowed) });
}

export default tseslint.config(
  { ignores: ['dist/**', '.build/**', 'node_modules/**', 'coverage/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...boundaries,
);
