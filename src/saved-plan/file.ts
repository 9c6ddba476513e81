// Reading saved-plan files (pipeline/disk/saved-plan-file.ts writes them, with mode 0600: the file
// names the organization's teams and access, though never a token).
import { readFile, stat } from 'node:fs/promises';
import { CLIError, messageOf } from '../errors.js';
import { parseSavedPlan } from './parse.js';
import { NotASavedPlanError, SavedPlanError } from './reader.js';
import type { SavedPlan } from './saved-plan.js';
import type { PlanKey } from './seal.js';

/** Far beyond any plan (a change is well under 2 KiB); a bigger file is not ours. */
export const MAX_SAVED_PLAN_BYTES = 64 * 1024 * 1024;

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
