// A derived row in words (docs/evidence.md, "Derived rows"): what a team reaches through indirect
// access, how, and what carries it beside its grant (the setting to change in the workspace, the
// variable set or the pool, never edited by tfe-access); the evidence bundle's `derived.csv` and
// the review sheets' `derived` rows say it alike. Pure.
import type { DerivedRow } from '../../core/derived.js';
import { reachQuestionName } from '../../core/indirect.js';
import { printable } from '../../core/printable.js';
import { viaWords } from '../report-words/report-reach.js';
import { listName, reportSourceText } from '../report-words/report-source.js';
import { csvLine } from './review-csv.js';

/** `reaches outputs:network-prod`, or `may reach ...` where the access that would carry it is not known. */
export const derivedAccessText = (row: DerivedRow): string => `${row.answer === 'yes' ? 'reaches' : 'may reach'} ${reachQuestionName(row.reaches)}`;

/** The sources on the target that carry it, then how: `workspace grant: plan; through: queues runs there (...)`. */
export function derivedSourcesText(row: DerivedRow): string {
  const sources = row.sources.map((s) => reportSourceText(s, row.target.type)).join(', ');
  return `${sources}; ${viaWords(row)}`;
}

/** The setting beside the grant that carries it, and where it is changed; undefined when only the grant carries it (a Stack's project role). */
export function derivedSettingText(row: DerivedRow): string | undefined {
  const name = listName(row.reaches.name);
  const through = listName(row.target.name);
  switch (row.via.edge) {
    case 'global':
      return `variable set ${name} is global: change it in the variable set`;
    case 'workspace':
      return `variable set ${name} is applied to workspace ${through}: change it in the variable set`;
    case 'project':
      return row.via.uses === 'project-role'
        ? undefined
        : `variable set ${name} is applied to the project of workspace ${through}: change it in the variable set`;
    case 'global-remote-state':
      return `workspace ${name} shares its state with every workspace (global remote state): change it in the workspace`;
    case 'project-remote-state':
      return `workspace ${name} shares its state with its project: change it in the workspace`;
    case 'consumer':
      return `workspace ${through} is a remote-state consumer of ${name}: change it in the workspace ${name}`;
    case 'execution':
      return `workspace ${through} runs on the agents of pool ${name}: change its execution mode in the workspace, or the pool's scope`;
    case 'own':
      return undefined;
  }
}

const HEADER = ['team', 'team_id', 'reaches', 'answer', 'target_type', 'target', 'target_id', 'uses', 'edge', 'carried_by', 'setting'];

/** The evidence bundle's `derived.csv`: a row per derived row, CRLF line ends, formula-like cells defused. */
export function renderDerivedCsv(rows: readonly DerivedRow[]): string {
  const line = (row: DerivedRow): string[] => [
    row.team.name,
    row.team.id,
    reachQuestionName(row.reaches),
    row.answer,
    row.target.type,
    printable(row.target.name),
    row.target.id,
    row.via.uses,
    row.via.edge,
    derivedSourcesText(row),
    derivedSettingText(row) ?? '',
  ];
  return [csvLine(HEADER), ...rows.map((row) => csvLine(line(row)))].join('\r\n') + '\r\n';
}
