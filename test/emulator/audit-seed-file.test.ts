// The seed file's audit-trail keys (docs/emulator.md, "Seed file"): `audit-trail` (how the trail
// answers; the caller's option overrides it), an organization's `audit-token` and `created-at`,
// each checked with one line naming where.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { client, seedError } from './helpers.js';

describe('seed file: the audit trail', () => {
  it.each([
    [{ 'audit-trail': 'maybe', organizations: [] }, 'seed: audit-trail: must be one of on, off, tfe, no-entitlement'],
    [{ organizations: [{ name: 'a', 'created-at': 'last year' }] }, 'seed: organizations[0].created-at: must be an ISO 8601 time'],
    [{ organizations: [{ name: 'a', 'audit-token': '' }] }, 'seed: organizations[0].audit-token: must be a non-empty string'],
    [
      { organizations: [{ name: 'a', token: 't', 'audit-token': 't' }] },
      'seed: organizations[0].audit-token: this token is already used (by another entry or as the admin token)',
    ],
  ])('%j -> %s', async (seed, message) => {
    expect(await seedError(seed)).toBe(message);
  });

  it('the option overrides the seed document, and the seed document the profile', async () => {
    const seed = { 'audit-trail': 'on' as const, organizations: [{ name: 'a', 'audit-token': 'a-audit' }] };
    const onSeed = await startEmulator({ seed, profile: 'seed', rateLimit: 0 });
    const overridden = await startEmulator({ seed, profile: 'current', auditTrail: 'tfe', rateLimit: 0 });
    try {
      expect((await client(onSeed).get('/organization/audit-trail', 'a-audit')).status).toBe(200);
      expect((await client(overridden).get('/organization/audit-trail', 'a-audit')).status).toBe(404);
    } finally {
      await onSeed.stop();
      await overridden.stop();
    }
  });
});
