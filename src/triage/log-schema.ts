// The schema of a line of an audit log (`drift --audit-log FILE`; docs/drift.md, "Keep what the
// service forgets"): an event of the trail in the tool's own words (core/audit.ts's AuditEvent) or
// a checkpoint closing one read, as log-format.ts writes them. Read back through Ajv (log-format.ts;
// its validator standalone in the build); what a schema cannot say (a time that is no time) the
// reader checks after it.
import { AUDIT_TOKEN_TYPES } from '../core/audit.js';
import { type JsonSchema, SCHEMA_DIALECT } from '../core/json-schema.js';

const STRING = { type: 'string' };
const TEXT = { type: 'string', minLength: 1, title: 'a string that is not empty' };

const EVENT: JsonSchema = {
  type: 'object',
  required: ['id', 'at', 'actor', 'resourceType', 'resourceId', 'action'],
  properties: {
    id: TEXT,
    at: STRING,
    actor: {
      type: 'object',
      required: ['id', 'name', 'type', 'impersonator'],
      properties: {
        id: STRING,
        name: STRING,
        type: { enum: [...AUDIT_TOKEN_TYPES], title: `${AUDIT_TOKEN_TYPES.slice(0, -1).join(', ')} or ${AUDIT_TOKEN_TYPES.at(-1)}` },
        impersonator: { type: ['string', 'null'], title: 'a string or null' },
      },
    },
    resourceType: STRING,
    resourceId: STRING,
    action: STRING,
    team: STRING,
    user: STRING,
  },
};

const CHECKPOINT = {
  type: 'object',
  required: ['organization', 'since', 'until', 'events'],
  properties: { organization: TEXT, since: STRING, until: STRING, events: { type: 'integer', minimum: 0, title: 'a whole number' } },
};

export const AUDIT_LINE_SCHEMA: JsonSchema = {
  $schema: SCHEMA_DIALECT,
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: ['event', 'checkpoint'], title: 'event or checkpoint' } },
  allOf: [
    { if: { properties: { kind: { const: 'event' } } }, then: { required: ['event'], properties: { event: EVENT } } },
    { if: { properties: { kind: { const: 'checkpoint' } } }, then: CHECKPOINT },
  ],
};
