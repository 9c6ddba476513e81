// `report --can PERMISSION` (docs/evidence.md, "Who can"): each (team, target) whose access allows
// it, with every source that on its own allows it; the cells where the permission is not known,
// apart. One answer (`verdict`) of one (team, target), asked by `whoCan` for the question asked and
// by `everyAnswer` for every question (the HTML's control): text, JSON, CSV and HTML cannot differ.
// The owners team can do everything; a question an organization power decides beside the grants
// (core/can.ts, `OrganizationGate`: policy overrides) asks the team's flags too. Pure.
import { allows, CAN_QUESTIONS, type CanAnswer, type CanCellAnswers, type CanHolder, type CanQuestion } from '../core/can.js';
import type { AccessSource, EffectiveCell } from '../core/effective.js';
import { RESOURCE_OF, type TargetRef, type Team, type TeamRef } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import type { Contribution } from './compute.js';
import { mayHold } from './vector.js';

/** A source on its own as a cell: admin when it gives admin, else its fixed level or custom, with its own vector. */
function sourceAllows(question: CanQuestion, target: TargetRef, source: Contribution): boolean {
  const access = source.admin ? 'admin' : ((source.level as EffectiveCell['access'] | undefined) ?? 'custom');
  return allows(question, { target, access, permissions: source.permissions }) === true;
}

/** A source that does not report the permission and may still allow it (vector.ts, `mayHold`). */
function mayAllow(question: CanQuestion, target: TargetRef, source: Contribution): boolean {
  const requirement = question[target.type];
  if (!requirement || 'admin' in requirement || source.permissions[requirement.key] !== undefined) return false;
  return mayHold(RESOURCE_OF[target.type], requirement.key, source.level, requirement.atLeast);
}

/** One (team, target) asked: its cell when the team has access there, and what each of its sources gives on its own. */
export interface CanSubject {
  readonly team: TeamRef;
  readonly target: TargetRef;
  /** The team's organization flags (absent: none known). */
  readonly flags: Readonly<Record<string, boolean>>;
  readonly cell?: EffectiveCell;
  /** In the order of `cell.sources`. */
  readonly own: readonly Contribution[];
}

export type Verdict = { readonly answer: 'yes' | 'unknown'; readonly sources: readonly AccessSource[] } | undefined;

/** The one answer of a (team, target): yes with the sources that give it, not known, or no (undefined). */
export function verdict(question: CanQuestion, subject: CanSubject): Verdict {
  const { target, flags, own } = subject;
  if (!question[target.type]) return undefined;
  const gate = question.organization;
  const yes: AccessSource[] = [];
  let maybe = false;
  own.forEach((source, i) => {
    // cell.sources carries the report's facts (managed, expires, moot); `own` is the same list with each one's vector.
    const shown = subject.cell?.sources[i] ?? source.source;
    if (source.source.kind === 'owners') return void yes.push(shown);
    const allowed = sourceAllows(question, target, source);
    if (!allowed && !mayAllow(question, target, source)) return;
    // A grant's value counts only with the gate; a gate not reported leaves it open, never yes.
    if (gate && flags[gate.gate] !== true) {
      if (flags[gate.gate] === undefined) maybe = true;
      return;
    }
    // A source that allows it on its own answers yes, even where the cell's value is not certain.
    if (allowed) yes.push(shown);
    else maybe = true;
  });
  if (gate && flags[gate.holds] === true) yes.push({ kind: 'organization', permission: gate.holds });
  if (yes.length > 0) return { answer: 'yes', sources: yes };
  return maybe ? { answer: 'unknown', sources: subject.cell?.sources ?? [] } : undefined;
}

/** What a report by person says of a team: its active people, and apart its service accounts and hidden members. */
export interface TeamPeople {
  readonly people: readonly string[];
  readonly serviceAccounts: readonly string[];
  readonly hidden: readonly string[];
}

