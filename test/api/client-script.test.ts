// The client against scripted local servers: exact retry, rate-limit, error and redirect behaviour.

import { afterEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { OutcomeUnknownError } from '../../src/api/errors/outcome-unknown-error.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { TransportError } from '../../src/api/errors/transport-error.js';
import { WireFormatError } from '../../src/api/errors/wire-format-error.js';
import { MAX_BODY_BYTES } from '../../src/api/http.js';
import type { RequestEvent } from '../../src/api/session.js';
import { customAccess } from '../../src/core/permissions.js';
import { CLIError } from '../../src/errors.js';
import { CANARY, drop, dropMidBody, empty, expectNoCanary, failure, json, type ScriptServer, type Step, scriptServer } from './script-server.js';

const grant = (id = 'tprj-1', access = 'read') => ({
  id,
  type: 'team-projects',
  attributes: { access },
  relationships: { team: { data: { id: 'team-1', type: 'teams' } }, project: { data: { id: 'prj-1', type: 'projects' } } },
});
const OK_GRANT = json(200, { data: grant() });
const CUSTOM = customAccess('team-projects', {});
const FAST_RETRY = { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 };

let servers: ScriptServer[] = [];
let events: RequestEvent[] = [];
let clients: TfeClient[] = [];

async function setup(steps: Step[], retry: object = FAST_RETRY): Promise<{ server: ScriptServer; client: TfeClient }> {
  const server = await scriptServer(steps);
  const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: CANARY, retry, onRequest: (e) => events.push(e) });
  servers.push(server);
  clients.push(client);
  return { server, client };
}

afterEach(async () => {
  expectNoCanary(events);
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
  events = [];
});

describe('requests', () => {
  it('send the token only as a Bearer header, with the JSON:API media type, below the API root', async () => {
    const { server, client } = await setup([OK_GRANT]);
    await client.updateGrant('team-projects', 'tprj-1', CUSTOM);
    const [seen] = server.seen;
    expect(seen!.headers.authorization).toBe(`Bearer ${CANARY}`);
    expect(seen!.headers['content-type']).toBe('application/vnd.api+json');
    expect(seen!.headers.accept).toBe('application/vnd.api+json');
    expect(seen!.url).toBe('/api/v2/team-projects/tprj-1');
    expect(JSON.parse(seen!.body).data.attributes['project-access']).toEqual({ settings: 'read', teams: 'none', 'variable-sets': 'none' });
  });
  it('keep the token out of the client object itself', async () => {
    const { client } = await setup([OK_GRANT]);
    expectNoCanary(client);
  });
  it('ask for pages of 100 with encoded brackets', async () => {
    const { server, client } = await setup([json(200, { data: [grant()] })]);
    expect(await client.listGrants({ type: 'project', id: 'prj-1' })).toHaveLength(1);
    expect(server.seen[0]!.url).toBe('/api/v2/team-projects?filter%5Bproject%5D%5Bid%5D=prj-1&page%5Bnumber%5D=1&page%5Bsize%5D=100');
  });
});

