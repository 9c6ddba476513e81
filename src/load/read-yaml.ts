// One file's text -> yaml's document, or the first value nested deeper than the limit. yaml's
// parseDocument in its two steps: the parser's tokens first, measured (depth.ts says why), and
// only then the composer. Pure.
import { Composer, type CST, type Document, type LineCounter, Parser, YAMLParseError } from 'yaml';
import { firstTooDeep, type TooDeep } from './depth.js';

export type ReadYaml = { readonly doc: Document.Parsed } | { readonly tooDeep: TooDeep };

/** `lines` learns every line start of `text`, for positions. */
export function readYaml(text: string, lines: LineCounter, maxDepth: number): ReadYaml {
  const tokens = [...new Parser(lines.addNewLine).parse(text)];
  const tooDeep = firstTooDeep(tokens, maxDepth);
  return tooDeep ? { tooDeep } : { doc: composeOne(tokens, text.length) };
}

/** The first document; a second one is an error of the first, as parseDocument has it. */
function composeOne(tokens: readonly CST.Token[], length: number): Document.Parsed {
  // YAML 1.2: `yes` is a string, `<<` an ordinary key (document.ts refuses it); duplicate keys are
  // found by document.ts, with both places.
  const composer = new Composer({ uniqueKeys: false, version: '1.2' });
  let first: Document.Parsed | undefined;
  for (const doc of composer.compose(tokens, true, length)) {
    if (first) {
      first.errors.push(new YAMLParseError([doc.range[0], doc.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
    first = doc;
  }
  // compose(…, forceDoc) yields a document for every text, an empty one for an empty text.
  if (!first) throw new Error('yaml composed no document');
  return first;
}
