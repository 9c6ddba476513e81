// `review start`'s rows (docs/evidence.md, "Access reviews"): from the report of live access, a
// row per team with access on a target, and a row per person and team when people are reviewed,
// each on the sheet of the owner that covers the target; what no owner covers goes to the
// unowned sheet, so the whole population is on some sheet. Pure.
import type { Report } from '../core/report.js';
import type { ReviewOwner, SheetRow } from '../core/review.js';
import type { TargetRef } from '../core/model.js';
import type { AccessSource } from '../core/effective.js';
import { printable } from '../core/printable.js';
import { accessShortForm } from '../render/access-short.js';
import { reportSourceText } from '../render/report-source.js';
import { ownerFinder } from './owners.js';
import { rowCheck } from './sheet.js';

export interface ReviewRound {
  readonly review: string;
  readonly owners: readonly ReviewOwner[];
  /**
   * Whose people are reviewed: undefined for none, `all` for every team (`--by person`), else the
   * teams whose `members:` the files list (a revoke there is a person taken out of it).
   */
  readonly people?: 'all' | ReadonlySet<string>;
}

export interface ReviewSheets {
  /** One per owner, in the files' order, an owner that covers nothing live included (an empty sheet). */
  readonly sheets: readonly { readonly owner: string; readonly rows: readonly SheetRow[] }[];
  readonly unowned: readonly SheetRow[];
}

interface RowOf {
  readonly kind: 'team' | 'person';
  readonly subject: string;
  readonly via?: string;
  readonly teamId: string;
  readonly target: TargetRef;
  readonly access: string;
  readonly sources: readonly AccessSource[];
}

export function reviewSheets(report: Report, round: ReviewRound): ReviewSheets {
  const ownerOf = ownerFinder(round.owners, report.workspaces);
  const byOwner = new Map<string, SheetRow[]>(round.owners.map((o) => [o.owner, []]));
  const unowned: SheetRow[] = [];
  const add = (row: RowOf): void => {
    const owner = ownerOf(row.target)?.owner;
    const base = {
      review: round.review,
      owner: owner ?? '',
      kind: row.kind,
      // As the sheet shows them (core/printable.ts), so the check holds over what the sheet reads back.
      subject: printable(row.subject),
      ...(row.via === undefined ? {} : { via: printable(row.via) }),
      teamId: row.teamId,
      target: { ...row.target, name: printable(row.target.name) },
      access: row.access,
      sources: printable(row.sources.map((s) => reportSourceText(s, row.target.type)).join(', ')),
      decision: '',
      reviewer: '',
      rationale: '',
      decidedAt: '',
    } as const;
    const sheetRow: SheetRow = { ...base, check: rowCheck(base) };
    (owner === undefined ? unowned : (byOwner.get(owner) as SheetRow[])).push(sheetRow);
  };
  // The access as the report says it: a custom cell in short (`custom: apply, vars rw, state r`); a person's row, the team's cell.
  const shortOf = new Map(report.cells.map((cell) => [`${cell.team.id}\u0000${cell.target.id}`, accessShortForm(cell)]));
  for (const cell of report.cells)
    add({ kind: 'team', subject: cell.team.name, teamId: cell.team.id, target: cell.target, access: accessShortForm(cell), sources: cell.sources });
  const people = round.people;
  if (people !== undefined) {
    for (const person of report.people?.people ?? []) {
      if (person.status !== 'active') continue;
      for (const cell of person.cells)
        for (const through of cell.through) {
          if (people !== 'all' && !people.has(through.team.name)) continue;
          add({
            kind: 'person',
            subject: person.email,
            via: through.team.name,
            teamId: through.team.id,
            target: cell.target,
            access: shortOf.get(`${through.team.id}\u0000${cell.target.id}`) ?? through.access,
            sources: through.sources,
          });
        }
    }
  }
  return { sheets: round.owners.map((o) => ({ owner: o.owner, rows: byOwner.get(o.owner) ?? [] })), unowned };
}
