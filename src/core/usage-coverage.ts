// What a read of the runs index could see, and so what a usage log may be trusted for
// (docs/recommend.md, "Keep what was read"): the runs index lists only the runs of the workspaces
// the token sees (docs/api.md, "Runs index"), so a log written with a narrower token is missing
// the runs of the workspaces it did not see. The rule of reuse: a log's runs are reused only when
// its read saw every workspace the current read sees; else the whole window is read again. Pure.
import type { Viewer, Workspace } from './model.js';
import type { RunsCoverage, UsageLog } from './usage-log.js';
import { provesEveryTarget } from './viewer.js';

/** The coverage of a read by `viewer`: complete when it is proven to list every workspace, else the workspaces it listed. */
export function runsCoverageOf(viewer: Viewer | undefined, workspaces: readonly Workspace[]): RunsCoverage {
  if (provesEveryTarget(viewer).workspaces) return { runsIndex: 'complete' };
  return { runsIndex: 'partial', workspaces: [...new Set(workspaces.map((w) => w.id))].sort() };
}

/** Whether a read of coverage `then` saw every workspace a read of coverage `now` sees. */
export function readSawAll(then: RunsCoverage, now: RunsCoverage): boolean {
  if (then.runsIndex === 'complete') return true;
  if (now.runsIndex === 'complete') return false;
  const seen = new Set(then.workspaces);
  return now.workspaces.every((id) => seen.has(id));
}

/** What of a kept log a read may reuse: the log (its runs on the workspaces seen now), or none with the one line that says why. */
export interface UsageReuse {
  readonly log: UsageLog | undefined;
  readonly note?: string;
}

/**
 * The rule of reuse: a log of unknown coverage (an older format) or written by a read that did not
 * see every workspace seen now is not reused (the whole window is read again); else its runs on the
 * workspaces seen now are, so a narrower token uses only what it may see.
 */
export function reuseOf(log: UsageLog | undefined, now: RunsCoverage): UsageReuse {
  if (!log) return { log: undefined };
  if (!log.coverage)
    return { log: undefined, note: 'usage log of an older format, which does not say what its read could see: reading the whole window again' };
  if (!readSawAll(log.coverage, now)) return { log: undefined, note: 'usage log written by a narrower read: reading the whole window again' };
  if (now.runsIndex === 'complete') return { log };
  const seen = new Set(now.workspaces);
  return { log: { ...log, runs: log.runs.filter((r) => seen.has(r.workspaceId)) } };
}
