// A file's bytes -> its text, or one problem when it is not text: a known binary signature, a NUL
// byte, or bytes that are not UTF-8. Such a file is refused on one line before YAML sees it: a
// parser would report every stray byte of an executable as a syntax error of its own.
import type { Problem } from './problem.js';

/** Signatures of binary formats whose first byte no text starts with (their names are for the message). */
const SIGNATURES: ReadonlyArray<{ readonly bytes: readonly number[]; readonly what: string }> = [
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'an executable (ELF)' },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], what: 'an executable (Mach-O)' },
  { bytes: [0xce, 0xfa, 0xed, 0xfe], what: 'an executable (Mach-O)' },
  { bytes: [0xca, 0xfe, 0xba, 0xbe], what: 'an executable (Mach-O) or a Java class' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz archive' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
];

const REFUSED = 'a desired-state file is YAML text';

/** 1-based line and column of a character offset in `text`. */
function placeOf(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart + 1 };
}

// ignoreBOM keeps a byte-order mark in the text, as readFile(path, 'utf8') did: offsets in the text
// and in the bytes then agree (firstInvalid), and the YAML parser takes the mark as it always has.
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The first character decoding replaced: the first U+FFFD the file did not itself hold as UTF-8. */
function firstInvalid(bytes: Uint8Array, text: string): number {
  const REPLACEMENT = [0xef, 0xbf, 0xbd];
  let at = 0; // the byte offset of character `from`, carried along: linear in the file
  let from = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
    at += encoder.encode(text.slice(from, i)).length;
    from = i;
    if (!REPLACEMENT.every((byte, k) => bytes[at + k] === byte)) return i;
  }
  return 0;
}

export type Decoded = { readonly text: string } | { readonly problem: Problem };

export function decodeText(file: string, bytes: Uint8Array): Decoded {
  const signature = SIGNATURES.find((s) => s.bytes.every((byte, i) => bytes[i] === byte));
  if (signature) return { problem: { file, line: 1, col: 1, message: `not a text file: it starts like ${signature.what}; ${REFUSED}` } };
  const text = lenient.decode(bytes);
  if (!isUtf8(bytes)) {
    const at = placeOf(text, firstInvalid(bytes, text));
    return { problem: { file, ...at, message: `not a text file: it is not valid UTF-8 at line ${at.line}, col ${at.col}; ${REFUSED}` } };
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const at = placeOf(text, nul);
    return { problem: { file, ...at, message: `not a text file: it holds a NUL byte at line ${at.line}, col ${at.col}; ${REFUSED}` } };
  }
  return { text };
}
