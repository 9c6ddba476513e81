// Text from the service or the files inside Markdown (plan comments, apply reports) and HTML (the
// report's page): one line each, whatever it holds (a line starting with `::` in a CI log is a
// workflow command; see src/core/printable.ts), and no tag, attribute, table cell or fence it could
// open.
import { printable } from '../../core/printable.js';

/** Safe in an element and in an attribute quoted either way. */
export function escapeHtml(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text outside an attribute: no tag may open; quotes stay as they are written. */
export function escapeText(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A table cell: as escapeText, and a `|` does not end the cell. */
export function escapeCell(text: string): string {
  return escapeText(text).replace(/\|/g, '\\|');
}

/** Inside a fenced block nothing but a fence can break out; names never hold backticks, but be sure. */
export function fenceSafe(text: string): string {
  return printable(text).replace(/`/g, "'");
}

/** A fenced block of lines, each made fence-safe. */
export function fenced(language: string, lines: readonly string[]): string {
  return `\`\`\`${language}\n${lines.map(fenceSafe).join('\n')}\n\`\`\`\n`;
}

/** A collapsed section: `<details>` with its summary, the body between blank lines (so it is Markdown). */
export function collapsed(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n</details>\n`;
}
