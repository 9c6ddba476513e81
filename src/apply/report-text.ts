// What apply prints: one line per change's outcome, the one-line summary and the progress line.
import type { Change } from '../core/plan.js';
import { headline, SIGN } from '../render/lines.js';
import type { Progress } from './executor.js';
import { STATUS_LABEL as LABEL, type ApplyReport, type ChangeOutcome } from './outcome.js';
import { renderReportMarkdown } from './report-markdown.js';

const describe = (change: Change): string => `${SIGN[change.action]} ${change.team.name} on ${change.target.type} "${change.target.name}": ${headline(change)}`;

/**
 * The labels padded to the widest of all, present or not: a line is printed as its change ends
 * (docs/apply.md, "Apply"), before it is known whether a stop will add `not started` lines.
 */
const WIDTH = Math.max(...Object.values(LABEL).map((label) => label.length));

/** One change's outcome: one line, two with a failure's reason. */
export function outcomeLine(outcome: ChangeOutcome): string {
  const head = `  ${LABEL[outcome.status].padEnd(WIDTH)}  ${describe(outcome.change)}`;
  switch (outcome.status) {
    case 'failed':
      return `${head}\n  ${' '.repeat(WIDTH)}    reason: ${outcome.reason}`;
    case 'applied':
    case 'already-so':
      return outcome.note ? `${head} (${outcome.note})` : head;
    case 'not-started':
      return head;
  }
}

/** Every outcome, in plan order. */
export function renderOutcomes(report: ApplyReport): string {
  return `${report.outcomes.map(outcomeLine).join('\n')}\n`;
}

/** The one line at the end of every apply. */
export function summaryOf(report: ApplyReport, organization: string): string {
  const { applied, alreadySo, failed, notStarted } = report.counts;
  const total = report.outcomes.length;
  const notStartedCount = report.stopped ? `, ${notStarted} not started` : '';
  const counts = `${applied} applied, ${alreadySo} already so, ${failed} failed${notStartedCount}, of ${total} change${total === 1 ? '' : 's'} in ${organization}`;
  // The token and what it lacks are the one line on stderr (cli/commands/apply.ts): said once, not here too.
  if (report.stopped?.refused) return `Apply stopped: the service refused a write for the token's rights, so no further change was started. ${counts}. Give the token the rights it lacks (or use one that has them), then run apply again.`;
  if (report.stopped) {
    const reason = report.stopped.reason.replace(/[.\s]+$/, '');
    return `Apply stopped: ${reason}. ${counts}. Run apply again to finish the rest; it converges from any state.`;
  }
  if (report.converged) return `Apply complete: ${counts}.`;
  return `Apply incomplete: ${counts}. Fix the reasons above and run apply again; it converges from any state.`;
}

/** The outcomes and the summary after the plan: as text, or as Markdown tables for `--format markdown`. */
export function renderReport(report: ApplyReport, organization: string, markdown: boolean): string {
  const summary = summaryOf(report, organization);
  if (markdown) return renderReportMarkdown(report, summary);
  return `\n${renderOutcomes(report)}\n${summary}\n`;
}

export function progressLine(progress: Progress): string {
  const failures = progress.failures > 0 ? `, ${progress.failures} failed` : '';
  return `applying: ${progress.done}/${progress.total} done${failures}`;
}
