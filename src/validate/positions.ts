// Source positions of values in a loaded file, by path: where problems point.
import type { SourceRef } from '../core/model.js';
import type { LoadedFile } from '../load/document.js';
import { dotted, fromPointer, type Segment, toPointer } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';

function nearest(file: LoadedFile, segments: readonly Segment[], prefer: 'key' | 'value'): SourceRef {
  for (let n = segments.length; n >= 0; n--) {
    const found = file.positions.get(toPointer(segments.slice(0, n)));
    if (found) {
      const pos = prefer === 'key' && n === segments.length ? (found.key ?? found.value) : found.value;
      return { file: file.file, line: pos.line, col: pos.col };
    }
  }
  return { file: file.file, line: 1, col: 1 };
}

/** Where the key of a value is (`dev:` of `dev: read`), else the nearest enclosing value. */
export function keyAt(file: LoadedFile, segments: readonly Segment[]): SourceRef {
  return nearest(file, segments, 'key');
}

/** Where a value starts (`read` of `dev: read`), else the nearest enclosing value. */
export function valueAt(file: LoadedFile, segments: readonly Segment[]): SourceRef {
  return nearest(file, segments, 'value');
}

export function problemAt(at: SourceRef, segments: readonly Segment[], text: string): Problem {
  const path = dotted(segments);
  return { file: at.file, line: at.line, col: at.col, message: `${path}: ${text}`, path };
}

/** How a message names another place: `line 5, col 7` in the same file, `FILE:5:7` elsewhere. */
export function relativePlace(other: SourceRef, here: { readonly file: string }): string {
  return other.file === here.file ? `line ${other.line}, col ${other.col}` : `${other.file}:${other.line}:${other.col}`;
}

/** A pointer's segments, list indexes as numbers (so `ignore-teams[2]`, but team `"123"` stays a name). */
export function segmentsOf(pointer: string, data: unknown): Segment[] {
  let current = data;
  return fromPointer(pointer).map((s) => {
    const isIndex = Array.isArray(current);
    current = isIndex
      ? (current as unknown[])[Number(s)]
      : typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[s]
        : undefined;
    return isIndex ? Number(s) : s;
  });
}
