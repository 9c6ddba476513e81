// Bugs the chaos suite found, pinned down one by one with the executor's fake API.
import { afterEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { applyChanges } from '../../src/apply/executor.js';
import { MAX_UNANSWERED_ADDS, MAX_WRITES_PER_CHANGE } from '../../src/apply/steps.js';
import type { Change } from '../../src/core/plan.js';
import { json, type ScriptServer, scriptServer } from '../api/script-server.js';
import { type Call, FakeGrantApi } from '../apply/fake-grant-api.js';
import { access, teamId } from '../support/states.js';

let server: ScriptServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PRJ = { type: 'project', name: 'platform', id: 'prj-platform' } as const;
const ADD: Change = {
  action: 'add',
  resource: 'team-projects',
  team: { name: 'dev', id: teamId('dev') },
  target: PRJ,
  after: access('team-projects', 'write'),
};

/** The first `n` POSTs answer 502 (nothing created); everything after works. */
function failingPosts(n: number): (call: Call) => 'server-error' | undefined {
  let seen = 0;
  return (call) => (call.kind === 'add' && seen++ < n ? 'server-error' : undefined);
}

describe('chaos regressions', () => {
  it('regression: an add whose POST met three 5xx answers in a row failed (seed 1246 of the long run), though re-sending it is as safe as a first attempt', async () => {
    const api = new FakeGrantApi([], failingPosts(MAX_WRITES_PER_CHANGE));
    const report = await applyChanges([ADD], api);
    expect(report.converged).toBe(true);
    expect(api.of(PRJ.id).map((g) => g.teamId)).toEqual([teamId('dev')]);
    // Every resend came after a read of the target showed the grant absent.
    const kinds = api.calls.map((c) => c.kind);
    expect(kinds).toEqual(['add', 'list', 'add', 'list', 'add', 'list', 'add']);
  });

  it('still gives up, reported, after MAX_UNANSWERED_ADDS unanswered POSTs', async () => {
    const api = new FakeGrantApi([], failingPosts(Number.POSITIVE_INFINITY));
    const report = await applyChanges([ADD], api);
    expect(report.converged).toBe(false);
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/No reliable answer/) });
    expect(api.calls.filter((c) => c.kind === 'add')).toHaveLength(MAX_UNANSWERED_ADDS);
    expect(api.of(PRJ.id)).toEqual([]);
  });

  it('regression: a DELETE that met a 5xx, then 404 "not allowed", was reported applied though the grant was still there (found by the chaos runs with a read-only token)', async () => {
    const grant = {
      id: 'tprj-1',
      type: 'team-projects',
      attributes: { access: 'read' },
      relationships: { team: { data: { id: 'team-dev' } }, project: { data: { id: PRJ.id } } },
    };
    // DELETE: 502 (maybe applied), then 404 (gone, or not allowed); the list still holds the grant.
    server = await scriptServer([json(502, {}), json(404, { errors: [{ status: '404', title: 'not found' }] }), json(200, { data: [grant] })]);
    const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: 't', rateLimit: 0, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const remove: Change = {
      action: 'remove',
      resource: 'team-projects',
      id: 'tprj-1',
      team: { name: 'dev', id: 'team-dev' },
      target: PRJ,
      before: access('team-projects', 'read'),
    };
    try {
      const report = await applyChanges([remove], client);
      expect(report.outcomes[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/404.*still there/) });
      expect(server.seen.map((s) => s.method)).toEqual(['DELETE', 'DELETE', 'GET']);
    } finally {
      await client.close();
    }
  });

  it('a DELETE whose 404 after a lost answer is confirmed by the list is applied', async () => {
    server = await scriptServer([json(502, {}), json(404, {}), json(200, { data: [] })]);
    const client = new TfeClient({ baseUrl: `${server.url}/api/v2`, token: 't', rateLimit: 0, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const remove: Change = {
      action: 'remove',
      resource: 'team-projects',
      id: 'tprj-1',
      team: { name: 'dev', id: 'team-dev' },
      target: PRJ,
      before: access('team-projects', 'read'),
    };
    try {
      const report = await applyChanges([remove], client);
      expect(report.outcomes[0]).toMatchObject({ status: 'applied', note: { kind: 'answer-lost-gone' } });
    } finally {
      await client.close();
    }
  });
});
