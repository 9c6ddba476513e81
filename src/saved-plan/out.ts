// Where `plan --out FILE` may write (docs/apply.md, "Saved plans"): never over a desired-state file it
// reads (a PATH, or a `*.yaml` below a directory PATH, followed through symlinks), never where the
// next run would read it as one (load/files.ts walks directories recursively), and never over an existing file that is not a saved plan of
// tfe-access (one that is may be replaced: that is planning again). Checked before any request.
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CLIError } from '../errors.js';
import { YAML_FILE, isPassedOver } from '../load/files.js';
import { DEFAULT_PATH } from '../core/defaults.js';
import { MAX_SAVED_PLAN_BYTES } from './file.js';
import { SAVED_PLAN_KIND } from './saved-plan.js';

/** The path with every symlink resolved; for a file not there yet, its directory's. */
async function canonical(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    try {
      return join(await realpath(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/**
 * True when reading the directory `dir` reaches `out`: below it, through no entry the walk passes
 * over. Both paths are canonical (every symlink resolved), so a path through a symlinked
 * directory, which the walk does not follow, is where that link leads, as for the walk.
 */
function readBelow(out: string, dir: string): boolean {
  const rel = relative(dir, out);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  return YAML_FILE.test(basename(out)) && !rel.split(sep).some(isPassedOver);
}

/** Why `out` is one of the inputs of PATHS, or would be the next time; undefined when it is not. */
async function inputClash(out: string, paths: readonly string[], cwd: string): Promise<string | undefined> {
  for (const path of paths.length > 0 ? paths : [DEFAULT_PATH]) {
    const input = await canonical(resolve(cwd, path));
    const readHere = (await isDirectory(input)) && readBelow(out, input);
    if (input === out || (readHere && (await stat(out).catch(() => undefined))?.isFile())) return 'it is one of the desired-state files this plan reads';
    if (readHere) return `it is below ${path}, a directory given as PATHS, and would be read as a desired-state file`;
  }
  return undefined;
}

/** True when the file reads as a saved plan of tfe-access (any format version: planning again replaces it). */
async function isSavedPlan(path: string, size: number): Promise<boolean> {
  if (size > MAX_SAVED_PLAN_BYTES) return false;
  try {
    const document = JSON.parse(await readFile(path, 'utf8')) as unknown;
    return typeof document === 'object' && document !== null && (document as { kind?: unknown }).kind === SAVED_PLAN_KIND;
  } catch {
    return false;
  }
}

/** Throws a one-line CLIError when `plan --out` must not write to `out`. */
export async function assertPlanOutput(out: string, paths: readonly string[], cwd: string): Promise<void> {
  const target = await canonical(resolve(cwd, out));
  const refuse = (why: string): never => {
    throw new CLIError(`refusing to write the plan to ${out}: ${why}. Choose another file, e.g. --out tfe-access.plan.json.`);
  };
  const clash = await inputClash(target, paths, cwd);
  if (clash !== undefined) refuse(clash);
  const existing = await stat(target).catch(() => undefined);
  if (existing === undefined) return;
  if (existing.isDirectory()) refuse('it is a directory');
  if (!existing.isFile() || !(await isSavedPlan(target, existing.size))) refuse('the file exists and is not a saved plan of tfe-access');
}
