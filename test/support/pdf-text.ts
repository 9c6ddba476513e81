// The text of a PDF printed by chromium, read offline with no PDF library: each content stream
// inflated, each string it shows (`<hex> Tj`, `[<hex> ...] TJ`) mapped to Unicode through the
// `ToUnicode` map of the font it is shown in (`/Fn size Tf`, the font found by its resource name).
// Enough for chromium's own output (Type0 fonts, two-byte glyph codes, `bfchar` and `bfrange`);
// not a general PDF reader.
import { inflateSync } from 'node:zlib';

type CMap = Map<number, string>;

const hexText = (hex: string): string => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

function parseCMap(text: string): CMap {
  const map: CMap = new Map();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(code!, 16), hexText(unicode!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, start] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(from!, 16);
      const base = parseInt(start!, 16);
      for (let code = first; code <= parseInt(to!, 16); code++) map.set(code, String.fromCodePoint(base + code - first));
    }
  }
  return map;
}

/** Every object of the file by number: its dictionary and its stream inflated (when it is deflated). */
function objectsOf(pdf: Buffer): Map<number, { dict: string; stream?: string }> {
  const text = pdf.toString('latin1');
  const out = new Map<number, { dict: string; stream?: string }>();
  for (const m of text.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start = m.index! + m[0].indexOf('stream') + 'stream'.length + (text[m.index! + m[0].indexOf('stream') + 6] === '\r' ? 2 : 1);
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0));
    let stream: string;
    try {
      stream = /FlateDecode/.test(dict) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    } catch {
      stream = '';
    }
    out.set(Number(m[1]), { dict, stream });
  }
  return out;
}

/** Every object, and the text of a content stream of it, its fonts read through their `ToUnicode` maps. */
function reader(pdf: Uint8Array): { objects: Map<number, { dict: string; stream?: string }>; textOf: (stream: string) => string } {
  const objects = objectsOf(Buffer.from(pdf));
  const cmapOfFont = new Map<number, CMap>();
  for (const [id, { dict }] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(dict);
    const stream = ref ? objects.get(Number(ref[1]))?.stream : undefined;
    if (stream) cmapOfFont.set(id, parseCMap(stream));
  }
  // Resource names of fonts (`/F4 12 0 R`) wherever they are declared.
  const fontByName = new Map<string, CMap>();
  for (const { dict } of objects.values()) {
    for (const [, name, ref] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const cmap = cmapOfFont.get(Number(ref));
      if (cmap) fontByName.set(name!, cmap);
    }
  }
  const textOf = (stream: string): string => {
    let cmap: CMap | undefined;
    let text = '';
    for (const m of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1]) cmap = fontByName.get(m[1]);
      const hexes = m[2] !== undefined ? [...m[2].matchAll(/<([0-9A-Fa-f]*)>/g)].map((h) => h[1]!) : m[3] !== undefined ? [m[3]] : [];
      for (const hex of hexes) for (const code of hex.match(/.{4}/g) ?? []) text += cmap?.get(parseInt(code, 16)) ?? '\ufffd';
    }
    // NFKC: a ligature glyph (`ﬀ`) reads as its letters.
    return text.normalize('NFKC');
  };
  return { objects, textOf };
}

/** The text shown in each content stream, one string per stream (the strings of a page joined with no separator). */
export function pdfText(pdf: Uint8Array): string[] {
  const { objects, textOf } = reader(pdf);
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bTf\b/.test(stream)) continue;
    out.push(textOf(stream));
  }
  return out;
}

/**
 * The text of each page, in page order (the `/Kids` of the page tree, walked depth first): every
 * content stream of the page and of the forms (`/XObject`s) it draws, joined with no separator.
 */
export function pdfPageTexts(pdf: Uint8Array): string[] {
  const { objects, textOf } = reader(pdf);
  const refs = (text: string): number[] => [...text.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const root = [...objects.entries()].find(([, o]) => /\/Type\s*\/Pages\b/.test(o.dict) && !/\/Parent\s/.test(o.dict));
  const pages: number[] = [];
  const walk = (id: number): void => {
    const dict = objects.get(id)?.dict ?? '';
    if (/\/Type\s*\/Page(?![a-zA-Z])/.test(dict)) return void pages.push(id);
    for (const kid of refs(/\/Kids\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? '')) walk(kid);
  };
  if (root) walk(root[0]);
  const streamsOf = (id: number, seen: Set<number>): string[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    const object = objects.get(id);
    if (!object) return [];
    const own = object.stream !== undefined && /\bTf\b/.test(object.stream) ? [textOf(object.stream)] : [];
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(object.dict)?.[1] ?? '';
    const xobjects = [...object.dict.matchAll(/\/X\w*\d+ (\d+) 0 R/g)].map((m) => Number(m[1]));
    const resources = /\/Resources (\d+) 0 R/.exec(object.dict)?.[1];
    const fromResources = resources ? [...(objects.get(Number(resources))?.dict ?? '').matchAll(/\/X\w*\d+ (\d+) 0 R/g)].map((m) => Number(m[1])) : [];
    return [...own, ...[...refs(contents), ...xobjects, ...fromResources].flatMap((ref) => streamsOf(ref, seen))];
  };
  return pages.map((id) => streamsOf(id, new Set()).join(''));
}
