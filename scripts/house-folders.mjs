// `node scripts/house-folders.mjs` (issue 38, Build 3): src/render/ and src/pipeline/ in sub-folders,
// one per output family and the use cases apart from their helpers (docs/architecture.md, "Inside
// render/ and pipeline/"). A codemod, not a one-off move, because others add files to the two folders meanwhile:
// run it again after a merge and it moves what is new by its name, rewrites every import that still
// names an old place, and changes nothing when all is in place already (`--check` says so by its
// exit status).
//
//   node scripts/house-folders.mjs            move the files (git mv) and rewrite the paths
//   node scripts/house-folders.mjs --dry-run  say what it would do, change nothing
//   node scripts/house-folders.mjs --check    the same, and exit 1 if anything would change
//
// What it rewrites: each relative specifier (`import`, `export … from`, `import()`, `vi.mock()`,
// any quoted `./` or `../` path) in src/, test/, bench/ and scripts/ that names a moved file, and the
// moved files' own relative specifiers, keeping the suffix each was written with (`.js`); and each
// mention of a moved file by its path from src/ (`render/json.ts`, `src/pipeline/plan.ts`) in those
// folders, docs/*.md, README.md and eslint.config.js. Then Biome formats the files it changed.
// A file of src/render/ or src/pipeline/ that the table does not name is placed by the first
// pattern of PATTERNS that matches its name, or left where it is and named on stderr.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

// ---- The table: for each folder, its sub-folders and the files (names without `.ts`) each holds.
// `.` is the folder itself: files that stay at its top, named so that they are not reported.
export const TABLE = {
  'src/render': {
    // Each output's table of renderers by format: what a use case or a command calls.
    '.': ['format', 'render', 'report', 'apply', 'report-diff', 'validation', 'validation.test', 'recommend'],
    // What every output uses: plurals, Markdown and HTML escaping, the page, short access, a source's words, coverage.
    shared: ['plural', 'markdown-text', 'html-page', 'access-short', 'access-short.test', 'source-text', 'coverage'],
    // A plan's changes as lines, each kind's (grants, teams, members), and the effective changes.
    changes: ['lines', 'team-lines', 'member-lines', 'token-policy-lines', 'effective-lines'],
    // Drift's columns, who made each item (attribution) and what adopt did (adoption).
    drift: [
      'drift-words',
      'attribution-document',
      'attribution-lines',
      'attribution-markdown',
      'adoption-json',
      'adoption-markdown',
      'adoption-text',
      'adoption-words',
    ],
    // A policy violation's words: the message, its lines, the refusal of a plan that breaks one.
    violations: ['violation-message', 'violation-lines', 'policy-refusal'],
    // The plan as text, Markdown (the PR comment) and JSON, and the saved plan's document.
    plan: ['text', 'markdown', 'json', 'member-markdown', 'token-policy-markdown', 'saved-plan-document'],
    // Apply's outcomes, its refused writes and its distrusted limits.
    apply: ['apply-json', 'apply-markdown', 'apply-text', 'apply-text.test', 'token-refusal', 'token-refusal.test', 'loose-limits'],
    // What every format of the report says alike: an access source, the owners' powers, a person's access.
    'report-words': ['report-source', 'report-powers', 'report-people', 'report-reach'],
    // The report as text, CSV and JSON: by team or by person, `--can`, `--after`.
    report: [
      'report-text',
      'report-document',
      'report-can',
      'report-changed',
      'report-csv',
      'report-source-document',
      'report-table',
      'report-people-document',
      'report-people-text',
      'report-people-csv',
      'report.test',
      'report-evidence.test',
    ],
    // The report's HTML page: the page, its cells, controls, scripts and styles.
    'report-html': [
      'report-html',
      'report-html-assets',
      'report-html-can-script',
      'report-html-cell',
      'report-html-controls',
      'report-html-filter-script',
      'report-html-grid-script',
      'report-html-print-script',
      'report-html-reach',
      'report-people-html',
      'report-people-html-assets',
    ],
    // `report diff`: two snapshots compared, in text, CSV, HTML and JSON.
    'report-diff': ['report-diff-csv', 'report-diff-document', 'report-diff-html', 'report-diff-text', 'report-diff-words'],
    // An access review's sheets, decisions and round file, and a derived row's words (the bundle's derived.csv too).
    review: ['review-csv', 'review-decisions', 'review-power', 'review-round', 'review-derived'],
    // `recommend`'s proposals with their evidence: text, Markdown (a PR body), CSV and JSON.
    recommend: ['recommend-text', 'recommend-markdown', 'recommend-csv', 'recommend-json', 'recommend-words'],
    // The evidence bundle's manifest and what `report verify` says it proved.
    evidence: ['manifest', 'verify'],
    // The JSON Schemas of every machine-read output (published in schemas/).
    schemas: [
      'adoption-schema',
      'apply-schema',
      'attribution-schema',
      'coverage-schema',
      'effective-schema',
      'member-schema',
      'plan-schema',
      'recommend-schema',
      'recommend-schema.test',
      'report-changed-schema',
      'report-diff-schema',
      'report-people-schema',
      'report-schema',
      'review-round-schema',
      'validation-schema',
      'validation-schema.test',
      'violation-schema',
    ],
  },
  'src/pipeline': {
    '.': [],
    // One composition function per command's flow.
    'use-cases': [
      'plan',
      'apply',
      'adopt',
      'export',
      'report',
      'report-diff',
      'evidence',
      'evidence-verify',
      'review-start',
      'review-close',
      'review-bundle',
      'recommend',
    ],
    // How a use case is asked and stopped, and the audit trail's client opened on its connection.
    run: ['request', 'run-control', 'audit-trail'],
    // A plan's reads gathered stage by stage, names looked up and resolved, drift attributed, recommend's reads from the trail.
    reads: ['gather', 'names', 'attribution', 'usage-reads'],
    // The disk: the files loaded and validated, every --out checked and written, bundles and rounds.
    disk: [
      'files',
      'base-files',
      'desired-state',
      'write-edits',
      'output-guard',
      'own-output',
      'saved-plan-file',
      'review-round',
      'evidence-bundle',
      'provenance',
    ],
    // The report's steps: the files' facts, the selection, `--after`, people, the extraction's facts.
    'report-steps': ['report-facts', 'report-selection', 'report-changed', 'report-people', 'report-extraction', 'report-reach'],
    // `apply --plan`'s guards and policies made again over its own read.
    'apply-steps': ['saved-guards', 'saved-policies'],
  },
};

