// One source of a team's access in words (docs/effective-access.md, "Effective access"), as the report, the plan's
// effective changes and a policy violation say it.
import type { AccessSource, EffectiveCell } from '../core/effective.js';
import { printable } from '../core/printable.js';

/**
 * One source in words: `organization manage-projects`, `project platform: write`, `workspace grant: plan`.
 * `name` writes a project's name (the report's lists quote one that holds a separator).
 */
export function sourceText(source: AccessSource, targetType: EffectiveCell['target']['type'], name: (name: string) => string = printable): string {
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
