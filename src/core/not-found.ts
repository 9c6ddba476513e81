// A name the service does not list, said one way everywhere: it answers 404 alike for what is not
// there and for what the token may not see (docs/api.md, "Seed: authentication" 5), and a list
// leaves out what the token may not see, so neither can tell the two apart. Pure.
import { didYouMean } from './suggest.js';

export const NOT_VISIBLE = 'not found, or the token may not see it';

/** `project "x" in organization "acme": not found, or the token may not see it. Did you mean "y"?` */
export function notFoundLine(kind: string, name: string, organization: string, known: Iterable<string>): string {
  return `${kind} "${name}" in organization "${organization}": ${NOT_VISIBLE}.${didYouMean(name, known)}`;
}

/** The error message of names not found: one is its line, several are listed under a head line; none, undefined. */
export function notFoundMessage(lines: readonly string[]): string | undefined {
  if (lines.length <= 1) return lines[0];
  return `${lines.length} names were not found:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
