// When a grant of the files ends (docs/files.md, "Grants that expire"): `expires:` as a date `YYYY-MM-DD`
// (the end of that day, UTC) or an RFC 3339 time with its offset, and the instant it means. Pure:
// the clock is the caller's (`now`, in epoch milliseconds). Written by hand rather than through
// `Date.parse`, which turns 2026-02-30 into March 2 and accepts forms RFC 3339 does not. And the
// one decision of a run about them (desiredAt): which grants of the files have ended.
import type { DesiredState } from './desired-state.js';
import type { DesiredGrant, EntryTarget } from './model.js';

export const DAY_MS = 86_400_000;

/**
 * The shape the desired-state schema checks (editors flag a wrong form as it is typed); the ranges
 * and the calendar are checked by parseExpiry. RFC 3339, section 5.6: `T` and `Z` in either case.
 */
export const EXPIRY_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt][0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2}))?$';

/** The canonical form of an instant in plans: RFC 3339 in UTC, milliseconds only when not zero. */
export const INSTANT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{3})?Z$';

export type ParsedExpiry = { readonly at: string } | { readonly error: string };

const SHAPE = new RegExp(EXPIRY_PATTERN);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const EXPECTED = 'a date YYYY-MM-DD (the grant ends with that day, UTC) or an RFC 3339 time with its offset (2026-12-01T18:00:00Z, 2026-12-01T18:00:00+02:00)';

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `at` as plans write it. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** The problem with the calendar part, if any. */
function dateProblem(year: number, month: number, day: number): string | undefined {
  // Before 1970 every grant has long ended; from 9999 on, the end of a day is not a 4-digit year.
  if (year < 1970 || year > 9998) return `year ${year} is outside 1970-9998`;
  if (month < 1 || month > 12) return `month ${String(month).padStart(2, '0')} does not exist`;
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has no day ${day} (it has ${days})`;
  return undefined;
}

interface TimeParts {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Milliseconds of the fraction (digits beyond them are dropped). */
  readonly ms: number;
  /** Minutes east of UTC. */
  readonly offset: number;
}

const TIME = /^[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** The parts of `THH:MM:SS[.fff](Z|+HH:MM)` (the shape is checked before), or what is out of range. */
function timeOf(time: string): TimeParts | { error: string } {
  const [, h, m, s, fraction = '', sign, oh = '0', om = '0'] = TIME.exec(time) ?? [];
  const [hour, minute, second] = [Number(h), Number(m), Number(s)];
  if (hour > 23 || minute > 59) return { error: `${h}:${m} is not a time of day` };
  // A leap second (:60) is valid RFC 3339 but no clock here can name it: one second earlier says the same.
  if (second > 59) return { error: 'second 60 (a leap second) is not accepted; write :59' };
  if (Number(oh) > 23 || Number(om) > 59) return { error: `the offset ${sign}${oh}:${om} is not one` };
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  return { hour, minute, second, ms: Number(fraction.padEnd(3, '0').slice(0, 3)), offset };
}

/**
 * `expires:` as written -> the instant the grant ends, or what is wrong with it. A date ends at the
 * next midnight UTC: `2026-12-01` is desired until 2026-12-02T00:00:00Z, and expired from then on.
 */
export function parseExpiry(text: string): ParsedExpiry {
  if (!SHAPE.test(text)) return { error: `expected ${EXPECTED}` };
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
  const problem = dateProblem(year, month, day);
  if (problem) return { error: problem };
  if (text.length === 10) return { at: formatInstant(Date.UTC(year, month - 1, day + 1)) };
  const time = timeOf(text.slice(10));
  if ('error' in time) return time;
  const local = Date.UTC(year, month - 1, day, time.hour, time.minute, time.second, time.ms);
  return { at: formatInstant(local - time.offset * 60_000) };
}

/** Milliseconds since the epoch of an instant in the canonical form. */
export function msOf(at: string): number {
  return Date.parse(at);
}

/** From this instant on, the grant is no longer desired. */
export function isExpired(at: string, now: number): boolean {
  return now >= msOf(at);
}

/** Whole days left before the grant ends (0: less than one; negative: it has ended). */
export function daysLeft(at: string, now: number): number {
  return Math.floor((msOf(at) - now) / DAY_MS);
}

/** `end of 2026-12-01 UTC` for the end of a day (how a date in the files reads), else the instant. */
export function describeInstant(at: string): string {
  const ms = msOf(at);
  if (ms % DAY_MS !== 0) return at;
  return `end of ${formatInstant(ms - DAY_MS).slice(0, 10)} UTC`;
}

/** `in 3 days`, `in 1 day`, `in less than a day`, `3 days ago`, `less than a day ago`. */
export function relativeDays(at: string, now: number): string {
  const left = msOf(at) - now;
  const days = Math.floor(Math.abs(left) / DAY_MS);
  const count = `${days} day${days === 1 ? '' : 's'}`;
  if (left > 0) return days === 0 ? 'in less than a day' : `in ${count}`;
  return days === 0 ? 'less than a day ago' : `${count} ago`;
}

/** The grants of an entry or a set as in force and ended at `now`; the same holder when none has ended. */
function split<H extends { readonly grants: readonly DesiredGrant[]; readonly expired?: readonly DesiredGrant[] }>(holder: H, now: number): H {
  if (!holder.grants.some((g) => g.expires && isExpired(g.expires.at, now))) return holder;
  const grants: DesiredGrant[] = [];
  const expired: DesiredGrant[] = [...(holder.expired ?? [])];
  for (const grant of holder.grants) (grant.expires && isExpired(grant.expires.at, now) ? expired : grants).push(grant);
  return { ...holder, grants, expired };
}

/**
 * The desired state at `now`, the one place a run decides which grants have ended: a grant whose
 * expiry has passed leaves `grants` for `expired`, in an entry and in a set alike, so every stage
 * after this one (names, the sets' merge, server support, the diff, effective access) sees only
 * what is still desired, and the diff removes what ended. Unchanged when nothing has ended.
 */
export function desiredAt<S extends DesiredState<EntryTarget>>(desired: S, now: number): S {
  const targets = desired.targets.map((t) => split(t, now));
  const sets = desired.sets?.map((s) => split(s, now));
  const changed = targets.some((t, i) => t !== desired.targets[i]) || (sets ?? []).some((s, i) => s !== desired.sets?.[i]);
  return changed ? { ...desired, targets, ...(sets ? { sets } : {}) } : desired;
}
