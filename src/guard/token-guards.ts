// docs/apply.md, "Safety guards": a lowered token lifetime ends every live token above it at once
// (docs/api.md, "Tokens"), so the plan counts them and refuses more than
// `settings.max-token-revocations` (default 0), naming each. Pure.
import { DEFAULT_MAX_TOKEN_REVOCATIONS } from '../core/defaults.js';
import { type LiveToken, type TokenPolicyChange, tokensEnded } from '../core/token-policy.js';
import type { Refusal } from './refusal.js';

/** A token in a refusal's words: whose, which (its description), its id; never its secret (none is read). */
export function tokenLabel(token: LiveToken): string {
  const described = token.description === null ? '' : ` "${token.description}"`;
  if (token.type === 'team') return `team "${token.team?.name ?? token.team?.id ?? '?'}" token${described} (${token.id})`;
  return `the ${token.type === 'organization' ? 'organization' : 'audit-trail'} token (${token.id})`;
}

export function maxTokenRevocations(changes: readonly TokenPolicyChange[], limit: number | undefined, force: boolean): Refusal | undefined {
  const ended = tokensEnded(changes);
  const max = limit ?? DEFAULT_MAX_TOKEN_REVOCATIONS;
  if (force || ended.length <= max) return undefined;
  return {
    guard: 'max-token-revocations',
    message: `the token policy would end ${ended.length} live token${ended.length === 1 ? '' : 's'} at once, more than settings.max-token-revocations (${max}): ${ended.map(tokenLabel).join(', ')}.`,
    howToProceed:
      'replace those tokens first, or raise settings.max-token-revocations to the number the plan names (or run again with --force) once ending them is intended.',
    changes: [],
  };
}
