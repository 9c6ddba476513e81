// The validator of SNAPSHOT_SCHEMA, compiled at import when run from sources (vitest, typecheck);
// `npm run build` replaces its output with Ajv's standalone code of the same schema and options
// (scripts/standalone-validator.mjs), so `report diff` compiles nothing at start.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { READER_AJV_OPTIONS } from '../core/schema-problem.js';
import { SNAPSHOT_SCHEMA } from './snapshot-schema.js';

export const validateSnapshot: ValidateFunction = new Ajv2020(READER_AJV_OPTIONS).compile(SNAPSHOT_SCHEMA);
