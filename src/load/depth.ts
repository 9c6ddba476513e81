// The nesting depth of a file, measured on yaml's token tree before any value is built. Pure.
//
// Why before: yaml's composer builds nested values by recursion and, about a thousand levels down,
// runs out of stack; it then reports "Maximum call stack size exceeded" at some inner place, not
// the depth limit. yaml's parser builds the token tree with a stack of its own, never recursing, so
// this walk (an explicit stack too) measures any depth, flow or block, and finds the first value
// deeper than MAX_DEPTH in document order, with the path the value would have had.
import { CST } from 'yaml';
import type { Segment } from './pointer.js';

export interface TooDeep {
  /** Where the first value too deep starts (a character offset of the text). */
  readonly offset: number;
  /** Its path, as the document walk (document.ts) would name it. */
  readonly segments: Segment[];
}

interface Frame {
  /** A value, or an entry `a: 1` of a flow sequence (a one-pair mapping of its own). */
  readonly token: CST.Token | { readonly type: 'pair'; readonly item: CST.CollectionItem; readonly offset: number };
  /** Collections around it: the root value is at depth 0. */
  readonly depth: number;
  readonly parent?: Frame;
  /** Its index in the parent sequence, or the key token it is the value of (named only for a message). */
  readonly segment?: number | { readonly key: Item['key'] };
}

type Item = CST.CollectionItem;

/** A key's name as the walk reads it: the text of a scalar key, the source of anything else. */
function keyName(key: Item['key']): string {
  if (!key) return '';
  // An error in a key is the composer's to report; here it only names a place.
  const scalar = CST.isScalar(key) ? CST.resolveAsScalar(key, false, () => undefined) : null;
  return scalar ? scalar.value : CST.stringify(key).slice(0, 40);
}

function segmentsOf(frame: Frame): Segment[] {
  const out: Segment[] = [];
  for (let f: Frame | undefined = frame; f; f = f.parent) {
    if (f.segment !== undefined) out.push(typeof f.segment === 'number' ? f.segment : keyName(f.segment.key));
  }
  return out.reverse();
}

const COLLECTIONS: ReadonlySet<string> = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * A pair's key and value, one level below `depth`, in document order. A scalar key is no value of
 * its own (the walk counts none); a collection as a key is refused by the walk, but it nests all
 * the same (`{? {? {? …}}}`), so it counts here.
 */
function pair(item: Item, depth: number, parent: Frame): Frame[] {
  const out: Frame[] = [];
  if (item.key && COLLECTIONS.has(item.key.type)) out.push({ token: item.key, depth: depth + 1, parent });
  if (item.value) out.push({ token: item.value, depth: depth + 1, parent, segment: { key: item.key } });
  return out;
}

/** The values inside `frame`'s token, in document order. */
function children(frame: Frame): Frame[] {
  const { token, depth } = frame;
  if (token.type === 'pair') return pair(token.item, depth, frame);
  if (token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{')) {
    return token.items.flatMap((item) => pair(item, depth, frame));
  }
  if (token.type === 'block-seq')
    return token.items.flatMap((item, i) => (item.value ? [{ token: item.value, depth: depth + 1, parent: frame, segment: i }] : []));
  if (token.type !== 'flow-collection') return [];
  // `[a: 1]`: an entry with a key is a one-pair mapping inside the sequence, one level more.
  return token.items.flatMap((item, i): Frame[] => {
    if (item.key === undefined && item.sep === undefined) return item.value ? [{ token: item.value, depth: depth + 1, parent: frame, segment: i }] : [];
    const offset = item.key?.offset ?? item.sep?.[0]?.offset ?? token.offset;
    return [{ token: { type: 'pair', item, offset }, depth: depth + 1, parent: frame, segment: i }];
  });
}

/** The first value nested deeper than `maxDepth` in the documents of `tokens`, or undefined. */
export function firstTooDeep(tokens: readonly CST.Token[], maxDepth: number): TooDeep | undefined {
  const stack: Frame[] = [];
  for (const token of [...tokens].reverse()) if (token.type === 'document' && token.value) stack.push({ token: token.value, depth: 0 });
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.depth > maxDepth) return { offset: frame.token.offset, segments: segmentsOf(frame) };
    // One push at a time: a spread of a list of 100,000 entries would itself overflow the stack.
    for (const child of children(frame).reverse()) stack.push(child);
  }
  return undefined;
}
