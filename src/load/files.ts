// PATHS -> the files to read: files as given, directories as every `*.yaml`/`*.yml` below them,
// recursively, sorted by path (docs/files.md, "Files and paths"). I/O failures become one-line problems,
// never stack traces.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_PATH } from '../core/defaults.js';
import { byName } from '../core/order.js';
import { emptyFile, type LoadedFile, type ParsedText, parseYamlText } from './document.js';
import { MAX_FILE_BYTES } from './limits.js';
import type { Problem } from './problem.js';
import { decodeText } from './text.js';

/** A directory's entry as readdir gives it: a symlink is a symlink, never what it points to. */
export interface DirEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The part of the file system loading needs; injected so tests can count what is read. */
export interface FileSystem {
  stat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; size: number }>;
  readdir(path: string): Promise<DirEntry[]>;
  /** The file's bytes: loading decides whether they are text (load/text.ts). */
  readFile(path: string): Promise<Uint8Array>;
}

/**
 * Node's, through its synchronous calls, behind the same promises: a run reads a few small files
 * one after the other, and the promise API would load node:fs/promises (and readline under it) and
 * wait on the thread pool for each call, which weighed on every start of `validate`
 * (docs/performance.md, "Start-up"). A failed call rejects with the same error.
 */
export const nodeFileSystem: FileSystem = {
  stat: async (path) => statSync(path),
  readdir: async (path) => readdirSync(path, { withFileTypes: true }),
  readFile: async (path) => readFileSync(path),
};

/** The files a directory given as PATHS contributes. */
export const YAML_FILE = /\.ya?ml$/i;

/**
 * Entries a directory walk passes over: hidden ones (`.git`, `.github`, `.#x.yaml`) and
 * `node_modules` (an installed tfe-access brings its own `examples/*.yaml`). Symlinked
 * directories are passed over too (walk below): a link can loop, or lead out of the tree.
 */
export const isPassedOver = (name: string): boolean => name.startsWith('.') || name === 'node_modules';

/**
 * Files already parsed in this run, by absolute path, with the text they were parsed from: a second
 * load of the same bytes under the same name takes them as parsed (the base of `--changed-from` at a
 * revision, whose unchanged files are the work tree's: docs/performance.md, "Scoped plans").
 */
export type ParsedFiles = Map<string, { readonly shown: string; readonly text: string; readonly parsed: ParsedText }>;

export interface LoadResult {
  readonly files: LoadedFile[];
  readonly problems: Problem[];
}

/** Relative to the working directory inside it; absolute outside it (never `../../tmp/x.yaml`). */
function display(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  const outside = isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`);
  return rel === '' ? '.' : outside ? absolute : rel;
}

function ioMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return `cannot read (${code || (error instanceof Error ? error.message : String(error))})`;
  }
}

/**
 * Every `*.yaml`/`*.yml` below a directory, depth first in name order, so the files come sorted by
 * path. A symlink to a file is read like a file, a dangling one is named when it is read; a
 * subdirectory that cannot be listed is a problem that names it, never a silent gap. Devices and
 * FIFOs (or links to them) are never read: they can be endless.
 */
async function walk(fs: FileSystem, dir: string, shown: string, out: { files: string[]; problems: Problem[] }): Promise<void> {
  let entries: DirEntry[];
  try {
    entries = await fs.readdir(dir);
  } catch (error: unknown) {
    out.problems.push({ file: shown, message: ioMessage(error) });
    return;
  }
  for (const entry of [...entries].sort(byName)) {
    if (isPassedOver(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(fs, path, join(shown, entry.name), out);
    else if (YAML_FILE.test(entry.name) && (entry.isSymbolicLink() ? await linksToFile(fs, path) : entry.isFile())) out.files.push(path);
  }
}

/** A symlink is read when it leads to a file, or to nothing (reading it says so); never to a directory or a device. */
async function linksToFile(fs: FileSystem, path: string): Promise<boolean> {
  return fs.stat(path).then(
    (info) => info.isFile(),
    () => true,
  );
}

async function expand(fs: FileSystem, absolute: string, shown: string): Promise<{ files: string[]; problems: Problem[] }> {
  // A problem of the path: no line or column (load/problem.ts).
  const at = { file: shown };
  try {
    const info = await fs.stat(absolute);
    if (info.isFile()) return { files: [absolute], problems: [] };
    if (!info.isDirectory()) return { files: [], problems: [{ ...at, message: 'not a file or a directory' }] };
  } catch (error: unknown) {
    return { files: [], problems: [{ ...at, message: ioMessage(error) }] };
  }
  const found = { files: [] as string[], problems: [] as Problem[] };
  await walk(fs, absolute, shown, found);
  if (found.files.length === 0 && found.problems.length === 0) found.problems.push({ ...at, message: 'directory has no *.yaml or *.yml files' });
  return found;
}

/** `text` parsed, or as parsed before in this run when `parsed` holds the same text under the same name. */
function parsedOnce(absolute: string, shown: string, text: string, parsed: ParsedFiles | undefined): ParsedText {
  const before = parsed?.get(absolute);
  if (before && before.shown === shown && before.text === text) return before.parsed;
  const now = parseYamlText(shown, text);
  parsed?.set(absolute, { shown, text, parsed: now });
  return now;
}

async function readOne(fs: FileSystem, absolute: string, shown: string, memo?: ParsedFiles): Promise<{ loaded?: LoadedFile; problems: Problem[] }> {
  try {
    // The size is checked before reading: a 50 MB file is never read, let alone parsed.
    const { size } = await fs.stat(absolute);
    if (size > MAX_FILE_BYTES) {
      const message = `the file is ${size} bytes, over the limit of ${MAX_FILE_BYTES} (MAX_FILE_BYTES); split it into several files`;
      return { problems: [{ file: shown, message }] };
    }
    const decoded = decodeText(shown, await fs.readFile(absolute));
    if ('problem' in decoded) return { loaded: emptyFile(shown), problems: [decoded.problem] };
    const parsed = parsedOnce(absolute, shown, decoded.text, memo);
    return { loaded: parsed.loaded, problems: [...parsed.problems] };
  } catch (error: unknown) {
    return { problems: [{ file: shown, message: ioMessage(error) }] };
  }
}

/** Reads and parses every file PATHS name (default `./tfe-access.yaml`), each text once a run given `parsed`. Never throws on content or I/O. */
export async function loadFiles(paths: readonly string[], cwd: string, fs: FileSystem = nodeFileSystem, parsed?: ParsedFiles): Promise<LoadResult> {
  const problems: Problem[] = [];
  const absolutes: string[] = [];
  for (const path of paths.length > 0 ? paths : [DEFAULT_PATH]) {
    const absolute = resolve(cwd, path);
    const found = await expand(fs, absolute, display(cwd, absolute));
    problems.push(...found.problems);
    for (const file of found.files) if (!absolutes.includes(file)) absolutes.push(file);
  }
  const files: LoadedFile[] = [];
  for (const absolute of absolutes) {
    const { loaded, problems: more } = await readOne(fs, absolute, display(cwd, absolute), parsed);
    if (loaded) files.push(loaded);
    problems.push(...more);
  }
  return { files, problems };
}
