// The report as one self-contained HTML page: a matrix of teams (columns) against workspaces
// grouped by project (rows, each project's own access on its header row), each cell coloured by
// level, its sources on hover (title) and on click, filters for teams and workspaces. Styles and
// script are inline and the Content-Security-Policy forbids any request, so the file opens
// anywhere and leaks nothing.

import type { CanCellAnswers } from '../../core/can.js';
import type { EffectiveCell } from '../../core/effective.js';
import type { Project } from '../../core/model.js';
import { byName } from '../../core/order.js';
import type { PolicyViolation } from '../../core/policy.js';
import type { CellChange, Report, ReportWorkspace } from '../../core/report.js';
import { TEAM_FLAG_KEYS } from '../../core/team-flags.js';
import { type FlagValue, teamPowers } from '../../core/team-powers.js';
import { powerHtml } from '../report/report-can-power.js';
import { tokensHtml } from '../report/report-tokens.js';
import { OWNERS_POWERS } from '../report-words/report-powers.js';
import { type CoverageWords, coverageWords } from '../shared/coverage.js';
import { htmlPageStart } from '../shared/html-page.js';
import { escapeHtml } from '../shared/markdown-text.js';
import { plural } from '../shared/plural.js';
import { acceptedHeadline, reportViolationHeadline, violationText } from '../violations/violation-lines.js';
import { LEVEL_COLOURS, printPageStyle, STYLE } from './report-html-assets.js';
import { cellHtml } from './report-html-cell.js';
import { controlsHtml, PAGE_SCRIPT, panelHtml } from './report-html-controls.js';
import { reachHtml } from './report-html-reach.js';
import { membersByTeam, PERSON_FILTER, peopleHtml, unlistedByTeam } from './report-people-html.js';
import { PEOPLE_SCRIPT, PEOPLE_STYLE } from './report-people-html-assets.js';

interface Matrix {
  readonly teams: readonly string[];
  readonly cells: ReadonlyMap<string, EffectiveCell>;
  /** Policies each (team name, target id) breaks, by name (docs/effective-access.md, "Policies"). */
  readonly broken: ReadonlyMap<string, string[]>;
  /** Those an exception accepts (docs/evidence.md, "Accepted exceptions"): marked apart, never as broken. */
  readonly accepted: ReadonlyMap<string, string[]>;
  /** `--after`: the cells the plan changes, by the same key (docs/evidence.md, "Changes marked"). */
  readonly changed: ReadonlyMap<string, CellChange>;
  /** Who-can answers by the same key (report.answers). */
  readonly answers: ReadonlyMap<string, CanCellAnswers>;
}

function changedBy(changes: readonly CellChange[]): Map<string, CellChange> {
  const out = new Map<string, CellChange>();
  for (const change of changes) {
    const side = (change.after ?? change.before)!;
    out.set(`${side.team.name}\u0000${side.target.id}`, change);
  }
  return out;
}

/** Policies each (team name, target id) breaks, by name: `open` those no exception accepts, `accepted` the others. */
function brokenBy(violations: readonly PolicyViolation[], accepted: boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of violations) {
    if (!v.team || !v.target || (v.accepted !== undefined) !== accepted) continue;
    const key = `${v.team.name}\u0000${v.target.id}`;
    out.set(key, [...(out.get(key) ?? []), v.policy]);
  }
  return out;
}

/** A list of violations, each with its policy, words and (accepted or lapsed) the exception's end and reason. */
function violationList(violations: readonly PolicyViolation[]): string {
  return `<ul>${violations.map((v) => `<li${v.lapsed ? ' class="lapsed"' : ''}>${escapeHtml(violationText(v))}</li>`).join('')}</ul>`;
}

/**
 * Under the matrix (docs/effective-access.md, "The HTML report"): the violations no exception
 * accepts (a lapsed one among them, said so), then those accepted, apart, with reason and end;
 * nothing when there is none. The report's violations are live: the heading says what they do.
 */
function violationsHtml(violations: readonly PolicyViolation[]): string {
  const open = violations.filter((v) => v.accepted === undefined);
  const accepted = violations.filter((v) => v.accepted !== undefined);
  const openPart =
    open.length > 0 ? `<section id="violations"><h2>${escapeHtml(reportViolationHeadline(open.length))}</h2>${violationList(open)}</section>\n` : '';
  const acceptedPart =
    accepted.length > 0 ? `<section id="accepted"><h2>${escapeHtml(acceptedHeadline(accepted.length))}</h2>${violationList(accepted)}</section>\n` : '';
  return openPart + acceptedPart;
}

/** Each (team name, flag) a violation of the organization's names, with the policies it breaks. */
function brokenFlags(violations: readonly PolicyViolation[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of violations) {
    if (!v.team || v.target || v.accepted || !('found' in v) || v.found.kind !== 'organization-access') continue;
    for (const { flag } of v.found.flags) {
      const key = `${v.team.name}\u0000${flag}`;
      out.set(key, [...(out.get(key) ?? []), v.policy]);
    }
  }
  return out;
}

