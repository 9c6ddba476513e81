// Writing and reading saved-plan files. Written atomically (a temporary file in the same
// directory, then rename) so a reader never sees half a plan, with mode 0600: the file names the
// organization's teams and access, though never a token.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CLIError, messageOf } from '../errors.js';
import { parseSavedPlan } from './parse.js';
import { NotASavedPlanError, SavedPlanError } from './reader.js';
import { savedPlanDocument, type SavedPlan } from './saved-plan.js';
import type { PlanKey } from './seal.js';

export const SAVED_PLAN_MODE = 0o600;
/** Far beyond any plan (a change is well under 2 KiB); a bigger file is not ours. */
export const MAX_SAVED_PLAN_BYTES = 64 * 1024 * 1024;

/** With `key` (TFE_ACCESS_PLAN_KEY), the file carries its HMAC too (seal.ts). */
export async function writeSavedPlan(path: string, saved: SavedPlan, key?: PlanKey): Promise<void> {
  const target = resolve(path);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const text = `${JSON.stringify(savedPlanDocument(saved, key), null, 2)}\n`;
  try {
    const handle = await open(temporary, 'wx', SAVED_PLAN_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error: unknown) {
    await unlink(temporary).catch(() => undefined);
    // The system names the temporary file it failed on; the user knows only the file they asked for.
    throw new CLIError(`could not write the saved plan ${path}: ${messageOf(error).replaceAll(temporary, target)}`);
  }
}

/** With `key` (TFE_ACCESS_PLAN_KEY), a file without its HMAC, or with another, is refused. */
export async function readSavedPlan(path: string, key?: PlanKey): Promise<SavedPlan> {
  let text: string;
  try {
    const info = await stat(path);
    if (info.size > MAX_SAVED_PLAN_BYTES) throw new SavedPlanError(path, `it is larger than ${MAX_SAVED_PLAN_BYTES} bytes`);
    text = await readFile(path, 'utf8');
  } catch (error: unknown) {
    if (error instanceof SavedPlanError) throw error;
    throw new CLIError(`could not read the saved plan ${path}: ${messageOf(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error: unknown) {
    throw new NotASavedPlanError(path, `it is not JSON: ${messageOf(error)}`);
  }
  return parseSavedPlan(path, json, key);
}
