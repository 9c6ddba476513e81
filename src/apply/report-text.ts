// What apply prints: one line per change's outcome, the one-line summary and the progress line.
import type { Change } from '../core/plan.js';
import { headline, SIGN } from '../render/lines.js';
import type { Progress } from './executor.js';
import type { ApplyReport, ChangeOutcome } from './outcome.js';

const LABEL: { readonly [S in ChangeOutcome['status']]: string } = { applied: 'applied', 'already-so': 'already so', failed: 'FAILED' };
const LABEL_WIDTH = Math.max(...Object.values(LABEL).map((l) => l.length));

const describe = (change: Change): string => `${SIGN[change.action]} ${change.team.name} on ${change.target.type} "${change.target.name}": ${headline(change)}`;

function outcomeLine(outcome: ChangeOutcome): string {
  const head = `  ${LABEL[outcome.status].padEnd(LABEL_WIDTH)}  ${describe(outcome.change)}`;
  switch (outcome.status) {
    case 'failed':
      return `${head}\n  ${' '.repeat(LABEL_WIDTH)}    reason: ${outcome.reason}`;
    case 'applied':
    case 'already-so':
      return outcome.note ? `${head} (${outcome.note})` : head;
  }
}

/** Every outcome, in plan order. */
export function renderOutcomes(report: ApplyReport): string {
  return `${report.outcomes.map(outcomeLine).join('\n')}\n`;
}

/** The one line at the end of every apply. */
export function summaryOf(report: ApplyReport, organization: string): string {
  const { applied, alreadySo, failed } = report.counts;
  const total = report.outcomes.length;
  const counts = `${applied} applied, ${alreadySo} already so, ${failed} failed, of ${total} change${total === 1 ? '' : 's'} in ${organization}`;
  if (report.converged) return `Apply complete: ${counts}.`;
  return `Apply incomplete: ${counts}. Fix the reasons above and run apply again; it converges from any state.`;
}

export function progressLine(progress: Progress): string {
  const failures = progress.failures > 0 ? `, ${progress.failures} failed` : '';
  return `applying: ${progress.done}/${progress.total} done${failures}`;
}
