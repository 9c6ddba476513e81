// validate's warnings about grants that expire (docs/files.md, "Grants that expire"): the file is valid,
// but a grant has expired (take it out: the plan removes its live grant) or expires within
// settings.expiry-warning-days. Pure: `now` is the caller's clock, in epoch milliseconds.
import { DAY_MS, describeInstant, isExpired, msOf, relativeDays } from '../core/expiry.js';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '../core/defaults.js';
import type { DesiredGrant, DesiredTarget } from '../core/model.js';
import type { DesiredState } from '../core/desired-state.js';
import { dotted } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { sortProblems } from '../load/problem.js';
import { TARGET_KEYS } from './merge.js';

function message(grant: DesiredGrant, at: string, now: number): string {
  const when = `${relativeDays(at, now)} (${describeInstant(at)})`;
  if (isExpired(at, now)) return `the grant of team ${grant.team} expired ${when}: take it out of the file (until then, plan removes its live grant)`;
  return `the grant of team ${grant.team} expires ${when}`;
}

function warningOf(target: DesiredTarget, grant: DesiredGrant, now: number): Problem | undefined {
  const source = grant.expires?.source;
  if (!grant.expires || !source) return undefined;
  const path = dotted([TARGET_KEYS[target.type], target.name, 'teams', grant.team, 'expires']);
  return { file: source.file, line: source.line, col: source.col, message: `${path}: ${message(grant, grant.expires.at, now)}`, path };
}

/** A warning for every grant that has expired at `now` or expires within the warning days, sorted like problems. */
export function fileExpiryWarnings(state: DesiredState, now: number): Problem[] {
  const horizon = now + (state.settings.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS) * DAY_MS;
  const out: Problem[] = [];
  for (const target of state.targets) {
    // `ignore-warnings` silences these as it silences the plan's warnings of the same codes.
    const quiet = new Set([...(state.settings.ignoreWarnings ?? []), ...(target.ignoreWarnings ?? [])]);
    for (const grant of [...target.grants, ...(target.expired ?? [])]) {
      if (!grant.expires || msOf(grant.expires.at) > horizon) continue;
      if (quiet.has(isExpired(grant.expires.at, now) ? 'grant-expired' : 'grant-expires-soon')) continue;
      const warning = warningOf(target, grant, now);
      if (warning) out.push(warning);
    }
  }
  return sortProblems(out);
}
