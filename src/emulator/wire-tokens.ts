// Tokens and token-lifetime policies on the wire (docs/api.md, "Tokens"): the `authentication-tokens`
// resource (the secret only in the answer that made it) and the `organization-token-ttl-policies` list.
import type { TokenRecord, TtlPolicy } from './token-book.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A token; `secret` only in the create answer (docs/api.md, "Tokens": never in a list or a show). */
export function tokenResource(record: TokenRecord, { secret = false } = {}): unknown {
  const attributes: Record<string, unknown> = {
    'created-at': iso(record.createdAt),
    'last-used-at': iso(record.lastUsedAt),
    description: record.description,
    'expired-at': iso(record.expiredAt),
  };
  if (secret) attributes.token = record.secret;
  const relationships: Record<string, unknown> = { 'created-by': { data: record.createdBy } };
  if (record.teamId !== undefined) relationships.team = { data: { id: record.teamId, type: 'teams' } };
  return { id: record.id, type: 'authentication-tokens', attributes, relationships };
}

export function ttlPolicyResource(policy: TtlPolicy): unknown {
  return {
    id: policy.id,
    type: 'organization-token-ttl-policies',
    attributes: { 'token-type': policy.type, 'max-ttl-ms': policy.maxTtlMs, 'created-at': iso(policy.createdAt), 'updated-at': iso(policy.updatedAt) },
  };
}
