// load -> validate, offline, before any request: the desired state of the files at the run's clock
// (a grant expired then is no longer desired), and for a plan `--target` parsed, once, here (its
// did-you-mean needs the files) and carried with them.

import type { PlanFiles } from '../../assemble/plan-over.js';
import { parseTargets, selectTargets } from '../../assemble/targets.js';
import type { FilesState } from '../../core/desired-state.js';
import { desiredAt } from '../../core/expiry.js';
import { CLIError } from '../../errors.js';
import type { ParsedFiles } from '../../load/files.js';
import { type Problem, placeOf, problemSummary } from '../../load/problem.js';
import { loadDesiredState } from './desired-state.js';

/** How many problems a plan run prints before pointing at `tfe-access validate`. */
const MAX_PROBLEMS_SHOWN = 20;

function problemsError(problems: readonly Problem[], files: readonly string[]): CLIError {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${placeOf(p)}: ${p.message}`);
  const more = problems.length > MAX_PROBLEMS_SHOWN ? [`  ... and ${problems.length - MAX_PROBLEMS_SHOWN} more (run \`tfe-access validate\`)`] : [];
  return new CLIError([`${problemSummary(problems, files)}:`, ...shown, ...more].join('\n'));
}

async function loaded(paths: string[], cwd: string, parsed?: ParsedFiles): Promise<FilesState> {
  const result = await loadDesiredState(paths, cwd, undefined, parsed);
  if (!result.state) throw problemsError(result.problems, result.files);
  return result.state;
}

/** load + validate, at `now`: which grants have ended is decided here, once a run (core/expiry.ts, desiredAt). */
export async function desiredFromFiles(paths: string[], cwd: string, now: number): Promise<FilesState> {
  return desiredAt(await loaded(paths, cwd), now);
}

/** load + validate + `--target` (`given`), at `now`; each file's text kept in `parsed` when given (a scoped plan's base reuses it). */
export async function planFiles(paths: string[], cwd: string, given: readonly string[], now: number, parsed?: ParsedFiles): Promise<PlanFiles> {
  const files = await loaded(paths, cwd, parsed);
  const targets = parseTargets(given, files);
  return { paths, desired: desiredAt(selectTargets(files, targets), now), targets };
}
