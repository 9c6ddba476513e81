// One file's text -> plain data plus the source position of every key and value. Pure.
//
// The data is built by our own walk of the YAML node tree rather than `toJS()` so that (a) every
// value keeps its position, keyed by the JSON pointer Ajv reports, (b) duplicate keys are reported
// with both positions, and (c) alias expansion is counted and stopped at a budget (MAX_NODES,
// MAX_ALIAS_EXPANSIONS) instead of being left to run: a "billion laughs" costs at most the budget.
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import { MERGE_KEY } from '../core/names.js';
import { clip, quote } from '../core/printable.js';
import { DEFAULT_LIMITS, type LoadLimits } from './limits.js';
import { childPointer, dotted, type Segment } from './pointer.js';
import type { Problem } from './problem.js';
import { readYaml } from './read-yaml.js';

// C0 controls, DEL and C1 controls: no name or value of the format holds one, and a NUL or a
// newline in an organization or team name would end up in a URL or a log line.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** ` (U+0007)`: the first control character of a text, or undefined when there is none. */
function controlIn(text: string): string | undefined {
  const found = CONTROL.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The longest YAML syntax message shown: the parser quotes the text around the error. */
const MAX_SYNTAX_MESSAGE = 160;

export interface Pos {
  readonly line: number;
  readonly col: number;
}

export interface NodePositions {
  /** Where the key of this value is, for values inside a mapping. */
  readonly key?: Pos;
  readonly value: Pos;
}

export interface LoadedFile {
  /** Relative to the working directory of the run. */
  readonly file: string;
  /** The file's content as plain data; undefined when it could not be read or parsed. */
  readonly data: unknown;
  /** Positions by JSON pointer (`/projects/platform/teams/dev`). */
  readonly positions: ReadonlyMap<string, NodePositions>;
}

export interface ParsedText {
  readonly loaded: LoadedFile;
  readonly problems: Problem[];
  /** Work done building the data: what the limits bound. */
  readonly work: { readonly nodes: number; readonly aliases: number };
}

class Stop extends Error {}

// A YAML 1.1 merge key (a plain `<<`; quoted, it is a name). YAML 1.2 has none, so it would be read
// as a team or a key named "<<"; merging is refused rather than supported (docs/files.md, "Files and
// paths"): a merged value would have no place of its own in the file, and explicit keys would
// silently beat merged ones.
const MERGE_KEY_REFUSED = 'merge keys (<<) are not supported; write the keys out or use an anchor for the whole value';

function isMergeKey(node: Node | null): boolean {
  return node !== null && isScalar(node) && node.type === 'PLAIN' && node.value === MERGE_KEY;
}

class Builder {
  nodes = 0;
  aliases = 0;
  readonly positions = new Map<string, NodePositions>();
  readonly problems: Problem[] = [];
  private readonly anchors = new Map<string, Node>();
  private readonly stack = new Set<Node>();

  constructor(
    private readonly file: string,
    private readonly lines: (offset: number) => Pos,
    private readonly limits: LoadLimits,
  ) {}

  pos(node: Node | null | undefined, fallback: Pos = { line: 1, col: 1 }): Pos {
    const offset = node?.range?.[0];
    return offset === undefined ? fallback : this.lines(offset);
  }

  problem(at: Pos, message: string, segments?: readonly Segment[]): void {
    this.problems.push({ file: this.file, ...at, message, ...(segments ? { path: dotted(segments) } : {}) });
  }

  fatal(at: Pos, message: string): never {
    this.problem(at, message);
    throw new Stop();
  }

  /** `pointer`: the JSON pointer of `segments`, built along the walk (pointer.ts, childPointer). */
  value(node: unknown, segments: Segment[], pointer: string, expanding: boolean): unknown {
    if (node === null || node === undefined) return null;
    const yamlNode = node as Node;
    const at = this.pos(yamlNode);
    const { maxNodes, maxDepth } = this.limits;
    if (++this.nodes > maxNodes) {
      this.fatal(at, `the file expands to more than ${maxNodes} values (MAX_NODES), through aliases or size; refused`);
    }
    if (segments.length > maxDepth) this.fatal(at, depthMessage(segments, maxDepth));
    if (!this.positions.has(pointer)) this.positions.set(pointer, { value: at });
    if (isAlias(yamlNode)) return this.alias(yamlNode.source, at, segments, pointer);
    if (!expanding && yamlNode.anchor) this.anchors.set(yamlNode.anchor, yamlNode);
    this.stack.add(yamlNode);
    try {
      return this.collection(yamlNode, segments, pointer, expanding);
    } finally {
      this.stack.delete(yamlNode);
    }
  }

  private alias(name: string, at: Pos, segments: Segment[], pointer: string): unknown {
    if (++this.aliases > this.limits.maxAliasExpansions) {
      this.fatal(at, `more than ${this.limits.maxAliasExpansions} alias expansions (MAX_ALIAS_EXPANSIONS); refused`);
    }
    const target = this.anchors.get(name);
    // Fatal: a value that is not there would only add schema noise about "nothing".
    if (!target) this.fatal(at, `${dotted(segments)}: alias *${clip(name)} has no anchor &${clip(name)} before it`);
    if (this.stack.has(target)) this.fatal(at, `${dotted(segments)}: alias *${clip(name)} refers to a value that contains it`);
    return this.value(target, segments, pointer, true);
  }

  private collection(node: Node, segments: Segment[], pointer: string, expanding: boolean): unknown {
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'string') this.plainText(v, 'value', this.pos(node), segments);
      return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
    }
    if (isSeq(node)) return node.items.map((item, i) => this.value(item, [...segments, i], childPointer(pointer, i), expanding));
    if (isMap(node)) return this.map(node.items, segments, pointer, expanding);
    return null;
  }

  private map(pairs: readonly { key: unknown; value: unknown }[], segments: Segment[], pointer: string, expanding: boolean): object {
    const out: Record<string, unknown> = {};
    const seen = new Map<string, Pos>();
    for (const pair of pairs) {
      const keyNode = pair.key as Node | null;
      const keyPos = this.pos(keyNode, this.pos(pair.value as Node | null));
      if (isMergeKey(keyNode)) {
        this.problem(keyPos, `${dotted(segments)}: ${MERGE_KEY_REFUSED}`, segments);
        // Walked all the same, and not kept: an anchor inside stays known to the aliases after it.
        this.value(pair.value, [...segments, MERGE_KEY], childPointer(pointer, MERGE_KEY), expanding);
        continue;
      }
      const key = this.keyText(keyNode, keyPos, segments);
      if (key === undefined) continue;
      const childSegments = [...segments, key];
      const first = seen.get(key);
      if (first) {
        this.problem(
          keyPos,
          `${dotted(segments)}: key ${quote(key)} appears twice in this mapping (first at line ${first.line}, col ${first.col})`,
          childSegments,
        );
        continue;
      }
      this.plainText(key, 'name', keyPos, childSegments);
      seen.set(key, keyPos);
      const valuePos = pair.value ? this.pos(pair.value as Node, keyPos) : keyPos;
      const childPointerText = childPointer(pointer, key);
      // The value's own entry (set by value() below) would hold no key position: this one first.
      if (!this.positions.has(childPointerText)) this.positions.set(childPointerText, { key: keyPos, value: valuePos });
      const value = this.value(pair.value, childSegments, childPointerText, expanding);
      // A key named `__proto__` must stay a plain key, never a prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    return out;
  }

  /** A control character in a name or value is a problem at its place (CONTROL). */
  private plainText(text: string, what: 'name' | 'value', at: Pos, segments: Segment[]): void {
    const control = controlIn(text);
    if (control) this.problem(at, `${dotted(segments)}: the ${what} holds a control character (${control}); names and values are plain text`, segments);
  }

  private keyText(keyNode: Node | null, at: Pos, segments: Segment[]): string | undefined {
    if (keyNode && isScalar(keyNode)) {
      const v = keyNode.value;
      if (typeof v === 'string') return v;
      if (v !== null && (typeof v === 'number' || typeof v === 'boolean')) return keyNode.source ?? String(v);
    }
    if (keyNode && isAlias(keyNode)) {
      this.problem(at, `${dotted(segments)}: an alias may not be used as a key`, segments);
      return undefined;
    }
    this.problem(at, `${dotted(segments)}: keys must be plain names, not empty, lists or mappings`, segments);
    return undefined;
  }
}

