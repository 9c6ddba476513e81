// The audit trail's tests' organization: the SEED fixture's, with people who hold tokens of their
// own, an audit-trail token and a fixed creation time; and a clock the tests move.
import type { SeedDocument } from '../../src/emulator/types.js';
import { SEED } from './helpers.js';

export const START = Date.parse('2026-11-20T10:00:00.000Z');
export const DAY_MS = 24 * 60 * 60 * 1000;

export const AUDIT_SEED: SeedDocument = {
  organizations: [
    {
      ...SEED.organizations[0]!,
      'audit-token': 'acme-audit-token',
      'created-at': '2026-01-02T03:04:05.000Z',
      people: [
        { email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] },
        { email: 'bo@acme.test', username: 'bo', 'user-id': 'user-bo', id: 'ou-bo', teams: ['developers'] },
        { email: 'cy@acme.test', username: 'cy', 'user-id': 'user-cy', id: 'ou-cy' },
      ],
    },
    ...SEED.organizations.slice(1),
  ],
};

/** A wall clock the test owns: `clock.now` is epoch ms. */
export function testClock(start = START): { now: number; read: () => number } {
  const clock = { now: start, read: () => clock.now };
  return clock;
}
