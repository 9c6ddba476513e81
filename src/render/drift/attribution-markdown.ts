// Who changed it, in the Markdown plan (docs/drift.md, "Who changed it"): one table of every drift
// item with who, the token type, when and the event, fit for a pull request's body; one line when
// the run could name nobody; and drift's two ways out. Pure.
import { type Attribution, isAttributed } from '../../core/audit.js';
import { type DriftItem, driftItemsOf } from '../../core/drift-item.js';
import type { Plan } from '../../core/plan.js';
import { headline, SIGN } from '../changes/lines.js';
import { MEMBER_SIGN, memberHeadline } from '../changes/member-lines.js';
import { TEAM_SIGN, teamHeadline } from '../changes/team-lines.js';
import { TOKEN_SIGN, tokenPolicyHeadline } from '../changes/token-policy-lines.js';
import { escapeCell, escapeText, fenceSafe } from '../shared/markdown-text.js';
import { attributionTime, auditLine, tokenWords, waysOut } from './attribution-lines.js';

/** More rows than this are counted, not shown: the table shares the comment's room with the plan. */
export const MAX_ATTRIBUTION_ROWS = 100;

function itemWords(item: DriftItem): string {
  switch (item.kind) {
    case 'grant': {
      const c = item.change;
      return `${SIGN[c.action]} ${c.target.type} ${c.target.name}: ${c.team.name} ${headline(c)}`;
    }
    case 'team':
      return `${TEAM_SIGN[item.change.action]} team ${item.change.name}: ${teamHeadline(item.change)}`;
    case 'member':
      return `${MEMBER_SIGN[item.change.action]} ${item.change.person.email}: ${memberHeadline(item.change)}`;
    case 'token-policy':
      return `${TOKEN_SIGN} token-policy ${tokenPolicyHeadline(item.change)}`;
  }
}

function cells(attribution: Attribution): string[] {
  if (!isAttributed(attribution)) return [`not known: ${attribution.unattributed}`, '', '', ''];
  const who = attribution.self ? `self (${attribution.actor})` : attribution.actor;
  return [who, tokenWords(attribution), attributionTime(attribution.at), `\`${fenceSafe(attribution.event)}\``];
}

function row(item: DriftItem): string | undefined {
  const attribution = item.change.attribution;
  if (attribution === undefined) return undefined;
  const [who = '', type = '', when = '', event = ''] = cells(attribution);
  return `| ${escapeCell(itemWords(item))} | ${escapeCell(who)} | ${escapeCell(type)} | ${escapeCell(when)} | ${event} |`;
}

/** The section, or '' for a plan that attributed nothing (every plan without an audit read keeps its bytes). */
export function attributionSection(plan: Plan): string {
  const line = auditLine(plan.audit);
  if (line === undefined) return '';
  const rows = driftItemsOf(plan).flatMap((item) => row(item) ?? []);
  if (plan.audit?.unavailable !== undefined || rows.length === 0) return `${escapeText(line)}\n\n`;
  const shown = rows.slice(0, MAX_ATTRIBUTION_ROWS);
  const left = rows.length - shown.length;
  const more = left > 0 ? ['', `... and ${left} more: run \`tfe-access drift\` to see them all.`] : [];
  const table = ['| item | who | token type | when | event |', '|---|---|---|---|---|', ...shown, ...more];
  return ['**Who changed it**', '', escapeText(line), '', ...table, '', ''].join('\n');
}

/** docs/drift.md, "Revert": drift's comment ends with both ways out, with this run's commands. */
export function waysOutSection(plan: Plan, edited: readonly string[] = []): string {
  if (driftItemsOf(plan).length === 0) return '';
  const { revert, adopt } = waysOut(plan.scope);
  if (edited.length > 0) {
    // drift --adopt wrote the edits: keeping them adopts (a pull request carrying them is merged), discarding them and applying reverts.
    return `\n**Settle it** either way:\n\n- keep live access as it is (adopt): commit these edits (merge the pull request that carries them)\n- put it back as the files said (revert): discard the edits (close the pull request), then \`${fenceSafe(revert)}\`\n`;
  }
  return `\n**Settle it** either way:\n\n- put live access back as the files say (revert): \`${fenceSafe(revert)}\`\n- write live access into the files (adopt): \`${fenceSafe(adopt)}\`\n`;
}
