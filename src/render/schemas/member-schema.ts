// The JSON Schema of a plan's member changes (docs/plan.md, "Member changes"), beside the plan's
// (plan-schema.ts): `member_changes`, `member_summary` and `pending_invites`, present together when
// the files manage members.
import { MEMBERSHIP_STATUSES } from '../../core/person.js';
import { ATTRIBUTION_REF } from './attribution-schema.js';

type Schema = Record<string, unknown>;

const team = (): Schema => ({
  type: 'object',
  required: ['name', 'id'],
  properties: {
    name: { type: 'string', minLength: 1 },
    id: { oneOf: [{ type: 'null' }, { type: 'string', pattern: '^team-' }], description: 'null for a team this plan creates.' },
  },
  additionalProperties: false,
});

const person = (): Schema => ({
  type: 'object',
  description: 'A person, by email; the organization membership when there is one (null for an invitation not sent yet).',
  required: ['email', 'membership_id', 'username', 'status'],
  properties: {
    email: { type: 'string', minLength: 1 },
    membership_id: { type: ['string', 'null'] },
    username: { type: ['string', 'null'], description: 'null for an invitee who has not registered, or a person not invited yet.' },
    status: { oneOf: [{ type: 'null' }, { enum: [...MEMBERSHIP_STATUSES] }] },
  },
  additionalProperties: false,
});

function memberChangeSchema(): Schema {
  return {
    type: 'object',
    required: ['action', 'person'],
    properties: {
      action: { enum: ['invite', 'add', 'remove', 'remove-from-organization'] },
      team: team(),
      person: person(),
      teams: {
        type: 'array',
        items: team(),
        description: 'An invitation: the teams it names. A removal from the organization: the teams the person leaves with it.',
      },
      attribution: ATTRIBUTION_REF,
    },
    additionalProperties: false,
    allOf: [
      { if: { properties: { action: { enum: ['add', 'remove'] } } }, then: { required: ['team'], properties: { teams: false } } },
      { if: { properties: { action: { enum: ['invite', 'remove-from-organization'] } } }, then: { required: ['teams'], properties: { team: false } } },
    ],
  };
}

export function memberProperties(): Record<string, Schema> {
  const count = { type: 'integer', minimum: 0 };
  return {
    member_changes: {
      description:
        'Who is in each team: invitations by email (with their teams), adds and removals of team members, removals from the organization (prune-people), in that order, then by team and email. Present when the files manage members.',
      type: 'array',
      items: memberChangeSchema(),
    },
    member_summary: {
      type: 'object',
      description: 'The member changes counted by action.',
      required: ['invite', 'add', 'remove', 'remove_from_organization'],
      properties: { invite: count, add: count, remove: count, remove_from_organization: count },
      additionalProperties: false,
    },
    pending_invites: {
      description: 'Invitations the files ask for that are not accepted yet: no change, and no drift.',
      type: 'array',
      items: {
        type: 'object',
        required: ['person', 'teams'],
        properties: { person: person(), teams: { type: 'array', items: team() } },
        additionalProperties: false,
      },
    },
  };
}
