// What apply prints in text: one line per change's outcome (written as each change ends), the
// one-line summary, the progress line and the line of a cancelled run.
import type {
  ApplyProgress,
  ApplyReport,
  ApplyResult,
  ChangeOutcome,
  MemberOutcome,
  OutcomeNote,
  OutcomeStatus,
  Stop,
  TeamOutcome,
  TokenPolicyOutcome,
} from '../../core/apply-outcome.js';
import type { Change } from '../../core/plan.js';
import { headline, SIGN } from '../changes/lines.js';
import { memberLine } from '../changes/member-lines.js';
import { TEAM_SIGN, teamHeadline } from '../changes/team-lines.js';
import { TOKEN_SIGN, tokenPolicyHeadline } from '../changes/token-policy-lines.js';

/** How the text and Markdown reports name each status. */
export const STATUS_LABEL: { readonly [S in OutcomeStatus]: string } = {
  applied: 'applied',
  'already-so': 'already so',
  failed: 'FAILED',
  'not-started': 'not started',
};

const describe = (change: Change): string => `${SIGN[change.action]} ${change.team.name} on ${change.target.type} "${change.target.name}": ${headline(change)}`;

/**
 * The labels padded to the widest of all, present or not: a line is printed as its change ends
 * (docs/apply.md, "Apply"), before it is known whether a stop will add `not started` lines.
 */
const WIDTH = Math.max(...Object.values(STATUS_LABEL).map((label) => label.length));

/** A note in words: how the change ended where it did. */
export function noteText(note: OutcomeNote): string {
  switch (note.kind) {
    case 'added-after-vanished':
      return 'the grant was not there when read again, so it was added';
    case 'answer-lost-done':
      return 'the answer was lost; reading the target again showed it done';
    case 'already-had':
      return `the team already had this access (grant ${note.grantId})`;
    case 'updated-found':
      return `finished by updating grant ${note.grantId}, found when reading the target again`;
    case 'already-gone':
      return 'the grant was already gone';
    case 'answer-lost-gone':
      return 'the answer was lost; reading the target again showed the grant gone';
  }
}

/** One change's outcome: one line, two with a failure's reason. */
export function outcomeLine(outcome: ChangeOutcome): string {
  const head = `  ${STATUS_LABEL[outcome.status].padEnd(WIDTH)}  ${describe(outcome.change)}`;
  switch (outcome.status) {
    case 'failed':
      return `${head}\n  ${' '.repeat(WIDTH)}    reason: ${outcome.reason}`;
    case 'applied':
    case 'already-so':
      return outcome.note ? `${head} (${noteText(outcome.note)})` : head;
    case 'not-started':
      return head;
  }
}

/** A team change's outcome (docs/apply.md, "Team changes"): one line, two with a failure's reason. */
export function teamOutcomeLine(outcome: TeamOutcome): string {
  const { change } = outcome;
  const created = outcome.id ? ` -> ${outcome.id}` : '';
  const head = `  ${STATUS_LABEL[outcome.status].padEnd(WIDTH)}  ${TEAM_SIGN[change.action]} team ${change.name}: ${teamHeadline(change)}${created}`;
  if (outcome.status === 'failed') return `${head}\n  ${' '.repeat(WIDTH)}    reason: ${outcome.reason ?? ''}`;
  return outcome.note ? `${head} (${outcome.note})` : head;
}

/** A member change's outcome (docs/apply.md, "Member changes"): one line, two with a failure's reason. */
export function memberOutcomeLine(outcome: MemberOutcome): string {
  const head = `  ${STATUS_LABEL[outcome.status].padEnd(WIDTH)}  ${memberLine(outcome.change)}`;
  if (outcome.status === 'failed') return `${head}\n  ${' '.repeat(WIDTH)}    reason: ${outcome.reason ?? ''}`;
  return outcome.note ? `${head} (${outcome.note})` : head;
}

/** A token-policy change's outcome (docs/apply.md, "Token policy"): one line, two with a failure's reason. */
export function tokenPolicyOutcomeLine(outcome: TokenPolicyOutcome): string {
  const head = `  ${STATUS_LABEL[outcome.status].padEnd(WIDTH)}  ${TOKEN_SIGN} token-policy ${tokenPolicyHeadline(outcome.change)}`;
  return outcome.status === 'failed' ? `${head}\n  ${' '.repeat(WIDTH)}    reason: ${outcome.reason ?? ''}` : head;
}

