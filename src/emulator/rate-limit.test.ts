import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('rate limiter (token bucket per identity)', () => {
  it('a client pacing itself at exactly R per second never gets a 429 over 200 requests', () => {
    for (const rate of [1, 7, 30, 100]) {
      let now = 0;
      const limiter = new RateLimiter(rate, () => now);
      const refused = Array.from({ length: 200 }, (_, i) => {
        now = (i * 1000) / rate;
        return limiter.take('team:a');
      }).filter((r) => r !== undefined);
      expect(refused).toEqual([]);
    }
  });

  it('a burst above R within one second is refused, with the seconds until the next allowed request', () => {
    const now = 1000;
    const limiter = new RateLimiter(30, () => now);
    const answers = Array.from({ length: 40 }, () => limiter.take('admin'));
    expect(answers.filter((a) => a === undefined)).toHaveLength(30);
    const waits = answers.filter((a): a is number => a !== undefined);
    expect(waits).toHaveLength(10);
    expect(waits[0]).toBeCloseTo(1 / 30, 6);
  });

  it('limits each identity separately, and 0 turns it off', () => {
    const limiter = new RateLimiter(2, () => 0);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')].map((x) => x === undefined)).toEqual([true, true, false]);
    expect(limiter.take('b')).toBeUndefined();
    limiter.setLimit(0);
    expect(Array.from({ length: 100 }, () => limiter.take('a')).every((x) => x === undefined)).toBe(true);
  });

  it('refills with time', () => {
    let now = 0;
    const limiter = new RateLimiter(10, () => now);
    for (let i = 0; i < 10; i += 1) limiter.take('a');
    expect(limiter.take('a')).toBeDefined();
    now = 100;
    expect(limiter.take('a')).toBeUndefined();
  });
});
