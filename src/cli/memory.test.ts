import { describe, expect, it } from 'vitest';
import { collectGarbage } from './memory.js';

describe('collectGarbage', () => {
  it('frees what is no longer referenced, and can be called again', () => {
    let garbage: Array<{ i: number; s: string }> | undefined = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `item-${i}-${'x'.repeat(40)}` }));
    expect(garbage).toHaveLength(200_000);
    const before = process.memoryUsage().heapUsed;
    garbage = undefined;
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    expect(garbage).toBeUndefined();
    expect(before - after).toBeGreaterThan(10 * 1024 * 1024);
    expect(() => collectGarbage()).not.toThrow();
  });
});
