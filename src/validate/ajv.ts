// Schema errors of one file's data, from the schema's validator (compiled at build time in dist/).
import type { ErrorObject } from 'ajv/dist/2020.js';
import { validate } from './schema-validator.js';

/** Every schema error of one file's data (empty when it matches). */
export function schemaErrors(data: unknown): ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
