// One cell of the HTML report's matrix (docs/effective-access.md, "The HTML report"): the level as
// its text, what the details panel shows in data attributes, the answers of every who-can question
// (docs/evidence.md, "Who can"; the report's `answers`, computed once by effective/can.ts as the
// text and JSON's) written as two bit masks the page only decodes, and with `--after` the change
// the plan makes to it (docs/evidence.md, "Changes marked").
import { CAN_QUESTIONS, type CanCellAnswers } from '../../core/can.js';
import type { EffectiveCell } from '../../core/effective.js';
import { RESOURCE_OF } from '../../core/model.js';
import { orderedEntries } from '../../core/permissions.js';
import type { CellChange } from '../../core/report.js';
import { cellSourcesText, reachThroughText } from '../report-words/report-reach.js';
import { reportSourceText } from '../report-words/report-source.js';
import { accessShortForm } from '../shared/access-short.js';
import { escapeHtml } from '../shared/markdown-text.js';

type CellAccess = Pick<EffectiveCell, 'target' | 'access' | 'permissions'>;

/** The words a cell is written with: the level, and for custom what it allows (`custom: apply, vars rw, state r`). */
export function cellText(cell: CellAccess): string {
  return accessShortForm(cell);
}

export function permissionsText(cell: CellAccess): string {
  return orderedEntries(RESOURCE_OF[cell.target.type], cell.permissions)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
}

/** A side of a change as the panel says it: the level and its permissions, or no access. */
function sideText(cell: EffectiveCell | null): string {
  if (!cell) return 'no access';
  const permissions = permissionsText(cell);
  return permissions ? `${cellText(cell)} (${permissions})` : cellText(cell);
}

/** Bit i set when `pick(question i)`; hex digits, lowest bits first, so the page reads digit i >> 2, bit i & 3. */
function mask(pick: (i: number) => boolean): string {
  let out = '';
  for (let i = 0; i < CAN_QUESTIONS.length; i += 4) {
    let digit = 0;
    for (let b = 0; b < 4 && i + b < CAN_QUESTIONS.length; b++) if (pick(i + b)) digit |= 1 << b;
    out += digit.toString(16);
  }
  return out.replace(/0+$/, '');
}

/** The who-can answers of a cell: the questions it allows, and those it cannot say (`unknown`). */
export function canAttributes(answers: Pick<CanCellAnswers, 'yes' | 'unknown'> | undefined): string {
  if (!answers) return '';
  const yes = mask((i) => answers.yes.includes(i));
  const unknown = mask((i) => answers.unknown.includes(i));
  return `${yes ? ` data-can="${yes}"` : ''}${unknown ? ` data-unknown="${unknown}"` : ''}`;
}

export interface CellContext {
  readonly teamName: string;
  readonly targetName: string;
  readonly broken: readonly string[];
  /** The policies it breaks that an exception accepts: a marker of its own (never the violation's), the words in its title. */
  readonly accepted?: readonly string[];
  readonly change: CellChange | undefined;
  /** Its who-can answers (report.answers), also where the team has no access (an organization power answers). */
  readonly answers?: Pick<CanCellAnswers, 'yes' | 'unknown'>;
}

/** A cell the plan changes: marked with a sign and words (never colour alone), before and after for the panel. */
function changeAttributes(change: CellChange | undefined): { cls: string; attrs: string; mark: string } {
  if (!change) return { cls: '', attrs: '', mark: '' };
  const attrs = ` data-before="${escapeHtml(sideText(change.before))}" data-after="${escapeHtml(sideText(change.after))}"`;
  return { cls: ' changed', attrs, mark: '<span class="mark" aria-label="changed">\u25b2</span>' };
}

export function cellHtml(cell: EffectiveCell | undefined, context: CellContext): string {
  const { teamName, targetName, broken, change, answers } = context;
  const accepted = context.accepted ?? [];
  const shown = cell ?? (change?.after === null ? change.before : null);
  // An empty cell is as short as can be: a large organization has teams x workspaces of them. One an
  // organization power answers a question for (manage-policy-overrides) carries that answer.
  if (!shown) return answers ? `<td class="can-only"${canAttributes(answers)}></td>` : '<td></td>';
  const level = cell ? cell.access : 'none';
  const text = cell ? escapeHtml(cellText(cell)) : 'removed';
  const breaks = [
    ...(broken.length > 0 ? [` breaks ${broken.join('; ')}`] : []),
    ...(accepted.length > 0 ? [` accepted by an exception of ${accepted.join('; ')}`] : []),
  ].join(';');
  const sources = cell ? cellSourcesText(cell) : '';
  // The panel lists each source, then each "reaches through" entry: a JSON array, so no separator inside a name or a note splits one in two.
  const sourceList = cell
    ? JSON.stringify([
        ...cell.sources.map((s) => reportSourceText(s, cell.target.type)),
        ...(cell.reaches ?? []).map((r) => reachThroughText(r, cell.target.type)),
      ])
    : '';
  const marked = changeAttributes(change);
  const title = cell ? `${teamName}: ${cell.access} via ${sources}${breaks ? `;${breaks}` : ''}` : `${teamName}: access removed by the plan`;
  const attributes = [
    `class="cell lvl-${level}${broken.length > 0 ? ' violated' : ''}${accepted.length > 0 ? ' excepted' : ''}${marked.cls}"`,
    `data-team="${escapeHtml(teamName)}"`,
    `data-target="${escapeHtml(`${shown.target.type} ${targetName}`)}"`,
    `data-level="${level}"`,
    ...(cell && cellText(cell) !== cell.access ? [`data-short="${escapeHtml(cellText(cell))}"`] : []),
    `data-sources="${escapeHtml(sourceList)}"`,
    `data-permissions="${escapeHtml(cell ? permissionsText(cell) : '')}"`,
    `title="${escapeHtml(title)}"`,
  ];
  return `<td ${attributes.join(' ')}${cell ? canAttributes(answers) : ''}${marked.attrs}>${marked.mark}${text}</td>`;
}
