// PATHS -> the files to read: files as given, directories as every `*.yaml`/`*.yml` directly
// inside, sorted by name. I/O failures become one-line problems, never stack traces.
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { emptyFile, parseYamlText, type LoadedFile } from './document.js';
import { MAX_FILE_BYTES } from './limits.js';
import type { Problem } from './problem.js';
import { decodeText } from './text.js';

/** The part of the file system loading needs; injected so tests can count what is read. */
export interface FileSystem {
  stat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; size: number }>;
  readdir(path: string): Promise<string[]>;
  /** The file's bytes: loading decides whether they are text (load/text.ts). */
  readFile(path: string): Promise<Uint8Array>;
}

export const nodeFileSystem: FileSystem = {
  stat: (path) => stat(path),
  readdir: (path) => readdir(path),
  readFile: (path) => readFile(path),
};

export const DEFAULT_PATH = 'tfe-access.yaml';
/** The files a directory given as PATHS contributes. */
export const YAML_FILE = /\.ya?ml$/i;

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

async function expand(fs: FileSystem, absolute: string, shown: string): Promise<{ files: string[]; problem?: Problem }> {
  // A problem of the path: no line or column (load/problem.ts).
  const at = { file: shown };
  try {
    const info = await fs.stat(absolute);
    if (info.isFile()) return { files: [absolute] };
    if (!info.isDirectory()) return { files: [], problem: { ...at, message: 'not a file or a directory' } };
    const names = (await fs.readdir(absolute)).filter((n) => YAML_FILE.test(n)).sort();
    const files: string[] = [];
    for (const name of names) {
      if ((await fs.stat(join(absolute, name))).isFile()) files.push(join(absolute, name));
    }
    if (files.length === 0) return { files, problem: { ...at, message: 'directory has no *.yaml or *.yml files' } };
    return { files };
  } catch (error: unknown) {
    return { files: [], problem: { ...at, message: ioMessage(error) } };
  }
}

async function readOne(fs: FileSystem, absolute: string, shown: string): Promise<{ loaded?: LoadedFile; problems: Problem[] }> {
  try {
    // The size is checked before reading: a 50 MB file is never read, let alone parsed.
    const { size } = await fs.stat(absolute);
    if (size > MAX_FILE_BYTES) {
      const message = `the file is ${size} bytes, over the limit of ${MAX_FILE_BYTES} (MAX_FILE_BYTES); split it into several files`;
      return { problems: [{ file: shown, message }] };
    }
    const decoded = decodeText(shown, await fs.readFile(absolute));
    if ('problem' in decoded) return { loaded: emptyFile(shown), problems: [decoded.problem] };
    const parsed = parseYamlText(shown, decoded.text);
    return { loaded: parsed.loaded, problems: parsed.problems };
  } catch (error: unknown) {
    return { problems: [{ file: shown, message: ioMessage(error) }] };
  }
}

/** Reads and parses every file PATHS name (default `./tfe-access.yaml`). Never throws on content or I/O. */
export async function loadFiles(paths: readonly string[], cwd: string, fs: FileSystem = nodeFileSystem): Promise<LoadResult> {
  const problems: Problem[] = [];
  const absolutes: string[] = [];
  for (const path of paths.length > 0 ? paths : [DEFAULT_PATH]) {
    const absolute = resolve(cwd, path);
    const found = await expand(fs, absolute, display(cwd, absolute));
    if (found.problem) problems.push(found.problem);
    for (const file of found.files) if (!absolutes.includes(file)) absolutes.push(file);
  }
  const files: LoadedFile[] = [];
  for (const absolute of absolutes) {
    const { loaded, problems: more } = await readOne(fs, absolute, display(cwd, absolute));
    if (loaded) files.push(loaded);
    problems.push(...more);
  }
  return { files, problems };
}
