// Where a file's edits are, in the text as read and in the text as written: the splices of every op,
// each made on the text the previous ones left, folded into regions of both texts. Outside them the
// two texts are the same bytes (what the adopt tests check: cut the regions out of both, compare).
// Pure.
import type { Splice } from './yaml-edit.js';

/** One edited region: [start, end) of the text as read, and of the text as written. */
export interface Region {
  readonly before: readonly [number, number];
  readonly after: readonly [number, number];
}

/** A piece of the current text: a run of the original, or text an edit wrote. */
type Segment = { readonly from: number; readonly to: number } | { readonly text: string };

const lengthOf = (s: Segment): number => ('text' in s ? s.text.length : s.to - s.from);

/** `segments` cut at `at` (a position of the current text): the pieces before and from it. */
function cut(segments: readonly Segment[], at: number): [Segment[], Segment[]] {
  const head: Segment[] = [];
  let pos = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    const len = lengthOf(s);
    if (pos + len <= at) {
      head.push(s);
      pos += len;
      continue;
    }
    const k = at - pos;
    if (k === 0) return [head, segments.slice(i)];
    const [a, b]: [Segment, Segment] =
      'text' in s
        ? [{ text: s.text.slice(0, k) }, { text: s.text.slice(k) }]
        : [
            { from: s.from, to: s.from + k },
            { from: s.from + k, to: s.to },
          ];
    return [
      [...head, a],
      [b, ...segments.slice(i + 1)],
    ];
  }
  return [head, []];
}

export class EditTrack {
  private segments: Segment[];

  constructor(readonly original: string) {
    this.segments = original.length > 0 ? [{ from: 0, to: original.length }] : [];
  }

  apply(splice: Splice): void {
    const [head, rest] = cut(this.segments, splice.start);
    const [, tail] = cut(rest, splice.end - splice.start);
    this.segments = [...head, { text: splice.text }, ...tail];
  }

  /** The edited regions, in order: every written piece and every gap in the original, merged where they touch. */
  regions(): Region[] {
    const out: { before: [number, number]; after: [number, number] }[] = [];
    let origPos = 0;
    let pos = 0;
    let open: { before: [number, number]; after: [number, number] } | undefined;
    for (const s of this.segments) {
      const len = lengthOf(s);
      if ('text' in s) {
        open ??= { before: [origPos, origPos], after: [pos, pos] };
        open.after[1] = pos + len;
      } else {
        if (s.from !== origPos) {
          open ??= { before: [origPos, origPos], after: [pos, pos] };
        }
        if (open) {
          open.before[1] = s.from;
          out.push(open);
          open = undefined;
        }
        origPos = s.to;
      }
      pos += len;
    }
    if (open || origPos !== this.original.length) {
      const last = open ?? { before: [origPos, origPos], after: [pos, pos] };
      last.before[1] = this.original.length;
      out.push(last);
    }
    return out.filter((r) => r.before[0] !== r.before[1] || r.after[0] !== r.after[1]);
  }
}
