// The client's `accountDetails()` (docs/api.md, "Account details"): one request per client however
// often asked, undefined from a server without the endpoint (404), and every token kind of the
// emulator read end to end.
import { afterEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { WireFormatError } from '../../src/api/errors/wire-format-error.js';
import { apiUrl, DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { withEmulator } from '../emulator/helpers.js';
import { CANARY, json, type ScriptServer, scriptServer } from './script-server.js';

const TEAM_DOCUMENT = {
  data: {
    id: 'user-Svc1Team2Abc3De',
    type: 'users',
    attributes: { username: 'api-team_4kQ9zX', 'is-service-account': true },
    relationships: { 'authenticated-resource': { data: { id: 'team-Hb7Yp2Ws9QeR4tUv', type: 'teams' } } },
  },
};

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

function clientOf(baseUrl: string, token: string): TfeClient {
  const client = new TfeClient({ baseUrl, token, retry: { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 } });
  closers.push(() => client.close());
  return client;
}

async function scripted(...steps: Parameters<typeof scriptServer>[0]): Promise<{ server: ScriptServer; client: TfeClient }> {
  const server = await scriptServer(steps);
  closers.push(() => server.close());
  return { server, client: clientOf(`${server.url}/api/v2`, CANARY) };
}

describe('accountDetails', () => {
  it('reads GET /api/v2/account/details once per client however often it is asked', async () => {
    const { server, client } = await scripted(json(200, TEAM_DOCUMENT));
    const [first, second] = await Promise.all([client.accountDetails(), client.accountDetails()]);
    expect(await client.accountDetails()).toBe(first);
    expect(second).toBe(first);
    expect(first).toEqual({
      kind: 'team',
      userId: 'user-Svc1Team2Abc3De',
      username: 'api-team_4kQ9zX',
      serviceAccount: true,
      resourceId: 'team-Hb7Yp2Ws9QeR4tUv',
    });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/v2/account/details']);
  });

  it('a 404 is a server without the endpoint: undefined', async () => {
    const { client } = await scripted(json(404, { errors: [{ status: '404', title: 'not found' }] }));
    expect(await client.accountDetails()).toBeUndefined();
  });

  it('any other error fails as every read does; a malformed body is a WireFormatError', async () => {
    const refused = await scripted(json(401, { errors: [{ status: '401', title: 'unauthorized' }] }));
    await expect(refused.client.accountDetails()).rejects.toBeInstanceOf(RemoteError);
    const malformed = await scripted(json(200, { data: { id: 'user-1', type: 'users', attributes: { username: 'x' } } }));
    await expect(malformed.client.accountDetails()).rejects.toBeInstanceOf(WireFormatError);
  });

  it('against the emulator: the admin token, an organization token and a team token', async () => {
    const emu: RunningEmulator = await withEmulator();
    closers.push(() => emu.stop());
    const of = (token: string) => clientOf(apiUrl(emu), token).accountDetails();
    expect(await of(DEFAULT_ADMIN_TOKEN)).toMatchObject({ kind: 'user', username: 'admin', serviceAccount: false });
    const admin = await of(DEFAULT_ADMIN_TOKEN);
    expect(admin?.resourceId).toBe(admin?.userId);
    expect(await of('acme-org-token')).toMatchObject({ kind: 'organization', serviceAccount: true, resourceId: 'acme' });
    expect(await of('dev-token')).toMatchObject({ kind: 'team', serviceAccount: true, resourceId: 'team-dev', username: expect.stringMatching(/^api-team_/) });
  });
});