// ---- The rule for a file the table does not name (one added later): the first pattern that matches
// its name (a test by the name of the file it tests) places it; none leaves it and says so.
export const PATTERNS = {
  'src/render': [
    [/-schema$/, 'schemas'],
    [/^report-diff(-|$)/, 'report-diff'],
    [/^report(-people)?-html(-|$)/, 'report-html'],
    [/^report-/, 'report'],
    [/^review-/, 'review'],
    [/^apply-/, 'apply'],
    [/^(adoption|attribution|drift)-/, 'drift'],
    [/^violation-/, 'violations'],
    [/^(team|member|effective)-lines$/, 'changes'],
  ],
  'src/pipeline': [
    // review.json's reader and the validator the build generates for it (scripts/standalone-validator.mjs).
    [/^review-round(-|$)/, 'disk'],
    [/^report-/, 'report-steps'],
    [/^saved-/, 'apply-steps'],
  ],
};

// The codemod and its test write the old places on purpose: never rewritten.
const OWN = ['scripts/house-folders.mjs', 'test/lint/house-folders.test.ts'];
const CODE_DIRS = ['src', 'test', 'bench', 'scripts'];
const CODE = /\.(?:ts|mts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.build', '.bench', 'coverage', '.git']);

const exists = (path) => existsSync(join(ROOT, path));

/** Every file below `dir` (from the root) whose name matches `pattern`, by its posix path from the root. */
function filesBelow(dir, pattern) {
  if (!exists(dir)) return [];
  const out = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...filesBelow(path, pattern));
    } else if (pattern.test(entry.name)) out.push(path);
  }
  return out;
}

/** The table as old path -> new path, every file it names (those that stay too). */
export function tableMoves() {
  const moves = new Map();
  for (const [folder, subs] of Object.entries(TABLE)) {
    for (const [sub, names] of Object.entries(subs)) {
      for (const name of names) moves.set(`${folder}/${name}.ts`, sub === '.' ? `${folder}/${name}.ts` : `${folder}/${sub}/${name}.ts`);
    }
  }
  return moves;
}

