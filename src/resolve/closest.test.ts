import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean, editDistance } from './closest.js';

describe('near misses', () => {
  it('measures edit distance', () => {
    expect(editDistance('developers', 'develpers')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
  it('is a metric on small strings (symmetric, zero only for equal strings)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
      }),
    );
  });
  it('ranks a case-only difference first and ignores far names', () => {
    expect(closestNames('Developers', ['developers', 'developer', 'ops', 'platform-admins'])).toEqual(['developers', 'developer']);
    expect(closestNames('sre', ['platform', 'networking'])).toEqual([]);
  });
  it('words the suggestion', () => {
    expect(didYouMean('develpers', ['developers', 'ops'])).toBe(' Did you mean "developers"?');
    expect(didYouMean('ab', ['abc', 'abd', 'xx'])).toBe(' Did you mean "abc" or "abd"?');
    expect(didYouMean('zzzzzz', ['abc'])).toBe('');
  });
});
