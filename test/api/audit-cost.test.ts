// What attribution costs (issue "Drift triage", acceptance): N events after `since` take exactly
// max(1, ceil(N / 1000)) requests of the audit trail, counted in the emulator's request log,
// however many older events the trail holds.
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTrailClient } from '../../src/api/audit.js';
import { TfeClient } from '../../src/api/client.js';
import { AUDIT_PAGE_SIZE } from '../../src/core/audit.js';
import { apiUrl, startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { AUDIT_SEED, START, testClock } from '../emulator/audit-seed.js';
import { client as rawClient } from '../emulator/helpers.js';

const OLDER = 300;
const SINCE = new Date(START - 24 * 60 * 60 * 1000).toISOString();

let emu: RunningEmulator | undefined;
let reader: TfeClient | undefined;
afterEach(async () => {
  await reader?.close();
  await emu?.stop();
});

/** OLDER events before SINCE, then `n` after it, a second apart. */
async function trailWith(n: number): Promise<void> {
  const at = (ms: number) => new Date(ms).toISOString();
  const resource = { id: 'ws-1', type: 'workspace', action: 'add_team', meta: { team: 'team-dev' } };
  const events = [
    ...Array.from({ length: OLDER }, (_, i) => ({ timestamp: at(Date.parse(SINCE) - (i + 1) * 1000), resource })),
    ...Array.from({ length: n }, (_, i) => ({ timestamp: at(Date.parse(SINCE) + (i + 1) * 1000), resource })),
  ];
  expect((await rawClient(emu!).post('/emulator/organizations/acme/audit-events', { events })).status).toBe(201);
}

describe('audit trail requests', () => {
  it.each([0, 1, 999, 1000, 1001, 2500])('%i events after since: max(1, ceil(N / 1000)) requests', async (n) => {
    emu = await startEmulator({ seed: AUDIT_SEED, profile: 'current', rateLimit: 0, now: testClock().read });
    await trailWith(n);
    emu.resetLog();
    reader = new TfeClient({ baseUrl: apiUrl(emu), token: 'acme-audit-token' });
    const read = await new AuditTrailClient(reader, { tokenSource: 'TFE_AUDIT_TOKEN', host: 'emulator' }).readAuditTrail(SINCE);
    const expected = Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE));
    expect(read).toMatchObject({ kind: 'read', pages: expected });
    if (read.kind === 'read') expect(read.events).toHaveLength(n);
    expect(emu.requests.filter((r) => r.path === '/api/v2/organization/audit-trail')).toHaveLength(expected);
    expect(emu.requests).toHaveLength(expected);
  });
});
