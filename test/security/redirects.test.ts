// Redirects are never followed with the token (issue 9, build 4): a server answering 301, 302,
// 303, 307 or 308 towards another loopback port, for a read and for each kind of write. The other
// port never receives a request; the run ends with one line naming the status.
import { describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { empty, json, type ScriptServer, scriptServer } from '../api/script-server.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { CANARY, cleanedAfterEach, expectClean } from './canary.js';

const { servers, dirs } = cleanedAfterEach();

const STATUSES = [301, 302, 303, 307, 308];

async function redirecting(status: number): Promise<{ from: ScriptServer; to: ScriptServer }> {
  const to = await scriptServer([json(200, { data: [] })]);
  const from = await scriptServer([(res, seen) => empty(status, { location: `${to.url}${seen.url}` })(res, seen)]);
  servers.push(from, to);
  return { from, to };
}

describe('redirects to another host', () => {
  it.each(STATUSES)('%i: plan fails on one line and the other port never sees a request', async (status) => {
    const { from, to } = await redirecting(status);
    const dir = await writeDesired('organization: acme\nprojects:\n  platform:\n    teams:\n      developers: read\n');
    dirs.push(dir);
    const run = await runCli(['plan', dir, '--rate-limit', '0'], { env: { TFE_TOKEN: CANARY, TFE_ADDRESS: from.url } });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`^tfe-access plan: [^\\n]*${status}[^\\n]*redirects are not followed[^\\n]*\\n$`));
    expect(from.seen.length).toBeGreaterThan(0);
    expect(to.seen).toEqual([]);
    await expectClean(`redirect ${status}`, [run.out, run.err]);
  });

  it.each(STATUSES)('%i: writes (POST, PATCH, DELETE) are not followed either', async (status) => {
    const { from, to } = await redirecting(status);
    const client = new TfeClient({ baseUrl: `${from.url}/api/v2`, token: CANARY, rateLimit: 0 });
    try {
      const access = { access: 'read' as const, permissions: {} };
      await expect(client.addGrant({ type: 'project', id: 'prj-1' }, 'team-1', access)).rejects.toThrow(String(status));
      await expect(client.updateGrant('team-projects', 'tprj-1', access)).rejects.toThrow(String(status));
      await expect(client.removeGrant('team-projects', 'tprj-1')).rejects.toThrow(String(status));
    } finally {
      await client.close();
    }
    expect(from.seen.map((s) => s.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    expect(to.seen).toEqual([]);
  });
});
