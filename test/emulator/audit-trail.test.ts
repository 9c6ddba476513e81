// `GET /api/v2/organization/audit-trail` (docs/api.md, "Audit trail"; docs/emulator.md, "Audit
// trail"): the body, paging (go-tfe's test: page size 4 over 8 events), `since`, the 14 days on an
// injected clock, and the answers of the tokens and servers that cannot read it.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/types.js';
import { AUDIT_SEED, DAY_MS, START, testClock } from './audit-seed.js';
import { type Client, client, workspaceGrantBody } from './helpers.js';

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
});

async function start(options: EmulatorOptions = {}): Promise<{ api: Client; clock: ReturnType<typeof testClock> }> {
  const clock = testClock();
  emu = await startEmulator({ seed: AUDIT_SEED, profile: 'current', rateLimit: 0, now: clock.read, ...options });
  return { api: client(emu), clock };
}

/** `n` events of the past, a minute apart, the newest a minute ago. */
async function addEvents(api: Client, n: number, now = START): Promise<void> {
  const events = Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(now - (n - i) * 60_000).toISOString(),
    resource: { id: `ws-${i}`, type: 'workspace', action: 'add_team', meta: { team: 'team-dev', permissions: { access: 'read' } } },
  }));
  expect((await api.post('/emulator/organizations/acme/audit-events', { events })).status).toBe(201);
}

const trail = (api: Client, query = '', token = 'acme-org-token') => api.get(`/organization/audit-trail${query}`, token);

describe('the body and paging', () => {
  it('page size 4 over 8 events: two pages, page 1 with no previous, page 2 with no next; oldest first', async () => {
    const { api } = await start();
    await addEvents(api, 8);
    const one = await trail(api, '?page%5Bnumber%5D=1&page%5Bsize%5D=4');
    const two = await trail(api, '?page%5Bnumber%5D=2&page%5Bsize%5D=4');
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    expect(one.body.pagination).toEqual({ current_page: 1, prev_page: null, next_page: 2, total_pages: 2, total_count: 8 });
    expect(two.body.pagination).toEqual({ current_page: 2, prev_page: 1, next_page: null, total_pages: 2, total_count: 8 });
    const ids = [...one.body.data, ...two.body.data].map((e: any) => e.resource.id);
    expect(ids).toEqual(['ws-0', 'ws-1', 'ws-2', 'ws-3', 'ws-4', 'ws-5', 'ws-6', 'ws-7']);
  });

  it('every event has the documented fields: a UUID, version "0", type Resource, auth, request, resource', async () => {
    const { api } = await start();
    await addEvents(api, 1);
    const [event] = (await trail(api)).body.data;
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event).toMatchObject({ version: '0', type: 'Resource', timestamp: new Date(START - 60_000).toISOString() });
    expect(Object.keys(event.auth).sort()).toEqual(['accessor_id', 'description', 'impersonator_id', 'organization_id', 'type']);
    expect(event.auth.organization_id).toMatch(/^org-[A-Za-z0-9]{16}$/);
    expect(event.request.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the default page is 1000, and a larger page[size] is answered with 1000', async () => {
    const { api } = await start();
    await addEvents(api, 1001);
    expect((await trail(api)).body.data).toHaveLength(1000);
    const big = await trail(api, '?page%5Bsize%5D=5000');
    expect(big.body.data).toHaveLength(1000);
    expect(big.body.pagination).toMatchObject({ next_page: 2, total_pages: 2, total_count: 1001 });
  });

  it('a page past the end is empty and echoes its number', async () => {
    const { api } = await start();
    await addEvents(api, 3);
    const r = await trail(api, '?page%5Bnumber%5D=9');
    expect(r.body.data).toEqual([]);
    expect(r.body.pagination).toMatchObject({ current_page: 9, next_page: null, total_pages: 1, total_count: 3 });
  });
});

describe('since', () => {
  it('returns the events strictly after it, in the docs form and in RFC 3339 without a fraction', async () => {
    const { api } = await start();
    await addEvents(api, 5); // at START - 5, -4, -3, -2, -1 minutes
    const at = new Date(START - 3 * 60_000).toISOString();
    const docsForm = await trail(api, `?since=${encodeURIComponent(at)}`);
    expect(docsForm.body.data.map((e: any) => e.resource.id)).toEqual(['ws-3', 'ws-4']);
    const rfc = await trail(api, `?since=${encodeURIComponent(at.replace('.000Z', 'Z'))}`);
    expect(rfc.body.pagination.total_count).toBe(2);
    const offset = await trail(api, `?since=${encodeURIComponent(at.replace('.000Z', '+00:00'))}`);
    expect(offset.body.pagination.total_count).toBe(2);
  });

  it('a since that is not a time is a 400', async () => {
    const { api } = await start();
    expect((await trail(api, '?since=yesterday')).status).toBe(400);
  });
});

