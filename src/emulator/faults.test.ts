import { describe, expect, it } from 'vitest';
import { FaultInjector, RATE_LIMIT_BURST_LENGTH } from './faults.js';

const ALL = { errorRate: 0.2, rateLimitBurstRate: 0.05, dropRate: 0.1, lostAnswerRate: 0.3, latencyMs: 5, jitterMs: 10 };

function sequence(seed: number, n: number): string[] {
  const faults = new FaultInjector(seed, ALL);
  return Array.from({ length: n }, (_, i) => {
    const d = faults.decide(i % 3 === 0);
    return `${d.kind ?? '-'}:${d.status ?? ''}:${d.delayMs.toFixed(6)}`;
  });
}

describe('fault injection', () => {
  it('the same random seed gives the same fault sequence', () => {
    expect(sequence(42, 500)).toEqual(sequence(42, 500));
  });

  it('another seed gives another sequence', () => {
    expect(sequence(42, 200)).not.toEqual(sequence(43, 200));
  });

  it('switching faults off and on again does not shift the stream', () => {
    const a = new FaultInjector(7, ALL);
    const b = new FaultInjector(7, ALL);
    const fromA = Array.from({ length: 100 }, () => a.decide(true).kind);
    b.set({});
    const quiet = Array.from({ length: 50 }, () => b.decide(true).kind);
    b.set(ALL);
    const fromB = Array.from({ length: 50 }, () => b.decide(true).kind);
    expect(quiet.every((k) => k === undefined)).toBe(true);
    expect(fromB.slice(RATE_LIMIT_BURST_LENGTH)).toEqual(fromA.slice(50 + RATE_LIMIT_BURST_LENGTH));
  });

  it('produces every kind at roughly its rate, lost answers only for writes, 5xx among 500/502/503', () => {
    const faults = new FaultInjector(1, { errorRate: 0.3, dropRate: 0.2, lostAnswerRate: 0.5 });
    const reads = Array.from({ length: 2000 }, () => faults.decide(false));
    const writes = Array.from({ length: 2000 }, () => faults.decide(true));
    expect(reads.some((d) => d.kind === 'lost-answer')).toBe(false);
    expect(writes.filter((d) => d.kind === 'lost-answer').length).toBeGreaterThan(500);
    const errors = reads.filter((d) => d.kind === 'error');
    expect(errors.length).toBeGreaterThan(450);
    expect(errors.length).toBeLessThan(750);
    expect(new Set(errors.map((d) => d.status))).toEqual(new Set([500, 502, 503]));
    expect(reads.filter((d) => d.kind === 'drop').length).toBeGreaterThan(200);
  });

  it('a 429 burst answers the next requests too', () => {
    const faults = new FaultInjector(3, { rateLimitBurstRate: 1 });
    const first = faults.decide(false);
    faults.set({});
    const rest = Array.from({ length: RATE_LIMIT_BURST_LENGTH + 1 }, () => faults.decide(false).kind);
    expect(first.kind).toBe('rate-limit');
    expect(rest).toEqual([...Array.from({ length: RATE_LIMIT_BURST_LENGTH - 1 }, () => 'rate-limit'), undefined, undefined]);
  });

  it('latency is fixed plus a jitter within 0..jitterMs', () => {
    const faults = new FaultInjector(9, { latencyMs: 10, jitterMs: 5 });
    const delays = Array.from({ length: 200 }, () => faults.decide(false).delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...delays)).toBeLessThanOrEqual(15);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});