/** The one message of MAX_DEPTH: from the token walk (depth.ts) or, through aliases, from the Builder. */
function depthMessage(segments: readonly Segment[], maxDepth: number): string {
  return `${dotted(segments)}: nested deeper than ${maxDepth} levels (MAX_DEPTH); refused`;
}

function syntaxMessage(code: string, message: string): string {
  // Only with a depth limit above what the composer's recursion can build (depth.ts says why).
  if (code === 'RESOURCE_EXHAUSTION') return 'nested too deeply for the YAML reader (it ran out of stack); refused';
  if (code === 'MULTIPLE_DOCS') return 'YAML syntax: a desired-state file holds one YAML document (no second `---`); use several files instead';
  return `YAML syntax: ${clip(message, MAX_SYNTAX_MESSAGE)}`;
}

/** A file that was read but holds no data (not text, a syntax error): it counts as a file of the run. */
export function emptyFile(file: string): LoadedFile {
  return { file, data: undefined, positions: new Map() };
}

/** The line and column of an offset; a byte-order mark is kept in the text (load/text.ts) but is no column of the first line. */
function linePosition(counter: LineCounter, text: string): (offset: number) => Pos {
  const bom = text.startsWith('\uFEFF');
  return (offset) => {
    const at = counter.linePos(offset);
    return bom && at.line === 1 && at.col > 1 ? { line: 1, col: at.col - 1 } : at;
  };
}

