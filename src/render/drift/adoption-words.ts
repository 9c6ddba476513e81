// What every format of `drift --adopt` says (docs/drift.md, "Adopt"): each file's edits as a unified
// diff (the `diff` package), and each drift item by what it is. Pure.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { Adoption, FileEdit, NotAdopted } from '../../core/adoption.js';
import type { Scope } from '../../core/coverage.js';
import type { DriftItem } from '../../core/drift-item.js';
import { tokenSettingName } from '../../core/token-policy.js';

/** A file's edits as a unified diff, `a/PATH` and `b/PATH`, three lines of context. */
export function editDiff(edit: FileEdit): string {
  // An absolute path (a file outside the working directory) is named as it is, on both sides.
  const [a, b] = edit.path.startsWith('/') ? [edit.path, edit.path] : [`a/${edit.path}`, `b/${edit.path}`];
  return createTwoFilesPatch(a, b, edit.before, edit.after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY });
}

const GRANT_WORDS = { add: 'missing', update: 'different', remove: 'not in the files' } as const;

/** An item in words: `grant of team sre on workspace api-prod (different)`. */
export function itemWords(item: DriftItem): string {
  switch (item.kind) {
    case 'grant': {
      const { change } = item;
      return `grant of team ${change.team.name} on ${change.target.type} ${change.target.name} (${GRANT_WORDS[change.action]})`;
    }
    case 'team':
      return `team ${item.change.name} (${item.change.action === 'delete' ? 'made by hand' : item.change.action})`;
    case 'member': {
      const { change } = item;
      const team = 'team' in change ? ` in team ${change.team.name}` : '';
      return `member ${change.person.email}${team} (${change.action})`;
    }
    case 'token-policy':
      return `token-policy ${tokenSettingName(item.change)} (different)`;
  }
}

/** One line of an item not adopted: what, why (the reason's code), and the detail. */
export function notAdoptedLine(n: NotAdopted): string {
  return `${itemWords(n.item)}: ${n.reason}: ${n.detail}`;
}

/** The files drift --adopt edited, as the run named them: none without an adoption. */
export function editedPaths(adoption: Adoption | undefined): readonly string[] {
  return adoption?.edits.map((e) => e.path) ?? [];
}

/** What the ways out after drift repeat: with `drift --adopt --target`, the targets too, so following them stays inside what was adopted. */
export function waysOutScope(scope: Scope, adoption: Adoption | undefined): Scope {
  const targets = adoption?.targets ?? [];
  return targets.length === 0 ? scope : { ...scope, targets: [...new Set([...scope.targets, ...targets])] };
}
