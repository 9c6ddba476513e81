// A token and a token-policy change as the plan's JSON and saved plans write them (docs/plan.md,
// "Token policy"): plain JSON, never a secret (none is read). Limits in milliseconds, as the API
// takes them, and as the files write them (`30d`).
import type { JsonObject } from './json-value.js';
import { formatDuration, type LiveToken, type TokenEnds, type TokenPolicyChange } from './token-policy.js';

export function tokenDocument(token: LiveToken): JsonObject {
  return {
    id: token.id,
    type: token.type,
    team: token.team ? { id: token.team.id, name: token.team.name ?? null } : null,
    description: token.description,
    created_at: token.createdAt,
    expired_at: token.expiredAt,
    last_used_at: token.lastUsedAt,
  };
}

function endsDocument(ends: TokenEnds): JsonObject {
  return ends.count === 'unknown' ? { count: 'unknown' } : { count: ends.count, tokens: ends.tokens.map(tokenDocument) };
}

const duration = (ms: number | null): string | null => (ms === null ? null : formatDuration(ms));

export function tokenPolicyChangeDocument(change: TokenPolicyChange): JsonObject {
  if (change.setting === 'user-tokens')
    return { action: change.action, setting: 'user-tokens', before: change.before, after: change.after, ends: endsDocument(change.ends) };
  return {
    action: change.action,
    setting: 'max-ttl',
    token_type: change.type,
    before: change.before,
    after: change.after,
    before_text: duration(change.before),
    after_text: duration(change.after),
    ends: endsDocument(change.ends),
  };
}
