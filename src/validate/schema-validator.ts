// The desired-state schema's validator: buildSchema() compiled with AJV_OPTIONS.
//
// This file is what runs from sources (vitest, typecheck, the bench's build), compiling at import.
// `npm run build` replaces its output, dist/validate/schema-validator.js, with Ajv's standalone code
// of the same schema and options (scripts/standalone-validator.mjs), so the CLI compiles nothing at
// start: compiling cost more than everything else `validate` does (issue 18). The build generates
// it from the tables each time, so a new permission attribute needs no step of its own.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { AJV_OPTIONS, buildSchema } from './schema.js';

export const validate: ValidateFunction = new Ajv2020(AJV_OPTIONS).compile(buildSchema());
