// Text the service sent (error details, values it got wrong) goes into one-line messages on the
// user's terminal and CI log. A hostile or broken server could put newlines, terminal escape
// sequences or bidirectional overrides in it: each run of them becomes one space.

// C0 and C1 controls (newline, ESC, CSI, ...) and the Unicode bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

export function printable(text: string): string {
  return text.replace(CONTROLS, ' ');
}
