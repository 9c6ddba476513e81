// The JSON Schema of a plan's token-policy changes (docs/plan.md, "Token policy"), beside the plan's
// (plan-schema.ts): `token_policy_changes`, present when the files have `token-policy:`.
import { TOKEN_TYPES } from '../../core/token-policy.js';
import { ATTRIBUTION_REF } from './attribution-schema.js';

type Schema = Record<string, unknown>;

const nullable = (type: string): Schema => ({ type: [type, 'null'] });

/** A token as read: never its secret (no `token` key is allowed). */
export function tokenSchema(): Schema {
  return {
    type: 'object',
    required: ['id', 'type', 'team', 'description', 'created_at', 'expired_at', 'last_used_at'],
    properties: {
      id: { type: 'string', minLength: 1 },
      type: { enum: ['team', 'organization', 'audit-trails'] },
      team: {
        oneOf: [
          { type: 'null' },
          { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: nullable('string') }, additionalProperties: false },
        ],
      },
      description: nullable('string'),
      created_at: { type: 'string' },
      expired_at: { ...nullable('string'), description: 'null: the token never expires.' },
      last_used_at: { ...nullable('string'), description: 'null: never used, or the service does not say.' },
    },
    additionalProperties: false,
  };
}

const ends = (): Schema => ({
  description: 'The live tokens the change would end at once; `unknown` where the service does not let the run count them (user and metrics tokens).',
  oneOf: [
    { type: 'object', required: ['count'], properties: { count: { const: 'unknown' } }, additionalProperties: false },
    {
      type: 'object',
      required: ['count', 'tokens'],
      properties: { count: { type: 'integer', minimum: 0 }, tokens: { type: 'array', items: tokenSchema() } },
      additionalProperties: false,
    },
  ],
});

function tokenPolicyChangeSchema(): Schema {
  return {
    type: 'object',
    required: ['action', 'setting', 'before', 'after', 'ends'],
    properties: {
      action: { const: 'update' },
      setting: { enum: ['max-ttl', 'user-tokens'] },
      token_type: { enum: [...TOKEN_TYPES] },
      before: { type: ['integer', 'boolean', 'null'], description: 'A limit in milliseconds, or the user-tokens switch; null when none is set or reported.' },
      after: { type: ['integer', 'boolean'] },
      before_text: nullable('string'),
      after_text: { type: 'string' },
      ends: ends(),
      attribution: ATTRIBUTION_REF,
    },
    additionalProperties: false,
  };
}

export function tokenPolicyProperties(): Record<string, Schema> {
  return {
    token_policy_changes: {
      description:
        "The organization's token policy: each maximum lifetime and the user-tokens switch the files change. Present when the files have token-policy.",
      type: 'array',
      items: tokenPolicyChangeSchema(),
    },
  };
}

/** The report's `tokens` and `team_tokens_listed` (render/report/report-tokens.ts writes them). */
export function tokensProperties(): Record<string, unknown> {
  return {
    tokens: {
      type: 'array',
      items: tokenSchema(),
      description: 'With --tokens and in evidence bundles: every team token the token can list, and the organization and audit-trail tokens; never a secret.',
    },
    team_tokens_listed: { type: 'boolean', description: 'false: the server (or the token) has no team-token list, so team tokens are not shown.' },
  };
}
