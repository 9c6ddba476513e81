// `--timeout DURATION` bounds a whole run (issue 14, finding 6): plan, drift and export against a
// server that never answers end on one line naming the timeout; an apply stopped by it starts no
// other change, reports what it did, and leaves exactly the rest for the next plan.
import { rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { CANARY, type ScriptServer, scriptServer } from '../api/script-server.js';
import { FAST, writeDesired, writesOf } from '../apply/scenario.js';
import { CHANGES, changesDone, planChanges, reportLines, STOP_DESIRED, STOP_TOKEN, stopSeed } from '../apply/stop-scenario.js';
import { runCli } from '../support/cli.js';

let stalled: ScriptServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  // Accepts every request and never answers (the headers timeout alone would take 30 s per attempt).
  stalled = await scriptServer([(res) => held.push(res)]);
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await stalled.close();
});

describe('--timeout', () => {
  it.each([
    ['plan', ['plan', 'examples/acme']],
    ['drift', ['drift', 'examples/acme']],
    ['export', ['export', '--organization', 'acme', '--all']],
  ])(
    'ends %s against a server that never answers on one line',
    async (name, args) => {
      const run = await runCli([...args, '--timeout', '1s'], { env: { TFE_TOKEN: CANARY, TFE_ADDRESS: stalled.url } });
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toBe(`tfe-access ${name}: the run took longer than --timeout (1 s)\n`);
    },
    15_000,
  );

  it('regression: a server that accepts and never answers holds a plan 360 s (now: each answer is awaited twice, then one line)', async () => {
    // The default (25 s, retried once: api/retry.test.ts) made short, as a slow test would take it.
    const before = stalled.seen.length;
    const started = performance.now();
    const run = await runCli(['plan', 'examples/acme'], { env: { TFE_TOKEN: CANARY, TFE_ADDRESS: stalled.url, TFE_ACCESS_ANSWER_TIMEOUT: '300ms' } });
    const tookMs = performance.now() - started;
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(
      /^tfe-access plan: Request failed without an answer \(UND_ERR_HEADERS_TIMEOUT\): GET \/\S+ on http:\/\/127\.0\.0\.1:\d+\/api\/v2: check the address and the network\n$/,
    );
    expect(run.err).not.toContain(CANARY);
    // The first request, sent twice, then given up: about 2 x 300 ms and a backoff, not 11 x 30 s.
    const sent = stalled.seen.slice(before).map((s) => s.url);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(tookMs).toBeLessThan(5_000);
  }, 15_000);

  it('TFE_ACCESS_ANSWER_TIMEOUT that is not a duration is refused on one line', async () => {
    const run = await runCli(['plan', 'examples/acme'], { env: { TFE_TOKEN: CANARY, TFE_ADDRESS: stalled.url, TFE_ACCESS_ANSWER_TIMEOUT: '30' } });
    expect(run).toEqual({ code: 1, out: '', err: 'tfe-access plan: TFE_ACCESS_ANSWER_TIMEOUT must be a duration such as 90s, 5m or 1h30m, got "30".\n' });
  });

  it('is refused on one line when it is not a duration', async () => {
    const run = await runCli(['plan', 'examples/acme', '--timeout', '90']);
    expect(run).toEqual({ code: 1, out: '', err: 'tfe-access plan: --timeout must be a duration such as 90s, 5m or 1h30m, got "90".\n' });
  });

  it('stops an apply: no other change starts, the report says what was done, the next plan is the rest', async () => {
    const emulator = await startEmulator({ seed: stopSeed(), rateLimit: 0, faults: { latencyMs: 150 } });
    const dir = await writeDesired(STOP_DESIRED);
    const env = { TFE_TOKEN: STOP_TOKEN, TFE_ADDRESS: emulator.url };
    try {
      const first = await planChanges(dir, env);
      emulator.resetLog();
      // 30 writes of 150 ms each can't fit in 2 s: the deadline comes during the reads or the writes.
      const run = await runCli(['apply', dir, '--auto-approve', '--concurrency', '1', '--rate-limit', String(FAST), '--timeout', '2s'], { env });
      expect(run.code).toBe(1);
      expect(run.err).toContain('the run took longer than --timeout (2 s)');
      const done = changesDone(first, writesOf(emulator));
      expect(done.length).toBeLessThan(CHANGES);
      if (run.out.includes('Apply stopped')) {
        expect(reportLines(run.out, 'applied')).toHaveLength(done.length);
        expect(reportLines(run.out, 'not started')).toHaveLength(CHANGES - done.length);
      } else {
        expect(run.err).toBe('tfe-access apply: the run took longer than --timeout (2 s); nothing was changed.\n');
        expect(done).toEqual([]);
      }
      expect(await planChanges(dir, env)).toEqual(first.filter((c) => !done.includes(c)));
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
