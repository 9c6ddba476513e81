// `review start`'s rows (docs/evidence.md, "Access reviews"): from the report of live access, a
// row per team with access on a target, a row per team and organization power it holds (the owners
// team holds every one), and a row per person and team when people are reviewed (an inactive
// person's: one per team they are still in), each on the sheet of the owner that covers the target
// (the powers and the inactive memberships: of the owner with `organization: true`), and a row per
// derived row on the sheet of the owner of the target it is reached through; what no
// owner covers goes to the unowned sheet, so the whole population is on some sheet. Pure.

import type { DerivedRow } from '../core/derived.js';
import type { AccessSource, EffectiveCell } from '../core/effective.js';
import type { TargetRef, TargetType } from '../core/model.js';
import { printable } from '../core/printable.js';
import type { Report } from '../core/report.js';
import type { ReviewKind, ReviewOwner, ReviewTarget, SheetRow } from '../core/review.js';
import { implyingFlags } from '../core/team-flags.js';
import { flagsOn, teamPowers } from '../core/team-powers.js';
import { organizationOwner, ownerFinder } from './owners.js';
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

/**
 * How a sheet writes a cell's access, each of its sources and what gives a team a power: the
 * report's words (render/shared/access-short.ts, render/report-words/report-source.ts, render/review/review-power.ts), passed
 * in by the use case, so a reviewer reads what the report says and this folder knows no words.
 */
export interface SheetWords {
  access(cell: Pick<EffectiveCell, 'target' | 'access' | 'permissions'>): string;
  source(source: AccessSource, type: TargetRef['type']): string;
  /** The owners team holds every power by rule; another team its own flag, which flags it holds beside may bring. */
  power(owners: boolean, broughtBy: readonly string[]): string;
  /** An inactive person's membership of a team: what regains the team's access. */
  membership(): string;
  /** A derived row's access (`reaches outputs:network-prod`) and what carries it (its sources there, and how it leads on). */
  derivedAccess(row: DerivedRow): string;
  derivedSources(row: DerivedRow): string;
}

export interface ReviewSheets {
  /** One per owner, in the files' order, an owner that covers nothing live included (an empty sheet). */
  readonly sheets: readonly { readonly owner: string; readonly rows: readonly SheetRow[] }[];
  readonly unowned: readonly SheetRow[];
}

interface RowOf {
  readonly kind: ReviewKind;
  readonly subject: string;
  readonly via?: string;
  readonly teamId: string;
  readonly target: ReviewTarget;
  readonly access: string;
  /** What gives it, in words. */
  readonly sources: string;
}

const sourcesText = (words: SheetWords, sources: readonly AccessSource[], type: TargetType): string => sources.map((s) => words.source(s, type)).join(', ');

/**
 * A row per team and organization power it holds: each flag the service reports on, and for the
 * owners team every flag of the table (its powers are fixed, whatever the service reports). The
 * target is the organization, by its name, which is its id in the API (`/organizations/NAME`).
 */
function powerRows(report: Report, words: SheetWords): RowOf[] {
  const target = { type: 'organization', name: report.organization, id: report.organization } as const;
  return teamPowers(report).flatMap((powers) =>
    flagsOn(powers).map((flag) => ({
      kind: 'power',
      subject: powers.team.name,
      teamId: powers.team.id,
      target,
      access: flag,
      sources: words.power(powers.owners, powers.owners ? [] : implyingFlags(powers.team.organizationAccess, flag)),
    })),
  );
}

/** A row per team and target it has access on, the access and its sources as the report says them. */
function teamRows(report: Report, words: SheetWords): RowOf[] {
  return report.cells.map((cell) => ({
    kind: 'team',
    subject: cell.team.name,
    teamId: cell.team.id,
    target: cell.target,
    access: words.access(cell),
    sources: sourcesText(words, cell.sources, cell.target.type),
  }));
}

