// The JSON Schema of `adoption` in `drift --adopt --format json` (render/drift/adoption-json.ts).
import { NOT_ADOPTED_REASONS } from '../../core/adoption.js';

type Schema = Record<string, unknown>;

export function adoptionSchema(): Schema {
  return {
    description: '`drift --adopt`: the files edited so they describe live access, and each drift item not adopted with why (docs/drift.md, "Adopt").',
    type: 'object',
    required: ['files', 'adopted', 'not_adopted'],
    properties: {
      files: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'diff'],
          properties: { path: { type: 'string' }, diff: { type: 'string', description: 'The unified diff of the file, a/PATH to b/PATH.' } },
          additionalProperties: false,
        },
      },
      adopted: { type: 'integer', minimum: 0, description: 'How many drift items the edits describe.' },
      not_adopted: {
        type: 'array',
        items: {
          type: 'object',
          required: ['item', 'reason', 'detail'],
          properties: {
            item: {
              type: 'object',
              required: ['kind', 'key', 'text'],
              properties: { kind: { enum: ['grant', 'team', 'member'] }, key: { type: 'string' }, text: { type: 'string' } },
              additionalProperties: false,
            },
            reason: { enum: [...NOT_ADOPTED_REASONS] },
            detail: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  };
}
