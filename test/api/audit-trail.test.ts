// The audit trail read through the audit token, end to end against the emulator (docs/api.md,
// "Audit trail"; docs/connecting.md, "Audit token"): the events in the tool's words, oldest first,
// every page to the end; a 404 said as why in one line (a user token, a team token, Terraform
// Enterprise, an organization without the entitlement); a 401 as one line naming TFE_AUDIT_TOKEN;
// the pipeline's opener with and without a token.
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTrailClient } from '../../src/api/audit.js';
import { TfeClient } from '../../src/api/client.js';
import { WireFormatError } from '../../src/api/errors/wire-format-error.js';
import { apiUrl, startEmulator } from '../../src/emulator/start.js';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/types.js';
import { openAuditTrail } from '../../src/pipeline/run/audit-trail.js';
import type { RunConnection } from '../../src/pipeline/run/request.js';
import { AUDIT_SEED, START, testClock } from '../emulator/audit-seed.js';
import { client as rawClient, workspaceGrantBody } from '../emulator/helpers.js';
import { CANARY, json, type ScriptServer, scriptServer } from './script-server.js';

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ seed: AUDIT_SEED, profile: 'current', rateLimit: 0, now: testClock().read, ...options });
  closers.push(() => emu.stop());
  return emu;
}

function reader(emu: RunningEmulator, token: string): AuditTrailClient {
  const client = new TfeClient({ baseUrl: apiUrl(emu), token, retry: { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 } });
  closers.push(() => client.close());
  return new AuditTrailClient(client, { tokenSource: 'TFE_AUDIT_TOKEN', host: new URL(emu.url).host });
}

const LONG_AGO = '2026-01-01T00:00:00.000Z';

describe('reading the trail', () => {
  it('the events of grants and members in the tool vocabulary, oldest first, in one request', async () => {
    const emu = await emulator();
    const api = rawClient(emu);
    await api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }), 'ana-token');
    await api.post('/teams/team-obs/relationships/users', { data: [{ type: 'users', id: 'bo' }] }, 'ana-token');
    emu.resetLog();
    const read = await reader(emu, 'acme-audit-token').readAuditTrail(LONG_AGO);
    expect(read.kind).toBe('read');
    if (read.kind !== 'read') return;
    expect(read.pages).toBe(1);
    expect(read.events.map((e) => [e.resourceType, e.action, e.resourceId, e.team ?? e.user, e.actor.id, e.actor.name, e.actor.type])).toEqual([
      ['workspace', 'add_team', 'ws-net', 'team-obs', 'user-ana', 'ana', 'Client'],
      ['team', 'add_member', 'team-obs', 'bo', 'user-ana', 'ana', 'Client'],
    ]);
    expect(read.events[0]?.at).toBe(new Date(START).toISOString());
    expect(emu.requests.map((r) => `${r.path}?${decodeURIComponent(r.query)}`)).toEqual([
      `/api/v2/organization/audit-trail?since=${LONG_AGO}&page[number]=1&page[size]=1000`,
    ]);
  });

  it('follows next_page to the end: 2100 events in three pages, in order', async () => {
    const emu = await emulator();
    const events = Array.from({ length: 2100 }, (_, i) => ({
      timestamp: new Date(START - (2100 - i) * 1000).toISOString(),
      resource: { id: `ws-${i}`, type: 'workspace', action: 'remove_team', meta: { team: 'team-dev' } },
    }));
    await rawClient(emu).post('/emulator/organizations/acme/audit-events', { events });
    const read = await reader(emu, 'acme-org-token').readAuditTrail(LONG_AGO);
    expect(read).toMatchObject({ kind: 'read', pages: 3 });
    if (read.kind === 'read') expect(read.events.map((e) => e.resourceId)).toEqual(events.map((e) => e.resource.id));
  });

  it('a stopped run reads no further page', async () => {
    const emu = await emulator();
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await expect(reader(emu, 'acme-org-token').readAuditTrail(LONG_AGO, stop.signal)).rejects.toThrow('stopped');
    expect(emu.requests).toHaveLength(0);
  });
});

describe('against a scripted server', () => {
  const event = (id: string, at: string) => ({
    id,
    version: 0,
    type: 'Resource',
    timestamp: at,
    auth: { accessor_id: 'user-a', description: 'a', type: 'Client', impersonator_id: null, organization_id: 'org-x' },
    request: { id: 'r' },
    resource: { id: 'ws-1', type: 'workspace', action: 'add_team', meta: { team: 'team-1' } },
  });

  async function scriptedReader(...steps: Parameters<typeof scriptServer>[0]): Promise<{ server: ScriptServer; read: AuditTrailClient }> {
    const server = await scriptServer(steps);
    closers.push(() => server.close());
    const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: CANARY, retry: { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 } });
    closers.push(() => client.close());
    return { server, read: new AuditTrailClient(client, { tokenSource: 'TFE_AUDIT_TOKEN', host: 'h' }) };
  }

  it('next_page 0 ends the read (go-tfe decodes null so); an event on two pages is read once; newest-first pages come out oldest first', async () => {
    const { server, read } = await scriptedReader(
      json(200, { data: [event('b', '2026-11-20T10:00:02.000Z'), event('a', '2026-11-20T10:00:01.000Z')], pagination: { current_page: 1, next_page: 2 } }),
      json(200, { data: [event('a', '2026-11-20T10:00:01.000Z')], pagination: { current_page: 2, next_page: 0 } }),
    );
    const result = await read.readAuditTrail('2026-11-20T10:00:00Z');
    expect(result).toMatchObject({ kind: 'read', pages: 2 });
    if (result.kind === 'read') expect(result.events.map((e) => e.id)).toEqual(['a', 'b']);
    expect(server.seen.map((s) => decodeURIComponent(s.url))).toEqual([
      '/api/v2/organization/audit-trail?since=2026-11-20T10:00:00.000Z&page[number]=1&page[size]=1000',
      '/api/v2/organization/audit-trail?since=2026-11-20T10:00:00.000Z&page[number]=2&page[size]=1000',
    ]);
  });

  it('a next page that is not after the current one is a WireFormatError, not an endless read', async () => {
    const { server, read } = await scriptedReader(json(200, { data: [], pagination: { current_page: 1, next_page: 1 } }));
    await expect(read.readAuditTrail(LONG_AGO)).rejects.toThrow(WireFormatError);
    expect(server.seen).toHaveLength(1);
  });

  it('a 404 past the first page is an error, not "unavailable"', async () => {
    const { read } = await scriptedReader(json(200, { data: [], pagination: { current_page: 1, next_page: 2 } }), json(404, { errors: [{ status: '404' }] }));
    await expect(read.readAuditTrail(LONG_AGO)).rejects.toThrow(/404/);
  });
});

