// One fixture per failure mode: each run reports exactly these problems, at these places.
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/pipeline/disk/desired-state.js';
import { EXPECTED, INVALID_DIR } from './fixtures.js';

describe('failure fixtures', () => {
  it('cover at least 20 failure modes', () => {
    expect(Object.keys(EXPECTED).length).toBeGreaterThanOrEqual(20);
  });

  for (const [fixture, expected] of Object.entries(EXPECTED)) {
    it(`${fixture}: ${expected.length} problem(s) at exact positions`, async () => {
      const result = await loadDesiredState([fixture], INVALID_DIR);
      expect(result.state).toBeUndefined();
      expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)).toEqual(expected);
    });
  }

  it('reports every problem of a file with several, each at its own line', async () => {
    const result = await loadDesiredState(['several-problems.yaml'], INVALID_DIR);
    expect(result.problems.map((p) => p.line)).toEqual([3, 4, 9, 10, 11, 15]);
    expect(result.problems.every((p) => p.path !== undefined)).toBe(true);
  });
});
