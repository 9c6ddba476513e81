// `report --can FLAG` of an organization power in every format (docs/evidence.md, "Who holds an
// organization power"): each team that holds it, with what gives it (the flag, a flag that brings
// it, the owners team), by person the people who hold it through the team, and apart the teams the
// service did not report the flag for. Text, JSON, CSV (the columns of `--can`'s) and an HTML section.
import type { PowerAnswer, PowerHolder, PowerSource } from '../../core/can-power.js';
import type { JsonObject } from '../../core/json-value.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { teamFlag } from '../../core/team-flags.js';
import { listName } from '../report-words/report-source.js';
import { escapeHtml } from '../shared/markdown-text.js';
import { plural } from '../shared/plural.js';
import { CAN_CSV_HEADER, peopleWords } from './report-can.js';
import { coverageColumns, csvField } from './report-csv.js';
import { table } from './report-table.js';

/** A source in words: `flag manage-workspaces`, `implied by manage-organization-access`, `owners team: every power`. */
function sourceWords(source: PowerSource, power: string): string {
  switch (source.kind) {
    case 'flag':
      return `flag ${power}`;
    case 'implied':
      return `implied by ${source.by}`;
    case 'owners':
      return 'owners team: every power';
  }
}

const sourcesWords = (holder: PowerHolder, power: string): string =>
  holder.sources.length === 0 ? 'not reported by the service' : holder.sources.map((s) => sourceWords(s, power)).join(', ');

function row(holder: PowerHolder, power: string): [string, string, string] {
  return [printable(listName(holder.team.name)), 'organization', printable(`${sourcesWords(holder, power)}${peopleWords(holder)}`)];
}

/** The text section: the power and its description, the count, a line per team with its sources (by person, its people), the teams not known apart. */
export function powerLines(answer: PowerAnswer): string[] {
  const description = teamFlag(answer.power)?.description.replace(/\.$/, '');
  const head = `Who holds ${answer.power} (an organization power${description ? `: ${description}` : ''}): ${plural(answer.holders.length, 'team')}${
    answer.unknown.length > 0 ? `, ${answer.unknown.length} not known` : ''
  }.`;
  const lines = [head, ...(answer.holders.length > 0 ? table(answer.holders.map((h) => row(h, answer.power))) : ['  none of the teams shown']), ''];
  if (answer.unknown.length > 0) {
    lines.push(`Not known for ${plural(answer.unknown.length, 'team')} (the service did not report the flag; never counted as yes or no):`);
    lines.push(...table(answer.unknown.map((h) => row(h, answer.power))), '');
  }
  return lines;
}

function sourceDocument(source: PowerSource): JsonObject {
  return source.kind === 'implied' ? { kind: source.kind, by: source.by } : { kind: source.kind };
}

function holderDocument(holder: PowerHolder): JsonObject {
  return {
    team: { name: holder.team.name, id: holder.team.id },
    sources: holder.sources.map(sourceDocument),
    ...(holder.people ? { people: [...holder.people] } : {}),
    ...(holder.serviceAccounts ? { service_accounts: [...holder.serviceAccounts] } : {}),
    ...(holder.hidden ? { hidden_members: [...holder.hidden] } : {}),
  };
}

/** The JSON document's `can_power`. */
export function powerDocument(answer: PowerAnswer): JsonObject {
  return { question: answer.power, holders: answer.holders.map(holderDocument), unknown: answer.unknown.map(holderDocument) };
}

/** The CSV of `--can FLAG`: `--can`'s columns, one row per team (`yes`, then `unknown`), the target the organization. */
export function renderPowerCsv(report: Report, answer: PowerAnswer): string {
  const rowOf = (verdict: string, h: PowerHolder): string[] => [
    answer.power,
    verdict,
    h.team.name,
    h.team.id,
    'organization',
    report.organization,
    '',
    '',
    sourcesWords(h, answer.power),
    (h.people ?? []).map(listName).join('; '),
    (h.serviceAccounts ?? []).map(listName).join('; '),
    (h.hidden ?? []).map(listName).join('; '),
    ...coverageColumns(report),
  ];
  const rows = [...answer.holders.map((h) => rowOf('yes', h)), ...answer.unknown.map((h) => rowOf('unknown', h))];
  return [CAN_CSV_HEADER, ...rows].map((r) => r.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}

/** The HTML section above the organization powers: a row per team that holds it, then those not known. */
export function powerHtml(report: Report): string {
  const answer = report.canPower;
  if (!answer) return '';
  const cell = (text: string): string => `<td>${escapeHtml(text)}</td>`;
  const rowHtml = (verdict: string, h: PowerHolder): string =>
    `<tr data-team="${escapeHtml(h.team.name)}">${cell(h.team.name)}${cell(verdict)}${cell(sourcesWords(h, answer.power))}${cell((h.people ?? []).join(', '))}</tr>`;
  const rows = [...answer.holders.map((h) => rowHtml('yes', h)), ...answer.unknown.map((h) => rowHtml('unknown', h))];
  return `<h2 id="can-power-title">Who holds ${escapeHtml(answer.power)}</h2>
<p class="meta">${escapeHtml(powerLines(answer)[0] ?? '')}</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="can-power-title"><table id="can-power" aria-labelledby="can-power-title">
<thead><tr><th scope="col">team</th><th scope="col">holds</th><th scope="col">sources</th><th scope="col">people</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table></div>
`;
}
