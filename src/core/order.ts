// The one order of text: code units, as `Array.prototype.sort` without a comparator. Plans (and so
// their checksums), exports, reports and problems are sorted with it, so the same input sorts the
// same way on every machine whatever its locale (`localeCompare` does not), and sorting is stable.
// Pure.

export type Comparator<T> = (a: T, b: T) => number;

/** Code-unit order of two strings. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Items in the code-unit order of one string of each. */
export const byKey =
  <T>(key: (item: T) => string): Comparator<T> =>
  (a, b) =>
    compareText(key(a), key(b));

/** By name. */
export const byName: Comparator<{ readonly name: string }> = (a, b) => compareText(a.name, b.name);

/** Targets, or anything with a type and a name: by type, then by name. */
export const byTypeThenName: Comparator<{ readonly type: string; readonly name: string }> = (a, b) =>
  compareText(a.type, b.type) || compareText(a.name, b.name);

/** `[key, value]` pairs (of a Map or `Object.entries`) by key. */
export const byEntryKey: Comparator<readonly [string, unknown]> = (a, b) => compareText(a[0], b[0]);

/**
 * The order of the runtime's locale (`localeCompare`): never for what is sorted into a plan, a
 * checksum or a file. Kept where it always was: near misses of equal distance, and which of two
 * token variables that differ only in case is tried first.
 */
export function compareLocale(a: string, b: string): number {
  return a.localeCompare(b);
}
