// Paths into a document: JSON pointers (what Ajv reports, RFC 6901) and the dotted form that
// messages show (`projects.platform.teams.dev`), so both sides name a value the same way.
import { clip } from '../core/printable.js';

export type Segment = string | number;

export function toPointer(segments: readonly Segment[]): string {
  let out = '';
  for (const segment of segments) out = childPointer(out, segment);
  return out;
}

/** `parent` (a pointer) with one segment more: what `toPointer` builds, one step at a time. */
export function childPointer(parent: string, segment: Segment): string {
  const text = String(segment);
  // Names nearly never hold `~` or `/`: skip the two replacements when there is nothing to escape.
  if (!text.includes('~') && !text.includes('/')) return `${parent}/${text}`;
  return `${parent}/${text.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * `projects.platform.teams.dev`; a segment that would be ambiguous is quoted: `teams["a.b"]`. For
 * messages: a long segment is cut (core/printable.ts, clip).
 */
export function dotted(segments: readonly Segment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(segment)) out += out === '' ? clip(segment) : `.${clip(segment)}`;
    else out += `[${JSON.stringify(clip(segment))}]`;
  }
  return out === '' ? '(top level)' : out;
}

export function dottedPointer(pointer: string): string {
  return dotted(fromPointer(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s)));
}
