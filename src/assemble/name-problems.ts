// What name resolution reports, at the edge of the use case: every name the organization does not
// have as written (resolve/ and the selectors' checks find them, as values), at the place the files
// wrote it, sorted by file and line, under the one summary of a list of problems.
import type { SourceRef } from '../core/model.js';
import { CLIError } from '../errors.js';
import { placeOf, problemSummary, sortProblems } from '../load/problem.js';
import type { NameProblem } from '../resolve/check-names.js';

/** One error listing every problem, sorted by file, line and column; those without a place last. */
export function nameProblemsError(problems: readonly NameProblem[]): CLIError {
  const placed = sortProblems(problems.filter((p) => p.source).map((p) => ({ ...(p.source as SourceRef), message: p.message })));
  const lines = [...placed.map((p) => `${placeOf(p)}: ${p.message}`), ...problems.filter((p) => !p.source).map((p) => p.message)];
  const summary = problemSummary(problems.map((p) => ({ file: p.source?.file })));
  return new CLIError(`Name resolution: ${summary}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}