describe('retries', () => {
  it('retry 5xx and dropped connections for GET, PATCH and DELETE', async () => {
    const { server, client } = await setup([
      json(503, { errors: [] }),
      json(502, {}),
      drop,
      dropMidBody,
      json(200, { data: [grant()] }),
      drop,
      json(500, {}),
      OK_GRANT,
      drop,
      empty(204),
    ]);
    expect(await client.listGrants({ type: 'project', id: 'prj-1' })).toHaveLength(1);
    expect(server.seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET']);
    await client.updateGrant('team-projects', 'tprj-1', CUSTOM);
    await client.removeGrant('team-projects', 'tprj-1');
    expect(server.seen.map((s) => s.method).slice(5)).toEqual(['PATCH', 'PATCH', 'PATCH', 'DELETE', 'DELETE']);
    expect(events.filter((e) => e.retryInMs !== undefined)).toHaveLength(7);
  });
  it('never resend a POST after a 5xx or a dropped connection: the outcome is unknown', async () => {
    for (const step of [json(502, {}), drop, dropMidBody]) {
      const { server, client } = await setup([step, OK_GRANT]);
      const error = await failure(() => client.addGrant({ type: 'project', id: 'prj-1' }, 'team-1', CUSTOM));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toBeInstanceOf(CLIError);
      expect(error.message).toContain(`POST /team-projects on ${server.url}/api/v2: the change may or may not have been made`);
      expect(server.seen).toHaveLength(1);
    }
  });
  it('take a DELETE that answers 404 after a lost answer as done', async () => {
    const { server, client } = await setup([drop, json(404, { errors: [{ status: '404', title: 'not found' }] })]);
    await client.removeGrant('team-workspaces', 'tws-1');
    expect(server.seen).toHaveLength(2);
  });
  it('wait X-RateLimit-Reset (or Retry-After) after a 429, even for a POST', async () => {
    const limited = (headers: Record<string, string>) => json(429, { errors: [{ status: 429, title: 'Too many requests' }] }, headers);
    const { server, client } = await setup([limited({ 'x-ratelimit-reset': '0.25' }), limited({ 'retry-after': '1' }), OK_GRANT]);
    await client.addGrant({ type: 'project', id: 'prj-1' }, 'team-1', CUSTOM);
    const [a, b, c] = server.seen;
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(249);
    expect(c!.at - b!.at).toBeGreaterThanOrEqual(999);
  });
  it('give up after the retry budget with the last error', async () => {
    const { server, client } = await setup([json(503, { errors: ['maintenance'] })], { ...FAST_RETRY, retries: 2 });
    const error = await failure(() => client.listTeams('acme'));
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.message).toBe(
      'Request failed with status 503: GET /organizations/acme/teams?page[number]=1&page[size]=100: the service failed (a server-side error): maintenance',
    );
    expect(server.seen).toHaveLength(3);
  });
  it('report a refused connection as a TransportError naming the request', async () => {
    const { server, client } = await setup([drop], { ...FAST_RETRY, retries: 1 });
    await server.close();
    const error = await failure(() => client.listTeams('acme'));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toMatch(/^Request failed without an answer \(ECONNREFUSED\): GET \/organizations\/acme\/teams/);
  });
});

describe('errors', () => {
  it.each([
    [401, { errors: [{ status: '401', title: 'unauthorized' }] }, /status 401: GET .*: the token was rejected/],
    [404, { errors: [{ status: '404', title: 'not found' }] }, /status 404: GET .*: not found, or the token may not see it/],
    [
      422,
      { errors: [{ status: '422', title: 'invalid attribute', detail: 'Runs is read-only', source: { pointer: '/data/attributes/runs' } }] },
      /: invalid attribute: Runs is read-only \(\/data\/attributes\/runs\)$/,
    ],
    [422, { errors: ['Team has already been taken'] }, /: Team has already been taken$/],
    [500, `<html>${CANARY}</html>`, /status 500/],
  ])('%i %j', async (status, body, message) => {
    const { client } = await setup([json(status, body)], { retries: 0 });
    const error = await failure(() => client.listGrants({ type: 'workspace', id: 'ws-1' }));
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).status).toBe(status);
    expect(error.message).toMatch(message);
  });
  it('carry the error objects, numeric statuses read as strings, and redact an echoed token', async () => {
    const { client } = await setup([json(422, { errors: [{ status: 422, title: 'invalid', detail: `token ${CANARY} echoed` }] })]);
    const error = (await failure(() => client.updateGrant('team-projects', 'tprj-1', CUSTOM))) as RemoteError;
    expect(error.message.startsWith('Request failed with status 422: PATCH /team-projects/tprj-1')).toBe(true);
    expect(error.errors).toEqual([{ status: '422', title: 'invalid', detail: 'token [redacted] echoed' }]);
  });
  it('never follow a redirect to another host with the token', async () => {
    const other = await scriptServer([OK_GRANT]);
    servers.push(other);
    const { client } = await setup([empty(302, { location: `${other.url}/api/v2/team-projects/tprj-1` })]);
    const error = await failure(() => client.updateGrant('team-projects', 'tprj-1', CUSTOM));
    expect(error.message).toMatch(/status 302: PATCH .*redirects are not followed/);
    expect(other.seen).toHaveLength(0);
  });
  it('refuse a success body it cannot read', async () => {
    const { client } = await setup([json(200, { data: { id: 'tprj-1', type: 'team-projects', attributes: {} } })]);
    const error = await failure(() => client.updateGrant('team-projects', 'tprj-1', CUSTOM));
    expect(error).toBeInstanceOf(WireFormatError);
    expect(error.message).toBe('Unreadable answer to PATCH /team-projects/tprj-1: data.attributes.access is missing, expected a string');
  });
  it('refuse a body over the size cap without reading it all', async () => {
    const huge = 'x'.repeat(MAX_BODY_BYTES + 1);
    const { client } = await setup([(res) => res.writeHead(200, { 'content-type': 'application/vnd.api+json' }).end(huge)]);
    const error = await failure(() => client.listTeams('acme'));
    expect(error).toBeInstanceOf(WireFormatError);
    expect(error.message).toMatch(/larger than 16777216 bytes/);
  });
  it('refuse a list holding grants of another target', async () => {
    const { client } = await setup([json(200, { data: [grant()] })]);
    const error = await failure(() => client.listGrants({ type: 'project', id: 'prj-2' }));
    expect(error.message).toMatch(/holds tprj-1 of prj-1, not of prj-2/);
  });
});

