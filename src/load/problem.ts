// A problem found in a desired-state file: a value, never thrown. Positions are 1-based.
import { compareText } from '../core/order.js';

export interface Problem {
  /** The file, relative to the working directory of the run (absolute when outside it). */
  readonly file: string;
  /**
   * Where in the file; absent for a problem of the path itself (missing, unreadable, a directory
   * with no YAML files): no position is made up for it.
   */
  readonly line?: number;
  readonly col?: number;
  /** One line, in the file's terms (`projects.platform.teams.dev: ...`). */
  readonly message: string;
  /** The dotted path of the value the problem is about, when there is one. */
  readonly path?: string;
}

/** Sorted by file, then line, then column, then message: stable output across runs. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0) || compareText(a.message, b.message),
  );
}

/** `FILE:LINE:COL`, or `FILE` for a problem of the path itself. */
export function placeOf(problem: Pick<Problem, 'file' | 'line' | 'col'>): string {
  return problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.col ?? 1}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The one summary of a list of problems, everywhere one is printed: `1 problem in 1 file`,
 * `3 problems in 2 files`. `files` counts the files read and the paths the problems name; `N
 * problems` alone when a problem names none (a library caller's state without sources).
 */
export function problemSummary(problems: readonly { readonly file?: string | undefined }[], filesRead: readonly string[] = []): string {
  const named = problems.map((p) => p.file);
  const files = named.every((f): f is string => f !== undefined) ? new Set([...filesRead, ...named]).size : 0;
  return `${plural(problems.length, 'problem')}${files > 0 ? ` in ${plural(files, 'file')}` : ''}`;
}
