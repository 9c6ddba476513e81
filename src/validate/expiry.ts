// validate's warnings about grants that expire (docs/files.md, "Grants that expire"): the file is valid,
// but a grant has expired (take it out: the plan removes its live grant) or expires within
// settings.expiry-warning-days. Which have ended is the run's one decision (core/expiry.ts,
// desiredAt). Pure: `now` is the caller's clock, in epoch milliseconds.

import { DEFAULT_EXPIRY_WARNING_DAYS } from '../core/defaults.js';
import type { FilesState } from '../core/desired-state.js';
import { DAY_MS, describeInstant, desiredAt, isExpired, msOf, relativeDays } from '../core/expiry.js';
import type { DesiredGrant, EntryTarget } from '../core/model.js';
import { quote } from '../core/printable.js';
import { dotted } from '../load/pointer.js';
import { type Problem, sortProblems } from '../load/problem.js';
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

/**
 * docs/evidence.md, "Accepted exceptions": an exception that has ended accepts nothing, its
 * violation counts again. A warning, never a problem: the files stay valid, the plan says the rest.
 */
function exceptionWarnings(files: FilesState, now: number): Problem[] {
  const out: Problem[] = [];
  for (const policy of files.policies ?? []) {
    for (const exception of policy.exceptions ?? []) {
      const source = exception.source;
      if (!source || !isExpired(exception.expires, now)) continue;
      const who = exception.team !== undefined ? `team ${quote(exception.team)}` : `person ${quote(exception.person ?? '')}`;
      const on = exception.workspace ?? exception.project;
      const where = on === undefined ? '' : ` on ${exception.workspace !== undefined ? 'workspace' : 'project'} ${quote(on)}`;
      const when = `${relativeDays(exception.expires, now)} (${describeInstant(exception.expires)})`;
      const message = `policy ${quote(policy.name)}: the exception of ${who}${where} expired ${when}: it accepts nothing now; take it out of the file or give it a new end`;
      out.push({ file: source.file, line: source.line, col: source.col, message });
    }
  }
  return out;
}

/** A warning for every grant that has expired at `now` or expires within the warning days, and every exception of a policy that has expired, sorted like problems. */
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
  return sortProblems([...out, ...exceptionWarnings(files, now)]);
}
