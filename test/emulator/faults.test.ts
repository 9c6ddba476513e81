// Injected faults over real HTTP: reproducible under a random seed, and each kind doing what later
// issues rely on (a lost answer is applied, a dropped request is not).
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT_BURST_LENGTH } from '../../src/emulator/faults.js';
import type { FaultOptions, RunningEmulator } from '../../src/emulator/types.js';
import { client, projectGrantBody, withEmulator } from './helpers.js';

const running: RunningEmulator[] = [];
async function start(randomSeed: number, faults: FaultOptions = {}): Promise<RunningEmulator> {
  const emu = await withEmulator({ randomSeed, faults });
  running.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.stop()));
});

const MIXED: FaultOptions = { errorRate: 0.15, rateLimitBurstRate: 0.03, dropRate: 0.1, lostAnswerRate: 0.2 };

/** A fixed sequence of reads and writes, sent one after the other; returns "status/fault" per request. */
async function run(emu: RunningEmulator): Promise<string[]> {
  const api = client(emu);
  for (let i = 0; i < 60; i += 1) {
    const attempt =
      i % 4 === 0
        ? api.patch('/team-projects/tprj-vault', { data: { attributes: { access: i % 8 === 0 ? 'read' : 'write' } } })
        : api.get('/team-projects/tprj-dev');
    await attempt.catch(() => undefined);
  }
  return emu.requests.map((r) => `${r.method} ${r.status} ${r.fault ?? '-'}`);
}

describe('faults over HTTP', () => {
  it('the same random seed gives the same fault sequence', async () => {
    const a = await run(await start(1234, MIXED));
    const b = await run(await start(1234, MIXED));
    expect(a).toEqual(b);
    expect(new Set(a.map((s) => s.split(' ')[2]))).toEqual(new Set(['-', 'error', 'rate-limit', 'drop', 'lost-answer']));
  });

  it('another random seed gives another sequence', async () => {
    const a = await run(await start(1, MIXED));
    const b = await run(await start(2, MIXED));
    expect(a).not.toEqual(b);
  });

  it('a lost answer is applied: the connection drops, the grant exists', async () => {
    const emu = await start(5, { lostAnswerRate: 1 });
    const api = client(emu);
    await expect(api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'read' }))).rejects.toThrow();
    // Reads never lose their answer.
    const list = await api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-other');
    expect(list.body.data.map((g: any) => g.relationships.team.data.id)).toEqual(['team-sre']);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', status: 0, fault: 'lost-answer' });
  });

  it('a dropped connection is not applied', async () => {
    const emu = await start(5, { dropRate: 1 });
    const api = client(emu);
    await expect(api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'read' }))).rejects.toThrow();
    await expect(api.get('/team-projects/tprj-dev')).rejects.toThrow();
    emu.setFaults({});
    expect((await api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-other')).body.data).toEqual([]);
    expect(emu.requests.slice(0, 2).map((r) => [r.status, r.fault])).toEqual([
      [0, 'drop'],
      [0, 'drop'],
    ]);
  });

  it('server errors answer 500/502/503 with an error body and change nothing', async () => {
    const emu = await start(8, { errorRate: 1 });
    const api = client(emu);
    const replies = [];
    for (let i = 0; i < 12; i += 1) replies.push(await api.del('/team-projects/tprj-dev'));
    expect(replies.every((r) => [500, 502, 503].includes(r.status) && r.body.errors[0].status === String(r.status))).toBe(true);
    emu.setFaults({});
    expect((await api.get('/team-projects/tprj-dev')).status).toBe(200);
    expect(emu.counters().faults).toBe(12);
  });

  it('a 429 burst answers several requests in a row with the real 429 body and headers', async () => {
    const emu = await start(8, { rateLimitBurstRate: 1 });
    const api = client(emu);
    const first = await api.get('/team-projects/tprj-dev');
    emu.setFaults({});
    const next = [];
    for (let i = 0; i < RATE_LIMIT_BURST_LENGTH; i += 1) next.push((await api.get('/team-projects/tprj-dev')).status);
    expect(first.status).toBe(429);
    expect(first.body.errors[0].status).toBe(429);
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    expect(first.headers.get('x-ratelimit-limit')).toBe('30');
    expect(next).toEqual([...Array.from({ length: RATE_LIMIT_BURST_LENGTH - 1 }, () => 429), 200]);
    expect(emu.counters()).toMatchObject({ rateLimited: RATE_LIMIT_BURST_LENGTH, faults: RATE_LIMIT_BURST_LENGTH });
  });

  it('latency delays every answer by at least the configured time (log timestamps)', async () => {
    const emu = await start(8, { latencyMs: 25, jitterMs: 10 });
    await client(emu).get('/team-projects/tprj-dev');
    const record = emu.requests[0]!;
    expect(record.end - record.start).toBeGreaterThanOrEqual(25);
    expect(record.status).toBe(200);
  });

  it('the log names identities, never tokens, and resetLog empties it', async () => {
    const emu = await start(8);
    const canary = 'canary-token-must-never-be-logged';
    await client(emu, canary).get('/team-projects/tprj-dev');
    await client(emu, 'dev-token').get('/team-projects/tprj-dev');
    await client(emu, null).get('/team-projects/tprj-dev');
    await client(emu).get('/team-projects/tprj-dev');
    await client(emu, 'acme-org-token').get('/team-projects/tprj-dev');
    expect(emu.requests.map((r) => r.identity)).toEqual(['invalid', 'team:team-dev', 'anonymous', 'admin', 'org:acme']);
    const logged = JSON.stringify(emu.requests);
    for (const token of [canary, 'dev-token', 'acme-org-token', 'tfe-access-emulator-admin']) expect(logged).not.toContain(token);
    expect(emu.counters()).toMatchObject({ total: 5, byStatus: { 200: 3, 401: 2 } });
    expect(emu.requests[0]!.start).toBeLessThanOrEqual(emu.requests[1]!.start);
    emu.resetLog();
    expect(emu.requests).toHaveLength(0);
  });
});
