// JSON Schema of a report by person's `people` and `people_left_out` (render/report/report-people-document.ts):
// optional in the report's schema, there exactly when the report is by person.
import { LEVELS } from '../../core/access.js';

type Schema = Record<string, unknown>;

const ref = (pattern: string): Schema => ({
  type: 'object',
  required: ['name', 'id'],
  properties: { name: { type: 'string' }, id: { type: 'string', pattern } },
  additionalProperties: false,
});

const count = (description: string): Schema => ({ type: 'integer', minimum: 0, description });

/** A person's access on one target; its permissions in the target's own keys (the report's $defs). */
const CELL: Schema = {
  type: 'object',
  required: ['target', 'access', 'permissions', 'through'],
  properties: {
    target: {
      type: 'object',
      required: ['type', 'name', 'id'],
      properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, id: { type: 'string' } },
      additionalProperties: false,
    },
    access: {
      enum: [...new Set([...LEVELS['team-projects'], ...LEVELS['team-workspaces']])],
      description: 'The union of their teams: admin when one team has admin.',
    },
    permissions: {
      oneOf: [{ $ref: '#/$defs/team-projects-permissions' }, { $ref: '#/$defs/team-workspaces-permissions' }],
      description: "The highest of each permission over their teams, in the target's own keys.",
    },
    through: {
      type: 'array',
      minItems: 1,
      description: 'Every team of theirs with access there, by name, with the level it has and its sources.',
      items: {
        type: 'object',
        required: ['team', 'access', 'sources'],
        properties: { team: ref('^team-'), access: { type: 'string' }, sources: { type: 'array', minItems: 1, items: { $ref: '#/$defs/source' } } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

const PERSON: Schema = {
  type: 'object',
  required: ['email', 'username', 'status', 'teams', 'access', 'organization_powers'],
  properties: {
    email: { type: 'string', minLength: 1 },
    username: { type: ['string', 'null'], description: 'null for an invitee who has not registered.' },
    status: {
      enum: ['active', 'invited', 'inactive'],
      description:
        'invited: pending, no access until accepted; inactive: deactivated in the identity provider, still in their teams, no access (the access of either is empty).',
    },
    teams: { type: 'array', items: ref('^team-'), description: 'Active and inactive: the teams they are in; invited: the teams they will join. By name.' },
    access: { type: 'array', items: CELL, description: 'Every target shown one of their teams reaches, by type and name.' },
    organization_powers: {
      type: 'array',
      description: 'Every organization power one of their teams holds (the owners team holds every one), in the flag table order; empty for an invitee.',
      items: {
        type: 'object',
        required: ['power', 'scope', 'through'],
        properties: { power: { type: 'string' }, scope: { const: 'organization-wide' }, through: { type: 'array', minItems: 1, items: ref('^team-') } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

export function peopleProperties(): Record<string, Schema> {
  return {
    people: {
      type: 'array',
      items: PERSON,
      description: 'report --by person only: each person shown, by email (docs/effective-access.md, "People").',
    },
    people_left_out: {
      type: 'object',
      required: ['service_accounts', 'hidden', 'inactive'],
      properties: {
        service_accounts: count('Service accounts (the users team and organization tokens create): never listed.'),
        hidden: count('Members of a team no membership the token sees explains: never listed.'),
        inactive: count('Memberships of status inactive left out: none since they are listed (status inactive, no access); always 0.'),
      },
      additionalProperties: false,
    },
  };
}
