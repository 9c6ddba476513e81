// A server that does not answer at all (issue 14, finding 6): consecutive connection failures trip
// a breaker that ends the run on one line naming the address, instead of every request spending
// its whole retry budget; and every transport error names the address it tried.

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { ServerUnreachableError } from '../../src/api/errors/server-unreachable-error.js';
import { TransportError } from '../../src/api/errors/transport-error.js';
import type { RequestEvent } from '../../src/api/session.js';
import { runCli } from '../support/cli.js';
import { CANARY, dropMidBody, failure, type ScriptServer, scriptServer } from './script-server.js';

/** A loopback port nobody listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const FAST_RETRY = { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 };
let servers: ScriptServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('a dead server', () => {
  it('regression: plan --address of a closed port takes 26 s and never names the address', async () => {
    const port = await closedPort();
    const run = await runCli(['plan', 'examples/acme', '--address', `http://127.0.0.1:${port}`], { env: { TFE_TOKEN: CANARY } });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^tfe-access plan: [^\n]+\n$/);
    expect(run.err).toContain(`http://127.0.0.1:${port}/api/v2`);
    expect(run.err).toContain('ECONNREFUSED');
    expect(run.err).not.toContain(CANARY);
  }, 20_000);

  it('trips the breaker after 5 connection failures in a row, across requests, then sends nothing', async () => {
    const port = await closedPort();
    const events: RequestEvent[] = [];
    const unreachable: Error[] = [];
    const client = new TfeClient({
      baseUrl: `http://127.0.0.1:${port}/api/v2`,
      token: CANARY,
      retry: FAST_RETRY,
      onRequest: (e) => events.push(e),
      onUnreachable: (e) => unreachable.push(e),
    });
    try {
      const errors = await Promise.all(
        [client.listTeams('acme'), client.listProjects('acme'), client.showWorkspace('ws-1')].map((p) =>
          p.then(
            () => undefined,
            (e: unknown) => e,
          ),
        ),
      );
      for (const error of errors) expect(error).toBeInstanceOf(ServerUnreachableError);
      expect((errors[0] as Error).message).toBe(
        `the API at http://127.0.0.1:${port}/api/v2 is not answering: 5 connection attempts in a row failed (ECONNREFUSED). Check the address and that the service is up.`,
      );
      // The fifth failure trips it; at most the two other requests' attempts were in flight then.
      const refused = events.filter((e) => e.error === 'ECONNREFUSED').length;
      expect(refused).toBeGreaterThanOrEqual(5);
      expect(refused).toBeLessThanOrEqual(7);
      expect(unreachable).toHaveLength(1);
      const later = await failure(() => client.listTeams('acme'));
      expect(later).toBeInstanceOf(ServerUnreachableError);
      expect(events).toHaveLength(refused);
    } finally {
      await client.close();
    }
  });

  it('does not count a connection broken mid-answer (a live server with a flaky network) and names the address', async () => {
    const server = await scriptServer([dropMidBody]);
    servers.push(server);
    const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: CANARY, retry: { ...FAST_RETRY, retries: 7 } });
    try {
      const error = await failure(() => client.listTeams('acme'));
      expect(error).toBeInstanceOf(TransportError);
      expect(server.seen).toHaveLength(8);
      expect(error.message).toMatch(new RegExp(`^Request failed without an answer \\(\\w+\\): GET /organizations/acme/teams\\S* on ${server.url}/api/v2: `));
    } finally {
      await client.close();
    }
  });
});
