// The JSON Schema of attribution in the plan (docs/drift.md, "Who changed it"): an item's
// `attribution` and the plan's `audit`, beside the plan's schema (plan-schema.ts), from the
// vocabulary's tables (core/audit.ts).
import { AUDIT_TOKEN_TYPES, UNATTRIBUTED_REASONS } from '../../core/audit.js';

type Schema = Record<string, unknown>;

const reason = (): Schema => ({ enum: [...UNATTRIBUTED_REASONS] });

/** Where each item's `attribution` points: one definition in the plan's `$defs` (plan-schema.ts). */
export const ATTRIBUTION_REF: Schema = { $ref: '#/$defs/attribution' };

/** Who left live access as the item finds it, or why nobody is named. Present when the run attributed its items. */
export function attributionSchema(): Schema {
  const attributed = {
    type: 'object',
    required: ['actor', 'type', 'impersonator', 'at', 'event', 'self'],
    properties: {
      actor: { type: 'string', description: "The actor's username, as the audit trail names it (a service user's for a team or organization token)." },
      type: { enum: [...AUDIT_TOKEN_TYPES], description: 'How the actor authenticated.' },
      impersonator: { type: ['string', 'null'], description: 'Who acted as the actor, when someone did.' },
      at: { type: 'string', description: 'When, in UTC (ISO 8601).' },
      event: { type: 'string', pattern: '^[a-z_]+\\.[a-z_]+$', description: 'RESOURCE.ACTION of the event, e.g. workspace.add_team.' },
      self: { type: 'boolean', description: "The tool's own token made it: an earlier apply." },
    },
    additionalProperties: false,
  };
  const unattributed = { type: 'object', required: ['unattributed'], properties: { unattributed: reason() }, additionalProperties: false };
  return {
    description:
      'docs/drift.md, "Who changed it": who left live access as this item finds it, or why nobody is named. Present when the run attributed its items (drift; plan with an audit token).',
    oneOf: [attributed, unattributed],
  };
}

/** What the audit read covered, or why none was read. */
export function auditSchema(): Schema {
  const count = { type: 'integer', minimum: 0 };
  const instant = { type: ['string', 'null'] };
  return {
    type: 'object',
    description: 'docs/drift.md, "Who changed it": what the audit trail read covered; present when the run attributed its items.',
    required: ['since', 'until', 'events', 'pages', 'logged', 'unavailable', 'detail'],
    properties: {
      since: { ...instant, description: 'Events after this time were seen, the audit log included when it is unbroken; null when none were read.' },
      until: { ...instant, description: "The end of the read (the run's clock)." },
      events: { ...count, description: 'Events read from the service.' },
      pages: { ...count, description: 'Requests the read made.' },
      logged: { oneOf: [{ type: 'null' }, count], description: 'Events read back from --audit-log that count; null without one.' },
      unavailable: { oneOf: [{ type: 'null' }, reason()], description: 'Why nothing could be read: every item then says this reason.' },
      detail: { type: ['string', 'null'], description: 'Why, in one line (never the token).' },
    },
    additionalProperties: false,
  };
}
