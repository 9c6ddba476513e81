// The desired-state schema of `teams:` and `roles.organization` (docs/files.md, "`teams`"), built
// from the flags' table (core/team-flags.ts) so that a flag exists in one place.

import {
  DEFAULT_INVITE,
  DEFAULT_MAX_MEMBER_REMOVALS,
  DEFAULT_MAX_PEOPLE_REMOVALS,
  DEFAULT_MAX_TEAM_DELETIONS,
  DEFAULT_MEMBERS_PRUNE,
  DEFAULT_MIN_OWNERS,
  DEFAULT_PRUNE_PEOPLE,
  DEFAULT_PRUNE_TEAMS,
} from '../core/defaults.js';
import type { JsonSchema } from '../core/json-schema.js';
import { EMAIL_PATTERN, PERCENT_PATTERN } from '../core/people.js';
import { TEAM_FLAGS } from '../core/team-flags.js';
import { VISIBILITIES } from '../core/teams.js';

function flagDescription(flag: (typeof TEAM_FLAGS)[number]): string {
  const implies = flag.implies.length > 0 ? ` Brings ${flag.implies.join(' and ')} with it.` : '';
  return `${flag.description}${implies} Default ${String(flag.defaultValue)}.`;
}

/** `organization-access` as a map: the flags of the table, each a boolean. */
export function organizationAccessDef(): JsonSchema {
  const properties = Object.fromEntries(TEAM_FLAGS.map((flag) => [flag.key, { description: flagDescription(flag), type: 'boolean' }]));
  return {
    description: "A team's organization access: the flags it names; every flag it leaves out is false (those a true flag brings aside).",
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

export function teamDef(): JsonSchema {
  return {
    description: 'A team the files manage: created if missing. A setting left out is left as it is.',
    type: 'object',
    additionalProperties: false,
    properties: {
      visibility: {
        description: 'Who sees the team: secret (its members and owners) or organization (every member). A token that cannot see secret teams cannot make one.',
        enum: [...VISIBILITIES],
      },
      'sso-team-id': { description: "The identity provider's group id (SAML MemberOf); null clears it.", type: ['string', 'null'], minLength: 1 },
      'allow-member-token-management': { description: "Whether the team's members may manage its API token.", type: 'boolean' },
      'organization-access': {
        description: 'The organization access: a map of flags (authoritative) or the name of a role of roles.organization.',
        type: ['string', 'object'],
        if: { type: 'string' },
        then: { type: 'string', minLength: 1 },
        else: { $ref: '#/$defs/organizationAccess' },
      },
      previously: {
        description: 'Names the team had: a team of one of these names (and none of this one) is renamed, keeping its id, members and grants.',
        type: 'array',
        items: { type: 'string', minLength: 1 },
        uniqueItems: true,
      },
      members: {
        description:
          "Who is in the team, by email (compared without case). Authoritative unless members-prune is false: a member the list does not name is removed. Never service accounts, hidden members or the token's own user in owners. Refused on a team whose membership the identity provider owns (sso-team-id, SCIM).",
        type: 'array',
        items: { type: 'string', pattern: EMAIL_PATTERN },
        uniqueItems: true,
      },
      'members-prune': {
        description: `Default ${DEFAULT_MEMBERS_PRUNE}: members the list does not name are removed. false: additive (listed people are added, none removed). Only with members.`,
        type: 'boolean',
        default: DEFAULT_MEMBERS_PRUNE,
      },
    },
  };
}

/** A map from a name (not empty) to what `ref` describes. */
const byName = (description: string, ref: string): JsonSchema => ({
  description,
  type: 'object',
  propertyNames: { minLength: 1 },
  additionalProperties: { $ref: ref },
});

/** `teams:` at the top level. */
export function teamsSchema(): JsonSchema {
  return byName('Teams by name (docs/files.md, "`teams`"): each is created if missing and given the settings written.', '#/$defs/team');
}

/** `roles.organization`: named organization-access maps. */
export function organizationRolesSchema(): JsonSchema {
  return byName('Named organization-access maps; a team names one under organization-access.', '#/$defs/organizationAccess');
}

/** The settings of teams as code. */
export function teamSettingsSchema(): Record<string, JsonSchema> {
  return {
    'prune-teams': {
      description: `Default ${DEFAULT_PRUNE_TEAMS}. true: a team the token sees that no file names is deleted (never owners).`,
      type: 'boolean',
      default: DEFAULT_PRUNE_TEAMS,
    },
    'max-team-deletions': {
      description: `apply refuses (exit 3) to delete more teams than this without --force. Default ${DEFAULT_MAX_TEAM_DELETIONS}.`,
      type: 'integer',
      minimum: 0,
      default: DEFAULT_MAX_TEAM_DELETIONS,
    },
    ...peopleSettingsSchema(),
  };
}

/** The settings of people as code (docs/files.md, "Members"). */
function peopleSettingsSchema(): Record<string, JsonSchema> {
  return {
    invite: {
      description: `Default ${DEFAULT_INVITE}. true: a person a team's members lists who is not in the organization is invited by email, into their teams. false: such a person fails the plan.`,
      type: 'boolean',
      default: DEFAULT_INVITE,
    },
    'prune-people': {
      description: `Default ${DEFAULT_PRUNE_PEOPLE}. true: a person who would be in no team with members after the plan, and is named in none, is removed from the organization (never service accounts or the token's own user).`,
      type: 'boolean',
      default: DEFAULT_PRUNE_PEOPLE,
    },
    'max-member-removals': {
      description: `apply refuses (exit 3) to remove more members of one team than this without --force: a count, or a percentage of the team's current members (at least 1). Default ${DEFAULT_MAX_MEMBER_REMOVALS.percent}%.`,
      type: ['integer', 'string'],
      minimum: 0,
      pattern: PERCENT_PATTERN,
      default: `${DEFAULT_MAX_MEMBER_REMOVALS.percent}%`,
    },
    'min-owners': {
      description: `apply refuses (exit 3) a plan that leaves fewer human members in owners than this without --force; never fewer than 1, even with --force. Default ${DEFAULT_MIN_OWNERS}.`,
      type: 'integer',
      minimum: 1,
      default: DEFAULT_MIN_OWNERS,
    },
    'max-people-removals': {
      description: `apply refuses (exit 3) to remove more people from the organization (prune-people) than this without --force. Default ${DEFAULT_MAX_PEOPLE_REMOVALS}.`,
      type: 'integer',
      minimum: 0,
      default: DEFAULT_MAX_PEOPLE_REMOVALS,
    },
  };
}
