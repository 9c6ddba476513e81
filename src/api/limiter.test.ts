import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.js';
import { ANSWERED_MARGIN_MS, RATE_WINDOW_MARGIN_MS, RATE_WINDOW_MS, RateLimiter } from './limiter.js';

/** Time passes only when someone sleeps. */
function fakeClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += Math.max(0, ms);
    },
  };
  return clock;
}

const WINDOW = RATE_WINDOW_MS + RATE_WINDOW_MARGIN_MS;

function maxInAnyWindow(starts: number[]): number {
  let best = 0;
  for (let i = 0; i < starts.length; i++) {
    let j = i;
    while (j < starts.length && (starts[j] as number) - (starts[i] as number) < WINDOW) j++;
    best = Math.max(best, j - i);
  }
  return best;
}

describe('RateLimiter', () => {
  it('lets a small burst start at once, then paces starts at the rate, within the window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(30, clock);
    const starts: number[] = [];
    for (let i = 0; i < 61; i++) {
      await limiter.acquire();
      starts.push(clock.now());
    }
    expect(limiter.burst).toBe(5);
    expect(starts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(starts[5]).toBe(34); // 1000/30 ms, rounded up to a whole millisecond
    expect(starts[6]! - starts[5]!).toBeGreaterThanOrEqual(33);
    // 30 starts then the window: the 31st waits for the first to leave it.
    expect(starts[30]).toBe(WINDOW);
    expect(maxInAnyWindow(starts)).toBe(30);
  });
  it('never starts more than `rate` requests in any window, whatever the arrival pattern', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 120 }), async (rate, gaps) => {
        const clock = fakeClock();
        const limiter = new RateLimiter(rate, clock);
        const starts: number[] = [];
        for (const gap of gaps) {
          clock.t += gap;
          await limiter.acquire();
          starts.push(clock.now());
        }
        expect(maxInAnyWindow(starts)).toBeLessThanOrEqual(rate);
        // The bucket: never more than the burst plus the rate over any interval.
        for (let i = 0; i < starts.length; i++) {
          for (let j = i; j < starts.length; j++) {
            expect(j - i + 1).toBeLessThanOrEqual(limiter.burst + ((starts[j]! - starts[i]!) * rate) / 1000 + 1e-9);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
  it('holds every caller until a 429 pause is over', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(30, clock);
    await limiter.acquire();
    limiter.pauseUntil(500);
    limiter.pauseUntil(200); // an earlier end never shortens the pause
    await limiter.acquire();
    expect(clock.now()).toBe(500);
  });
  it('does not limit at rate 0, but still honours a 429 pause', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(0, clock);
    for (let i = 0; i < 500; i++) await limiter.acquire();
    expect(clock.now()).toBe(0);
    limiter.pauseUntil(300);
    await limiter.acquire();
    expect(clock.now()).toBe(300);
  });
  it('lowerTo: runs at a lower announced rate from then on, counting the starts already in the window; never raises', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 30, 100), fc.integer({ min: 1, max: 29 }), fc.integer({ min: 0, max: 40 }), async (initial, lower, before) => {
        const clock = fakeClock();
        const limiter = new RateLimiter(initial, clock);
        const starts: number[] = [];
        for (let i = 0; i < before; i++) {
          await limiter.acquire();
          starts.push(clock.now());
        }
        expect(limiter.lowerTo(lower)).toBe(true);
        expect(limiter.rate).toBe(lower);
        expect(limiter.lowerTo(lower + 1)).toBe(false);
        expect(limiter.rate).toBe(lower);
        const after: number[] = [];
        for (let i = 0; i < 3 * lower; i++) {
          await limiter.acquire();
          after.push(clock.now());
        }
        // Any window ending at a start after the lowering holds at most `lower` starts, those before it included.
        const all = [...starts, ...after];
        for (const t of after) expect(all.filter((s) => s > t - WINDOW && s <= t).length).toBeLessThanOrEqual(lower);
      }),
      { numRuns: 40 },
    );
  });
  it('settle: an answered request counts from its answer, so a slow one holds its place in the window longer', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(2, clock);
    const first = await limiter.acquire();
    await limiter.acquire(); // paced by the bucket: 500 ms later
    expect(clock.now()).toBe(500);
    clock.t = 600; // the first request's answer comes 600 ms after it started
    limiter.settle(first);
    await limiter.acquire();
    // Without settle the third would start once the first's start leaves the window (WINDOW); now it waits for the second's.
    expect(clock.now()).toBe(500 + WINDOW);
  });
  it('settle: a request answered quickly counts from its answer for a second and a few milliseconds, not for the margin of one in flight', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(1, clock);
    const first = await limiter.acquire();
    clock.t = 20; // answered 20 ms after it started: it reached the service by then
    limiter.settle(first);
    await limiter.acquire();
    expect(clock.now()).toBe(20 + RATE_WINDOW_MS + ANSWERED_MARGIN_MS);
    expect(clock.now()).toBeLessThan(WINDOW);
  });
  it('settle: a request answered after it left the window counts again from its answer', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(1, clock);
    const slow = await limiter.acquire();
    clock.t = WINDOW + 500; // in flight for longer than the window
    limiter.settle(slow);
    await limiter.acquire();
    expect(clock.now()).toBe(WINDOW + 500 + RATE_WINDOW_MS + ANSWERED_MARGIN_MS);
  });
  it('with settled requests, starts that follow an answer are never within a second of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 1500 })), { minLength: 1, maxLength: 90 }),
        async (rate, requests) => {
          const clock = fakeClock();
          const limiter = new RateLimiter(rate, clock);
          // Each request: started, then answered `latency` later (the clock runs on between them).
          const spans: { start: number; answer: number }[] = [];
          const open: { slot: Awaited<ReturnType<RateLimiter['acquire']>>; answer: number }[] = [];
          for (const [gap, latency] of requests) {
            clock.t += gap;
            for (const o of open.filter((o) => o.answer <= clock.t)) limiter.settle(o.slot);
            open.splice(0, open.length, ...open.filter((o) => o.answer > clock.t));
            const slot = await limiter.acquire();
            for (const o of open.filter((o) => o.answer <= clock.t)) limiter.settle(o.slot);
            open.splice(0, open.length, ...open.filter((o) => o.answer > clock.t));
            spans.push({ start: clock.now(), answer: clock.now() + latency });
            open.push({ slot, answer: clock.now() + latency });
          }
          // The service saw each request arrive between its start and its answer, and (the limiter's
          // assumption for one in flight) within the margin of its start. The worst case for a window
          // is the latest arrival of an earlier one and the earliest of a later one: of any `rate + 1`
          // requests in start order, the last starts at least a second after the first's latest arrival.
          for (let i = 0; i + rate < spans.length; i++) {
            const first = spans[i]!;
            const last = spans[i + rate]!;
            const latestArrival = Math.min(first.answer, first.start + RATE_WINDOW_MARGIN_MS);
            expect(last.start - latestArrival).toBeGreaterThanOrEqual(RATE_WINDOW_MS);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
  it('lowerTo ignores what is not a positive integer', () => {
    const limiter = new RateLimiter(30, fakeClock());
    for (const bad of [0, -3, 1.5, Number.NaN]) expect(limiter.lowerTo(bad)).toBe(false);
    expect(limiter.rate).toBe(30);
  });
  it('refuses a rate that is not a non-negative integer', () => {
    expect(() => new RateLimiter(-1, fakeClock())).toThrow(RangeError);
    expect(() => new RateLimiter(2.5, fakeClock())).toThrow(RangeError);
  });
});