/** Where a file of `folder`'s top that the table does not name goes: a sub-folder, or undefined. */
function placeByPattern(folder, name, table) {
  const subject = name.replace(/\.test$/, '');
  if (subject !== name) {
    const placed = table.get(`${folder}/${subject}.ts`);
    if (placed !== undefined) return posix.dirname(placed) === folder ? undefined : posix.basename(posix.dirname(placed));
  }
  return PATTERNS[folder]?.find(([pattern]) => pattern.test(subject))?.[1];
}

/** Where a file at the top of a folder of TABLE belongs: its row, else the sub-folder its name places it in, else undefined. */
function placeOf(file, table) {
  const named = table.get(file);
  if (named !== undefined) return named;
  const folder = posix.dirname(file);
  if (!(folder in TABLE) || !file.endsWith('.ts')) return undefined;
  const name = posix.basename(file, '.ts');
  const sub = placeByPattern(folder, name, table);
  return sub === undefined ? undefined : `${folder}/${sub}/${name}.ts`;
}

/** This run's moves (old -> new, files that exist at the old place) and what is left at the top unnamed. */
function planMoves(table) {
  const moves = new Map();
  const left = [];
  const clashes = [];
  for (const folder of Object.keys(TABLE)) {
    for (const file of filesBelow(folder, /\.ts$/).filter((f) => posix.dirname(f) === folder)) {
      const name = posix.basename(file, '.ts');
      let target = table.get(file);
      if (target === undefined) {
        const sub = placeByPattern(folder, name, table);
        if (sub === undefined) {
          left.push(file);
          continue;
        }
        target = `${folder}/${sub}/${name}.ts`;
        table.set(file, target);
      }
      if (target === file) continue;
      if (exists(target)) clashes.push(`${file} and ${target} both exist: left as they are`);
      else moves.set(file, target);
    }
  }
  return { moves, left, clashes };
}

/**
 * What a relative path written in the file at `from` names: a module (`x.js`, `x.ts` or `x` is the
 * file `x.ts`, `suffix` how it was written) or any other file or folder (`suffix` undefined).
 */
function targetOf(from, spec, after) {
  const joined = posix.normalize(posix.join(posix.dirname(from), spec));
  if (/\.js$/.test(spec)) return { file: joined.replace(/\.js$/, '.ts'), suffix: '.js' };
  if (/\.ts$/.test(spec)) return { file: joined, suffix: '.ts' };
  if (!/\.[a-z]+$/i.test(spec) && !spec.endsWith('/') && !after(joined)) return { file: `${joined}.ts`, suffix: '' };
  return { file: joined.replace(/\/$/, ''), suffix: undefined, slash: spec.endsWith('/') ? '/' : '' };
}

function specifierFrom(from, target, file) {
  const path = posix.relative(posix.dirname(from), file);
  const spec = target.suffix === undefined ? `${path}${target.slash}` : path.replace(/\.ts$/, target.suffix);
  return spec.startsWith('.') ? spec : `./${spec}`;
}