describe('a trail it cannot read: unavailable, with why in one line', () => {
  it.each([
    [
      'a user token',
      {},
      'ana-token',
      /^the audit token \(TFE_AUDIT_TOKEN\) is a user token, which cannot read the audit trail: an organization or audit-trail token can$/,
    ],
    [
      'a team token',
      {},
      'dev-token',
      /^the audit token \(TFE_AUDIT_TOKEN\) is a team token, which cannot read the audit trail: an organization or audit-trail token can$/,
    ],
    [
      'Terraform Enterprise',
      { auditTrail: 'tfe' },
      'acme-org-token',
      /^127\.0\.0\.1:\d+ is Terraform Enterprise, which has no audit trail \(HCP Terraform only\)$/,
    ],
    [
      'no entitlement',
      { auditTrail: 'no-entitlement' },
      'acme-org-token',
      /^the organization has no audit trail: HCP Terraform keeps one only for organizations whose plan includes audit logging$/,
    ],
    [
      'a server that says nothing of itself',
      { profile: 'seed' },
      'acme-org-token',
      /answers no audit trail for this token: Terraform Enterprise has none, and HCP Terraform only on plans with audit logging$/,
    ],
  ] as const)('%s', async (_name, options, token, detail) => {
    const emu = await emulator(options as EmulatorOptions);
    const read = await reader(emu, token).readAuditTrail(LONG_AGO);
    expect(read).toMatchObject({ kind: 'unavailable', reason: 'not-available' });
    if (read.kind === 'unavailable') {
      expect(read.detail).toMatch(detail);
      expect(read.detail).not.toContain('\n');
    }
  });

  it('a 401 (an expired audit-trail token) leaves the trail unavailable, with one line naming TFE_AUDIT_TOKEN and the host, never the token', async () => {
    const emu = await emulator();
    const token = 'not-a-token-7c2e.atlasv1.secret';
    const read = await reader(emu, token).readAuditTrail(LONG_AGO);
    expect(read.kind).toBe('unavailable');
    const detail = read.kind === 'unavailable' ? read.detail : '';
    expect(detail).toMatch(
      /^the audit token from TFE_AUDIT_TOKEN was refused by 127\.0\.0\.1:\d+ \(401\).*replace it with an organization or audit-trail token/,
    );
    expect(detail).not.toContain('\n');
    expect(detail).not.toContain(token);
  });
});

describe('organizationCreatedAt', () => {
  it("the organization's created-at, from the seed or the clock; undefined where the token sees no organization", async () => {
    const emu = await emulator();
    const client = new TfeClient({ baseUrl: apiUrl(emu), token: 'acme-org-token' });
    closers.push(() => client.close());
    expect(await client.organizationCreatedAt('acme')).toBe('2026-01-02T03:04:05.000Z');
    expect(await client.organizationCreatedAt('globex')).toBeUndefined();
  });
});

describe('openAuditTrail', () => {
  const connection = (emu: RunningEmulator, env: Record<string, string>): RunConnection => ({
    env,
    address: emu.url,
    homeDir: '/nonexistent-home',
    rateLimit: 0,
    concurrency: 2,
  });

  it('none without an audit token (TFE_TOKEN is not one)', async () => {
    const emu = await emulator();
    expect(openAuditTrail(connection(emu, { TFE_TOKEN: 'acme-org-token' }))).toEqual({ kind: 'none' });
  });

  it('a reader on the same address with TFE_AUDIT_TOKEN', async () => {
    const emu = await emulator();
    await rawClient(emu).post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }), 'acme-org-token');
    const opened = openAuditTrail(connection(emu, { TFE_AUDIT_TOKEN: 'acme-audit-token' }));
    expect(opened.kind).toBe('token');
    if (opened.kind !== 'token') return;
    closers.push(() => opened.close());
    const read = await opened.reader.readAuditTrail(LONG_AGO);
    expect(read).toMatchObject({ kind: 'read', pages: 1, events: [{ action: 'add_team', resourceId: 'ws-net', team: 'team-obs' }] });
    expect(emu.requests.at(-1)?.identity).toBe('audit:acme');
  });
});
