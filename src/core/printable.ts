// Text from outside (a server's error details and values, a desired-state file's keys and values)
// goes into one-line messages on the user's terminal and CI log. A hostile or broken source could
// put newlines (in a GitHub Actions log, a line starting with `::` is a workflow command),
// terminal escape sequences or bidirectional overrides in it: each run of them becomes one space.

// C0 and C1 controls (newline, ESC, CSI, NEL, ...), the Unicode line and paragraph separators, and
// the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]+/g;

export function printable(text: string): string {
  return text.replace(CONTROLS, ' ');
}

/** The longest value a message quotes, in characters: names are shorter; a hostile value is cut. */
export const MAX_QUOTED = 64;

/** `text` cut to `max` characters (code points, never half a pair), the cut marked with an ellipsis. */
export function clip(text: string, max = MAX_QUOTED): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** A value from outside as a message quotes it: in double quotes, cut by clip (printable at output). */
export function quote(text: string, max = MAX_QUOTED): string {
  return `"${clip(text, max)}"`;
}