export interface CanInput {
  readonly cells: readonly EffectiveCell[];
  /** What each source of a cell gives on its own, in the order of `cell.sources` (`EffectiveIndex.sourcesOf`). */
  readonly sourcesOf: (cell: EffectiveCell) => readonly Contribution[];
  /** The teams shown, with their flags: an organization power answers for a team on a target where it has no cell. */
  readonly teams: readonly Team[];
  /** The projects and workspaces shown. */
  readonly targets: readonly TargetRef[];
  /** A report by person: who holds a team's access (absent: a report by team). */
  readonly peopleOf?: (teamId: string) => TeamPeople;
  /** `--person`: only the teams of the people asked (a holder none of them is in is not theirs). */
  readonly onlyTheirs?: boolean;
}

/** Every (team, target) to ask, in the report's order: each cell, and each target a power answers for where the team has none. */
export function canSubjects(input: CanInput, powers: readonly string[]): CanSubject[] {
  const flagsOf = new Map(input.teams.map((t) => [t.id, t.organizationAccess]));
  const out: CanSubject[] = input.cells.map((cell) => ({
    team: cell.team,
    target: cell.target,
    flags: flagsOf.get(cell.team.id) ?? {},
    cell,
    own: input.sourcesOf(cell),
  }));
  const has = new Set(input.cells.map((c) => `${c.team.id}\u0000${c.target.type}\u0000${c.target.id}`));
  for (const team of input.teams) {
    if (!powers.some((p) => team.organizationAccess[p] === true)) continue;
    for (const target of input.targets) {
      if (has.has(`${team.id}\u0000${target.type}\u0000${target.id}`)) continue;
      out.push({ team: { name: team.name, id: team.id }, target, flags: team.organizationAccess, own: [] });
    }
  }
  return out.sort((a, b) => byTypeThenName(a.target, b.target) || compareText(a.target.id, b.target.id) || compareText(a.team.name, b.team.name));
}

const powersOf = (questions: readonly CanQuestion[]): string[] => questions.flatMap((q) => (q.organization ? [q.organization.holds] : []));

/** `--person`: a team none of the people asked is in answers for none of them (docs/evidence.md, "Who can"). */
export const notTheirs = (input: CanInput, team: TeamRef): boolean => input.onlyTheirs === true && input.peopleOf?.(team.id).people.length === 0;

/** By person: who holds a team's access (its active people, and apart its service accounts and hidden members); by team, nothing. */
export function namedPeople(input: CanInput, team: TeamRef): Pick<CanHolder, 'people' | 'serviceAccounts' | 'hidden'> {
  const people = input.peopleOf?.(team.id);
  if (!people) return {};
  return {
    people: people.people,
    ...(people.serviceAccounts.length > 0 ? { serviceAccounts: people.serviceAccounts } : {}),
    ...(people.hidden.length > 0 ? { hidden: people.hidden } : {}),
  };
}

export function whoCan(question: CanQuestion, input: CanInput): CanAnswer {
  const holders: CanHolder[] = [];
  const unknown: CanHolder[] = [];
  for (const subject of canSubjects(input, powersOf([question]))) {
    const found = verdict(question, subject);
    if (!found || notTheirs(input, subject.team)) continue;
    const holder = { team: subject.team, target: subject.target, sources: found.sources, ...namedPeople(input, subject.team) };
    (found.answer === 'yes' ? holders : unknown).push(holder);
  }
  return { question: question.name, holders, unknown };
}

/** Every question's answer on every (team, target) that has one: what the HTML's control shows, from `verdict` as `whoCan`. */
export function everyAnswer(input: CanInput): CanCellAnswers[] {
  const out: CanCellAnswers[] = [];
  for (const subject of canSubjects(input, powersOf(CAN_QUESTIONS))) {
    // The HTML's masks say what whoCan says: with --person, nothing for a team that is not theirs.
    if (notTheirs(input, subject.team)) continue;
    const yes: number[] = [];
    const unknown: number[] = [];
    CAN_QUESTIONS.forEach((q, i) => {
      const found = verdict(q, subject);
      if (found) (found.answer === 'yes' ? yes : unknown).push(i);
    });
    if (yes.length > 0 || unknown.length > 0) out.push({ team: subject.team, target: subject.target, yes, unknown });
  }
  return out;
}
