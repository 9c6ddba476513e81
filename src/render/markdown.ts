// The Markdown plan, for pull-request comments and job summaries: a summary table, one collapsible
// section per target, and a hidden marker so a CI step can find and update its own comment.
import type { Plan } from '../core/plan.js';
import { printable } from '../core/printable.js';
import { effectiveLines } from './effective-lines.js';
import { detailLines, groupByTarget, headline, refusalHeadline, SIGN, summaryLine, type TargetGroup } from './lines.js';

/** GitHub refuses comments longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;
/** Room kept for the closing lines and the note on what was cut. */
const TAIL_RESERVE = 2_000;

export const MARKER_PREFIX = '<!-- tfe-access-plan';

export interface MarkdownOptions {
  /** Maximum length of the whole comment. */
  readonly limit?: number;
  /** The clock (epoch milliseconds) that "expires in N days" counts from; absent: the date alone. */
  readonly now?: number;
}

// Names, ids, values and warnings come from the service or the files: one line each, whatever they
// hold (a line starting with `::` in a CI log is a workflow command; see src/core/printable.ts).
function escapeHtml(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text outside an attribute: no tag may open; quotes stay as they are written. */
function escapeText(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Inside a fenced block nothing but a fence can break out; names never hold backticks, but be sure. */
function fenceSafe(text: string): string {
  return printable(text).replace(/`/g, "'");
}

function counts(group: TargetGroup): string {
  const n = { add: 0, update: 0, remove: 0 };
  for (const change of group.changes) n[change.action] += 1;
  return `+${n.add} ~${n.update} -${n.remove}`;
}

function section(group: TargetGroup, now: number | undefined): string {
  const lines: string[] = [];
  for (const change of group.changes) {
    lines.push(fenceSafe(`${SIGN[change.action] === '~' ? '!' : SIGN[change.action]} ${change.team.name}: ${headline(change, now)}`));
    for (const line of detailLines(change)) lines.push(fenceSafe(`${line.sign === ' ' ? ' ' : line.sign}     ${line.text}`));
  }
  const title = `${group.target.type} <code>${escapeHtml(group.target.name)}</code> (${counts(group)})`;
  return `<details><summary>${title}</summary>\n\n\`\`\`diff\n${lines.join('\n')}\n\`\`\`\n\n</details>\n`;
}

/** A GitHub alert (a blockquote elsewhere) right under the summary: the guards that refuse the plan. */
function refusalBlock(plan: Plan): string[] {
  const headline = refusalHeadline(plan);
  if (headline === undefined) return [];
  const lines = ['> [!CAUTION]', `> **${headline.title}** ${headline.detail}`];
  for (const refusal of plan.refusals) lines.push(`> - \`${refusal.guard}\`: ${escapeText(refusal.message)} To proceed: ${escapeText(refusal.howToProceed)}`);
  return [...lines, ''];
}

export function renderMarkdown(plan: Plan, options: MarkdownOptions = {}): string {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const head = [
    `${MARKER_PREFIX} organization=${escapeHtml(plan.organization)} -->`,
    `### tfe-access plan for \`${fenceSafe(plan.organization)}\``,
    '',
    summaryLine(plan),
    '',
    ...refusalBlock(plan),
    '| add | change | remove |',
    '|---:|---:|---:|',
    `| ${plan.summary.add} | ${plan.summary.update} | ${plan.summary.remove} |`,
    '',
    '',
  ].join('\n');
  const tail: string[] = [];
  if (plan.effectiveChanges && plan.effectiveChanges.length > 0) {
    const lines = effectiveLines(plan.effectiveChanges).map((l) => `- ${escapeHtml(l.text)}${l.targets ? `<br>${escapeHtml(l.targets)}` : ''}`);
    tail.push('**Effective access**', '', ...lines, '');
  }
  if (plan.warnings.length > 0) {
    tail.push('**Warnings**', '', ...plan.warnings.map((w) => `- ${escapeHtml(w.message)} (\`${w.code}\`)`), '');
  }
  tail.push(`Checksum: \`${plan.checksum}\``, '');
  let tailText = tail.join('\n');
  if (head.length + tailText.length > limit - TAIL_RESERVE) {
    tailText = `${plan.warnings.length} warnings${plan.effectiveChanges?.length ? ` and ${plan.effectiveChanges.length} effective changes` : ''} not shown (too long for a comment); run \`tfe-access plan\` to see them.\n\nChecksum: \`${plan.checksum}\`\n`;
  }

  const budget = limit - TAIL_RESERVE - head.length - tailText.length;
  const shown: string[] = [];
  let used = 0;
  const groups = groupByTarget(plan.changes);
  for (const group of groups) {
    const text = section(group, options.now);
    if (used + text.length > budget) break;
    shown.push(text);
    used += text.length;
  }
  const left = groups.slice(shown.length);
  const note = left.length
    ? `\n> **${left.length} of ${groups.length} targets not shown** (${left.reduce((n, g) => n + g.changes.length, 0)} changes): the plan is longer than a comment may be. Run \`tfe-access plan\` or see the job log for the full plan.\n\n`
    : '';
  return `${head}${shown.join('\n')}${note}\n${tailText}`;
}
