import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPointer, fromPointer, toPointer } from './pointer.js';

describe('JSON pointers (RFC 6901)', () => {
  it('escape ~ and / and read back to the same segments, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('a~b', 'a/b', '~1', '/~0', '~', '/'), fc.nat())), (segments) => {
        const pointer = toPointer(segments);
        expect(fromPointer(pointer)).toEqual(segments.map(String));
        // One step at a time, as the loader builds them, gives the same pointer.
        expect(segments.reduce<string>((p, s) => childPointer(p, s), '')).toBe(pointer);
      }),
    );
  });
  it('escapes as the RFC says', () => {
    expect(toPointer(['projects', 'a/b', 'c~d', 0])).toBe('/projects/a~1b/c~0d/0');
    expect(toPointer([])).toBe('');
  });
});
