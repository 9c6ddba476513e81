// The client's view of the server (docs/api.md, "Server capabilities"): one ping per client, and the
// rate limit the server announces, heeded from the answer that announces it (docs/connecting.md, "Rate limit and
// concurrency"). Against scripted local servers.
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientOptions, TfeClient } from '../../src/api/client.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { CANARY, empty, json, type ScriptServer, type Step, scriptServer } from './script-server.js';

const PING_HEADERS = { 'TFP-AppName': 'Terraform Enterprise', 'TFP-API-Version': '2.6.0', 'X-TFE-Version': 'v202604-1', 'X-TFE-Current-Version': '1.2.0' };
const EMPTY_LIST = (headers: Record<string, string> = {}): Step => json(200, { data: [] }, headers);

let servers: ScriptServer[] = [];
let clients: TfeClient[] = [];

async function setup(steps: Step[], options: Partial<ClientOptions> = {}): Promise<{ server: ScriptServer; client: TfeClient }> {
  const server = await scriptServer(steps);
  const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: CANARY, retry: { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 }, ...options });
  servers.push(server);
  clients.push(client);
  return { server, client };
}

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
});

describe('serverInfo: the ping', () => {
  it('reads the versions from GET /api/v2/ping, once per client however often it is asked', async () => {
    const { server, client } = await setup([empty(204, { ...PING_HEADERS, 'X-RateLimit-Limit': '30' })]);
    const [first, second] = await Promise.all([client.serverInfo(), client.serverInfo()]);
    expect(await client.serverInfo()).toBe(first);
    expect(second).toBe(first);
    expect(first).toEqual({ pinged: true, app: 'Terraform Enterprise', apiVersion: '2.6.0', version: 'v202604-1', numericVersion: '1.2.0', rateLimit: 30 });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/v2/ping']);
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${CANARY}`);
  });
  it('takes a 404 as a server without ping: nothing known', async () => {
    const { client } = await setup([json(404, { errors: [{ status: '404', title: 'not found' }] })]);
    expect(await client.serverInfo()).toEqual({ pinged: false });
  });
  it('fails on any other error, as every read does', async () => {
    const { client } = await setup([json(401, { errors: [{ status: '401', title: 'unauthorized' }] })]);
    await expect(client.serverInfo()).rejects.toBeInstanceOf(RemoteError);
  });
});

describe('the announced rate limit', () => {
  it('a lower X-RateLimit-Limit on any answer lowers the rate, says so once, and is never raised again', async () => {
    const told: Array<[number, number]> = [];
    const { client } = await setup(
      [EMPTY_LIST({ 'X-RateLimit-Limit': '12' }), EMPTY_LIST({ 'X-RateLimit-Limit': '12' }), EMPTY_LIST({ 'X-RateLimit-Limit': '50' })],
      {
        rateLimit: 30,
        onRateLimit: (announced, previous) => told.push([announced, previous]),
      },
    );
    for (let i = 0; i < 3; i++) await client.listGrants({ type: 'project', id: 'prj-1' });
    expect(told).toEqual([[12, 30]]);
  });
  it('a higher one never raises the rate above --rate-limit', async () => {
    const told: Array<[number, number]> = [];
    const { client } = await setup([EMPTY_LIST({ 'X-RateLimit-Limit': '100' })], { rateLimit: 30, onRateLimit: (a, p) => told.push([a, p]) });
    await client.listGrants({ type: 'project', id: 'prj-1' });
    expect(told).toEqual([]);
  });
  it('--rate-limit 0 (none) still keeps to a limit the server announces', async () => {
    const told: Array<[number, number]> = [];
    const { client } = await setup([EMPTY_LIST({ 'X-RateLimit-Limit': '12' })], { rateLimit: 0, onRateLimit: (a, p) => told.push([a, p]) });
    await client.listGrants({ type: 'project', id: 'prj-1' });
    expect(told).toEqual([[12, 0]]);
  });
  it('the ping announces 3 per second: no later second holds more than 3 arrivals, the ping included', async () => {
    const { server, client } = await setup([empty(204, { 'X-RateLimit-Limit': '3' }), EMPTY_LIST()], { rateLimit: 1000 });
    await client.serverInfo();
    await Promise.all(Array.from({ length: 8 }, (_, i) => client.listGrants({ type: 'project', id: `prj-${i}` })));
    const arrivals = server.seen.map((s) => s.at);
    expect(arrivals).toHaveLength(9);
    for (const t of arrivals) expect(arrivals.filter((a) => a >= t && a < t + 1000).length).toBeLessThanOrEqual(3);
  }, 20_000);
});