describe('the 14 days, on the injected clock', () => {
  it('an event is returned for 14 days and never after; the set-up route moves the clock too', async () => {
    const { api, clock } = await start();
    await addEvents(api, 1); // a minute before START
    clock.now = START - 60_000 + 14 * DAY_MS;
    expect((await trail(api)).body.pagination.total_count).toBe(1);
    clock.now += 1;
    expect((await trail(api)).body.pagination.total_count).toBe(0);
    clock.now = START;
    const moved = await api.post('/emulator/clock', { 'advance-seconds': 14 * 24 * 3600 });
    expect(moved.body.now).toBe(new Date(START + 14 * DAY_MS).toISOString());
    expect((await trail(api)).body.pagination.total_count).toBe(0);
  });

  it('events are dated by the clock; an organization is created at its seed time, else at the clock', async () => {
    const { api, clock } = await start();
    clock.now = START + 5000;
    await api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }));
    expect((await trail(api)).body.data[0].timestamp).toBe('2026-11-20T10:00:05.000Z');
    expect((await api.get('/organizations/acme')).body.data.attributes['created-at']).toBe('2026-01-02T03:04:05.000Z');
    expect((await api.get('/organizations/globex')).body.data.attributes['created-at']).toBe(new Date(START).toISOString());
  });
});

describe('who may read it', () => {
  it('an organization token and an audit-trail token read their organization only', async () => {
    const { api } = await start();
    await api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }));
    expect((await trail(api, '', 'acme-audit-token')).body.pagination.total_count).toBe(1);
    expect((await trail(api, '', 'globex-org-token')).body.pagination.total_count).toBe(0);
  });

  it('a user token, a team token (the owners team too) and the admin token are answered 404', async () => {
    const { api } = await start();
    for (const token of ['ana-token', 'dev-token', 'owners-token', 'tfe-access-emulator-admin']) expect((await trail(api, '', token)).status).toBe(404);
  });

  it('an audit-trail token reads /account/details and nothing of the organization', async () => {
    const { api } = await start();
    const me = await api.get('/account/details', 'acme-audit-token');
    expect(me.status).toBe(200);
    expect(me.body.data.relationships['authenticated-resource'].data).toEqual({ type: 'organizations', id: 'acme' });
    expect((await api.get('/organizations/acme', 'acme-audit-token')).status).toBe(404);
    expect((await api.get('/organizations/acme/teams', 'acme-audit-token')).status).toBe(404);
    expect((await api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform', 'acme-audit-token')).status).toBe(404);
  });

  it('owners make and revoke the audit-trail token (a new one revokes the old); others are answered 404', async () => {
    const { api } = await start();
    expect(
      (await api.post('/organizations/acme/authentication-token?token=audit-trails', { data: { type: 'authentication-token' } }, 'dev-token')).status,
    ).toBe(404);
    const made = await api.post('/organizations/acme/authentication-token?token=audit-trails', { data: { type: 'authentication-token' } }, 'owners-token');
    expect(made.status).toBe(201);
    const token = made.body.data.attributes.token as string;
    expect((await trail(api, '', token)).status).toBe(200);
    expect((await trail(api, '', 'acme-audit-token')).status).toBe(401);
    expect((await api.del('/organizations/acme/authentication-token?token=audit-trails', 'ana-token')).status).toBe(204);
    expect((await trail(api, '', token)).status).toBe(401);
    expect((await trail(api)).status).toBe(200);
  });
});

describe('servers without it', () => {
  it('the seed profile answers 404, as a server without the endpoint', async () => {
    const { api } = await start({ profile: 'seed' });
    expect((await trail(api)).status).toBe(404);
  });

  it('tfe: 404, and the headers name Terraform Enterprise', async () => {
    const { api } = await start({ auditTrail: 'tfe' });
    const r = await trail(api);
    expect(r.status).toBe(404);
    expect((await api.get('/ping')).headers.get('tfp-appname')).toBe('Terraform Enterprise');
  });

  it('no-entitlement: 404, and the headers name HCP Terraform with no Terraform Enterprise release', async () => {
    const { api } = await start({ auditTrail: 'no-entitlement' });
    expect((await trail(api)).status).toBe(404);
    const ping = await api.get('/ping');
    expect(ping.headers.get('tfp-appname')).toBe('HCP Terraform');
    expect(ping.headers.get('x-tfe-version')).toBeNull();
  });

  it('the seed document chooses it, the set-up route changes it', async () => {
    const { api } = await start({ seed: { ...AUDIT_SEED, 'audit-trail': 'no-entitlement' } });
    expect((await trail(api)).status).toBe(404);
    expect((await api.post('/emulator/audit-trail', { mode: 'on' })).status).toBe(200);
    expect((await trail(api)).status).toBe(200);
    expect((await api.post('/emulator/audit-trail', { mode: 'sometimes' })).status).toBe(422);
  });
});

describe('events made by hand', () => {
  it('an impersonated event keeps its impersonator; only the admin token may add events', async () => {
    const { api } = await start();
    const event = {
      resource: { id: 'team-dev', type: 'team', action: 'add_member', meta: { user: 'bo' } },
      auth: { accessor_id: 'user-bo', description: 'bo', type: 'Impersonated', impersonator_id: 'user-staff' },
    };
    expect((await api.post('/emulator/organizations/acme/audit-events', { events: [event] }, 'acme-org-token')).status).toBe(404);
    expect((await api.post('/emulator/organizations/acme/audit-events', { events: [event] })).status).toBe(201);
    const [read] = (await trail(api)).body.data;
    expect(read.auth).toMatchObject({ accessor_id: 'user-bo', description: 'bo', type: 'Impersonated', impersonator_id: 'user-staff' });
    expect(read.timestamp).toBe(new Date(START).toISOString());
  });
});