function flagCell(team: string, flag: string, value: FlagValue, broken: readonly string[] = []): string {
  const breaks = broken.length > 0 ? `; breaks ${broken.join('; ')}` : '';
  if (value === null) return `<td class="flag unknown" title="${escapeHtml(`${team}: ${flag} not reported by the server`)}">?</td>`;
  if (!value) return '<td class="flag"></td>';
  return `<td class="flag on${breaks ? ' violated' : ''}" title="${escapeHtml(`${team}: ${flag}${breaks}`)}">on</td>`;
}

/** docs/effective-access.md, "Organization powers": every team shown (rows), every flag (columns), secret teams said. */
function powersHtml(report: Report): string {
  const all = teamPowers(report);
  if (all.length === 0) return '';
  const broken = brokenFlags(report.violations);
  const head = TEAM_FLAG_KEYS.map((key) => `<th class="flag" scope="col"><span>${key}</span></th>`).join('');
  const rows = all.map((p) => {
    const name = escapeHtml(p.team.name);
    const cells = p.flags.map(([key, value]) => flagCell(p.team.name, key, value, broken.get(`${p.team.name}\u0000${key}`))).join('');
    const label = p.owners ? `${name} <i>(${OWNERS_POWERS})</i>` : name;
    return `<tr data-team="${name}"><th scope="row">${label}</th><td class="${p.secret ? 'secret' : 'visibility'}">${p.secret ? 'secret' : escapeHtml(p.team.visibility)}</td>${cells}</tr>`;
  });
  return `<h2 id="powers-title">Organization powers</h2>
<p class="meta">Each team's organization access, as the service reports it: <b>on</b> a flag the team has, <b>?</b> a flag the server does not report; a secret team says so.</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="powers-title"><table id="powers" aria-labelledby="powers-title">
<thead><tr><th scope="col">team</th><th scope="col">visibility</th>${head}</tr></thead>
<tbody>${rows.join('')}</tbody>
</table></div>
`;
}

/** Under the title: why the page is partial (an alert), and what it was narrowed to; escaped as every text of the page. */
function coverageHtml(words: CoverageWords): string {
  const partial = words.partial ? `<p class="coverage partial" role="alert">${escapeHtml(words.partial)}</p>\n` : '';
  return `${partial}${words.filtered ? `<p class="coverage filtered">${escapeHtml(words.filtered)}</p>\n` : ''}`;
}

function row(kind: 'project' | 'workspace', label: string, name: string, targetId: string | undefined, matrix: Matrix, project?: string): string {
  const cells = matrix.teams.map((team) => {
    const key = `${team}\u0000${targetId ?? ''}`;
    if (targetId === undefined) return '<td></td>';
    const answers = matrix.answers.get(key);
    return cellHtml(matrix.cells.get(key), {
      teamName: team,
      targetName: name,
      broken: matrix.broken.get(key) ?? [],
      accepted: matrix.accepted.get(key) ?? [],
      change: matrix.changed.get(key),
      ...(answers ? { answers } : {}),
    });
  });
  return `<tr class="${kind}" data-name="${escapeHtml(name)}"${project === undefined ? '' : ` data-project="${escapeHtml(project)}"`}><th scope="row">${label}</th>${cells.join('')}</tr>`;
}

function group(project: Project | undefined, workspaces: readonly ReportWorkspace[], matrix: Matrix): string {
  const head = project
    ? row('project', `project <b>${escapeHtml(project.name)}</b>`, project.name, project.id, matrix)
    : row('project', '<i>no project</i>', '', undefined, matrix);
  const rows = [...workspaces].sort(byName).map((w) => row('workspace', escapeHtml(w.name), w.name, w.id, matrix, project?.name ?? ''));
  return `<tbody class="group">${head}${rows.join('')}</tbody>`;
}

/** The markers of the violations' cells, in words beside their style: a solid outline breaks, a dashed one is accepted. */
function violationMarks(violations: readonly PolicyViolation[]): string {
  const open = violations.some((v) => v.accepted === undefined && v.target);
  const accepted = violations.some((v) => v.accepted !== undefined && v.target);
  const marks = [
    ...(open ? ['<span class="violated">breaks a policy</span>'] : []),
    ...(accepted ? ['<span class="excepted">accepted by an exception</span>'] : []),
  ];
  return marks.length > 0 ? ` ${marks.join('')}` : '';
}

function legend(changes: boolean, violations: readonly PolicyViolation[]): string {
  const levels = Object.keys(LEVEL_COLOURS)
    .map((level) => `<span class="lvl-${level}">${level}</span>`)
    .join('');
  const marked = changes ? '; <b class="mark">\u25b2</b> marks a cell the plan changes' : '';
  return `<p class="legend">${levels}${violationMarks(violations)} <b class="hint">click a cell, or move to it with the arrow keys and press Enter, for its sources${marked}</b></p>`;
}

