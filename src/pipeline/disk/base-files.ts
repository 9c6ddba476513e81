// plan --changed-from REF (docs/plan.md, "Scoped plans"): the files of the base, loaded and validated
// as the files given are. REF is a directory of base files, or a git revision whose files are read
// with git itself (`git ls-tree`, `git cat-file`: no shell, no checkout, the work tree untouched),
// at the same paths relative to the repository's root. Each way it can fail is one line, exit 1.
import { execFileSync } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { affectedOf, scopedFiles } from '../../assemble/affected.js';
import type { PlanFiles } from '../../assemble/plan-over.js';
import { DEFAULT_PATH } from '../../core/defaults.js';
import type { FilesState } from '../../core/desired-state.js';
import { desiredAt } from '../../core/expiry.js';
import { printable } from '../../core/printable.js';
import { CLIError } from '../../errors.js';
import type { DirEntry, FileSystem, ParsedFiles } from '../../load/files.js';
import { placeOf } from '../../load/problem.js';
import { loadDesiredState } from './desired-state.js';

/** git's answers are bounded by the repository's tree listing: a generous buffer, never a shell. */
const GIT_BUFFER = 256 * 1024 * 1024;

function git(cwd: string, args: readonly string[]): Buffer {
  return execFileSync('git', ['-C', cwd, ...args], { maxBuffer: GIT_BUFFER, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** git's output, or undefined when git fails (not a repository, not a revision) or is not installed. */
function gitText(cwd: string, args: readonly string[]): string | undefined {
  try {
    return git(cwd, args).toString('utf8').trim();
  } catch {
    return undefined;
  }
}

/** Whether git runs at all: a failure to start it (ENOENT) is no repository's fault. */
function gitInstalled(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error: unknown) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A tree at a revision: every blob by its absolute path, and every directory's entries. */
interface Tree {
  readonly blobs: ReadonlyMap<string, { readonly sha: string; readonly link: boolean; readonly size: number }>;
  readonly dirs: ReadonlyMap<string, Map<string, DirEntry>>;
}

function entry(name: string, kind: 'file' | 'dir' | 'link'): DirEntry {
  return { name, isFile: () => kind === 'file', isDirectory: () => kind === 'dir', isSymbolicLink: () => kind === 'link' };
}

/** `git ls-tree -r -l -z REF` read into blobs and directories under `root`. */
function treeAt(root: string, commit: string): Tree {
  const blobs = new Map<string, { sha: string; link: boolean; size: number }>();
  const dirs = new Map<string, Map<string, DirEntry>>([[root, new Map()]]);
  const add = (dir: string, name: string, kind: 'file' | 'dir' | 'link'): void => {
    const entries = dirs.get(dir) ?? new Map<string, DirEntry>();
    dirs.set(dir, entries);
    if (!entries.has(name)) entries.set(name, entry(name, kind));
  };
  for (const line of git(root, ['ls-tree', '-r', '-l', '-z', '--full-tree', commit]).toString('utf8').split('\0')) {
    const match = /^(\d+) blob ([0-9a-f]+) +(\d+|-)\t(.+)$/s.exec(line);
    if (!match?.[1] || !match[2] || !match[4]) continue;
    const parts = match[4].split('/');
    parts.forEach((part, i) => {
      const dir = join(root, ...parts.slice(0, i));
      add(dir, part, i < parts.length - 1 ? 'dir' : match[1] === '120000' ? 'link' : 'file');
    });
    blobs.set(join(root, ...parts), { sha: match[2], link: match[1] === '120000', size: Number(match[3]) || 0 });
  }
  return { blobs, dirs };
}

const missing = (path: string): Error => Object.assign(new Error(`${path}: not at the revision`), { code: 'ENOENT' });

/** The loader's file system over a revision's tree: what loadFiles reads, read from git. */
function treeFileSystem(root: string, tree: Tree): FileSystem {
  return {
    stat: async (path) => {
      const blob = tree.blobs.get(path);
      if (blob && !blob.link) return { isFile: () => true, isDirectory: () => false, size: blob.size };
      if (tree.dirs.has(path)) return { isFile: () => false, isDirectory: () => true, size: 0 };
      throw missing(path);
    },
    readdir: async (path) => {
      const entries = tree.dirs.get(path);
      if (!entries) throw missing(path);
      return [...entries.values()];
    },
    readFile: async (path) => {
      const blob = tree.blobs.get(path);
      if (!blob) throw missing(path);
      return new Uint8Array(git(root, ['cat-file', 'blob', blob.sha]));
    },
  };
}

/** The commit REF names in the repository around `cwd`, with its root; one line when there is none. */
function revisionOf(ref: string, cwd: string): { root: string; commit: string } {
  const root = gitText(cwd, ['rev-parse', '--show-toplevel']);
  if (root === undefined && !gitInstalled())
    throw new CLIError(`--changed-from ${printable(ref)}: not a directory, and git is not installed (not on PATH) to read it as a revision.`);
  if (root === undefined) throw new CLIError(`--changed-from ${printable(ref)}: not a directory, and ${printable(cwd)} is not in a git repository.`);
  // `--end-of-options`: a REF that starts with a dash is a name, never an option of git's.
  const commit = ref.startsWith('-') ? undefined : gitText(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (commit === undefined || commit === '')
    throw new CLIError(`--changed-from ${printable(ref)}: not a revision of the repository at ${printable(root)}, nor a directory.`);
  return { root, commit };
}

/** The command that reads the base (`plan` or `apply --changed-from`): named in its advice. */
export type ScopedCommand = 'plan' | 'apply';

/** The base files as loaded, or the one line of why they cannot be, with the advice to run `command` without the flag. */
async function loadedAt(
  ref: string,
  paths: readonly string[],
  cwd: string,
  command: ScopedCommand,
  fs?: FileSystem,
  parsed?: ParsedFiles,
): Promise<FilesState> {
  const result = await loadDesiredState([...paths], cwd, fs, parsed);
  if (result.state) return result.state;
  const first = result.problems[0];
  const where = first ? ` (first: ${placeOf(first)}: ${first.message})` : '';
  throw new CLIError(
    `--changed-from ${printable(ref)}: the files at ${printable(ref)} do not validate: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}${printable(where)}; ${command} without --changed-from.`,
  );
}

/** A directory REF: its files are the base, read whole as PATHS are. */
const isDirectory = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * The base's desired state at `now` (the same clock as the files', so a grant that ended is no
 * change): REF a directory of base files, else a git revision of the repository around `cwd`,
 * read at the same PATHS (relative to the repository's root, so a run from a sub-directory reads
 * the same files).
 */
export async function baseFiles(
  ref: string,
  paths: readonly string[],
  given: string,
  now: number,
  command: ScopedCommand,
  parsed?: ParsedFiles,
): Promise<FilesState> {
  // git names the root with links resolved: the paths are compared with it the same way.
  const cwd = realpathSync(given);
  const asDirectory = resolve(cwd, ref);
  if (ref !== '' && isDirectory(asDirectory)) return desiredAt(await loadedAt(ref, [asDirectory], cwd, command), now);
  const { root, commit } = revisionOf(ref, cwd);
  const tree = treeAt(root, commit);
  const named = paths.length > 0 ? paths : [DEFAULT_PATH];
  for (const path of named) {
    const absolute = resolve(cwd, path);
    const inside = relative(root, absolute);
    if (inside.startsWith(`..${sep}`) || inside === '..')
      throw new CLIError(`--changed-from ${printable(ref)}: ${printable(path)} is outside the repository at ${printable(root)}.`);
    if (!tree.blobs.has(absolute) && !tree.dirs.has(absolute))
      throw new CLIError(`--changed-from ${printable(ref)}: ${printable(path)} is not there at ${printable(ref)}.`);
  }
  // A file unchanged since REF is the work tree's text under the same name: parsed once (`parsed`).
  return desiredAt(await loadedAt(ref, named, cwd, command, treeFileSystem(root, tree), parsed), now);
}

/**
 * The files narrowed to what the change from REF touches (assemble/affected.ts), with the base and
 * the affected set for the plan's scope; the whole files, saying why, when the change governs more.
 */
export async function changedFromFiles(
  files: PlanFiles,
  ref: string,
  cwd: string,
  now: number,
  command: ScopedCommand,
  parsed?: ParsedFiles,
): Promise<PlanFiles> {
  if (files.targets.given.length > 0)
    throw new CLIError('--changed-from and --target cannot be given together: a scoped plan chooses its targets from the change.');
  const affected = affectedOf(await baseFiles(ref, files.paths, cwd, now, command, parsed), files.desired);
  const desired = affected.kind === 'scoped' ? scopedFiles(files.desired, affected) : files.desired;
  return { ...files, desired, changedFrom: { ref, affected } };
}
