// Writing exported files: each one atomically (a temporary file in the same directory, then a
// rename), so an interrupted export never leaves half a file where a good one was. The only module
// of src/export/ that touches the file system.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CLIError, messageOf } from '../errors.js';
import type { ExportedFile } from './files.js';

/**
 * Where a project that installs tfe-access has its schema (README, "What export writes"): the same
 * path on every machine that runs `npm ci` there, unlike the path of the running tfe-access.
 */
export const INSTALLED_SCHEMA = 'node_modules/tfe-access/schemas/tfe-access.schema.json';

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/** The project a file written into `directory` belongs to: the nearest directory at or above it with a package.json or a .git; else `directory`. */
async function projectRoot(directory: string): Promise<string> {
  for (let dir = directory; ; dir = dirname(dir)) {
    if ((await exists(join(dir, 'package.json'))) || (await exists(join(dir, '.git')))) return dir;
    if (dirname(dir) === dir) return directory;
  }
}

/** The `$schema=` reference for a file written into `directory`: the installed schema of its project, relative, with forward slashes. */
export async function schemaRefFrom(directory: string): Promise<string> {
  const up = relative(directory, await projectRoot(directory)).split(sep).filter((part) => part !== '');
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

/** Writes one file to `out`, or (split) every file into the directory `out`; returns the paths written. */
export async function writeExport(files: readonly ExportedFile[], out: string, cwd: string, split: boolean): Promise<string[]> {
  const target = resolve(cwd, out);
  if (!split) {
    const only = files[0];
    if (!only) return [];
    if (await isDirectory(target)) throw new CLIError(`--out ${out} is a directory; name a file (or use --split-by project).`);
    await mkdir(dirname(target), { recursive: true });
    await writeAtomic(target, only.text);
    return [out];
  }
  if ((await isDirectory(target)) === false) throw new CLIError(`--out ${out} is a file; --split-by project writes into a directory.`);
  await mkdir(target, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    await writeAtomic(join(target, file.file ?? 'export.yaml'), file.text);
    written.push(join(out, file.file ?? 'export.yaml'));
  }
  return written;
}
