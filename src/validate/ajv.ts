// The compiled schema validator (compiled once per process: compiling costs more than validating).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildSchema } from './schema.js';

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  // verbose: errors carry their schema and data, which the messages need (allowed keys, values).
  compiled ??= new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).compile(buildSchema());
  return compiled;
}

/** Every schema error of one file's data (empty when it matches). */
export function schemaErrors(data: unknown): ErrorObject[] {
  const validate = validator();
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
