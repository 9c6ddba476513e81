// `report --can PERMISSION` (docs/evidence.md, "Who can"): each (team, target) whose effective access
// allows it, with every source that on its own allows it; the cells where the permission is not
// known, apart. One answer of "allows" (core/can.ts), asked of the cell and of each source. Pure.
import { allows, type CanAnswer, type CanHolder, type CanQuestion } from '../core/can.js';
import type { EffectiveCell } from '../core/effective.js';
import type { Contribution } from './compute.js';
import { RESOURCE_OF } from '../core/model.js';
import { mayHold } from './vector.js';

/** A source on its own as a cell: admin when it gives admin, else its fixed level or custom, with its own vector. */
function sourceAllows(question: CanQuestion, cell: EffectiveCell, source: Contribution): boolean {
  const access = source.admin ? 'admin' : ((source.level as EffectiveCell['access'] | undefined) ?? 'custom');
  return allows(question, { target: cell.target, access, permissions: source.permissions }) === true;
}

/** A source that does not report the permission and may still allow it (vector.ts, `mayHold`): the cell's answer is then not known. */
function mayAllow(question: CanQuestion, cell: EffectiveCell, source: Contribution): boolean {
  const requirement = question[cell.target.type];
  if (!requirement || 'admin' in requirement || source.permissions[requirement.key] !== undefined) return false;
  return mayHold(RESOURCE_OF[cell.target.type], requirement.key, source.level, requirement.atLeast);
}

export interface CanInput {
  readonly cells: readonly EffectiveCell[];
  /** What each source of a cell gives on its own, in the order of `cell.sources` (`EffectiveIndex.sourcesOf`). */
  readonly sourcesOf: (cell: EffectiveCell) => readonly Contribution[];
  /** A report by person: the people who hold a team's access (absent: a report by team). */
  readonly peopleOf?: (teamId: string) => readonly string[];
}

export function whoCan(question: CanQuestion, input: CanInput): CanAnswer {
  const holders: CanHolder[] = [];
  const unknown: CanHolder[] = [];
  for (const cell of input.cells) {
    const own = input.sourcesOf(cell);
    // cell.sources carries the report's facts; `own` is the same list, in the same order, with each one's vector.
    const sources = cell.sources.filter((_, i) => {
      const source = own[i];
      return source !== undefined && sourceAllows(question, cell, source);
    });
    const people = input.peopleOf ? { people: input.peopleOf(cell.team.id) } : {};
    // A source that allows it on its own answers yes, even where the cell's value is not certain
    // (another source may hide a higher one: higher still allows it).
    if (sources.length > 0) holders.push({ team: cell.team, target: cell.target, sources, ...people });
    else if (own.some((source) => mayAllow(question, cell, source))) unknown.push({ team: cell.team, target: cell.target, sources: cell.sources, ...people });
  }
  return { question: question.name, holders, unknown };
}
