// `drift --adopt` in Markdown, for a pull request's body: each file's diff in a ```diff fence, then
// each item not adopted with why (docs/drift.md, "Adopt"). Pure.
import type { Adoption } from '../../core/adoption.js';
import { editDiff, notAdoptedLine } from './adoption-words.js';

/** A fence longer than any run of backticks in the text, so a file's own backticks cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

const escape = (text: string): string => text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);

export function adoptionMarkdown(adoption: Adoption): string {
  const out = [`### Adopted into the files: ${adoption.adopted} ${adoption.adopted === 1 ? 'item' : 'items'}`, ''];
  for (const edit of adoption.edits) {
    const diff = editDiff(edit).trimEnd();
    const f = fence(diff);
    out.push(`${f}diff`, diff, f, '');
  }
  if (adoption.notAdopted.length > 0) {
    out.push(`### Not adopted (${adoption.notAdopted.length})`, '');
    for (const n of adoption.notAdopted) out.push(`- ${escape(notAdoptedLine(n))}`);
    out.push('');
  }
  return out.join('\n');
}
