// Writing a saved plan (`plan --out FILE`, docs/apply.md, "Saved plans"): its document
// (render/plan/saved-plan-document.ts) sealed (saved-plan/seal.ts), written atomically (a temporary file
// in the same directory, then rename) so a reader (saved-plan/file.ts) never sees half a plan, with
// mode 0600: the file names the organization's teams and access, though never a token.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { JsonValue } from '../../core/json-value.js';
import { CLIError, messageOf } from '../../errors.js';
import { savedPlanContent } from '../../render/plan/saved-plan-document.js';
import type { SavedPlan } from '../../saved-plan/saved-plan.js';
import { type PlanKey, sealDocument } from '../../saved-plan/seal.js';

export const SAVED_PLAN_MODE = 0o600;

/** The document `plan --out` writes, sealed; with `key` (TFE_ACCESS_PLAN_KEY), with its HMAC too. */
export function savedPlanDocument(saved: SavedPlan, key?: PlanKey): { [key: string]: JsonValue } {
  return sealDocument(savedPlanContent(saved), key);
}

/** With `key` (TFE_ACCESS_PLAN_KEY), the file carries its HMAC too (saved-plan/seal.ts). */
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
