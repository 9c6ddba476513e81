// A TfeClient against a scripted server (script-server.ts), with short retries, both closed after
// each test of the file that calls `scriptedClients()`: the setup the client's scripted suites share
// (`options` overrides the client's, as the stall suite's short timeouts do).
import { afterEach } from 'vitest';
import { type ClientOptions, TfeClient } from '../../src/api/client.js';
import { CANARY, type ScriptServer, type Step, scriptServer } from './script-server.js';

export function scriptedClients(options: Partial<ClientOptions> = {}): (steps: Step[]) => Promise<{ server: ScriptServer; client: TfeClient }> {
  let servers: ScriptServer[] = [];
  let clients: TfeClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    clients = [];
  });
  return async (steps) => {
    const server = await scriptServer(steps);
    const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: CANARY, retry: { baseDelayMs: 2, maxDelayMs: 10, jitterMs: 5 }, ...options });
    servers.push(server);
    clients.push(client);
    return { server, client };
  };
}
