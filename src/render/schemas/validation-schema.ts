// JSON Schema (2020-12) of `validate --format json` (render/validation.ts, renderValidationJson);
// written out as `schemas/validate.schema.json` (a test keeps the file equal to this object).
import { type JsonSchema, SCHEMA_DIALECT } from '../../core/json-schema.js';

const count: JsonSchema = { type: 'integer', minimum: 0 };
const position: JsonSchema = { type: 'integer', minimum: 1 };

const PROBLEM: JsonSchema = {
  type: 'object',
  required: ['file', 'message'],
  properties: {
    file: { type: 'string', description: 'The file, relative to the working directory (absolute outside it).' },
    line: { ...position, description: '1-based; absent for a problem of the path itself (not found, unreadable, too large).' },
    col: { ...position, description: '1-based; present whenever line is.' },
    message: { type: 'string', minLength: 1, description: 'One line, in the terms of the file.' },
    path: { type: 'string', description: 'The dotted path of the value the problem is about (`projects.platform.teams.dev`), when there is one.' },
  },
  dependentRequired: { line: ['col'], col: ['line'] },
  additionalProperties: false,
};

export function validateReportSchema(): JsonSchema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:validate',
    title: 'tfe-access validate report',
    description: 'The report printed by `tfe-access validate --format json`.',
    type: 'object',
    required: ['valid', 'files', 'problems', 'warnings', 'summary'],
    properties: {
      valid: { type: 'boolean', description: 'True when there is no problem.' },
      organization: { type: 'string', minLength: 1, description: 'The organization the files manage; present when valid.' },
      manages: {
        type: 'object',
        required: ['projects', 'workspaces', 'sets', 'grants', 'policies'],
        properties: { projects: count, workspaces: count, sets: count, grants: count, policies: count, teams: count, people: count },
        additionalProperties: false,
        description:
          "What the files manage, as written; present when valid. `projects` and `workspaces` count entries; the targets of `sets` are known once plan reads the organization; `grants` counts each grant as written (a set's once, whatever it matches); `teams` (the entries of `teams:`) and `people` (the people their `members` lists name, each once) only when the files have `teams:`.",
      },
      files: { type: 'array', items: { type: 'string' }, description: 'Every file read, in the order read.' },
      problems: { type: 'array', items: PROBLEM, description: 'Sorted by file, line, column, message.' },
      warnings: {
        type: 'array',
        items: PROBLEM,
        description:
          'What is worth knowing about files that may be valid (a grant that has expired or expires soon: docs/files.md, "Grants that expire"); never changes `valid`. Sorted as problems.',
      },
      summary: {
        type: 'object',
        required: ['files', 'problems', 'warnings'],
        properties: { files: count, problems: count, warnings: count },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
    if: { properties: { valid: { const: true } } },
    then: { required: ['organization', 'manages'], properties: { organization: true, manages: true, problems: { type: 'array', maxItems: 0 } } },
    else: { properties: { organization: false, manages: false, problems: { type: 'array', minItems: 1 } } },
  };
}
