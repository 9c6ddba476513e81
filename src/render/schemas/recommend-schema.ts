// JSON Schema (2020-12) of `recommend --format json` (render/recommend/recommend-json.ts); written
// out as `schemas/recommend.schema.json` (a test keeps the file equal to this object).
import { SCHEMA_DIALECT } from '../../core/json-schema.js';
import { KEEP_REASONS } from '../../core/recommendation.js';
import { USAGE_ACTIONS } from '../../core/usage.js';
import { REASON } from './coverage-schema.js';

type Schema = Record<string, unknown>;

const STRINGS: Schema = { type: 'array', items: { type: 'string' } };
const COUNT: Schema = { type: 'integer', minimum: 0 };
const REF: Schema = {
  type: 'object',
  required: ['name', 'id'],
  properties: { name: { type: 'string' }, id: { type: 'string' } },
  additionalProperties: false,
};
const TARGET: Schema = {
  type: 'object',
  required: ['type', 'name', 'id'],
  properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, id: { type: 'string' } },
  additionalProperties: false,
};
const ACCESS: Schema = {
  type: ['object', 'null'],
  required: ['access'],
  properties: {
    access: { type: 'string', description: 'A fixed level, or custom with its permissions.' },
    permissions: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'boolean' }] } },
  },
  additionalProperties: false,
};

const EVIDENCE: Schema = {
  type: 'object',
  required: ['actions', 'last_use', 'people', 'tokens', 'ambiguous_with'],
  properties: {
    actions: {
      type: 'object',
      description: 'The actions of the window counted for this grant, by kind (docs/recommend.md, "The rule").',
      required: [...USAGE_ACTIONS],
      properties: Object.fromEntries(USAGE_ACTIONS.map((a) => [a, COUNT])),
      additionalProperties: false,
    },
    last_use: { type: ['string', 'null'], description: 'The newest counted action, RFC 3339; null when none.' },
    people: { ...STRINGS, description: 'Usernames of the people whose actions were counted.' },
    tokens: { ...STRINGS, description: "The team token service users whose runs were counted (the grant's own team)." },
    ambiguous_with: { ...STRINGS, description: 'People (and tokens) whose action was counted for this grant and another of their sources.' },
  },
  additionalProperties: false,
};

const PROPOSAL: Schema = {
  type: 'object',
  required: ['team', 'target', 'proposal', 'current', 'proposed', 'reasons', 'ambiguous', 'evidence'],
  properties: {
    team: REF,
    target: TARGET,
    proposal: { enum: ['keep', 'lower', 'remove'] },
    current: ACCESS,
    proposed: { ...ACCESS, description: 'null: remove the grant; the current access when kept.' },
    reasons: { type: 'array', items: { enum: [...KEEP_REASONS] } },
    ambiguous: { type: 'boolean' },
    evidence: EVIDENCE,
  },
  additionalProperties: false,
};

export function recommendSchema(): Schema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:recommend',
    title: 'tfe-access recommend',
    description: '`recommend --format json`: the smallest access each grant needed in the window, with the evidence (docs/recommend.md).',
    type: 'object',
    required: ['format_version', 'organization', 'window', 'custom', 'sources', 'complete', 'incomplete', 'proposals'],
    properties: {
      format_version: { const: 1 },
      organization: { type: 'string', minLength: 1 },
      window: {
        type: 'object',
        required: ['days', 'from', 'to'],
        properties: { days: { type: 'integer', minimum: 1 }, from: { type: 'string' }, to: { type: 'string' } },
        additionalProperties: false,
      },
      custom: { type: 'boolean', description: '--custom: lowerings are exact custom vectors.' },
      sources: {
        type: 'object',
        required: ['runs_index', 'not_read', 'unattributed_runs'],
        properties: {
          runs_index: {
            type: 'object',
            required: ['pages', 'runs'],
            properties: { pages: COUNT, runs: COUNT, logged: COUNT },
            additionalProperties: false,
          },
          not_read: {
            ...STRINGS,
            description: 'What could not be read: reads, reads-before-trail, reads-unmapped (of state and variables), grant-ages, grant-ages-before-trail.',
          },
          unattributed_runs: { ...COUNT, description: 'Runs of the window whose creator or confirmer the token does not see: counted for nothing.' },
        },
        additionalProperties: false,
      },
      complete: {
        type: 'boolean',
        description:
          'The grants and memberships read are known to be whole: false when the token may not see every team (see incomplete); nothing is proposed about a grant not read.',
      },
      incomplete: { type: 'array', items: REASON, description: 'Why the read is not known to be whole; empty when complete is true.' },
      proposals: { type: 'array', items: PROPOSAL },
    },
    additionalProperties: false,
  };
}
