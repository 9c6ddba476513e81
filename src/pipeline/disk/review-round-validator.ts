// The validator of review.json's published schema (render/schemas/review-round-schema.ts), compiled at
// import when run from sources (vitest, typecheck) with the options of every reader of a document
// the tool wrote; `npm run build` replaces its output with Ajv's standalone code of the same schema
// and options (scripts/standalone-validator.mjs), so `review close` compiles nothing at start.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { READER_AJV_OPTIONS } from '../../core/schema-problem.js';
import { reviewRoundSchema } from '../../render/schemas/review-round-schema.js';

export const validateReviewRound: ValidateFunction = new Ajv2020(READER_AJV_OPTIONS).compile(reviewRoundSchema());
