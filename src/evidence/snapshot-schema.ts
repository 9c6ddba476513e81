// The schema of what `report diff` reads of a report JSON document (evidence/snapshot.ts): the
// fields a comparison needs, each of the type the report writes (schemas/report.schema.json), and
// nothing more: a field added to the report later, or one an older report lacks and the comparison
// does without (`organization_access`, `organization_powers`, a person's `teams`, a team's
// `scim_linked`), is no problem.
// Compiled by Ajv (evidence/snapshot-validator.ts; standalone code in the build).
import { type JsonSchema, SCHEMA_DIALECT } from '../core/json-schema.js';

const STRING = { type: 'string' };
const named = (more: Record<string, JsonSchema> = {}, required: readonly string[] = []): JsonSchema => ({
  type: 'object',
  required: ['name', 'id', ...required],
  properties: { name: STRING, id: STRING, ...more },
});
const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A permission: a level or a flag, or a group of them (`project-access`: `{settings: 'read'}`). */
const PERMISSION = { type: ['string', 'boolean'], title: 'a string, true or false' };
const PERMISSIONS = {
  type: 'object',
  additionalProperties: { type: ['string', 'boolean', 'object'], title: 'a string, true or false, or a group of them', additionalProperties: PERMISSION },
};

const when = (kind: string, required: readonly string[]): JsonSchema => ({
  if: { properties: { kind: { const: kind } } },
  then: { required, properties: Object.fromEntries(required.map((key) => [key, STRING])) },
});

/** One source of a team's access, of the kinds `sourceOf` puts in words. */
const SOURCE: JsonSchema = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: ['owners', 'organization', 'project', 'workspace'], title: 'a kind of source' } },
  allOf: [when('organization', ['permission']), when('project', ['name', 'access']), when('workspace', ['access'])],
};

const CELL = named({ access: STRING, permissions: PERMISSIONS, sources: listOf(SOURCE) }, ['access', 'permissions', 'sources']);
const TARGET = named({ teams: listOf(CELL) }, ['teams']);

const PERSON: JsonSchema = {
  type: 'object',
  required: ['email', 'access'],
  properties: {
    email: STRING,
    teams: listOf(named()),
    access: listOf({
      type: 'object',
      required: ['target', 'access'],
      properties: {
        target: named({ type: { enum: ['project', 'workspace'], title: 'project or workspace' } }, ['type']),
        access: STRING,
        through: listOf({ type: 'object', required: ['team'], properties: { team: named() } }),
      },
    }),
    organization_powers: listOf({ type: 'object', required: ['power', 'through'], properties: { power: STRING, through: listOf(named()) } }),
  },
};

export const SNAPSHOT_SCHEMA: JsonSchema = {
  $schema: SCHEMA_DIALECT,
  type: 'object',
  required: ['organization', 'generated_at', 'state', 'teams', 'projects', 'workspaces'],
  properties: {
    organization: STRING,
    generated_at: STRING,
    state: STRING,
    teams: listOf(named({ organization_access: { type: 'object' }, scim_linked: { type: 'boolean' } })),
    projects: listOf(TARGET),
    workspaces: listOf(TARGET),
    people: listOf(PERSON),
  },
};
