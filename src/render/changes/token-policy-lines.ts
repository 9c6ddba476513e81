// The token-policy changes of a plan in words (docs/plan.md, "Token policy"), shared by the text and
// Markdown plans and attribution's table: one line per setting, its values before and after, and
// the live tokens it would end, each named (never a secret: none is read). Pure.
import { changesOf, type Plan } from '../../core/plan.js';
import { printable } from '../../core/printable.js';
import { formatDuration, type TokenEnds, type TokenPolicyChange, tokenSettingName } from '../../core/token-policy.js';
import { tokenLabel } from '../../guard/token-guards.js';

export const TOKEN_SIGN = '~';

const value = (v: number | boolean | null): string => (v === null ? 'none' : typeof v === 'boolean' ? (v ? 'on' : 'off') : formatDuration(v));

function endsWords(ends: TokenEnds): string {
  if (ends.count === 'unknown') return 'ends an unknown number of tokens (the service does not let the run count them)';
  return ends.count === 0 ? 'ends no live token' : `ends ${ends.count} live token${ends.count === 1 ? '' : 's'} at once`;
}

/** `max-ttl.team: 90d -> 30d (ends 3 live tokens at once)`. */
export function tokenPolicyHeadline(change: TokenPolicyChange): string {
  return `${tokenSettingName(change)}: ${value(change.before)} -> ${value(change.after)} (${endsWords(change.ends)})`;
}

/** Each token a change ends, one line each, indented under its change. */
export function endedTokenLines(change: TokenPolicyChange): string[] {
  return change.ends.count === 'unknown' ? [] : change.ends.tokens.map((t) => `    ends ${printable(tokenLabel(t))}`);
}

export function tokenPolicySummaryLine(plan: Pick<Plan, 'changes'>): string | undefined {
  const changes = changesOf(plan.changes, 'token-policy');
  if (changes.length === 0) return undefined;
  return `Token policy: ${changes.length} setting${changes.length === 1 ? '' : 's'} to change.`;
}

/** The plan's section: a title and each change with the tokens it ends. */
export function tokenPolicyLines(plan: Pick<Plan, 'changes'>): string[] {
  const changes = changesOf(plan.changes, 'token-policy');
  if (changes.length === 0) return [];
  return ['token policy', ...changes.flatMap((c) => [`  ${TOKEN_SIGN} ${printable(tokenPolicyHeadline(c))}`, ...endedTokenLines(c)]), ''];
}