const page = (ids: string[], current: number, totalPages: number, totalCount: number, next: number | null = current < totalPages ? current + 1 : null) =>
  json(200, {
    data: ids.map((id) => grant(id)),
    meta: {
      pagination: { 'current-page': current, 'page-size': 100, 'prev-page': null, 'next-page': next, 'total-pages': totalPages, 'total-count': totalCount },
    },
  });

describe('pagination guards', () => {
  it('follow meta.pagination to the end', async () => {
    const { server, client } = await setup([page(['a', 'b'], 1, 3, 5), page(['c', 'd'], 2, 3, 5), page(['e'], 3, 3, 5)]);
    expect((await client.listGrants({ type: 'project', id: 'prj-1' })).map((g) => g.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('page[number]'))).toEqual(['1', '2', '3']);
  });
  it('read a list again from page 1 once when its pages disagreed', async () => {
    const { server, client } = await setup([page(['a'], 1, 2, 2), page(['b', 'c'], 2, 2, 3), page(['a', 'b'], 1, 2, 3), page(['c'], 2, 2, 3)]);
    expect((await client.listGrants({ type: 'project', id: 'prj-1' })).map((g) => g.id)).toEqual(['a', 'b', 'c']);
    expect(server.seen).toHaveLength(4);
  });
  it.each([
    ['a loop', [page(['a'], 1, 3, 3), page(['b'], 2, 3, 3, 1)], /page 2 points to page 1/],
    ['a total that changes', [page(['a'], 1, 2, 2), page(['b', 'c'], 2, 2, 3)], /total changed from 2 to 3/],
    ['a count that disagrees', [page(['a'], 1, 2, 3), page(['b'], 2, 2, 3)], /read 2 items, the service counted 3/],
    ['a repeated item', [page(['a'], 1, 2, 2), page(['a'], 2, 2, 2)], /a appeared on two pages/],
    ['a wrong page', [page(['a'], 1, 2, 2), page(['b'], 1, 2, 2, null)], /asked for page 2, got page 1/],
    ['too many pages', [page(['a'], 1, 5000, 500000)], /more than the limit of 1000/],
  ])('stop %s, after reading the list twice', async (_name, steps, message) => {
    const { server, client } = await setup([...steps, ...steps]);
    const error = await failure(() => client.listGrants({ type: 'project', id: 'prj-1' }));
    expect(error).toBeInstanceOf(WireFormatError);
    expect(error.message).toMatch(message);
    expect(server.seen).toHaveLength(2 * steps.length);
  });
});
