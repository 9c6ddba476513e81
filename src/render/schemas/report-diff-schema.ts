// JSON Schema (2020-12) of `report diff --format json` (docs/evidence.md, "Comparing snapshots");
// written out as `schemas/report-diff.schema.json` (a test keeps the file equal to this object).
import { SCHEMA_DIALECT } from '../../core/json-schema.js';
import { REPORT_DIFF_FORMAT_VERSION } from '../report-diff/report-diff-document.js';

type Schema = Record<string, unknown>;

const object = (properties: Schema, description?: string): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
  ...(description ? { description } : {}),
});

const strings: Schema = { type: 'array', items: { type: 'string' } };
const CHANGE: Schema = { enum: ['added', 'removed', 'changed'] };
const TARGET = object({ type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, id: { type: 'string' } });
const SIDE = object({ organization: { type: 'string' }, state: { type: 'string' }, generated_at: { type: 'string' } });
const VALUE: Schema = { type: ['string', 'boolean', 'null'], description: "null: not in that side's cell." };

const ACCESS: Schema = {
  oneOf: [
    { type: 'null' },
    object({
      access: { type: 'string' },
      permissions: { type: 'object', additionalProperties: { type: ['string', 'boolean'] }, description: 'Dotted keys, as the access tables name them.' },
      sources: {
        ...strings,
        description:
          'Each source in words, as the report says it: owners team, organization PERMISSION, project grant: LEVEL (on the project itself), project NAME: LEVEL (on a workspace of it), workspace grant: LEVEL.',
      },
    }),
  ],
};

const ACCESS_CHANGE = object(
  {
    change: CHANGE,
    team: object({ name: { type: 'string' }, id: { type: 'string' } }),
    target: TARGET,
    before: ACCESS,
    after: ACCESS,
    permissions_changed: { type: 'array', items: object({ permission: { type: 'string' }, before: VALUE, after: VALUE }) },
    sources_added: strings,
    sources_removed: strings,
  },
  'One (team, target) whose effective access differs: added (only in the new report), removed (only in the old), changed (the level, a permission or a source).',
);

const PERSON_CHANGE = object({
  change: CHANGE,
  email: { type: 'string' },
  target: TARGET,
  before: { type: ['string', 'null'] },
  after: { type: ['string', 'null'] },
  joined: { ...strings, description: 'The teams giving it in NEW that the person joined since OLD: the membership cause of a gain.' },
  left: { ...strings, description: 'The teams that gave it in OLD that the person left since.' },
});

const PERSON_POWER_CHANGE = object(
  {
    change: { enum: ['added', 'removed'] },
    email: { type: 'string' },
    power: { type: 'string' },
    joined: { ...strings, description: 'The teams giving the power in NEW that the person joined since OLD.' },
    left: { ...strings, description: 'The teams that gave it in OLD that the person left since.' },
  },
  'An organization power the person holds through their teams in NEW and not in OLD (added), or the other way round (removed); organization-wide.',
);

export function reportDiffSchema(): Schema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:report-diff',
    title: 'tfe-access report diff',
    description: 'Who gained and lost what between two reports, printed by `tfe-access report diff OLD NEW --format json`.',
    ...object({
      format_version: { const: REPORT_DIFF_FORMAT_VERSION },
      old: SIDE,
      new: SIDE,
      teams_added: strings,
      teams_removed: strings,
      teams_renamed: {
        type: 'array',
        items: object({ id: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } }),
        description: 'Teams whose name changed (matched by id).',
      },
      teams_recreated: {
        type: 'array',
        items: object({
          name: { type: 'string' },
          before_id: { type: 'string' },
          after_id: { type: 'string' },
          to_restore: { type: 'array', items: ACCESS_CHANGE, description: "The old id's access, lost with it (each change removed)." },
        }),
        description:
          'Teams re-created by their identity provider: the name under a new id linked to an identity-provider group, holding none of the old id\'s grants (docs/api.md, "Identity-provider lifecycles"); out of teams_added, teams_removed and access.',
      },
      powers: {
        type: 'array',
        items: object({
          change: { enum: ['added', 'removed'] },
          team: object({ name: { type: 'string' }, id: { type: 'string' } }),
          power: { type: 'string' },
        }),
        description: 'Organization powers switched on (added) or off (removed) for a team, organization-wide; by team name, then power.',
      },
      access: { type: 'array', items: ACCESS_CHANGE },
      people: {
        oneOf: [
          { type: 'null' },
          object({ added: strings, removed: strings, access: { type: 'array', items: PERSON_CHANGE }, powers: { type: 'array', items: PERSON_POWER_CHANGE } }),
        ],
        description: 'Both reports by person only; null otherwise.',
      },
    }),
  };
}