// A quoted relative path: import and export specifiers, import(), vi.mock(), new URL() and the like.
const QUOTED = /(['"`])(\.\.?\/[^'"`\n$]*)\1/g;

/** The place a file in a sub-folder had at the top of its folder before it moved, if a row or a pattern moves it. */
function originOf(file, table) {
  const top = posix.join(posix.dirname(posix.dirname(file)), posix.basename(file));
  return posix.dirname(top) in TABLE && placeOf(top, table) === file ? top : undefined;
}

/**
 * `text` of the file now at `now` (at `before` until this run moves it) with each relative path
 * rewritten that names a file at its old place (a module moved by the table or by a pattern), and,
 * in a moved file, every relative path that names a file or folder made relative to its new place.
 * A path that names nothing from where the file stands is read from where the file stood before it
 * moved (`origin`): an import written there on a branch merged after the move. `after` says whether
 * a path exists once the moves are made.
 */
function rewriteSpecifiers(text, before, now, origin, table, after) {
  /** The file `spec`, written in the file at `from`, names once the moves are made, if it exists. */
  const found = (from, spec) => {
    const target = targetOf(from, spec, after);
    if (after(target.file)) return { target, file: target.file };
    const placed = target.suffix === undefined ? undefined : placeOf(target.file, table);
    return placed !== undefined && after(placed) ? { target, file: placed } : undefined;
  };
  return text.replace(QUOTED, (whole, quote, spec) => {
    if (before === now && after(targetOf(before, spec, after).file)) return whole;
    const named = found(before, spec) ?? (origin === undefined ? undefined : found(origin, spec));
    if (named === undefined) return whole;
    const next = specifierFrom(now, named.target, named.file);
    return next === spec ? whole : `${quote}${next}${quote}`;
  });
}

// A file of src/ named by its path from src/ (`render/json.ts`; `render/json.js` compiled, as the
// build's scripts name it) or from the root (`src/render/json.ts`), not as part of a longer path
// (`test/render/x.ts` is another file).
const MENTION = /(?<![\w.\-/])((?:src\/)?)((?:render|pipeline)\/[\w-]+(?:\.test)?)\.(ts|js)\b/g;

function rewriteMentions(text, table, after) {
  return text.replace(MENTION, (whole, prefix, path, suffix) => {
    const file = `src/${path}.ts`;
    const renamed = placeOf(file, table);
    if (renamed === undefined || renamed === file || after(file) || !after(renamed)) return whole;
    return `${prefix}${renamed.slice('src/'.length, -'.ts'.length)}.${suffix}`;
  });
}

function gitMove(from, to) {
  mkdirSync(dirname(join(ROOT, to)), { recursive: true });
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', from], { cwd: ROOT, stdio: 'ignore' });
    execFileSync('git', ['mv', from, to], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    // A file git does not track yet (added by hand since the last commit) moves as a plain rename.
    renameSync(join(ROOT, from), join(ROOT, to));
  }
}

function main(argv) {
  const dry = argv.includes('--dry-run') || argv.includes('--check');
  const unknown = argv.filter((a) => a !== '--dry-run' && a !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`house-folders: unknown argument ${unknown[0]}; use --dry-run or --check\n`);
    return 2;
  }
  const table = tableMoves();
  const { moves, left, clashes } = planMoves(table);
  const destinations = new Set(moves.values());
  /** Whether `path` exists once the moves are made. */
  const after = (path) => !moves.has(path) && (destinations.has(path) || exists(path));
  for (const line of clashes) process.stderr.write(`house-folders: ${line}\n`);
  for (const file of left) process.stderr.write(`house-folders: ${file} is named by no row of TABLE and no pattern: left where it is\n`);

  // The files' texts are read before the moves (at their old place) and written after, at the new.
  const code = CODE_DIRS.flatMap((dir) => filesBelow(dir, CODE));
  const texts = [...code, ...filesBelow('docs', /\.md$/), 'README.md', 'eslint.config.js'].filter((f) => exists(f) && !OWN.includes(f));
  const changed = new Map();
  for (const before of [...new Set(texts)]) {
    const now = moves.get(before) ?? before;
    const text = readFileSync(join(ROOT, before), 'utf8');
    const origin = before === now ? originOf(now, table) : undefined;
    let next = CODE.test(before) ? rewriteSpecifiers(text, before, now, origin, table, after) : text;
    next = rewriteMentions(next, table, after);
    if (next !== text) changed.set(now, next);
  }

  for (const [from, to] of moves) process.stdout.write(`move ${from} -> ${to}\n`);
  for (const file of changed.keys()) process.stdout.write(`rewrite ${file}\n`);
  if (dry) {
    process.stderr.write(`house-folders: ${moves.size} to move, ${changed.size} to rewrite${moves.size + changed.size === 0 ? ': all in place' : ''}\n`);
    return argv.includes('--check') && moves.size + changed.size > 0 ? 1 : 0;
  }
  for (const [from, to] of moves) gitMove(from, to);
  for (const [file, text] of changed) writeFileSync(join(ROOT, file), text);
  const formatted = [...changed.keys()].filter((f) => /\.(?:ts|mjs)$/.test(f) || f === 'eslint.config.js');
  const biome = join(ROOT, 'node_modules/.bin/biome');
  if (formatted.length > 0 && existsSync(biome)) {
    execFileSync(biome, ['format', '--write', ...formatted], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  process.stderr.write(`house-folders: ${moves.size} moved, ${changed.size} rewritten\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
