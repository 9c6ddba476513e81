// JSON Schema of the report's `changed` (docs/evidence.md, "Changes marked"): with `--after`, each
// cell the plan changes, before and after, in the form of the report's own cells.
import { LEVELS } from '../../core/access.js';

type Schema = Record<string, unknown>;

const SIDE: Schema = {
  oneOf: [
    { type: 'null', description: 'No access on this side.' },
    {
      type: 'object',
      required: ['access', 'permissions', 'sources'],
      properties: {
        access: { enum: [...new Set([...LEVELS['team-projects'], ...LEVELS['team-workspaces']])] },
        permissions: { anyOf: [{ $ref: '#/$defs/team-projects-permissions' }, { $ref: '#/$defs/team-workspaces-permissions' }] },
        sources: { type: 'array', minItems: 1, items: { $ref: '#/$defs/source' } },
      },
      additionalProperties: false,
    },
  ],
};

export function changedProperties(): Schema {
  return {
    changed: {
      type: 'array',
      description: 'Only with --after: each (team, target) whose effective access the plan of the files changes, live (before) and once applied (after).',
      items: {
        type: 'object',
        required: ['team', 'target', 'before', 'after'],
        properties: {
          team: {
            type: 'object',
            required: ['name', 'id'],
            properties: { name: { type: 'string' }, id: { type: 'string', pattern: '^team-' } },
            additionalProperties: false,
          },
          target: {
            type: 'object',
            required: ['type', 'name', 'id'],
            properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, id: { type: 'string' } },
            additionalProperties: false,
          },
          before: SIDE,
          after: SIDE,
        },
        additionalProperties: false,
      },
    },
  };
}
