// What a file's text holds at a path of keys (names compared after Unicode NFC, as the files'
// names are): whether an entry, a grant or a team is written there, and the value written. Aliases
// are followed. Pure.
import { type Document, isAlias, isMap, isScalar, type Node, parseDocument } from 'yaml';
import { nfc } from '../core/names.js';

// One parse per text: the planner asks the same texts many questions.
const parsed = new Map<string, Document>();
const MAX_CACHED = 64;

function docOf(text: string): Document {
  let doc = parsed.get(text);
  if (doc) return doc;
  doc = parseDocument(text, { uniqueKeys: false });
  if (parsed.size >= MAX_CACHED) parsed.clear();
  parsed.set(text, doc);
  return doc;
}

/** The walk along `path` (aliases followed): whether every key is written, and the value at its end. */
function walk(text: string, path: readonly string[]): { readonly found: boolean; readonly node: unknown; readonly doc: Document } {
  const doc = docOf(text);
  let node: unknown = doc.contents;
  for (const key of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (!isMap(node)) return { found: false, node: undefined, doc };
    const pair = node.items.find((p) => isScalar(p.key) && nfc(String(p.key.value)) === nfc(key));
    if (!pair) return { found: false, node: undefined, doc };
    node = pair.value;
  }
  return { found: true, node, doc };
}

/** The node at `path`, or undefined. */
export function nodeAt(text: string, path: readonly string[]): Node | undefined {
  const { node, doc } = walk(text, path);
  if (isAlias(node)) return node.resolve(doc) as Node | undefined;
  return (node ?? undefined) as Node | undefined;
}

/** Whether `path` is written in the text (with any value, an empty one included). */
export function holds(text: string, path: readonly string[]): boolean {
  return walk(text, path).found;
}

/** The plain value at `path` (a scalar, a map, a list), or undefined. */
export function writtenAt(text: string, path: readonly string[]): unknown {
  const node = nodeAt(text, path);
  return node === undefined ? undefined : (node as { toJS(doc: Document): unknown }).toJS(docOf(text));
}

/** The first of `texts` (by path, in the run's order) that writes `path`. */
export function fileWith(texts: ReadonlyMap<string, string>, path: readonly string[]): string | undefined {
  return [...texts].find(([, text]) => holds(text, path))?.[0];
}
