// The validator of MANIFEST_SCHEMA, compiled at import when run from sources (vitest, typecheck);
// `npm run build` replaces its output with Ajv's standalone code of the same schema and options
// (scripts/standalone-validator.mjs), so `report verify` compiles nothing at start.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { READER_AJV_OPTIONS } from '../core/schema-problem.js';
import { MANIFEST_SCHEMA } from './manifest-schema.js';

export const validateManifest: ValidateFunction = new Ajv2020(READER_AJV_OPTIONS).compile(MANIFEST_SCHEMA);
