import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyGlobMatches, globMatches } from './glob.js';

const RUNS = { numRuns: 500 };
// Small alphabets make matches likely; `.`, `[`, `(` and `\` would be special to a RegExp or a path glob.
const nameArb = fc.string({ unit: fc.constantFrom('a', 'b', '.', '[', '(', '\\', '-'), maxLength: 10 });
const globArb = fc.string({ unit: fc.constantFrom('a', 'b', '.', '[', '(', '\\', '-', '*', '?'), maxLength: 8 });

/** The oracle: the same two wildcards as a RegExp, every other character escaped (fine on short names). */
function oracle(glob: string, name: string): boolean {
  const source = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, 'su').test(name);
}

describe('globMatches', () => {
  it('agrees with a RegExp of the same two wildcards on every glob and name', () => {
    fc.assert(
      fc.property(globArb, nameArb, (glob, name) => {
        expect(globMatches(glob, name)).toBe(oracle(glob, name));
      }),
      RUNS,
    );
  });

  it('a glob without wildcards matches exactly itself', () => {
    const literal = fc.string({ unit: fc.constantFrom('a', 'b', '.', '[', '-'), maxLength: 8 });
    fc.assert(
      fc.property(literal, literal, (glob, name) => {
        expect(globMatches(glob, name)).toBe(glob === name);
      }),
      RUNS,
    );
  });

  it('`*` matches every name, the empty one included; `?` exactly one character', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        expect(globMatches('*', name)).toBe(true);
        expect(globMatches('?'.repeat([...name].length), name)).toBe(true);
        expect(globMatches(`?${'?'.repeat([...name].length)}`, name)).toBe(false);
      }),
      RUNS,
    );
  });

  it('prefix*suffix matches the names that start and end so, without overlap', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', '-'), maxLength: 4 });
    fc.assert(
      fc.property(part, part, nameArb, (prefix, suffix, name) => {
        const expected = name.startsWith(prefix) && name.endsWith(suffix) && name.length >= prefix.length + suffix.length;
        expect(globMatches(`${prefix}*${suffix}`, name)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('is case-sensitive and counts characters, not UTF-16 units', () => {
    expect(globMatches('prod-*', 'Prod-api')).toBe(false);
    expect(globMatches('?', '🚀')).toBe(true);
    expect(globMatches('(legacy) [eu]-*', '(legacy) [eu]-api')).toBe(true);
  });

  it('answers a glob that makes a RegExp backtrack without trying every split', () => {
    // `^(.*a){12}b$` against 40 a's takes minutes as a backtracking RegExp; the walk is quadratic.
    expect(globMatches(`${'*a'.repeat(12)}b`, 'a'.repeat(40))).toBe(false);
    expect(globMatches(`${'*a'.repeat(12)}b`, `${'a'.repeat(40)}b`)).toBe(true);
  });

  it('anyGlobMatches: one of the globs', () => {
    expect(anyGlobMatches(['*-prod', 'net-*'], 'net-core')).toBe(true);
    expect(anyGlobMatches(['*-prod', 'net-*'], 'api-staging')).toBe(false);
    expect(anyGlobMatches([], 'anything')).toBe(false);
  });
});
