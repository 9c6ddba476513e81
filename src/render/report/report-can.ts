// `report --can PERMISSION` in text, JSON and CSV (docs/evidence.md, "Who can"): each (team, target)
// that can, with the sources that give it on their own (and by person, the people who hold it),
// and apart the cells where the permission is not known. The HTML shows the same answers (report.answers).
import { type CanAnswer, type CanHolder, findQuestion, type ReachGap } from '../../core/can.js';
import type { JsonValue } from '../../core/json-value.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { gapWords, reachDescription, viaWords } from '../report-words/report-reach.js';
import { listName, reportSourcesText } from '../report-words/report-source.js';
import { plural } from '../shared/plural.js';
import { coverageColumns, csvField } from './report-csv.js';
import { reportSourceDocument } from './report-source-document.js';
import { table } from './report-table.js';

type JsonObject = { [key: string]: JsonValue };

const targetWords = (holder: CanHolder): string => `${holder.target.type} ${listName(holder.target.name)}`;

/** By person: the people who hold it, then apart the service accounts and hidden members who do (never counted as people). */
export function peopleWords(holder: Pick<CanHolder, 'people' | 'serviceAccounts' | 'hidden'>): string {
  if (!holder.people) return '';
  const others = [
    ...(holder.serviceAccounts?.length ? [`service accounts: ${holder.serviceAccounts.map(listName).join(', ')}`] : []),
    ...(holder.hidden?.length ? [`hidden members: ${holder.hidden.map(listName).join(', ')}`] : []),
  ];
  const people = holder.people.length > 0 ? holder.people.map(listName).join(', ') : 'no active member';
  return `; people: ${people}${others.map((o) => `; ${o}`).join('')}`;
}

/** Team, target, and the sources (through indirect access, how; by person, then who holds it). */
export function canRow(holder: CanHolder): [string, string, string] {
  const sources = reportSourcesText({ target: holder.target, sources: holder.sources });
  const via = holder.via ? `; ${viaWords(holder)}` : '';
  return [printable(listName(holder.team.name)), printable(targetWords(holder)), printable(`${sources}${via}${peopleWords(holder)}`)];
}

/** The text section: a count, a line per holder (team, target, sources, people), the cells not known apart, what an indirect answer could not see. */
export function canLines(can: CanAnswer): string[] {
  const gaps = (can.gaps ?? []).map(gapWords);
  return [
    ...canHolderLines(can),
    ...(gaps.length > 0 ? ['Incomplete: the answer may leave out who reaches it through what was not read:', ...gaps.map((g) => `  ${printable(g)}`), ''] : []),
  ];
}

/** `Who can Q (what it asks): N team-target pairs, M not known.` */
export function canHead(can: CanAnswer): string {
  const description = findQuestion(can.question)?.description ?? reachDescription(can.question);
  return `Who can ${can.question}${description ? ` (${description})` : ''}: ${plural(can.holders.length, 'team-target pair')}${
    can.unknown.length > 0 ? `, ${can.unknown.length} not known` : ''
  }.`;
}

function canHolderLines(can: CanAnswer): string[] {
  const head = canHead(can);
  const lines = [head, ...(can.holders.length > 0 ? table(can.holders.map(canRow)) : ['  none of the teams and targets shown']), ''];
  if (can.unknown.length > 0) {
    lines.push(`Not known on ${plural(can.unknown.length, 'cell')} (the access tables do not say what its level gives; never counted as yes or no):`);
    lines.push(...table(can.unknown.map(canRow)), '');
  }
  return lines;
}

function holderDocument(holder: CanHolder): JsonObject {
  return {
    team: { name: holder.team.name, id: holder.team.id },
    target: { type: holder.target.type, name: holder.target.name, id: holder.target.id },
    sources: holder.sources.map(reportSourceDocument),
    ...(holder.via ? { via: { uses: holder.via.uses, edge: holder.via.edge } } : {}),
    ...(holder.people ? { people: [...holder.people] } : {}),
    ...(holder.serviceAccounts ? { service_accounts: [...holder.serviceAccounts] } : {}),
    ...(holder.hidden ? { hidden_members: [...holder.hidden] } : {}),
  };
}

function gapDocument(gap: ReachGap): JsonObject {
  return Object.fromEntries(Object.entries(gap).map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])] : (v as string)]));
}

/** The JSON document's `can`. */
export function canDocument(can: CanAnswer): JsonObject {
  const document: JsonObject = { question: can.question, holders: can.holders.map(holderDocument), unknown: can.unknown.map(holderDocument) };
  if (!can.gaps) return document;
  // An indirect answer: what it could not see, as data with its words, and whether it saw every edge.
  return { ...document, complete: can.gaps.length === 0, gaps: can.gaps.map((g) => ({ ...gapDocument(g), message: gapWords(g) })) };
}

export const CAN_CSV_HEADER = [
  'question',
  'answer',
  'team',
  'team_id',
  'target_type',
  'target',
  'target_id',
  'project',
  'sources',
  'via',
  'people',
  'service_accounts',
  'hidden_members',
  'complete',
  'scope',
] as const;

/** The CSV of `--can`: one row per holder (answer `yes`), then one per cell not known (`unknown`). */
export function renderCanCsv(report: Report, can: CanAnswer): string {
  const projectOf = new Map(report.workspaces.map((w) => [w.id, w.project?.name ?? '']));
  const rowOf = (answer: string, h: CanHolder): string[] => [
    can.question,
    answer,
    h.team.name,
    h.team.id,
    h.target.type,
    h.target.name,
    h.target.id,
    h.target.type === 'workspace' ? (projectOf.get(h.target.id) ?? '') : h.target.name,
    reportSourcesText({ target: h.target, sources: h.sources }),
    h.via ? viaWords(h) : '',
    (h.people ?? []).map(listName).join('; '),
    (h.serviceAccounts ?? []).map(listName).join('; '),
    (h.hidden ?? []).map(listName).join('; '),
    ...coverageColumns(report),
  ];
  // An indirect answer that could not see everything: one row per gap (answer `incomplete`), so a CSV reader cannot miss it.
  const gapRows = (can.gaps ?? []).map((g) => [can.question, 'incomplete', '', '', '', '', '', '', gapWords(g), '', '', '', '', ...coverageColumns(report)]);
  const rows = [...can.holders.map((h) => rowOf('yes', h)), ...can.unknown.map((h) => rowOf('unknown', h)), ...gapRows];
  return [CAN_CSV_HEADER, ...rows].map((r) => r.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
