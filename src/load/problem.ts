// A problem found in a desired-state file: a value, never thrown. Positions are 1-based.

export interface Problem {
  /** The file, relative to the working directory of the run. */
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** One line, in the file's terms (`projects.platform.teams.dev: ...`). */
  readonly message: string;
  /** The dotted path of the value the problem is about, when there is one. */
  readonly path?: string;
}

/** Sorted by file, then line, then column, then message: stable output across runs. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.col - b.col ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
