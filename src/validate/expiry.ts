// validate's warnings about grants that expire (docs/files.md, "Grants that expire"): the file is valid,
// but a grant has expired (take it out: the plan removes its live grant) or expires within
// settings.expiry-warning-days. Which have ended is the run's one decision (core/expiry.ts,
// desiredAt). Pure: `now` is the caller's clock, in epoch milliseconds.
import { DAY_MS, desiredAt, describeInstant, msOf, relativeDays } from '../core/expiry.js';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '../core/defaults.js';
import type { DesiredGrant, EntryTarget } from '../core/model.js';
import type { FilesState } from '../core/desired-state.js';
import { dotted } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { sortProblems } from '../load/problem.js';
import { TARGET_KEYS } from './merge.js';

function message(grant: DesiredGrant, at: string, now: number, ended: boolean): string {
  const when = `${relativeDays(at, now)} (${describeInstant(at)})`;
  if (ended) return `the grant of team ${grant.team} expired ${when}: take it out of the file (until then, plan removes its live grant)`;
  return `the grant of team ${grant.team} expires ${when}`;
}

function warningOf(target: EntryTarget, grant: DesiredGrant, now: number, ended: boolean): Problem | undefined {
  const source = grant.expires?.source;
  if (!grant.expires || !source) return undefined;
  const path = dotted([TARGET_KEYS[target.type], target.name, 'teams', grant.team, 'expires']);
  return { file: source.file, line: source.line, col: source.col, message: `${path}: ${message(grant, grant.expires.at, now, ended)}`, path };
}

/** A warning for every grant that has expired at `now` or expires within the warning days, sorted like problems. */
export function fileExpiryWarnings(files: FilesState, now: number): Problem[] {
  const state = desiredAt(files, now);
  const horizon = now + (state.settings.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS) * DAY_MS;
  const out: Problem[] = [];
  for (const target of state.targets) {
    // `ignore-warnings` silences these as it silences the plan's warnings of the same codes.
    const quiet = new Set([...(state.settings.ignoreWarnings ?? []), ...(target.ignoreWarnings ?? [])]);
    const soon = quiet.has('grant-expires-soon') ? [] : target.grants.filter((g) => g.expires && msOf(g.expires.at) <= horizon);
    const ended = quiet.has('grant-expired') ? [] : (target.expired ?? []);
    for (const [grants, over] of [
      [soon, false],
      [ended, true],
    ] as const) {
      for (const grant of grants) {
        const warning = warningOf(target, grant, now, over);
        if (warning) out.push(warning);
      }
    }
  }
  return sortProblems(out);
}
