// `apply --format markdown`: the outcomes as Markdown under `### Apply`, for a job summary or a
// comment. What did not happen (failed, not started) is a table in view; what did (applied,
// already so) is a table of its own, collapsed when it is long, as the plan collapses its
// additions and changes (render/plan/markdown.ts).
import type { ApplyReport, ApplyResult, ChangeOutcome } from '../../core/apply-outcome.js';
import type { Change } from '../../core/plan.js';
import { headline, SIGN } from '../changes/lines.js';
import { LONG_COMMENT_LINES } from '../plan/markdown.js';
import { collapsed, escapeCell, escapeHtml, escapeText } from '../shared/markdown-text.js';
import { afterThePlan, memberOutcomeLine, noteText, STATUS_LABEL, teamOutcomeLine } from './apply-text.js';

const HEADER = '| outcome | | team | target | change | reason or note |\n|---|---|---|---|---|---|';

function target(change: Change): string {
  return `${change.target.type} <code>${escapeHtml(change.target.name)}</code>`;
}

function row(outcome: ChangeOutcome): string {
  const { change } = outcome;
  const why = outcome.status === 'failed' ? outcome.reason : outcome.status === 'not-started' || !outcome.note ? '' : noteText(outcome.note);
  const label = outcome.status === 'failed' ? `**${STATUS_LABEL.failed}**` : STATUS_LABEL[outcome.status];
  return `| ${label} | \`${SIGN[change.action]}\` | ${escapeCell(change.team.name)} | ${target(change)} | ${escapeCell(headline(change))} | ${escapeCell(why)} |`;
}

const table = (outcomes: readonly ChangeOutcome[]): string => `${HEADER}\n${outcomes.map(row).join('\n')}\n`;

function outcomesMarkdown(report: ApplyReport, summary: string): string {
  const open = report.outcomes.filter((o) => o.status === 'failed' || o.status === 'not-started');
  const done = report.outcomes.filter((o) => o.status === 'applied' || o.status === 'already-so');
  const parts = ['\n### Apply\n', `${escapeText(summary)}\n`];
  // docs/apply.md, "Team changes": few, and each in view.
  if (report.teamOutcomes && report.teamOutcomes.length > 0)
    parts.push(`${report.teamOutcomes.map((o) => `- ${escapeText(teamOutcomeLine(o).trim().replace(/\s+/g, ' '))}`).join('\n')}\n`);
  // docs/apply.md, "Member changes": each in view, as the teams'.
  if (report.memberOutcomes && report.memberOutcomes.length > 0)
    parts.push(`${report.memberOutcomes.map((o) => `- ${escapeText(memberOutcomeLine(o).trim().replace(/\s+/g, ' '))}`).join('\n')}\n`);
  if (open.length > 0) parts.push(table(open));
  if (done.length > LONG_COMMENT_LINES) parts.push(collapsed(`${done.length} applied or already so`, table(done)));
  else if (done.length > 0) parts.push(table(done));
  return parts.join('\n');
}

/** stdout after the plan, as Markdown: the outcomes under the summary. */
export function renderApplyMarkdown(result: ApplyResult): string {
  return afterThePlan(result, outcomesMarkdown);
}
