// JSON Schema of the plan's `effective_changes` (docs/effective-access.md, "Effective access"): what the plan's grant
// changes do to each team's effective access, and the grant changes that do nothing (shadowed).
import { PROJECT_LEVELS, WORKSPACE_LEVELS } from '../core/access.js';
import { SOURCE_SCHEMA } from './report-schema.js';

type Schema = Record<string, unknown>;

const LEVEL: Schema = { oneOf: [{ type: 'null', description: 'no access' }, { enum: [...new Set([...PROJECT_LEVELS, ...WORKSPACE_LEVELS])] }] };

export function effectiveChangesSchema(): Schema {
  const ref = { type: 'object', required: ['name', 'id'], properties: { name: { type: 'string' }, id: { type: 'string' } } };
  return {
    type: 'array',
    description:
      'What the changes do to effective access, per team and target; direction none marks a grant change that changes nothing (shadowed), with held_by saying what keeps the access.',
    items: {
      type: 'object',
      required: ['team', 'target', 'before', 'after', 'direction', 'via'],
      properties: {
        // docs/plan.md, "Team changes": a team the plan creates has no id yet (null).
        team: { ...ref, properties: { ...ref.properties, id: { type: ['string', 'null'] } } },
        target: { ...ref, required: ['type', 'name', 'id'], properties: { ...ref.properties, type: { enum: ['project', 'workspace'] } } },
        before: LEVEL,
        after: LEVEL,
        direction: { enum: ['rises', 'falls', 'mixed', 'none'] },
        via: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['type', 'name', 'action', 'access'],
            properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, action: { enum: ['add', 'update', 'remove'] }, access: LEVEL },
            additionalProperties: false,
          },
        },
        held_by: { type: 'array', items: SOURCE_SCHEMA },
      },
      additionalProperties: false,
    },
  };
}
