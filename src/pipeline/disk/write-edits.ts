// The edited files written (docs/drift.md, "Adopt"): all or none. Each file is checked first to be
// as it was read, byte for byte, its byte-order mark included (someone may have edited it
// meanwhile: one line, nothing written); then each is
// written to a temporary file beside it, with its mode, and renamed over it, so a stop or an error
// leaves every file whole, as before or as edited.
import { chmodSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileEdit } from '../../core/adoption.js';
import { CLIError } from '../../errors.js';

function unchanged(cwd: string, edit: FileEdit): boolean {
  try {
    return readFileSync(resolve(cwd, edit.path)).equals(Buffer.from(edit.before, 'utf8'));
  } catch {
    return false;
  }
}

function writeOne(cwd: string, edit: FileEdit): void {
  // A symlink to a file: the file it names is written, the link stays a link.
  const path = realpathSync(resolve(cwd, edit.path));
  const { mode } = statSync(path);
  const temp = join(dirname(path), `.${basename(path)}.adopt-${process.pid}.tmp`);
  try {
    writeFileSync(temp, edit.after, { mode });
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error: unknown) {
    rmSync(temp, { force: true });
    throw new CLIError(`could not write ${edit.path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Writes every edit, or none when a file changed on disk since it was read. */
export function writeEdits(cwd: string, edits: readonly FileEdit[], signal?: AbortSignal, by = { reader: 'drift', again: 'drift --adopt' }): void {
  const changed = edits.find((e) => !unchanged(cwd, e));
  if (changed) throw new CLIError(`${changed.path} changed since ${by.reader} read it; nothing was written: run ${by.again} again`);
  for (const edit of edits) {
    if (signal?.aborted) throw new CLIError('stopped before every file was written; the files written are whole');
    writeOne(cwd, edit);
  }
}
