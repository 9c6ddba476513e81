// The schema of an evidence bundle's manifest.json (docs/evidence.md, "Evidence bundle"): what
// render/evidence/manifest.ts writes and `report verify` reads back (manifest-parse.ts, through Ajv; its
// validator standalone in the build), published as schemas/manifest.schema.json. Format 1 is a
// bundle written before the provenance; format 2 adds the build, the operator, the inputs and the
// exception register. What a schema cannot say (a file listed twice) the reader checks after it.
import { type JsonSchema, SCHEMA_DIALECT } from '../core/json-schema.js';

const STRING = { type: 'string' };
const STRING_OR_NULL = { type: ['string', 'null'], title: 'a string or null' };
const COUNT = { type: 'integer', minimum: 0, title: 'a whole number' };
const SHA256 = { type: 'string', pattern: '^[0-9a-f]{64}$', title: 'a SHA-256 in lowercase hex' };
const SHA256_OR_NULL = { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$', title: 'a SHA-256 in lowercase hex or null' };
const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const object = (properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  required,
  properties,
});

/** A file of the bundle; whether its name is a plain one of DIR the reader says with the name. */
const FILE = object({ name: STRING, bytes: COUNT, sha256: SHA256, rows: { type: ['integer', 'null'], minimum: 0, title: 'a whole number or null' } }, [
  'name',
  'bytes',
  'sha256',
]);

const COUNT_ROW = object(
  {
    what: {
      ...STRING,
      description:
        'What is counted: teams, projects, workspaces, grants (direct access), derived (rows of access through indirect access, counted apart from the grants); a review: rows (direct), derived-rows, revokes, inactive-memberships (docs/evidence.md).',
    },
    extracted: COUNT,
    service: { type: ['integer', 'null'], minimum: 0, title: 'a whole number or null' },
    seen_by: { enum: ['token', 'service'], title: 'token or service' },
  },
  ['what', 'extracted', 'service'],
);

const OPERATOR_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'github-actions': ['repository', 'workflow', 'job', 'run_id'],
  'gitlab-ci': ['project', 'pipeline_id', 'job_id'],
  user: ['name'],
};

/** Who ran it: a CI job or the OS user, each field a string or null. */
const OPERATOR: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: Object.keys(OPERATOR_FIELDS), title: 'github-actions, gitlab-ci or user' } },
  allOf: Object.entries(OPERATOR_FIELDS).map(([type, fields]) => ({
    if: { properties: { type: { const: type } } },
    then: { required: fields, properties: Object.fromEntries(fields.map((field) => [field, STRING_OR_NULL])) },
  })),
};

const BUILD = object({ commit: STRING_OR_NULL, modified: { type: ['boolean', 'null'], title: 'true, false or null' }, content_sha256: SHA256_OR_NULL });

const INPUTS = object({ files: listOf(object({ path: STRING, sha256: SHA256 })), sha256: SHA256_OR_NULL, policies_sha256: SHA256_OR_NULL });

const EXCEPTION = object({
  policy: STRING,
  team: STRING_OR_NULL,
  person: STRING_OR_NULL,
  workspace: STRING_OR_NULL,
  project: STRING_OR_NULL,
  reason: STRING,
  expires: STRING,
  status: { enum: ['active', 'lapsed'], title: 'active or lapsed' },
});

/** Format 2's provenance: the build under `tool`, and the operator, the inputs and the exception register. */
const PROVENANCE: JsonSchema = {
  if: { properties: { format_version: { const: 2 } } },
  then: {
    required: ['operator', 'inputs', 'exceptions'],
    properties: {
      tool: { type: 'object', required: ['build'], properties: { build: BUILD } },
      operator: OPERATOR,
      inputs: INPUTS,
      exceptions: listOf(EXCEPTION),
    },
  },
};

export const MANIFEST_SCHEMA: JsonSchema = {
  $schema: SCHEMA_DIALECT,
  title: 'manifest.json of a tfe-access evidence bundle',
  type: 'object',
  required: ['format_version', 'tool', 'server', 'organization', 'token', 'extraction', 'scope', 'complete', 'reasons', 'counts', 'files'],
  properties: {
    format_version: { enum: [1, 2], title: '1 or 2' },
    tool: object({ name: STRING, version: STRING }),
    server: object({ address: STRING, api_version: STRING_OR_NULL, release: STRING_OR_NULL }),
    organization: STRING,
    token: { type: ['object', 'null'], title: 'an object or null', required: ['type', 'name'], properties: { type: STRING, name: STRING } },
    extraction: object({ started_at: STRING, finished_at: STRING }),
    scope: { type: 'object' },
    complete: { type: 'boolean' },
    reasons: listOf(STRING),
    counts: listOf(COUNT_ROW),
    files: listOf(FILE),
  },
  allOf: [PROVENANCE],
};
