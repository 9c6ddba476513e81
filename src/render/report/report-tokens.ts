// The report's tokens (docs/effective-access.md, "Tokens") in every format: each team token with its
// team, description, when it was made, when it expires and when it was last used, and the
// organization and audit-trail tokens' existence and expiry. Never a secret: none is read
// (api/translate-token.ts). Pure.

import type { JsonObject } from '../../core/json-value.js';
import type { Report, ReportTokens } from '../../core/report.js';
import { tokenDocument } from '../../core/token-document.js';
import type { LiveToken } from '../../core/token-policy.js';
import { escapeHtml } from '../shared/markdown-text.js';

const KIND_WORDS: { readonly [K in LiveToken['type']]: string } = {
  team: 'team token',
  organization: 'organization token',
  'audit-trails': 'audit-trail token',
};

const when = (at: string | null, none: string): string => at ?? none;

/** A token's owner as the report names it: its team, or the organization. */
const ownerOf = (token: LiveToken): string => (token.type === 'team' ? (token.team?.name ?? token.team?.id ?? '?') : 'organization');

/** The JSON report's keys: `tokens` and `team_tokens_listed`, only when the report read them. */
export function tokensDocument(tokens: ReportTokens | undefined): JsonObject {
  return tokens ? { tokens: tokens.tokens.map(tokenDocument), team_tokens_listed: tokens.teamTokensListed } : {};
}

/** One line per token, teams first by name, then the organization's. */
export function tokensLines(report: Report): string[] {
  const tokens = report.tokens;
  if (!tokens) return [];
  const head = `Tokens (${tokens.tokens.length}; never a secret):`;
  const missing = tokens.teamTokensListed ? [] : ['  team tokens not listed: the server has no team-token list, or the token may not read it'];
  const lines = tokens.tokens.map(
    (t) =>
      `  ${KIND_WORDS[t.type]} of ${ownerOf(t)}${t.description === null ? '' : ` "${t.description}"`} (${t.id}): created ${t.createdAt}, expires ${when(t.expiredAt, 'never')}, last used ${when(t.lastUsedAt, 'never or not said')}`,
  );
  return [head, ...missing, ...lines, ''];
}

/** The CSV's rows of target type `token`, in the columns of the report's (render/report/report-csv.ts). */
export function tokenCsvRows(report: Report, blankPermissions: readonly string[], coverage: readonly string[]): string[][] {
  return (report.tokens?.tokens ?? []).map((t) => [
    t.type === 'team' ? ownerOf(t) : '',
    t.team?.id ?? '',
    'token',
    t.description ?? KIND_WORDS[t.type],
    t.id,
    '',
    '',
    '',
    ...blankPermissions,
    '',
    `${KIND_WORDS[t.type]}; created ${t.createdAt}; expires ${when(t.expiredAt, 'never')}; last used ${when(t.lastUsedAt, 'never or not said')}`,
    '',
    ...coverage,
  ]);
}

export function tokensHtml(report: Report): string {
  const tokens = report.tokens;
  if (!tokens) return '';
  const cell = (text: string): string => `<td>${escapeHtml(text)}</td>`;
  const rows = tokens.tokens.map(
    (t) =>
      `<tr>${cell(KIND_WORDS[t.type])}${cell(ownerOf(t))}${cell(t.description ?? '')}${cell(t.id)}${cell(t.createdAt)}${cell(when(t.expiredAt, 'never'))}${cell(when(t.lastUsedAt, ''))}</tr>`,
  );
  return `<h2 id="tokens-title">Tokens</h2>
<p class="meta">Every token the report's token can list, never a secret${tokens.teamTokensListed ? '' : '; team tokens not listed (the server has no team-token list, or the token may not read it)'}.</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="tokens-title"><table id="tokens" aria-labelledby="tokens-title">
<thead><tr><th scope="col">kind</th><th scope="col">team</th><th scope="col">description</th><th scope="col">id</th><th scope="col">created</th><th scope="col">expires</th><th scope="col">last used</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table></div>
`;
}
