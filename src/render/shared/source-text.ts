// One source of a team's access in words (docs/effective-access.md, "Effective access"): the one
// wording of a source. Every output that shows one phrases it here, from its facts: the report in
// each format, the review sheets, the plan's effective changes, a policy violation, `review
// close`'s refusals and `report diff` in each format.
import type { EffectiveCell } from '../../core/effective.js';
import { printable } from '../../core/printable.js';

/**
 * What the words of a source read: its kind, and its permission, project and level. An
 * `AccessSource` of the effective index is one; so is a report's source read back (`report diff`).
 */
export type SourceFacts =
  | { readonly kind: 'owners' }
  | { readonly kind: 'organization'; readonly permission: string }
  | { readonly kind: 'project'; readonly name: string; readonly access: string }
  | { readonly kind: 'workspace'; readonly access: string };

/**
 * One source in words: `organization manage-projects`, `project platform: write`, `workspace grant: plan`.
 * `name` writes a project's name (the report's lists quote one that holds a separator).
 */
export function sourceText(source: SourceFacts, targetType: EffectiveCell['target']['type'], name: (name: string) => string = printable): string {
  switch (source.kind) {
    case 'owners':
      return 'owners team';
    case 'organization':
      return `organization ${source.permission}`;
    case 'project':
      return targetType === 'project' ? `project grant: ${source.access}` : `project ${name(source.name)}: ${source.access}`;
    case 'workspace':
      return `workspace grant: ${source.access}`;
  }
}

/** Every source, in words, joined with `, `. */
export const sourcesInWords = (sources: readonly SourceFacts[], targetType: EffectiveCell['target']['type']): string =>
  sources.map((s) => sourceText(s, targetType)).join(', ');
