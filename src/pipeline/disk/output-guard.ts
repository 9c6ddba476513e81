// The one rule of every `--out` (docs/files.md, "Outputs"): a command never writes over a file it
// reads (a desired-state PATH, a `*.yaml` below a directory PATH, followed through symlinks, a
// report it compares), never where the next run would read it as a desired-state file
// (load/files.ts walks directories recursively), and never over an existing file it did not write
// (own-output.ts) unless --force. --force never lets it write over an input: that file would be
// lost to the run that reads it. Checked before any request, and again right before writing.
import { open, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CLIError } from '../../errors.js';
import { isPassedOver, YAML_FILE } from '../../load/files.js';
import { OUTPUT_NOUN, type OutputKind, writtenByTool } from './own-output.js';

/** Far beyond any file of the tool's it replaces; a bigger one is not recognised (--force replaces it). */
const MAX_RECOGNISED_BYTES = 64 * 1024 * 1024;

export interface OutputRequest {
  /** The --out as given, named in the refusal. */
  readonly out: string;
  /** What is written, for the refusal: "the plan", "the report". */
  readonly what: string;
  readonly kind: OutputKind;
  /** With a directory `out`: the names of the files written into it; absent, `out` is the file. */
  readonly names?: readonly string[];
  /** The desired-state PATHS the run reads, as given (files or directories walked for `*.yaml`). */
  readonly desired: readonly string[];
  /** Other files the run reads (a report compared); a directory's every file counts. */
  readonly reads?: readonly string[];
  readonly cwd: string;
  readonly force: boolean;
  /** What to do instead, the refusal's last sentence. */
  readonly instead: string;
}

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

const statOf = (path: string) => stat(path).catch(() => undefined);

/** True when `path` is inside the directory `dir` (both canonical). */
function below(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * True when reading the directory `dir` reaches `out`: below it, through no entry the walk passes
 * over. Both paths are canonical, so a path through a symlinked directory, which the walk does not
 * follow, is where that link leads, as for the walk.
 */
function readBelow(out: string, dir: string): boolean {
  return below(out, dir) && YAML_FILE.test(basename(out)) && !relative(dir, out).split(sep).some(isPassedOver);
}

/** Why writing `target` would lose or feed an input of the run; undefined when it would not. */
async function inputClash(target: string, request: Pick<OutputRequest, 'desired' | 'reads' | 'cwd'>): Promise<string | undefined> {
  for (const path of request.desired) {
    const input = await canonical(resolve(request.cwd, path));
    const readHere = (await statOf(input))?.isDirectory() === true && readBelow(target, input);
    if (input === target || (readHere && (await statOf(target))?.isFile())) return 'it is one of the desired-state files this run reads';
    if (readHere) return `it is below ${path}, a directory given as PATHS, and would be read as a desired-state file`;
  }
  for (const path of request.reads ?? []) {
    const input = await canonical(resolve(request.cwd, path));
    if (input === target) return 'it is one of the files this run reads';
    if ((await statOf(input))?.isDirectory() === true && below(target, input)) return `it is inside ${path}, which this run reads`;
  }
  return undefined;
}

/** A regular file's text; undefined when it is too big to be recognised. */
async function contentOf(path: string, size: number): Promise<string | undefined> {
  if (size > MAX_RECOGNISED_BYTES) return undefined;
  const handle = await open(path, 'r');
  try {
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Why `target` may not be replaced: it is no regular file, or (without --force) not the tool's. */
async function replaceProblem(target: string, request: OutputRequest): Promise<string | undefined> {
  const existing = await statOf(target);
  if (existing === undefined) return undefined;
  if (existing.isDirectory()) return 'it is a directory';
  if (!existing.isFile()) return 'it exists and is not a regular file';
  if (request.force) return undefined;
  const text = await contentOf(target, existing.size).catch(() => undefined);
  if (text !== undefined && writtenByTool(request.kind, text)) return undefined;
  return `the file exists and is not ${OUTPUT_NOUN[request.kind]} of tfe-access (pass --force to replace it)`;
}

/** Throws one line naming the file when an output of `request` must not be written; writes nothing. */
export async function assertOutput(request: OutputRequest): Promise<void> {
  const base = resolve(request.cwd, request.out);
  const refuse = (where: string, why: string): never => {
    throw new CLIError(`refusing to write ${request.what} to ${where}: ${why}. ${request.instead}`);
  };
  if (request.names === undefined) {
    const target = await canonical(base);
    const why = (await inputClash(target, request)) ?? (await replaceProblem(target, request));
    if (why !== undefined) refuse(request.out, why);
    return;
  }
  const dir = await statOf(base);
  if (dir !== undefined && !dir.isDirectory()) refuse(request.out, 'it is a file, and a directory is written');
  // Every file checked before the first is written, and every one refused named on the one line.
  const refused: string[] = [];
  for (const name of request.names) {
    const target = await canonical(join(base, name));
    const why = (await inputClash(target, request)) ?? (await replaceProblem(target, request));
    if (why !== undefined) refused.push(`${name}: ${why}`);
  }
  if (refused.length > 0) refuse(request.out, refused.join('; '));
}

export interface KeptFileRequest {
  /** The flag, `--usage-log` or `--audit-log`, and its file as given: both named in the refusal. */
  readonly flag: string;
  readonly path: string;
  /** The desired-state PATHS the run reads, as given. */
  readonly desired: readonly string[];
  /** The run's --out, when it has one. */
  readonly out?: string | undefined;
  readonly cwd: string;
}

/**
 * A file a run reads and replaces beside its output (`recommend --usage-log`, `drift --audit-log`): never an input of the
 * run nor where the next run would read it as a desired-state file (the rule of every --out,
 * inputClash), never the run's own --out, which would replace it. One line naming the file, before
 * anything is read or written.
 */
export async function assertKeptFile(request: KeptFileRequest): Promise<void> {
  const target = await canonical(resolve(request.cwd, request.path));
  const out = request.out === undefined ? undefined : await canonical(resolve(request.cwd, request.out));
  const why = (await inputClash(target, request)) ?? (out === target ? 'it is also the --out of this run, which would replace it' : undefined);
  if (why !== undefined) throw new CLIError(`${request.flag} ${request.path}: ${why}; nothing was read or written.`);
}
