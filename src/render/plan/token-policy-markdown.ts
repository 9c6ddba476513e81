// The token-policy changes in a Markdown comment (docs/plan.md, "Token policy"): a summary line and a
// fenced section of the settings with the tokens each ends, within its share of the comment. Pure.
import { changesOf, type Plan } from '../../core/plan.js';
import { endedTokenLines, TOKEN_SIGN, tokenPolicyHeadline, tokenPolicySummaryLine } from '../changes/token-policy-lines.js';
import { escapeText, fenced } from '../shared/markdown-text.js';

export function tokenPolicyLine(plan: Plan): string[] {
  const line = tokenPolicySummaryLine(plan);
  return line === undefined ? [] : [escapeText(line), ''];
}

export function tokenPolicySection(plan: Plan, room: number): string {
  const changes = changesOf(plan.changes, 'token-policy');
  if (changes.length === 0) return '';
  const title = '**token policy**\n\n';
  const lines: string[] = [];
  let used = title.length;
  let left = 0;
  for (const change of changes)
    for (const line of [`${TOKEN_SIGN} ${tokenPolicyHeadline(change)}`, ...endedTokenLines(change)]) {
      if (used + line.length + 1 > room) left += 1;
      else {
        lines.push(line);
        used += line.length + 1;
      }
    }
  const note = left > 0 ? `> **${left} lines of the token policy not shown**: run \`tfe-access plan\` for the full plan.\n\n` : '';
  return `${title}${fenced('diff', lines)}\n${note}`;
}