/** A row per active person, team and target, for the teams whose people are reviewed; a person's row has the team's access. */
function personRows(report: Report, people: 'all' | ReadonlySet<string>, words: SheetWords): RowOf[] {
  // The access as the report says it: a custom cell in short (`custom: apply, vars rw, state r`).
  const shortOf = new Map(report.cells.map((cell) => [`${cell.team.id}\u0000${cell.target.id}`, words.access(cell)]));
  const active = (report.people?.people ?? []).filter((p) => p.status === 'active');
  return active.flatMap((person) =>
    person.cells.flatMap((cell) =>
      cell.through
        .filter((through) => people === 'all' || people.has(through.team.name))
        .map((through) => ({
          kind: 'person' as const,
          subject: person.email,
          via: through.team.name,
          teamId: through.team.id,
          target: cell.target,
          access: shortOf.get(`${through.team.id}\u0000${cell.target.id}`) ?? through.access,
          sources: sourcesText(words, through.sources, cell.target.type),
        })),
    ),
  );
}

/**
 * A row per derived row of the report (docs/evidence.md, "Derived rows"): team T reaches a variable
 * set, the outputs of a workspace, an agent pool or a Stack through its access on the target, which
 * the row is of, so it goes to the sheet of the owner of that target, beside the access that carries it.
 */
function derivedRows(report: Report, words: SheetWords): RowOf[] {
  return (report.derived?.rows ?? []).map((row) => ({
    kind: 'derived',
    subject: row.team.name,
    teamId: row.team.id,
    target: row.target,
    access: words.derivedAccess(row),
    sources: words.derivedSources(row),
  }));
}

/** What a membership row says in its access column: the person's status. */
export const INACTIVE_ACCESS = 'inactive';

/**
 * A row per inactive person and team they are still in, for the teams whose people are reviewed: no
 * access now, all of the team's once re-activated. On the organization's sheet, as a power row: a
 * membership is of no one target.
 */
function membershipRows(report: Report, people: 'all' | ReadonlySet<string>, words: SheetWords): RowOf[] {
  const target = { type: 'organization', name: report.organization, id: report.organization } as const;
  const inactive = (report.people?.people ?? []).filter((p) => p.status === 'inactive');
  return inactive.flatMap((person) =>
    person.teams
      .filter((team) => people === 'all' || people.has(team.name))
      .map((team) => ({
        kind: 'membership' as const,
        subject: person.email,
        via: team.name,
        teamId: team.id,
        target,
        access: INACTIVE_ACCESS,
        sources: words.membership(),
      })),
  );
}

/** A row as its sheet writes it, undecided, with its check. */
function sheetRow(review: string, owner: string | undefined, row: RowOf): SheetRow {
  const base = {
    review,
    owner: owner ?? '',
    kind: row.kind,
    // As the sheet shows them (core/printable.ts), so the check holds over what the sheet reads back.
    subject: printable(row.subject),
    ...(row.via === undefined ? {} : { via: printable(row.via) }),
    teamId: row.teamId,
    target: { ...row.target, name: printable(row.target.name) },
    access: row.access,
    sources: printable(row.sources),
    decision: '',
    reviewer: '',
    rationale: '',
    decidedAt: '',
  } as const;
  return { ...base, check: rowCheck(base) };
}

export function reviewSheets(report: Report, round: ReviewRound, words: SheetWords): ReviewSheets {
  const findOwner = ownerFinder(round.owners, report.workspaces);
  const ofOrganization = organizationOwner(round.owners);
  const ownerOf = (target: ReviewTarget) => (target.type === 'organization' ? ofOrganization : findOwner(target));
  const byOwner = new Map<string, SheetRow[]>(round.owners.map((o) => [o.owner, []]));
  const unowned: SheetRow[] = [];
  const people = round.people === undefined ? [] : [...personRows(report, round.people, words), ...membershipRows(report, round.people, words)];
  const rows = [...teamRows(report, words), ...derivedRows(report, words), ...powerRows(report, words), ...people];
  for (const row of rows) {
    const owner = ownerOf(row.target)?.owner;
    (owner === undefined ? unowned : (byOwner.get(owner) as SheetRow[])).push(sheetRow(round.review, owner, row));
  }
  return { sheets: round.owners.map((o) => ({ owner: o.owner, rows: byOwner.get(o.owner) ?? [] })), unowned };
}
