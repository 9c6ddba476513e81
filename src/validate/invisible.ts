// Names and emails hold no invisible or bidirectional characters (docs/files.md, "Rules"): Unicode's
// format characters (general category Cf: zero-width spaces and joiners, the bidi marks, embeddings,
// overrides and isolates, a byte-order mark inside text, the tag characters). `erin@globex.test`
// with a U+200B after it is another person that every review shows as the real one, and a team
// name with a right-to-left override reads as another name. Every key and every string value of
// the files is a name, an email, an id, a level or a code; the only free text, a policy
// exception's `reason`, may hold them (an emoji with a joiner). Each problem at its FILE:LINE:COL,
// every one of a run together. Pure.
import { quote } from '../core/printable.js';
import type { LoadedFile } from '../load/document.js';
import type { Segment } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { keyAt, problemAt, valueAt } from './positions.js';

const FORMAT = /\p{Cf}/gu;

/** The names of the format characters a file is likeliest to hold (the Unicode names). */
const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

const codeOf = (point: number): string => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;

/** `U+200B ZERO WIDTH SPACE`; a format character without a name here by its code point alone. */
export function codePointName(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  const name = NAMES[point];
  return name === undefined ? codeOf(point) : `${codeOf(point)} ${name}`;
}

/** The text with each format character shown as `<U+200B>`: what the message quotes. */
const visible = (text: string): string => text.replace(FORMAT, (c) => `<${codeOf(c.codePointAt(0) ?? 0)}>`);

/** Why `text` may not be a name or an email; undefined when it holds no format character. */
function invisibleIn(text: string): string | undefined {
  const found = [...new Set(text.match(FORMAT) ?? [])];
  if (found.length === 0) return undefined;
  const what = found.length === 1 ? 'an invisible or bidirectional character' : 'invisible or bidirectional characters';
  return `${quote(visible(text))} holds ${what}, ${found.map(codePointName).join(', ')}: it would show as ${quote(text.replace(FORMAT, ''))} and be another name; remove ${found.length === 1 ? 'it' : 'them'}`;
}

/** A policy exception's `reason`: free text, the one place the files write words. */
const isFreeText = (segments: readonly Segment[]): boolean => segments.at(-1) === 'reason' && segments.at(-3) === 'exceptions';

/** The path as the message names it: a key's format characters shown, as in the quote. */
const shown = (segments: readonly Segment[]): Segment[] => segments.map((s) => (typeof s === 'string' ? visible(s) : s));

function walk(file: LoadedFile, value: unknown, segments: Segment[], problems: Problem[]): void {
  if (typeof value === 'string') {
    const why = isFreeText(segments) ? undefined : invisibleIn(value);
    if (why !== undefined) problems.push(problemAt(valueAt(file, segments), shown(segments), why));
  } else if (Array.isArray(value)) {
    value.forEach((item: unknown, i) => walk(file, item, [...segments, i], problems));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const why = invisibleIn(key);
      if (why !== undefined) problems.push(problemAt(keyAt(file, [...segments, key]), shown([...segments, key]), why));
      walk(file, child, [...segments, key], problems);
    }
  }
}

/** Every key and string value of the files that holds a format character, each at its place. */
export function invisibleProblems(files: readonly LoadedFile[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) walk(file, file.data, [], problems);
  return problems;
}
