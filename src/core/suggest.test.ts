import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance, nearMisses, orList } from './suggest.js';

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
  it('offers only the nearest: a case-only difference before a typo, one typo before two; far names never', () => {
    expect(nearMisses('Developers', ['developers', 'developer', 'ops', 'platform-admins'])).toEqual(['developers']);
    expect(nearMisses('max-acess', ['min-access', 'max-access', 'max-teams'])).toEqual(['max-access']);
    expect(nearMisses('ab', ['abd', 'xx', 'abc'])).toEqual(['abc', 'abd']);
    expect(nearMisses('sre', ['platform', 'networking'])).toEqual([]);
  });
  it('takes a cut-short word for the word it starts (from 3 characters), and the word itself never', () => {
    expect(closest('lock', ['runs', 'locking'])).toBe('locking');
    expect(closest('lo', ['locking'])).toBeUndefined();
    expect(nearMisses('plan', ['plan', 'plans'])).toEqual(['plans']);
  });
  it('allows a third of the word, at most 3 edits', () => {
    expect(closest('abcdefghijklmnop', ['abcdefghijklmnopqrst'])).toBe('abcdefghijklmnopqrst');
    expect(closest('abcdefghijklmnop', ['abcdefghijklxxxx'])).toBeUndefined();
    expect(closest('abcdef', ['abcdxx'])).toBe('abcdxx');
    expect(closest('abcdef', ['abcxxx'])).toBeUndefined();
  });
  it('words the suggestion', () => {
    expect(didYouMean('develpers', ['developers', 'ops'])).toBe(' Did you mean "developers"?');
    expect(didYouMean('ab', ['abc', 'abd', 'xx'])).toBe(' Did you mean "abc" or "abd"?');
    expect(didYouMean('zzzzzz', ['abc'])).toBe('');
  });
  it('issue 36, finding 9: two swapped letters are one slip (--adpot, review strat, projects: [wbe])', () => {
    expect(editDistance('adpot', 'adopt')).toBe(1);
    expect(closest('adpot', ['adopt', 'attribute', 'help'])).toBe('adopt');
    expect(closest('strat', ['start', 'close'])).toBe('start');
    expect(closest('wbe', ['web', 'platform'])).toBe('web');
  });
  it('issue 36, finding 9: a word with letters left out is measured against the longer word (bling for billing)', () => {
    expect(closest('bling', ['billing', 'prod'])).toBe('billing');
    expect(closest('verfy', ['verify', 'diff'])).toBe('verify');
    expect(closest('ops', ['developers'])).toBeUndefined();
  });
  it('lists as a sentence does', () => {
    expect(orList([])).toBe('');
    expect(orList(['a'])).toBe('a');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
  });
});
