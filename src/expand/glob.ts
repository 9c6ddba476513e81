// Name globs of sets (docs/sets.md, "Sets"): `*` matches any run of characters (none included), `?`
// exactly one, every other character itself, case included. Pure.
//
// Why not a glob library: theirs are path globs (`/` is special, `[...]`, `{a,b}`, `!` and extglobs
// mean something), and a project may be named `(legacy) [eu]`; here two wildcards exist and
// nothing else does. Why not a RegExp: `*a*a*a*b` against a long name backtracks exponentially;
// this walk is O(name × glob) whatever the glob.

/** Whether `name` matches `glob` as a whole. */
export function globMatches(glob: string, name: string): boolean {
  const g = [...glob];
  const n = [...name];
  let gi = 0;
  let ni = 0;
  // Where the last `*` was, and where in the name it was tried to end: on a mismatch, it takes one
  // more character and matching goes on from there.
  let star = -1;
  let resume = 0;
  while (ni < n.length) {
    const c = g[gi];
    if (c === '*') {
      star = gi++;
      resume = ni;
    } else if (c !== undefined && (c === '?' || c === n[ni])) {
      gi++;
      ni++;
    } else if (star >= 0) {
      gi = star + 1;
      ni = ++resume;
    } else {
      return false;
    }
  }
  while (g[gi] === '*') gi++;
  return gi === g.length;
}

/** Whether `name` matches any of `globs`. */
export function anyGlobMatches(globs: readonly string[], name: string): boolean {
  return globs.some((glob) => globMatches(glob, name));
}
