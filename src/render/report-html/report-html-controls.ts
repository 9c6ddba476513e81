// The HTML report's controls and details panel (docs/effective-access.md, "The HTML report"): the
// filters (teams; workspaces or projects; a level), the sorts of rows and columns, the who-can
// question (docs/evidence.md, "Who can"), and the page's script, put together from one small
// script per concern. Every control has a label; the panel is a dialog named by its heading.

import { LEVELS } from '../../core/access.js';
import { CAN_QUESTIONS } from '../../core/can.js';
import type { Report } from '../../core/report.js';
import { escapeHtml } from '../shared/markdown-text.js';
import { CAN_SCRIPT } from './report-html-can-script.js';
import { FILTER_SCRIPT } from './report-html-filter-script.js';
import { GRID_SCRIPT } from './report-html-grid-script.js';
import { PRINT_SCRIPT } from './report-html-print-script.js';

const option = (value: string, text: string, selected = false): string =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(text)}</option>`;

function select(id: string, label: string, options: readonly string[]): string {
  return `<label>${label} <select id="${id}">${options.join('')}</select></label>`;
}

/** Every level of either kind of target, in table order, then `changed` when the plan changes cells. */
function levelOptions(report: Report): string[] {
  const levels = [...new Set([...LEVELS['team-projects'], ...LEVELS['team-workspaces']])];
  const changed = report.changed && report.changed.length > 0 ? [option('changed', 'changed by the plan')] : [];
  return [option('', 'any'), ...levels.map((l) => option(l, l)), ...changed];
}

/** One option per question of core/can.ts, by index (what a cell's answers are keyed by); `--can X` starts on X. */
function canOptions(report: Report): string[] {
  const asked = report.can?.question;
  return [option('', 'none'), ...CAN_QUESTIONS.map((q, i) => option(String(i), q.name, q.name === asked))];
}

export function controlsHtml(report: Report, personFilter: string): string {
  return `<div class="controls">
<label>Teams <input id="team-filter" type="search" placeholder="filter teams" autocomplete="off"></label>
<label>Workspaces <input id="workspace-filter" type="search" placeholder="filter workspaces or projects" autocomplete="off"></label>
${personFilter}${select('level-filter', 'Level', levelOptions(report))}
${select('row-sort', 'Sort rows', [option('name', 'by name'), option('teams', 'by teams with access'), option('level', 'by highest level')])}
${select('column-sort', 'Sort teams', [option('asc', 'A to Z'), option('desc', 'Z to A')])}
${select('can', 'Who can', canOptions(report))}
<span id="shown" role="status"></span>
</div>
<p id="can-summary" role="status"></p>
`;
}

/** The details of a cell: a non-modal dialog, placed beside the cell by the script, closed by its button or Escape. */
export function panelHtml(): string {
  return `<div id="details" role="dialog" aria-modal="false" aria-labelledby="details-title" tabindex="-1" hidden>
<div class="details-head"><h2 id="details-title"></h2><button type="button" id="details-close">Close</button></div>
<div id="details-body"></div>
</div>
`;
}

export const PAGE_SCRIPT = FILTER_SCRIPT + GRID_SCRIPT + PRINT_SCRIPT + CAN_SCRIPT;
