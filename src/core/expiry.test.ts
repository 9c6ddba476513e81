import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { access, desiredOf } from '../../test/support/states.js';
import { DAY_MS, daysLeft, describeInstant, desiredAt, EXPIRY_PATTERN, INSTANT_PATTERN, isExpired, parseExpiry, relativeDays } from './expiry.js';
import type { DesiredGrant, DesiredSet } from './model.js';

const at = (text: string): string => {
  const parsed = parseExpiry(text);
  if (!('at' in parsed)) throw new Error(`${text}: ${parsed.error}`);
  return parsed.at;
};
const error = (text: string): string => {
  const parsed = parseExpiry(text);
  if (!('error' in parsed)) throw new Error(`${text} parsed as ${parsed.at}`);
  return parsed.error;
};
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('parseExpiry', () => {
  it('reads a date as the end of that day, UTC: desired until the next midnight', () => {
    expect(at('2026-12-01')).toBe('2026-12-02T00:00:00Z');
    expect(at('2026-12-31')).toBe('2027-01-01T00:00:00Z');
    expect(at('2024-02-29')).toBe('2024-03-01T00:00:00Z');
  });

  it('reads an RFC 3339 time with its offset as that instant', () => {
    expect(at('2026-12-01T18:00:00Z')).toBe('2026-12-01T18:00:00Z');
    expect(at('2026-12-01T18:00:00+02:00')).toBe('2026-12-01T16:00:00Z');
    expect(at('2026-12-01T18:00:00-05:30')).toBe('2026-12-01T23:30:00Z');
    expect(at('2026-12-01t18:00:00.25z')).toBe('2026-12-01T18:00:00.250Z');
    expect(at('2026-12-01T18:00:00.123456+00:00')).toBe('2026-12-01T18:00:00.123Z');
    expect(at('2026-12-31T23:30:00-01:00')).toBe('2027-01-01T00:30:00Z');
  });

  it('refuses days a month does not have, naming the month', () => {
    expect(error('2026-02-30')).toBe('February 2026 has no day 30 (it has 28)');
    expect(error('2025-02-29')).toBe('February 2025 has no day 29 (it has 28)');
    expect(error('2026-04-31')).toBe('April 2026 has no day 31 (it has 30)');
    expect(error('2026-01-00')).toBe('January 2026 has no day 0 (it has 31)');
    expect(error('2026-13-01')).toBe('month 13 does not exist');
    expect(error('2026-00-10')).toBe('month 00 does not exist');
    expect(error('2026-02-30T10:00:00Z')).toBe('February 2026 has no day 30 (it has 28)');
  });

  it('refuses times and offsets out of range, leap seconds and other forms', () => {
    expect(error('2026-12-01T24:00:00Z')).toBe('24:00 is not a time of day');
    expect(error('2026-12-01T10:60:00Z')).toBe('10:60 is not a time of day');
    expect(error('2026-12-31T23:59:60Z')).toBe('second 60 (a leap second) is not accepted; write :59');
    expect(error('2026-12-01T10:00:00+24:00')).toBe('the offset +24:00 is not one');
    expect(error('1969-12-31')).toBe('year 1969 is outside 1970-9998');
    expect(error('9999-12-31')).toBe('year 9999 is outside 1970-9998');
    // Forms Date.parse takes and RFC 3339 does not: no offset, short fields, a space, words.
    for (const text of [
      '2026-12-01T18:00:00',
      '2026-12-1',
      '2026-12-01 18:00:00Z',
      '2026-12-01T18:00Z',
      'tomorrow',
      '',
      '1 Dec 2026',
      '2026-12-01T18:00:00+0200',
    ]) {
      expect(error(text)).toMatch(/^expected a date YYYY-MM-DD/);
    }
  });

  it('agrees with the calendar on every date, and a date ends after every time of that day (property)', () => {
    const date = fc.record({ year: fc.integer({ min: 1970, max: 9998 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) });
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: DAY_MS - 1 }), ({ year, month, day }, ms) => {
        const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
        const parsed = parseExpiry(text);
        if (day > daysIn(year, month)) {
          expect(parsed).toEqual({ error: expect.stringContaining(`has no day ${day}`) });
          return;
        }
        const end = Date.UTC(year, month - 1, day + 1);
        expect(parsed).toEqual({ at: new Date(end).toISOString().replace('.000Z', 'Z') });
        // Any time of that day, UTC, ends before the date does, and only the next midnight equals it.
        const time = new Date(Date.UTC(year, month - 1, day) + ms).toISOString();
        expect(Date.parse(at(time))).toBeLessThan(end);
        expect(isExpired(at(text), end - 1)).toBe(false);
        expect(isExpired(at(text), end)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives one instant for a time written with any offset, in the canonical form that reads back to itself (property)', () => {
    const instant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(9998, 0, 1) });
    const offset = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
    fc.assert(
      fc.property(instant, offset, (ms, minutes) => {
        const local = new Date(ms + minutes * 60_000).toISOString().slice(0, 23);
        const sign = minutes < 0 ? '-' : '+';
        const text = `${local}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
        const canonical = at(text);
        expect(Date.parse(canonical)).toBe(ms);
        expect(canonical).toMatch(new RegExp(INSTANT_PATTERN));
        expect(canonical).toMatch(new RegExp(EXPIRY_PATTERN));
        expect(at(canonical)).toBe(canonical);
      }),
      { numRuns: 500 },
    );
  });
});

describe('describing an expiry', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');

  it('names the end of a day as the date the file wrote, any other instant as itself', () => {
    expect(describeInstant(at('2026-12-01'))).toBe('end of 2026-12-01 UTC');
    expect(describeInstant(at('2026-12-01T18:00:00+02:00'))).toBe('2026-12-01T16:00:00Z');
  });

  it('counts whole days left, and says less than a day rather than 0', () => {
    expect(daysLeft(at('2026-12-01'), now)).toBe(3);
    expect(relativeDays(at('2026-12-01'), now)).toBe('in 3 days');
    expect(relativeDays(at('2026-11-29T10:00:00Z'), now)).toBe('in 1 day');
    expect(relativeDays(at('2026-11-28T11:00:00Z'), now)).toBe('in less than a day');
    expect(relativeDays(at('2026-11-28T09:00:00Z'), now)).toBe('less than a day ago');
    expect(relativeDays(at('2026-11-25'), now)).toBe('2 days ago');
  });
});

describe('desiredAt: the one decision of a run about which grants have ended', () => {
  // The end of 2026-12-01 UTC, as a date in the files means it.
  const END = '2026-12-02T00:00:00Z';
  const before = (ms: number) => Date.parse(END) - ms;
  const grant = (name: string, expires?: string): DesiredGrant => ({
    team: name,
    access: access('team-projects', 'write'),
    ...(expires ? { expires: { at: expires } } : {}),
  });

  it('moves a grant out of the desired ones at the instant it ends, not a millisecond before', () => {
    const desired = desiredOf([{ type: 'project', name: 'platform', prune: true, grants: [grant('dev', END), grant('ops')] }]);
    expect(desiredAt(desired, before(1))).toBe(desired);
    const at = desiredAt(desired, before(0));
    expect(at.targets[0]?.grants.map((g) => g.team)).toEqual(['ops']);
    expect(at.targets[0]?.expired?.map((g) => g.team)).toEqual(['dev']);
  });

  it("decides a set's grants as an entry's: one representation, the ended ones in `expired`", () => {
    const set: DesiredSet = { type: 'workspace', name: 'all', match: { names: ['*'] }, grants: [grant('dev', END), grant('ops')] };
    const desired = { ...desiredOf([]), sets: [set] };
    expect(desiredAt(desired, before(1))).toBe(desired);
    const [decided] = desiredAt(desired, before(0)).sets ?? [];
    expect(decided?.grants.map((g) => g.team)).toEqual(['ops']);
    expect(decided?.expired?.map((g) => g.team)).toEqual(['dev']);
  });
});
