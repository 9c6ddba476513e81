// JSON Schema (2020-12) of `review.json`, the round `review start` writes beside its sheets
// (render/review/review-round.ts); written out as `schemas/review.schema.json` (a test keeps the file
// equal to this object), and what `review close` reads the file back through.
import { SCHEMA_DIALECT } from '../../core/json-schema.js';
import { REVIEW_BY } from '../../core/review.js';
import { REASON } from './coverage-schema.js';

type Schema = Record<string, unknown>;

export function reviewRoundSchema(): Schema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:review',
    title: 'tfe-access review.json',
    description: '`review start`: the round of an access review, how it was started and its sheets (docs/evidence.md, "Access reviews").',
    type: 'object',
    required: ['review', 'organization', 'started_at', 'by', 'complete', 'sheets'],
    properties: {
      review: { type: 'string', minLength: 1, description: 'The round: ORGANIZATION@STARTED-AT, in every row of its sheets.' },
      organization: { type: 'string', minLength: 1 },
      started_at: { type: 'string', minLength: 1, description: 'When the round was started, RFC 3339 in UTC.' },
      by: {
        enum: [...REVIEW_BY],
        title: REVIEW_BY.join(' or '),
        description: 'person: a row per person for every team; team: for the teams whose members the files list.',
      },
      complete: { type: 'boolean', description: 'Whether the live read was known to be whole.' },
      indirect: {
        type: 'boolean',
        description:
          'Whether start read the edges of indirect access and wrote derived rows (false with --no-indirect; close then reads none either). Absent in rounds started before it was recorded: false.',
      },
      incomplete: {
        type: 'array',
        items: REASON,
        description:
          'Why the live read is not known to be whole (what the token could not see), as the report says it; empty when complete is true. Absent in rounds started before it was recorded.',
      },
      sheets: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'owner', 'reviewers', 'rows'],
          properties: {
            name: { type: 'string', minLength: 1, description: 'The sheet file: review-OWNER.csv, or review-unowned.csv.' },
            owner: { type: ['string', 'null'], description: 'The owner of review-owners; null for review-unowned.csv.' },
            reviewers: { type: 'array', items: { type: 'string' } },
            rows: {
              type: 'integer',
              minimum: 0,
              title: 'a whole number',
              description: 'How many rows start wrote into the sheet: close refuses a sheet with more or fewer.',
            },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  };
}
