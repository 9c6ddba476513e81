// The one composition of load + validate: PATHS -> DesiredState, or every problem with its place.
import type { FilesState } from '../../core/desired-state.js';
import { type FileSystem, loadFiles, type ParsedFiles } from '../../load/files.js';
import { type Problem, sortProblems } from '../../load/problem.js';
import { validateDocuments } from '../../validate/validate.js';

export interface LoadedDesiredState {
  /** Present only when there are no problems at all. */
  readonly state?: FilesState;
  /** Sorted by file, then position. */
  readonly problems: Problem[];
  /** Every file read, relative to `cwd`, in the order they were merged. */
  readonly files: string[];
}

/** Reads PATHS (files or directories; default `./tfe-access.yaml`) relative to `cwd`; with `parsed`, a text parsed before in the run is not parsed again. Never throws on content or I/O. */
export async function loadDesiredState(paths: string[], cwd: string, fs?: FileSystem, parsed?: ParsedFiles): Promise<LoadedDesiredState> {
  const loaded = await loadFiles(paths, cwd, fs, parsed);
  if (loaded.files.length === 0 && loaded.problems.length > 0) return { problems: sortProblems(loaded.problems), files: [] };
  const result = validateDocuments(loaded.files);
  const files = loaded.files.map((f) => f.file);
  const problems = sortProblems([...loaded.problems, ...('problems' in result ? result.problems : [])]);
  if (problems.length > 0 || !('state' in result)) return { problems, files };
  return { state: result.state, problems: [], files };
}
