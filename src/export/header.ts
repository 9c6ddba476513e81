// The line export writes into every file it produces (docs/adopting.md, "What export writes"): it says that
// tfe-access export wrote the file, with the sha256 of the file's other lines. A later
// `export --out` replaces a file only when that line is there and the other lines are still the
// ones it hashed: a desired-state file written by hand, or an exported one edited since (roles,
// settings, sets, policies added), is never lost to an export without --force. Hashing reads and
// writes nothing; the caller reads the existing file (write.ts).
import { sha256Hex } from '../core/sha256.js';

const HEADER_START = '# Written by tfe-access export';
const HEADER = /^# Written by tfe-access export \(sha256 of the other lines: ([0-9a-f]{64})\)\./;

/** Who wrote a file: export, unchanged since (`exported`); export, then someone else (`edited`); someone else (`other`). */
export type Authorship = 'exported' | 'edited' | 'other';

// Line endings are not content: a checkout that turns \n into \r\n has not edited the file.
const unixLines = (text: string): string => text.replace(/\r\n/g, '\n');
const digestOf = (text: string): string => sha256Hex(unixLines(text));

export function headerLine(otherLines: string): string {
  return `${HEADER_START} (sha256 of the other lines: ${digestOf(otherLines)}). Once edited, export replaces it only with --force.\n`;
}

/**
 * The file's text with the header as its second line, right after the schema comment (editors
 * look for that one on top, docs/files.md, "Editor support: the JSON Schema").
 */
export function withHeader(text: string): string {
  const afterFirstLine = text.indexOf('\n') + 1;
  return text.slice(0, afterFirstLine) + headerLine(text) + text.slice(afterFirstLine);
}

/** Only the comments on top count: a header pasted further down says nothing about the file. */
function leadingComments(lines: readonly string[]): string[] {
  const end = lines.findIndex((line) => !line.startsWith('#'));
  return lines.slice(0, end === -1 ? lines.length : end);
}

export function authorshipOf(text: string): Authorship {
  const lines = unixLines(text).split('\n');
  const at = leadingComments(lines).findIndex((line) => line.startsWith(HEADER_START));
  if (at === -1) return 'other';
  const digest = HEADER.exec(lines[at] ?? '')?.[1];
  const otherLines = [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n');
  return digest !== undefined && digest === digestOf(otherLines) ? 'exported' : 'edited';
}
