// `report --after` (docs/evidence.md, "Changes marked"): each (team, target) whose effective access
// the plan of the files changes, the live cell against the cell once applied. A change of level or
// of any permission counts; a cell the plan creates has no before, one it removes no after.
import type { EffectiveCell } from '../../core/effective.js';
import { RESOURCE_OF } from '../../core/model.js';
import { compareText as compare } from '../../core/order.js';
import { orderedEntries } from '../../core/permissions.js';
import type { CellChange, Report } from '../../core/report.js';

const keyOf = (cell: EffectiveCell): string => `${cell.team.id}\u0000${cell.target.id}`;
const permissionsOf = (cell: EffectiveCell): string => JSON.stringify(orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions));
const same = (a: EffectiveCell, b: EffectiveCell): boolean => a.access === b.access && permissionsOf(a) === permissionsOf(b);

const sideOf = (change: CellChange): EffectiveCell => (change.after ?? change.before)!;

/** Projects before workspaces, then by target name and team name (code-unit order, as the report's cells). */
function byTargetThenTeam(x: CellChange, y: CellChange): number {
  const a = sideOf(x);
  const b = sideOf(y);
  return compare(a.target.type, b.target.type) || compare(a.target.name, b.target.name) || compare(a.team.name, b.team.name);
}

export function cellChanges(before: readonly EffectiveCell[], after: readonly EffectiveCell[]): CellChange[] {
  const was = new Map(before.map((c) => [keyOf(c), c]));
  const now = new Map(after.map((c) => [keyOf(c), c]));
  const out: CellChange[] = [];
  for (const [key, cell] of now) {
    const old = was.get(key);
    if (!old || !same(old, cell)) out.push({ before: old ?? null, after: cell });
  }
  for (const [key, cell] of was) if (!now.has(key)) out.push({ before: cell, after: null });
  return out.sort(byTargetThenTeam);
}

/** The changes on what the report shows: its targets, and with `--team` its teams. */
export function changesShown(changes: readonly CellChange[], report: Report, teamsAsked: boolean): CellChange[] {
  const targets = new Set([...report.projects.map((p) => p.id), ...report.workspaces.map((w) => w.id)]);
  const teams = new Set(report.teams.map((t) => t.id));
  return changes.filter((change) => {
    const side = sideOf(change);
    return targets.has(side.target.id) && (!teamsAsked || teams.has(side.team.id));
  });
}
