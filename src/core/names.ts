// Names as the files write them against the organization's (docs/sets.md, "Names the files give"): equal as
// written, or equal once both are in Unicode NFC. An editor or a keyboard may write "é" as one code
// point or as "e" and a combining accent; the two look alike and mean one name, so a name that
// differs only so is found (and the plan warns), never "not found". Pure.

// Only text with a non-ASCII character can differ by normalisation: the rest skips ICU.
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;

/** `name` in Unicode NFC. */
export function nfc(name: string): string {
  return ASCII.test(name) ? name : name.normalize('NFC');
}

/** How a name of the files was found among the organization's. */
export interface FoundName {
  /** The organization's spelling. */
  readonly name: string;
  /** True when it differs from the files' only by Unicode normalisation. */
  readonly normalised: boolean;
}

/** The organization's names of one kind, looked up as written, then after NFC. */
export class NameIndex {
  private readonly exact: ReadonlySet<string>;
  private readonly byNfc = new Map<string, string>();

  constructor(names: Iterable<string>) {
    this.exact = new Set(names);
    // The first of two names with one NFC form wins; a name written exactly as either finds it.
    for (const name of this.exact) if (!this.byNfc.has(nfc(name))) this.byNfc.set(nfc(name), name);
  }

  /** Every name, for near misses. */
  get names(): Iterable<string> {
    return this.exact;
  }

  find(name: string): FoundName | undefined {
    if (this.exact.has(name)) return { name, normalised: false };
    const found = this.byNfc.get(nfc(name));
    return found === undefined ? undefined : { name: found, normalised: true };
  }
}

/**
 * `<<`, the YAML 1.1 merge key: written plain, the files refuse it as one (docs/files.md, "Files and
 * paths"); quoted, it is a name as written. So every writer of the files quotes a team named so.
 */
export const MERGE_KEY = '<<';
