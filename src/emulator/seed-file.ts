// Reading a seed file (YAML or JSON; JSON is YAML) with one clear error line on any problem.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CLIError, messageOf } from '../errors.js';
import { parseSeed } from './seed.js';
import type { SeedDocument } from './types.js';

export function loadSeedFile(path: string): SeedDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error: unknown) {
    throw new CLIError(`cannot read seed file ${path}: ${messageOf(error).replace(/^.*?: /, '')}`);
  }
  let value: unknown;
  try {
    value = parse(text) as unknown;
  } catch (error: unknown) {
    throw new CLIError(`seed file ${path} is not valid YAML or JSON: ${messageOf(error).split('\n')[0] ?? ''}`);
  }
  try {
    return parseSeed(value);
  } catch (error: unknown) {
    if (error instanceof CLIError) throw new CLIError(`${path}: ${error.message}`);
    throw error;
  }
}
