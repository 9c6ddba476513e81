// Writing exported files: each one atomically (a temporary file in the same directory, then a
// rename), so an interrupted export never leaves half a file where a good one was. The only module
// of src/export/ that touches the file system.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIError, messageOf } from '../errors.js';
import type { ExportedFile } from './files.js';

/** The schema shipped with the package: src/export/ and dist/export/ are both two levels down. */
export const PACKAGED_SCHEMA = fileURLToPath(new URL('../../schemas/tfe-access.schema.json', import.meta.url));

/** The `$schema=` reference for a file written into `directory`: relative, with forward slashes. */
export function schemaRefFrom(directory: string): string {
  return relative(directory, PACKAGED_SCHEMA).split(sep).join('/');
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