/** Parses one file's text. Never throws on content: every issue becomes a positioned problem. */
export function parseYamlText(file: string, text: string, limits: LoadLimits = DEFAULT_LIMITS): ParsedText {
  const none = { nodes: 0, aliases: 0 };
  if (text.length > limits.maxFileBytes) {
    const message = `the file is larger than ${limits.maxFileBytes} bytes (MAX_FILE_BYTES); split it into several files`;
    return { loaded: emptyFile(file), problems: [{ file, line: 1, col: 1, message }], work: none };
  }
  const counter = new LineCounter();
  const read = readYaml(text, counter, limits.maxDepth);
  const lines = { linePos: linePosition(counter, text) };
  if ('tooDeep' in read) {
    const { offset, segments } = read.tooDeep;
    return { loaded: emptyFile(file), problems: [{ file, ...lines.linePos(offset), message: depthMessage(segments, limits.maxDepth) }], work: none };
  }
  const { doc } = read;
  if (doc.errors.length > 0) {
    // Running out of stack leaves errors at every level it unwinds through: the first one says it.
    const exhausted = doc.errors.find((e) => e.code === 'RESOURCE_EXHAUSTION');
    const problems = (exhausted ? [exhausted] : doc.errors).map((e) => ({ file, ...lines.linePos(e.pos[0]), message: syntaxMessage(e.code, e.message) }));
    return { loaded: emptyFile(file), problems, work: none };
  }
  if (doc.contents === null) {
    const message = 'the file is empty; a desired-state file needs at least `organization: NAME`';
    return { loaded: emptyFile(file), problems: [{ file, line: 1, col: 1, message }], work: none };
  }
  const builder = new Builder(file, (offset) => lines.linePos(offset), limits);
  let data: unknown;
  try {
    data = builder.value(doc.contents, [], '', false);
  } catch (error: unknown) {
    if (!(error instanceof Stop)) throw error;
  }
  const work = { nodes: builder.nodes, aliases: builder.aliases };
  return { loaded: { file, data, positions: builder.positions }, problems: builder.problems, work };
}