/** Every outcome, in plan order: the team changes first, then the members, as the plan shows them, then the token policy. */
function renderOutcomes(report: ApplyReport): string {
  const lines = [
    ...(report.teamOutcomes ?? []).map(teamOutcomeLine),
    ...(report.memberOutcomes ?? []).map(memberOutcomeLine),
    ...report.outcomes.map(outcomeLine),
    ...(report.tokenPolicyOutcomes ?? []).map(tokenPolicyOutcomeLine),
  ];
  return `${lines.join('\n')}\n`;
}

/** The one line at the end of every apply. */
export function applySummary(report: ApplyReport, organization: string): string {
  const { applied, alreadySo, failed, notStarted } = report.counts;
  const total = report.outcomes.length + (report.teamOutcomes?.length ?? 0) + (report.memberOutcomes?.length ?? 0) + (report.tokenPolicyOutcomes?.length ?? 0);
  const notStartedCount = report.stopped ? `, ${notStarted} not started` : '';
  const counts = `${applied} applied, ${alreadySo} already so, ${failed} failed${notStartedCount}, of ${total} change${total === 1 ? '' : 's'} in ${organization}`;
  // The token and what it lacks are the one line on stderr (cli/commands/apply.ts): said once, not here too.
  if (report.stopped?.refused)
    return `Apply stopped: the service refused a write for the token's rights, so no further change was started. ${counts}. Give the token the rights it lacks (or use one that has them), then run apply again.`;
  if (report.stopped) {
    const reason = report.stopped.reason.replace(/[.\s]+$/, '');
    return `Apply stopped: ${reason}. ${counts}. Run apply again to finish the rest; it converges from any state.`;
  }
  if (report.converged) return `Apply complete: ${counts}.`;
  const permanent = permanentFailures(report);
  if (permanent.length === 0) return `Apply incomplete: ${counts}. Fix the reasons above and run apply again; it converges from any state.`;
  // Issue 36, Build 8: "run apply again" only for what another run can fix.
  const named = permanent.slice(0, NAMED_FAILURES).join('; ') + (permanent.length > NAMED_FAILURES ? `; and ${permanent.length - NAMED_FAILURES} more` : '');
  const head = `Apply incomplete: ${counts}. ${permanent.length} failed for good (another run fails the same way): ${named}. Fix what their reasons say (in the files or the organization), then plan again and review it`;
  return failed > permanent.length ? `${head}; the other failures another run can fix: run apply again; it converges from any state.` : `${head}.`;
}

/** How many permanent failures the closing line names; the rest are counted (each has its line above). */
const NAMED_FAILURES = 3;

/** Each failure another run cannot fix, in words, teams first (the order the outcomes are shown in). */
function permanentFailures(report: ApplyReport): string[] {
  const reason = (r: string | undefined): string => (r ? `: ${r}` : '');
  return [
    ...(report.teamOutcomes ?? []).filter((o) => o.permanent).map((o) => `team ${o.change.name} (${o.change.action})${reason(o.reason)}`),
    ...(report.memberOutcomes ?? []).filter((o) => o.permanent).map((o) => `${memberLine(o.change).trim()}${reason(o.reason)}`),
    ...report.outcomes.flatMap((o) =>
      o.status === 'failed' && o.permanent ? [`team ${o.change.team.name} on ${o.change.target.type} ${o.change.target.name}${reason(o.reason)}`] : [],
    ),
  ];
}

/**
 * stdout after the plan, in text or Markdown: `applied` writes the outcomes with the summary; nothing
 * for a cancelled run (its line is on stderr, cancelledLine).
 */
export function afterThePlan(result: ApplyResult, applied: (report: ApplyReport, summary: string) => string): string {
  switch (result.kind) {
    case 'no-changes':
      return 'No changes. Nothing to apply.\n';
    case 'cancelled':
      return '';
    case 'applied':
      return applied(result.report, applySummary(result.report, result.plan.organization));
  }
}

/** stdout after the plan, in text: every outcome, then the summary. */
export function renderApplyText(result: ApplyResult): string {
  return afterThePlan(result, (report, summary) => `\n${renderOutcomes(report)}\n${summary}\n`);
}

/** stderr when the run was cancelled at the question: by the answer, or by a stop. */
export function cancelledLine(stopped: Stop | undefined): string {
  return stopped ? `Apply cancelled: ${stopped.reason}; nothing was changed.\n` : 'Apply cancelled; nothing was changed.\n';
}

export function progressLine(progress: ApplyProgress): string {
  const failures = progress.failures > 0 ? `, ${progress.failures} failed` : '';
  return `applying: ${progress.done}/${progress.total} done${failures}`;
}
