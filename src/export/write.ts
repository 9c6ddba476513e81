// Writing exported files: each one atomically (a temporary file in the same directory, then a
// rename), so an interrupted export never leaves half a file where a good one was, and never over
// a file export did not write or that was edited since, unless --force (header.ts). The only
// module of src/export/ that touches the file system.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CLIError, messageOf } from '../errors.js';
import type { ExportedFile } from './files.js';
import { authorshipOf } from './header.js';

/**
 * Where a project that installs tfe-access has its schema (docs/adopting.md, "What export writes"): the same
 * path on every machine that runs `npm ci` there, unlike the path of the running tfe-access.
 */
export const INSTALLED_SCHEMA = 'node_modules/tfe-access/schemas/tfe-access.schema.json';

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The project a file written into `directory` belongs to: the nearest directory at or above it with a package.json or a .git; else `directory`. */
async function projectRoot(directory: string): Promise<string> {
  for (let dir = directory; ; dir = dirname(dir)) {
    if ((await exists(join(dir, 'package.json'))) || (await exists(join(dir, '.git')))) return dir;
    if (dirname(dir) === dir) return directory;
  }
}

/** The `$schema=` reference for a file written into `directory`: the installed schema of its project, relative, with forward slashes. */
export async function schemaRefFrom(directory: string): Promise<string> {
  const up = relative(directory, await projectRoot(directory))
    .split(sep)
    .filter((part) => part !== '');
  return [...up, INSTALLED_SCHEMA].join('/');
}

export async function writeAtomic(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tfe-access-export.tmp`);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error: unknown) {
    await rm(temporary, { force: true });
    throw new CLIError(`can't write ${path}: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}`);
  }
}

async function isDirectory(path: string): Promise<boolean | undefined> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return undefined;
  }
}

type Obstacle = 'other' | 'edited' | 'not-a-file';

/** What stands in the way of writing `path`: undefined for no file, or a file export wrote and nobody edited since. */
async function obstacleAt(path: string): Promise<Obstacle | undefined> {
  const found = await stat(path).catch(() => undefined);
  if (found === undefined) return undefined;
  // A directory, a FIFO, a device: reading it could block, and replacing it is never meant.
  if (!found.isFile()) return 'not-a-file';
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error: unknown) {
    throw new CLIError(`can't read ${path} to check who wrote it: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}`);
  }
  const authorship = authorshipOf(text);
  return authorship === 'exported' ? undefined : authorship;
}

const LOST = 'settings, roles, sets and policies would be lost';
const HOW = 'Pass --force to replace';

/** One line refusing the single file `out`. */
function refuseFile(out: string, obstacle: Obstacle): never {
  if (obstacle === 'not-a-file') throw new CLIError(`refusing to write ${out}: it exists and is not a regular file. Choose another --out.`);
  const why = obstacle === 'edited' ? 'tfe-access export wrote it, but it was edited since' : 'the file exists and tfe-access export did not write it';
  throw new CLIError(`refusing to replace ${out}: ${why} (its ${LOST}). ${HOW} it, or choose another --out.`);
}

/** One line refusing the files of a directory, every one named, before any of them is written. */
function refuseFiles(out: string, names: readonly string[], notFiles: readonly string[]): never {
  if (notFiles.length > 0)
    throw new CLIError(
      `refusing to write into ${out}: ${notFiles.join(', ')} ${notFiles.length === 1 ? 'is' : 'are'} not a regular file. Choose another --out.`,
    );
  const count = names.length === 1 ? '1 file' : `${names.length} files`;
  throw new CLIError(
    `refusing to replace ${count} in ${out} that tfe-access export did not write or that ${names.length === 1 ? 'was' : 'were'} edited since: ${names.join(', ')} (${names.length === 1 ? 'its' : 'their'} ${LOST}). ${HOW} ${names.length === 1 ? 'it' : 'them'}, or choose another --out.`,
  );
}

async function checkDirectory(target: string, out: string, files: readonly string[], force: boolean): Promise<void> {
  const obstacles = await Promise.all(files.map(async (file) => [file, await obstacleAt(join(target, file))] as const));
  const notFiles = obstacles.filter(([, o]) => o === 'not-a-file').map(([file]) => file);
  const others = obstacles.filter(([, o]) => o === 'other' || o === 'edited').map(([file]) => file);
  if (notFiles.length > 0 || (others.length > 0 && !force)) refuseFiles(out, others, notFiles);
}

/**
 * Throws a one-line CLIError when `export --out` may not write `out` (a single file): it exists and
 * export did not write it, or it was edited since, and no --force; or it is no regular file. Run
 * before any request (a refusal costs nothing) and again right before writing.
 */
export async function assertExportOutput(out: string, cwd: string, force: boolean): Promise<void> {
  const target = resolve(cwd, out);
  if (await isDirectory(target)) throw new CLIError(`--out ${out} is a directory; name a file (or use --split-by project).`);
  const obstacle = await obstacleAt(target);
  if (obstacle === 'not-a-file' || (obstacle !== undefined && !force)) refuseFile(out, obstacle);
}

/**
 * `text` with the line endings of the file it replaces (docs/adopting.md, "What export writes"): a
 * checkout that turned an exported file's lines into CRLF gets CRLF again, never a file of mixed or
 * flipped endings; a new file, or an LF one, gets LF. Its header still holds (header.ts).
 */
async function withEndingsOf(path: string, text: string): Promise<string> {
  const old = await readFile(path, 'utf8').catch(() => undefined);
  const firstLine = old?.indexOf('\n') ?? -1;
  return old !== undefined && firstLine > 0 && old[firstLine - 1] === '\r' ? text.replace(/\r?\n/g, '\r\n') : text;
}

export interface WriteOptions {
  readonly split: boolean;
  /** --force: replace files export did not write, or that were edited since. */
  readonly force: boolean;
}

/** Writes one file to `out`, or (split) every file into the directory `out`; returns the paths written. */
export async function writeExport(files: readonly ExportedFile[], out: string, cwd: string, options: WriteOptions): Promise<string[]> {
  const target = resolve(cwd, out);
  if (!options.split) {
    const only = files[0];
    if (!only) return [];
    await assertExportOutput(out, cwd, options.force);
    await mkdir(dirname(target), { recursive: true });
    await writeAtomic(target, await withEndingsOf(target, only.text));
    return [out];
  }
  if ((await isDirectory(target)) === false) throw new CLIError(`--out ${out} is a file; --split-by project writes into a directory.`);
  const nameOf = (file: ExportedFile): string => file.file ?? 'export.yaml';
  // Every file checked before the first is written: a refusal leaves the directory as it was.
  await checkDirectory(target, out, files.map(nameOf), options.force);
  await mkdir(target, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    await writeAtomic(join(target, nameOf(file)), await withEndingsOf(join(target, nameOf(file)), file.text));
    written.push(join(out, nameOf(file)));
  }
  return written;
}
