import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from './http.js';
import { backoffMs, DEFAULT_RETRY_POLICY, decide, type Outcome, rateLimitWaitMs } from './retry.js';

const P = DEFAULT_RETRY_POLICY;
const NONE = { failures: 0, rateLimited: 0 };
const status = (code: number, headers: Record<string, string> = {}): Outcome => ({ kind: 'status', status: code, headers });
const half = () => 0.5;

describe('retry decisions', () => {
  it.each(['GET', 'PATCH', 'DELETE'] as const)('retries %s after 5xx and transport errors', (method) => {
    expect(decide(method, status(503), NONE, P, half).retry).toBe(true);
    expect(decide(method, { kind: 'transport', maybeSent: true }, NONE, P, half).retry).toBe(true);
    expect(decide(method, status(404), NONE, P, half).retry).toBe(false);
    expect(decide(method, status(501), NONE, P, half).retry).toBe(false);
  });
  it('never resends a POST that may have arrived, but does one that never left', () => {
    expect(decide('POST', status(502), NONE, P, half).retry).toBe(false);
    expect(decide('POST', { kind: 'transport', maybeSent: true }, NONE, P, half).retry).toBe(false);
    expect(decide('POST', { kind: 'transport', maybeSent: false }, NONE, P, half).retry).toBe(true);
  });
  it('waits X-RateLimit-Reset plus jitter after a 429, for every method, within its own budget', () => {
    const d = decide('POST', status(429, { 'x-ratelimit-reset': '0.4' }), NONE, P, () => 1);
    expect(d).toEqual({ retry: true, delayMs: 400 + P.jitterMs, rateLimited: true });
    expect(decide('GET', status(429), { failures: 0, rateLimited: P.rateLimitRetries }, P, half).retry).toBe(false);
    expect(decide('GET', status(503), { failures: P.retries, rateLimited: 0 }, P, half).retry).toBe(false);
  });
  it('reads Retry-After as seconds or as a date when X-RateLimit-Reset is absent, capped', () => {
    expect(rateLimitWaitMs({ 'retry-after': '2' }, P)).toBe(2000);
    expect(rateLimitWaitMs({ 'retry-after': new Date(10_000).toUTCString() }, P, 7_000)).toBe(3000);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '0.25', 'retry-after': '9' }, P)).toBe(250);
    expect(rateLimitWaitMs({}, P)).toBe(P.defaultRateLimitWaitMs);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '1e9' }, P)).toBe(P.maxRateLimitWaitMs);
  });
  it('backs off exponentially up to the cap, with jitter inside [ceiling/2, ceiling]', () => {
    expect([1, 2, 3].map((n) => backoffMs(n, P, () => 1))).toEqual([200, 400, 800]);
    expect(backoffMs(20, P, () => 1)).toBe(P.maxDelayMs);
    expect(backoffMs(20, P, () => 0)).toBe(P.maxDelayMs / 2);
  });
});

describe('a server that accepts and never answers', () => {
  it('regression: a server that accepts and never answers holds a plan 360 s (now: one request waits at most 60 s by default)', () => {
    // Every attempt of a GET waits the whole answer timeout and ends with undici's code for it; the
    // backoff between attempts at its longest (random = 1). What the session does, summed.
    let waitedMs = 0;
    const attempts = { failures: 0, rateLimited: 0, unanswered: 0 };
    for (;;) {
      waitedMs += DEFAULT_TIMEOUTS.headersMs;
      const decision = decide('GET', { kind: 'transport', maybeSent: true, code: 'UND_ERR_HEADERS_TIMEOUT' }, attempts, P, () => 1);
      if (!decision.retry) break;
      waitedMs += decision.delayMs;
      attempts.failures += 1;
      attempts.unanswered += 1;
    }
    expect(waitedMs).toBeLessThanOrEqual(60_000);
    // It is still retried once: one lost answer is a flaky network, not a dead server.
    expect(attempts.unanswered).toBeGreaterThanOrEqual(1);
    // A stalled body is the same silence; other transport errors keep their whole budget.
    expect(
      decide(
        'GET',
        { kind: 'transport', maybeSent: true, code: 'UND_ERR_BODY_TIMEOUT' },
        { failures: 1, rateLimited: 0, unanswered: attempts.unanswered },
        P,
        half,
      ).retry,
    ).toBe(false);
    expect(
      decide('GET', { kind: 'transport', maybeSent: true, code: 'ECONNRESET' }, { failures: 1, rateLimited: 0, unanswered: attempts.unanswered }, P, half)
        .retry,
    ).toBe(true);
  });
});
