import { describe, expect, it } from 'vitest';
import { decodeText } from './text.js';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('decodeText', () => {
  it('gives the text of UTF-8, a byte-order mark and a U+FFFD of the file kept', () => {
    expect(decodeText('f.yaml', bytes([0xef, 0xbb, 0xbf], 'a: "\uFFFD é"\n'))).toEqual({ text: '\uFEFFa: "\uFFFD é"\n' });
  });

  it('places the first byte that is not UTF-8 after a U+FFFD the file really holds', () => {
    const decoded = decodeText('f.yaml', bytes('a: \uFFFD\nbb: x', [0xe9], '\n'));
    expect(decoded).toEqual({
      problem: { file: 'f.yaml', line: 2, col: 6, message: 'not a text file: it is not valid UTF-8 at line 2, col 6; a desired-state file is YAML text' },
    });
  });

  it('names a binary signature at 1:1, before anything else', () => {
    const decoded = decodeText('f.yaml', bytes([0x1f, 0x8b, 0x08, 0x00]));
    expect(decoded).toMatchObject({
      problem: { line: 1, col: 1, message: 'not a text file: it starts like a gzip archive; a desired-state file is YAML text' },
    });
  });
});