/** Every team the report shows (a team with organization powers alone has no column), and how many have a column when fewer do. */
function teamCount(report: Report, columns: readonly string[]): string {
  const all = new Set([...report.teams.map((t) => t.name), ...columns]).size;
  return all === columns.length ? plural(all, 'team') : `${plural(all, 'team')} (${columns.length} with project or workspace access)`;
}

/** The matrix's columns: every team with a cell, a cell the plan removes, or an answer. */
function matrixOf(report: Report): Matrix {
  // A team whose every access the plan removes keeps its column, for the cells marked removed.
  const removed = (report.changed ?? []).flatMap((c) => (c.before && !c.after ? [c.before.team.name] : []));
  // A team an organization power answers a question for (and no grant) has a column too: its answers are cells.
  const answering = (report.answers ?? []).map((a) => a.team.name);
  return {
    teams: [...new Set([...report.cells.map((c) => c.team.name), ...removed, ...answering])].sort(),
    cells: new Map(report.cells.map((c) => [`${c.team.name}\u0000${c.target.id}`, c])),
    broken: brokenBy(report.violations, false),
    accepted: brokenBy(report.violations, true),
    changed: changedBy(report.changed ?? []),
    answers: new Map((report.answers ?? []).map((a) => [`${a.team.name}\u0000${a.target.id}`, a])),
  };
}

/** The rows: each project (by name) with its workspaces, then the workspaces of no project. */
function groupsHtml(report: Report, matrix: Matrix): string[] {
  const inProject = new Map<string, ReportWorkspace[]>();
  const loose: ReportWorkspace[] = [];
  for (const w of report.workspaces) {
    if (w.project) inProject.set(w.project.id, [...(inProject.get(w.project.id) ?? []), w]);
    else loose.push(w);
  }
  const groups = [...report.projects].sort(byName).map((p) => group(p, inProject.get(p.id) ?? [], matrix));
  if (loose.length > 0) groups.push(group(undefined, loose, matrix));
  return groups;
}

/** The column heads; by person (docs/effective-access.md, "People"), each names its team's people (none of it by team). */
function teamHeadsHtml(report: Report, teams: readonly string[]): string {
  const members = report.people ? membersByTeam(report.people) : undefined;
  const peopleOf = (team: string): string => (members ? ` data-people="${escapeHtml(members.get(team) ?? '')}"` : '');
  const unlisted = report.people ? unlistedByTeam(report.people) : undefined;
  const othersOf = (team: string): string => (unlisted?.has(team) ? ` data-others="${escapeHtml(unlisted.get(team) ?? '')}"` : '');
  return teams.map((t) => `<th class="team" data-team="${escapeHtml(t)}"${peopleOf(t)}${othersOf(t)} scope="col"><span>${escapeHtml(t)}</span></th>`).join('');
}

export function renderReportHtml(report: Report): string {
  const matrix = matrixOf(report);
  const state = report.state === 'after' ? 'after the plan of the files' : 'live';
  // The title says `partial` and `filtered: ...` when the page is (render/shared/coverage.ts); a banner under it says why.
  const words = coverageWords(report.coverage, report.scope, 'report');
  const title = `Effective access: ${report.organization} (${[state, report.generatedAt, ...words.tags].join(', ')})`;
  // Print: every sheet says whose access, as of when, and its page of how many (printPageStyle).
  const style = `${STYLE}${report.people ? PEOPLE_STYLE : ''}${printPageStyle(`Effective access: ${report.organization}`, `${state}, read ${report.generatedAt}`)}`;
  return `${htmlPageStart(escapeHtml(title), style, { script: true })}<h1>${escapeHtml(title)}</h1>
${coverageHtml(words)}<p class="meta">${teamCount(report, matrix.teams)}, ${plural(report.projects.length, 'project')}, ${plural(report.workspaces.length, 'workspace')}; each cell is a team's effective access: the highest of its organization permissions, its project grant and its workspace grant.</p>
${controlsHtml(report, report.people ? PERSON_FILTER : '')}
${legend(report.changed !== undefined, report.violations)}
<div id="matrix-scroll" class="scroll">
<table id="matrix" role="grid" aria-labelledby="matrix-title">
<caption id="matrix-title">Effective access of each team (columns) on each project and workspace (rows)</caption>
<thead><tr><th class="corner" scope="col">project / workspace</th>${teamHeadsHtml(report, matrix.teams)}</tr></thead>
${groupsHtml(report, matrix).join('\n')}
</table>
</div>
<div id="print-matrix" class="print-only"></div>
${reachHtml(report)}${powerHtml(report)}${powersHtml(report)}${tokensHtml(report)}${report.people ? peopleHtml(report.people) : ''}${violationsHtml(report.violations)}<div id="print-appendix" class="print-only"></div>
${panelHtml()}
<script>${PAGE_SCRIPT}${report.people ? PEOPLE_SCRIPT : ''}</script>
</body>
</html>
`;
}
