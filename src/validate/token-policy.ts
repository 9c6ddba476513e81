// `token-policy:` (docs/files.md, "`token-policy`"): the organization's maximum lifetime per token
// type (`90d`, `12h`) and whether people's own tokens reach it; its schema and its reading. Pure.

import type { DesiredTokenPolicy } from '../core/desired-state.js';
import type { JsonSchema } from '../core/json-schema.js';
import { type MaxTtl, parseDuration, TOKEN_TYPES } from '../core/token-policy.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { keyAt } from './positions.js';

/** A duration the files write: whole days or hours (`parseDuration` reads the same). */
export const DURATION_PATTERN = '^[1-9][0-9]{0,5}[dh]$';

export function tokenPolicySchema(): JsonSchema {
  const duration = (type: string): JsonSchema => ({
    description: `The longest a ${type} token may live, in days (90d) or hours (12h). Lowering it ends every older ${type} token at once.`,
    type: 'string',
    pattern: DURATION_PATTERN,
  });
  return {
    description: "The organization's token policy: the maximum lifetime per token type, and whether people's own tokens may reach it.",
    type: 'object',
    additionalProperties: false,
    properties: {
      'max-ttl': {
        description: 'The maximum lifetime of each token type; a type left out keeps what the organization has.',
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(TOKEN_TYPES.map((t) => [t, duration(t)])),
      },
      'user-tokens': { description: "false: people's own tokens no longer reach the organization.", type: 'boolean' },
    },
  };
}

/** The policy of the files, when they have one (merged by key: `max-ttl` and `user-tokens`, each once). */
export function desiredTokenPolicy(merged: Merged): { tokenPolicy?: DesiredTokenPolicy } {
  if (merged.tokenPolicy.size === 0) return {};
  const maxTtl: { -readonly [K in keyof MaxTtl]: MaxTtl[K] } = {};
  const limits: Located | undefined = merged.tokenPolicy.get('max-ttl');
  if (limits && isRecord(limits.value))
    for (const type of TOKEN_TYPES) {
      const text = limits.value[type];
      const ms = typeof text === 'string' ? parseDuration(text) : undefined;
      if (ms !== undefined) maxTtl[type] = ms;
    }
  const userTokens = merged.tokenPolicy.get('user-tokens')?.value;
  const first = [...merged.tokenPolicy.values()][0];
  return {
    tokenPolicy: {
      maxTtl,
      ...(typeof userTokens === 'boolean' ? { userTokens } : {}),
      ...(first ? { source: keyAt(first.file, ['token-policy']) } : {}),
    },
  };
}
