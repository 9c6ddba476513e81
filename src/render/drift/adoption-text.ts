// `drift --adopt` in text, after the drift itself: the diff of each file edited, then each item not
// adopted with why (docs/drift.md, "Adopt"). Pure.
import type { Adoption } from '../../core/adoption.js';
import { printable } from '../../core/printable.js';
import { editDiff, notAdoptedLine } from './adoption-words.js';

const COLORS = { '+': '\u001b[32m', '-': '\u001b[31m', '@': '\u001b[36m' } as const;

function paintLine(line: string, color: boolean): string {
  const code = color && !line.startsWith('+++') && !line.startsWith('---') ? COLORS[line[0] as keyof typeof COLORS] : undefined;
  return code ? `${code}${line}\u001b[0m` : line;
}

export function adoptionText(adoption: Adoption, color: boolean): string {
  const files = adoption.edits.length;
  const head =
    adoption.adopted === 0
      ? 'Adopted: nothing; the files were not changed.'
      : `Adopted into the files: ${adoption.adopted} ${adoption.adopted === 1 ? 'item' : 'items'}, ${files} ${files === 1 ? 'file' : 'files'} changed.`;
  const out = [head, ''];
  for (const edit of adoption.edits)
    out.push(
      ...editDiff(edit)
        .trimEnd()
        .split('\n')
        .map((l) => paintLine(printable(l), color)),
      '',
    );
  if (adoption.notAdopted.length > 0) {
    out.push(`Not adopted (${adoption.notAdopted.length}):`);
    for (const n of adoption.notAdopted) out.push(`  ${printable(notAdoptedLine(n))}`);
    out.push('');
  }
  return out.join('\n');
}
