// `report --after` (docs/evidence.md, "Changes marked"): what the plan changes in the report, in
// the text (a section "Changes once applied", one row per cell) and the JSON (`changed`, each cell
// before and after in the form of the report's own cells). Nothing when the report is live.
import type { EffectiveCell } from '../../core/effective.js';
import type { JsonValue } from '../../core/json-value.js';
import { RESOURCE_OF } from '../../core/model.js';
import { nestPermissions, orderedEntries } from '../../core/permissions.js';
import { printable } from '../../core/printable.js';
import type { CellChange } from '../../core/report.js';
import { reportSourceDocument } from './report-source-document.js';
import { table } from './report-table.js';

const sideOf = (change: CellChange): EffectiveCell => (change.after ?? change.before)!;

/** A side of a change in words: the level, with its permissions when custom or when only they change; or no access. */
function sideText(cell: EffectiveCell | null, sameLevel = false): string {
  if (!cell) return 'no access';
  if (cell.access !== 'custom' && !sameLevel) return cell.access;
  const permissions = orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions).map(([k, v]) => `${k}=${String(v)}`);
  return `${cell.access} (${permissions.join(', ')})`;
}

export function changedLines(changes: readonly CellChange[] | undefined): string[] {
  if (!changes) return [];
  if (changes.length === 0) return ['Changes once applied: none; the plan changes no effective access.', ''];
  const rows = changes.map((change): [string, string, string] => {
    const side = sideOf(change);
    const same = change.before?.access === change.after?.access;
    return [
      printable(side.team.name),
      `${side.target.type} ${printable(side.target.name)}`,
      `${sideText(change.before, same)} -> ${sideText(change.after, same)}`,
    ];
  });
  return [`Changes once applied (${changes.length}):`, ...table(rows), ''];
}

function sideDocument(cell: EffectiveCell | null): JsonValue {
  if (!cell) return null;
  return {
    access: cell.access,
    permissions: nestPermissions(orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions)),
    // As the report writes its cells' sources (docs/evidence.md, "Changes marked"): moot, organization-wide, managed.
    sources: cell.sources.map(reportSourceDocument),
  };
}

/** The JSON's `changed`, only with `--after`. */
export function changedDocument(changes: readonly CellChange[] | undefined): { changed?: JsonValue } {
  if (!changes) return {};
  return {
    changed: changes.map((change) => {
      const side = sideOf(change);
      return {
        team: { name: side.team.name, id: side.team.id },
        target: { type: side.target.type, name: side.target.name, id: side.target.id },
        before: sideDocument(change.before),
        after: sideDocument(change.after),
      };
    }),
  };
}
