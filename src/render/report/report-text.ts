// The report as text: grouped by target (project, then workspace), or with `--team` by team, one
// line per (team, target) with its level and every source.
import type { EffectiveCell } from '../../core/effective.js';
import { byName } from '../../core/order.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { flagsNotReported, flagsOn, teamPowers } from '../../core/team-powers.js';
import { OWNERS_POWERS } from '../report-words/report-powers.js';
import { cellSourcesText } from '../report-words/report-reach.js';
import { accessShortForm } from '../shared/access-short.js';
import { coverageWords } from '../shared/coverage.js';
import { plural } from '../shared/plural.js';
import { acceptedHeadline, reportViolationHeadline, violationText } from '../violations/violation-lines.js';
import { canLines } from './report-can.js';
import { powerLines } from './report-can-power.js';
import { changedLines } from './report-changed.js';
import { byPerson } from './report-people-text.js';
import { table } from './report-table.js';
import { tokensLines } from './report-tokens.js';

export const sourcesText = (cell: EffectiveCell): string => cellSourcesText(cell);

/** What the report counts: a report by person counts people's targets, never the teams' (the cells it read them from). */
function pairs(report: Report): string {
  if (!report.people) return `${plural(report.cells.length, 'team-target pair')} with access`;
  const count = report.people.people.reduce((n, p) => n + p.cells.length, 0);
  return `${plural(count, 'person-target pair')} with access`;
}

/** The title says `partial` and `filtered: ...` when the report is (render/shared/coverage.ts), so it is never read as the whole. */
export function headLine(report: Report): string {
  const state = report.state === 'after' ? 'once the plan of the files is applied' : 'live';
  const tags = coverageWords(report.coverage, report.scope, 'report')
    .tags.map((t) => `; ${printable(t)}`)
    .join('');
  return `Effective access in ${printable(report.organization)} (${state}, read ${report.generatedAt}${tags}): ${pairs(report)}.`;
}

/** Under the title: why the report is partial, and what it was narrowed to. */
function coverageLines(report: Report): string[] {
  const { partial, filtered } = coverageWords(report.coverage, report.scope, 'report');
  return [...(partial ? [printable(partial)] : []), ...(filtered ? [printable(filtered)] : [])];
}

function byTarget(report: Report): string[] {
  const out: string[] = [];
  const projectOf = new Map(report.workspaces.map((w) => [w.id, w.project?.name]));
  let current = '';
  let rows: [string, string, string][] = [];
  const flush = (): void => {
    if (current) out.push(current, ...table(rows), '');
    rows = [];
  };
  for (const cell of report.cells) {
    const project = cell.target.type === 'workspace' ? projectOf.get(cell.target.id) : undefined;
    const head = `${cell.target.type} ${printable(cell.target.name)} (${cell.target.id})${project ? ` in project ${printable(project)}` : ''}`;
    if (head !== current) {
      flush();
      current = head;
    }
    rows.push([printable(cell.team.name), accessShortForm(cell), sourcesText(cell)]);
  }
  flush();
  return out;
}

function byTeam(report: Report): string[] {
  const out: string[] = [];
  for (const team of [...report.teams].sort(byName)) {
    const cells = report.cells.filter((c) => c.team.id === team.id);
    out.push(`team ${printable(team.name)} (${team.id})`);
    out.push(
      ...(cells.length > 0
        ? table(cells.map((c) => [`${c.target.type} ${printable(c.target.name)}`, accessShortForm(c), sourcesText(c)]))
        : ['  no access to any project or workspace']),
      '',
    );
  }
  return out;
}

/** docs/effective-access.md, "Organization powers": one line per team, its visibility and the flags it has on. */
function powersLines(report: Report): string[] {
  const all = teamPowers(report);
  if (all.length === 0) return [];
  const rows = all.map(
    (p) => [printable(p.team.name), p.secret ? 'secret' : 'organization', p.owners ? OWNERS_POWERS : flagsOn(p).join(', ') || 'none'] as const,
  );
  const unknown = flagsNotReported(all);
  const note = unknown.length > 0 ? [`  not reported by the server (neither on nor off): ${unknown.join(', ')}`] : [];
  return [`Organization powers of ${plural(all.length, 'team')} (visibility, the flags on; a flag not named is off):`, ...table(rows), ...note, ''];
}

function accessLines(report: Report, byTeamAsked: boolean): string[] {
  // docs/effective-access.md, "People": a report by person lists people instead of teams and targets.
  if (report.people) return byPerson(report, report.people);
  const lines = byTeamAsked ? byTeam(report) : byTarget(report);
  // docs/evidence.md, "What complete means": a token that saw no target says so, never that no team has access.
  const sawNone = report.coverage.reasons.some((r) => r.code === 'no-targets-seen');
  if (report.cells.length === 0 && !byTeamAsked)
    lines.push(
      sawNone
        ? 'The token could see no project and no workspace: which teams have access is not known.'
        : 'No team has access to the selected projects and workspaces.',
      '',
    );
  return lines;
}

export function renderReportText(report: Report, options: { byTeam: boolean }): string {
  // docs/evidence.md, "Who can": the answer instead of every cell.
  const body = report.can ? canLines(report.can) : report.canPower ? powerLines(report.canPower) : accessLines(report, options.byTeam);
  const lines = [headLine(report), ...coverageLines(report), '', ...body];
  lines.push(...powersLines(report));
  lines.push(...tokensLines(report));
  lines.push(...changedLines(report.changed));
  // The report's violations are live: those open (a lapsed one said so), then those an exception accepts, apart.
  const open = report.violations.filter((v) => v.accepted === undefined);
  const accepted = report.violations.filter((v) => v.accepted !== undefined);
  if (open.length > 0) lines.push(reportViolationHeadline(open.length), ...open.map((v) => `  ${violationText(v)}`), '');
  if (accepted.length > 0) lines.push(acceptedHeadline(accepted.length), ...accepted.map((v) => `  ${violationText(v)}`), '');
  return lines.join('\n');
}
