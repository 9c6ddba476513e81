// The validator of AUDIT_LINE_SCHEMA, compiled at import when run from sources (vitest, typecheck);
// `npm run build` replaces its output with Ajv's standalone code of the same schema and options
// (scripts/standalone-validator.mjs), so `drift --audit-log` compiles nothing at start.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { READER_AJV_OPTIONS } from '../core/schema-problem.js';
import { AUDIT_LINE_SCHEMA } from './log-schema.js';

export const validateAuditLine: ValidateFunction = new Ajv2020(READER_AJV_OPTIONS).compile(AUDIT_LINE_SCHEMA);
