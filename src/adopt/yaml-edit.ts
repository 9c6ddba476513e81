// One edit of a desired-state file's text through yaml's document model (docs/drift.md, "Adopt"):
// the node found by its path in the parsed document, the new fragment written in the style of its
// neighbours (render-yaml.ts), and spliced into the text at the node's range. Everything outside the
// splice stays byte for byte: comments, key order, quoting, blank lines. An alias on the way is
// replaced by a copy first; an anchor that other places use is never edited (they would change too).
// Pure: text in, text out.
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, type Pair, parseDocument, visit, type YAMLMap, type YAMLSeq } from 'yaml';
import { nfc } from '../core/names.js';
import { type EditValue, inline, keyText, mapLines, pairLines, writesBlock } from './render-yaml.js';

/** Text replaced: [start, end) of the text as it was before this splice, by `text`. */
export interface Splice {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export type Op =
  | { readonly kind: 'set'; readonly path: readonly string[]; readonly value: EditValue }
  | { readonly kind: 'delete'; readonly path: readonly string[] }
  | { readonly kind: 'add-item'; readonly path: readonly string[]; readonly item: string; readonly same: (text: string) => boolean }
  | { readonly kind: 'remove-item'; readonly path: readonly string[]; readonly same: (text: string) => boolean };

/** The text after the op and every splice made (an alias copied, then the edit), or why it was refused. */
export type Edited = { readonly text: string; readonly splices: readonly Splice[] } | { readonly refused: string };

type Located =
  | { readonly at: 'found'; readonly map: YAMLMap; readonly pair: Pair; readonly holder: Pair | undefined }
  | { readonly at: 'missing'; readonly map: YAMLMap; readonly rest: readonly string[] }
  | { readonly at: 'empty'; readonly pair: Pair; readonly node: Node; readonly rest: readonly string[] }
  | { readonly at: 'alias'; readonly node: Node; readonly copy: string }
  | { readonly at: 'refused'; readonly why: string };

const range = (node: unknown): readonly [number, number, number] => {
  const r = (node as { range?: [number, number, number] | null }).range;
  if (!r) throw new Error('a YAML node without its place in the text');
  return r;
};

const keyOf = (pair: Pair): string => (isScalar(pair.key) ? String(pair.key.value) : '');
const findPair = (map: YAMLMap, key: string): Pair | undefined => map.items.find((p) => nfc(keyOf(p)) === nfc(key)) as Pair | undefined;

function usedAnchors(doc: Document): Set<string> {
  const used = new Set<string>();
  visit(doc, {
    Alias(_, node) {
      used.add(node.source);
    },
  });
  return used;
}

/** The node `path` leads to, or where it stops: a missing key, an empty value, an alias to copy first. */
function locate(doc: Document, path: readonly string[]): Located {
  const used = usedAnchors(doc);
  const shared = (node: unknown): boolean => {
    const anchor = (node as { anchor?: string }).anchor;
    return anchor !== undefined && used.has(anchor);
  };
  let node: unknown = doc.contents;
  let holder: Pair | undefined;
  for (let i = 0; i < path.length; i++) {
    if (isAlias(node)) return { at: 'alias', node, copy: inline((node.resolve(doc) as Node).toJS(doc) as EditValue) };
    if (shared(node)) return { at: 'refused', why: `the anchor &${(node as { anchor: string }).anchor} is used elsewhere in the file` };
    if (holder && isScalar(node) && node.value === null) return { at: 'empty', pair: holder, node, rest: path.slice(i) };
    if (!isMap(node)) return { at: 'refused', why: `${path.slice(0, i).join('.') || 'the file'} is not a mapping` };
    const pair = findPair(node, path[i] as string);
    if (!pair) return { at: 'missing', map: node, rest: path.slice(i) };
    if (i === path.length - 1)
      return shared(pair.value)
        ? { at: 'refused', why: `the anchor &${(pair.value as { anchor: string }).anchor} is used elsewhere in the file` }
        : { at: 'found', map: node, pair, holder };
    holder = pair;
    node = pair.value;
  }
  throw new Error('an empty path');
}

const BOM = '\uFEFF';

/** The file's line ending, as its first line ends: new lines are written with it, never mixed. */
const endingOf = (text: string): string => (text[text.indexOf('\n') - 1] === '\r' ? '\r\n' : '\n');
/** The splice's new lines ended as the file's lines are. */
const withEnding = (splice: Splice, ending: string): Splice => (ending === '\n' ? splice : { ...splice, text: splice.text.replace(/\r?\n/g, ending) });

/** `rest` as nested maps around `value`. */
const nest = (rest: readonly string[], value: EditValue): EditValue => rest.reduceRight<EditValue>((inner, key) => ({ [key]: inner }), value);

/** Where the line of `at` starts; on the first line, after a byte-order mark (no column of the text). */
function lineStart(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return start === 0 && text.startsWith(BOM) ? 1 : start;
}
const column = (text: string, at: number): number => at - lineStart(text, at);
/** After the end of the line `at` is on (after its newline; the text's end without one). */
function afterLine(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at;
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}
const nodeEnd = (pair: Pair): number => range(pair.value ?? pair.key)[1];

/** How far a nested block map is indented under its parent in this document (2 when none shows). */
function stepOf(doc: Document, text: string): number {
  let step = 0;
  visit(doc, {
    Pair(_, pair) {
      if (step > 0 || !isMap(pair.value) || pair.value.flow || !isMap(pair.value.items[0]?.value ?? null)) return;
      const child = pair.value.items[0] as Pair;
      const grand = (child.value as YAMLMap).items[0] as Pair | undefined;
      if (!grand || (child.value as YAMLMap).flow) return;
      step = column(text, range(grand.key)[0]) - column(text, range(child.key)[0]);
    },
  });
  return step > 0 ? step : 2;
}

function addPair(text: string, doc: Document, map: YAMLMap, key: string, value: EditValue): Splice {
  const last = map.items.at(-1) as Pair | undefined;
  if (map.flow || !last) {
    if (!last) return { start: range(map)[0], end: range(map)[1], text: inline({ [key]: value }) };
    const end = nodeEnd(last);
    return { start: end, end, text: `, ${keyText(key)}: ${inline(value)}` };
  }
  const lines = pairLines(key, value, column(text, range(last.key)[0]), stepOf(doc, text));
  const at = afterLine(text, nodeEnd(last));
  const lead = at === text.length && !text.endsWith('\n') && text.length > 0 ? '\n' : '';
  return { start: at, end: at, text: `${lead}${lines.join('\n')}\n` };
}

function replaceValue(text: string, doc: Document, pair: Pair, value: EditValue): Splice {
  const node = pair.value as Node;
  const [start, end] = range(node);
  const newline = text[end - 1] === '\n' ? '\n' : '';
  if ((isMap(node) || isSeq(node)) && !node.flow) {
    if (writesBlock(value)) {
      const lines = mapLines(value, column(text, start), stepOf(doc, text));
      return { start, end, text: `${lines.join('\n').trimStart()}${newline}` };
    }
    return { start: range(pair.key)[1], end, text: `: ${inline(value)}${newline}` };
  }
  if (start === end) return { start, end, text: ` ${inline(value)}` };
  return { start, end, text: inline(value) };
}

/** An empty value (`teams:` with nothing) filled: block lines under a block parent, else inline. */
function fill(text: string, doc: Document, pair: Pair, node: Node, rest: readonly string[], value: EditValue): Splice {
  const nested = nest(rest, value);
  const [start, end] = range(node);
  if (writesBlock(nested)) {
    const indent = column(text, range(pair.key)[0]) + stepOf(doc, text);
    return { start: range(pair.key)[1], end, text: `:\n${mapLines(nested, indent, stepOf(doc, text)).join('\n')}` };
  }
  return { start, end, text: start === end ? ` ${inline(nested)}` : inline(nested) };
}

/** A block collection emptied: `key: {}` (or `[]`) on the key's own line, as a person writes an empty one. */
function emptied(text: string, holder: Pair | undefined, node: Node, empty: string): Splice {
  const [start, end] = range(node);
  const newline = text[end - 1] === '\n' ? '\n' : '';
  if (holder) return { start: range(holder.key)[1], end, text: `: ${empty}${newline}` };
  return { start, end, text: `${empty}${newline}` };
}

function deletePair(text: string, map: YAMLMap, pair: Pair, holder: Pair | undefined): Splice {
  const items = map.items as Pair[];
  const i = items.indexOf(pair);
  if (items.length === 1) return map.flow ? { start: range(map)[0], end: range(map)[1], text: '{}' } : emptied(text, holder, map, '{}');
  if (map.flow) {
    const next = items[i + 1];
    if (next) return { start: range(pair.key)[0], end: range(next.key)[0], text: '' };
    return { start: nodeEnd(items[i - 1] as Pair), end: nodeEnd(pair), text: '' };
  }
  return { ...lineOf(text, range(pair.key)[0], range(pair.value ?? pair.key)[2]), text: '' };
}

/** The whole lines from `from` to `to`: from the line's start when only indentation is before it. */
function lineOf(text: string, from: number, to: number): { start: number; end: number } {
  const ls = lineStart(text, from);
  const start = text.slice(ls, from).trim() === '' ? ls : from;
  return { start, end: afterLine(text, to) };
}

function addItem(text: string, seq: YAMLSeq, item: string): Splice {
  const last = seq.items.at(-1) as Node | undefined;
  if (!last) return { start: range(seq)[0], end: range(seq)[1], text: `[${inline(item)}]` };
  if (seq.flow) return { start: range(last)[1], end: range(last)[1], text: `, ${inline(item)}` };
  const dash = text.lastIndexOf('-', range(last)[0]);
  const at = afterLine(text, range(last)[1]);
  const lead = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return { start: at, end: at, text: `${lead}${' '.repeat(column(text, dash))}- ${inline(item)}\n` };
}

function removeItem(text: string, holder: Pair, seq: YAMLSeq, index: number): Splice {
  const items = seq.items as Node[];
  const item = items[index] as Node;
  if (items.length === 1) return seq.flow ? { start: range(seq)[0], end: range(seq)[1], text: '[]' } : emptied(text, holder, seq, '[]');
  if (seq.flow) {
    const next = items[index + 1];
    if (next) return { start: range(item)[0], end: range(next)[0], text: '' };
    return { start: range(items[index - 1] as Node)[1], end: range(item)[1], text: '' };
  }
  return { ...lineOf(text, text.lastIndexOf('-', range(item)[0]), range(item)[2]), text: '' };
}

/** The op's one splice on `text` (after any alias on its path is copied), or why not; undefined: nothing to do. */
function spliceOf(text: string, op: Op): Splice | { refused: string } | { copy: Splice } | undefined {
  const doc = parseDocument(text, { keepSourceTokens: true, uniqueKeys: false });
  const found = locate(doc, op.path);
  if (found.at === 'refused') return { refused: found.why };
  if (found.at === 'alias') return { copy: { start: range(found.node)[0], end: range(found.node)[1], text: found.copy } };
  switch (op.kind) {
    case 'set':
      if (found.at === 'found') return replaceValue(text, doc, found.pair, op.value);
      if (found.at === 'missing') return addPair(text, doc, found.map, found.rest[0] as string, nest(found.rest.slice(1), op.value));
      return fill(text, doc, found.pair, found.node, found.rest, op.value);
    case 'delete':
      return found.at === 'found' ? deletePair(text, found.map, found.pair, found.holder) : undefined;
    case 'add-item':
    case 'remove-item':
      return itemSplice(text, doc, op, found);
  }
}

function itemSplice(
  text: string,
  doc: Document,
  op: Extract<Op, { kind: 'add-item' | 'remove-item' }>,
  found: Located,
): Splice | { refused: string } | undefined {
  const seq = found.at === 'found' ? found.pair.value : undefined;
  if (op.kind === 'remove-item') {
    if (!isSeq(seq)) return undefined;
    const index = seq.items.findIndex((n) => isScalar(n) && op.same(String(n.value)));
    return index < 0 || found.at !== 'found' ? undefined : removeItem(text, found.pair, seq, index);
  }
  if (isSeq(seq)) return seq.items.some((n) => isScalar(n) && op.same(String(n.value))) ? undefined : addItem(text, seq, op.item);
  if (found.at === 'found' && seq !== null && !(isScalar(seq) && seq.value === null)) return { refused: `${op.path.join('.')} is not a list` };
  return spliceOf(text, { kind: 'set', path: op.path, value: [op.item] }) as Splice | { refused: string } | undefined;
}

const applied = (text: string, s: Splice): string => text.slice(0, s.start) + s.text + text.slice(s.end);

/** Applies one op; an alias on its path is first replaced by a copy of what it names. */
export function applyOp(text: string, op: Op): Edited {
  const splices: Splice[] = [];
  let current = text;
  // Each alias copied shortens the path still behind an alias; a path has few steps.
  for (let round = 0; round <= op.path.length; round++) {
    const found = spliceOf(current, op);
    if (found === undefined) return { text: current, splices };
    if ('refused' in found) return { refused: found.refused };
    const splice = withEnding('copy' in found ? found.copy : found, endingOf(current));
    current = applied(current, splice);
    splices.push(splice);
    if (!('copy' in found)) return { text: current, splices };
  }
  throw new Error('an alias copied without end');
}
