// The JSON Schema (2020-12) of one desired-state file, built from the access tables so that levels,
// attribute names and allowed values exist in exactly one place (src/core/access.ts).
// `schemas/tfe-access.schema.json` is this object written out; a test keeps them equal, and
// `WRITE_SCHEMA=1 npx vitest run src/validate/schema.test.ts` regenerates the file.

import type { Options } from 'ajv/dist/2020.js';
import { LEVEL_DESCRIPTIONS, LEVELS, PERMISSIONS, type PermissionSpec, type Resource } from '../core/access.js';
import { DEFAULT_EXPIRY_WARNING_DAYS, DEFAULT_MAX_REMOVALS, DEFAULT_MAX_TOKEN_REVOCATIONS, DEFAULT_PRUNE } from '../core/defaults.js';
import { EXPIRY_PATTERN } from '../core/expiry.js';
import { idPattern, idShape } from '../core/ids.js';
import { type JsonSchema, SCHEMA_DIALECT } from '../core/json-schema.js';
import { RESOURCE_OF, type TargetType } from '../core/model.js';
import { splitKey } from '../core/permissions.js';
import { type CriterionKey, criteriaOf, SET_CRITERIA } from '../core/set-criteria.js';
import { TARGET_WARNING_CODES, WARNING_CODES } from '../core/warning-codes.js';
import { dismissalsSchema } from './dismissals.js';
import { SET_KEYS } from './merge.js';
import { policyDef } from './policy-schema.js';
import { reviewOwnersSchema } from './review-owners.js';
import { organizationAccessDef, organizationRolesSchema, teamDef, teamSettingsSchema, teamsSchema } from './team-schema.js';
import { tokenPolicySchema } from './token-policy.js';

/**
 * How the schema is compiled, in sources (`schema-validator.ts`) and by the build's standalone code
 * (`scripts/standalone-validator.mjs`) alike. allErrors: every problem of a file at once; verbose:
 * errors carry their schema and data, which the messages need (allowed keys, values);
 * allowUnionTypes: a grant is `type: [string, object]`.
 */
export const AJV_OPTIONS: Options = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true };

// Why these words: they are what the nested wire objects mean (docs/api.md, "Seed: resources and fields").
const GROUP_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'project-access': 'Permissions on the project itself.',
  'workspace-access': 'Permissions on every workspace of the project.',
};

/** Every level name of both kinds: role names may not be any of them. */
export function allLevelNames(): string[] {
  return [...new Set(Object.values(LEVELS).flat())];
}

export function fixedLevels(resource: Resource): string[] {
  return LEVELS[resource].filter((l) => l !== 'custom');
}

function attributeSchema(spec: PermissionSpec): JsonSchema {
  const description = `${spec.description} Default with \`access: custom\`: ${String(spec.customDefault)}.`;
  if (spec.values === 'boolean') return { description, type: 'boolean', default: spec.customDefault };
  return { description, enum: [...spec.values], default: spec.customDefault };
}

/** The permission attributes of a resource as schema properties: nested for dotted keys. */
export function permissionProperties(resource: Resource): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const groups = new Map<string, Record<string, JsonSchema>>();
  for (const spec of PERMISSIONS[resource]) {
    const [group, attribute] = splitKey(spec.key);
    if (group === undefined) {
      out[attribute] = attributeSchema(spec);
      continue;
    }
    const properties = groups.get(group) ?? {};
    properties[attribute] = attributeSchema(spec);
    groups.set(group, properties);
  }
  for (const [group, properties] of groups) {
    const description = GROUP_DESCRIPTIONS[group] ?? `The ${group} permissions.`;
    out[group] = { description, type: 'object', additionalProperties: false, properties };
  }
  return out;
}

function levelDescription(resource: Resource): string {
  return Object.entries(LEVEL_DESCRIPTIONS[resource])
    .map(([level, text]) => `${level}: ${text}`)
    .join(' ');
}

function permissionsDef(resource: Resource, what: string): JsonSchema {
  return {
    description: `A custom permission set for ${what}; omitted attributes take the custom defaults.`,
    type: 'object',
    additionalProperties: false,
    properties: permissionProperties(resource),
  };
}

const EXPIRES_DESCRIPTION =
  'When the grant ends: a date YYYY-MM-DD (the end of that day, UTC) or an RFC 3339 time with its offset (2026-12-01T18:00:00Z). From then on it is no longer desired: the plan removes it whatever prune says.';

function inlineGrantDef(resource: Resource, type: TargetType): JsonSchema {
  const attributes = permissionProperties(resource);
  const forbidden = Object.fromEntries(Object.keys(attributes).map((k) => [k, false]));
  return {
    description: `An inline grant on a ${type}: \`access\` (and with \`access: custom\` any permission attributes; omitted ones take the custom defaults), or \`role\`; optionally \`expires\`.`,
    type: 'object',
    additionalProperties: false,
    properties: {
      access: { description: `The access level. ${levelDescription(resource)}`, enum: [...LEVELS[resource]] },
      role: { description: `A ${type} role of \`roles.${type}\`, in place of \`access\` (so that a role grant can expire).`, type: 'string', minLength: 1 },
      expires: { description: EXPIRES_DESCRIPTION, type: 'string', pattern: EXPIRY_PATTERN },
      ...attributes,
    },
    // Exactly one of access and role; a role is the whole permission set, so no attributes beside it.
    // (`properties` beside `required`: Ajv's strict mode wants a required key defined where it is required.)
    if: { properties: { role: true }, required: ['role'] },
    then: { properties: { access: false, ...forbidden } },
    else: {
      properties: { access: { description: 'Required unless the grant names a role.' } },
      required: ['access'],
      // Permission attributes only with `access: custom`: the service answers 422 otherwise (docs/api.md, "Errors the real service gives").
      if: { properties: { access: { const: 'custom' } } },
      else: { properties: forbidden },
    },
  };
}

function grantDef(resource: Resource, type: TargetType): JsonSchema {
  const levels = fixedLevels(resource);
  return {
    description: `A team's access to the ${type}: a fixed level (${levels.join(', ')}), the name of a ${type} role, or an inline map with \`access\` or \`role\` (and \`expires\`).`,
    type: ['string', 'object'],
    if: { type: 'string' },
    then: { type: 'string', minLength: 1, examples: levels },
    else: { $ref: `#/$defs/${type}InlineGrant` },
  };
}

/** `ignore-warnings`: codes of the plan's warnings (docs/plan.md, "Warnings"), each once. */
function ignoreWarningsSchema(where: string, codes: readonly string[]): JsonSchema {
  return {
    description: `Warnings the plan does not show ${where} (docs/plan.md, "Warnings"): their codes.`,
    type: 'array',
    items: { enum: [...codes] },
    uniqueItems: true,
    default: [],
  };
}

function targetDef(type: TargetType): JsonSchema {
  return {
    description: `A ${type} whose team access this file manages.`,
    type: 'object',
    required: ['teams'],
    additionalProperties: false,
    properties: {
      id: { description: `Pins the ${type} id (${idShape(type)}); checked against the name when resolving.`, type: 'string', pattern: idPattern(type) },
      prune: { description: `Remove grants of teams not listed here (overrides settings.prune for this ${type}). false: additive.`, type: 'boolean' },
      teams: {
        description: `Team name -> access on this ${type}.`,
        type: 'object',
        propertyNames: { minLength: 1 },
        additionalProperties: { $ref: `#/$defs/${type}Grant` },
      },
      'ignore-warnings': ignoreWarningsSchema(`about this ${type}`, TARGET_WARNING_CODES),
    },
  };
}

/** One criterion of core/set-criteria.ts: a list of non-empty strings, each once. */
function criterionSchema(key: CriterionKey, type: TargetType): JsonSchema {
  return { description: SET_CRITERIA[key].describe(type), type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, uniqueItems: true };
}

function matchDef(type: TargetType): JsonSchema {
  const criteria = Object.fromEntries(criteriaOf(type).map((key) => [key, criterionSchema(key, type)]));
  return {
    description: `Which ${type}s the set matches, read from the organization at plan time: every criterion given must hold.`,
    type: 'object',
    additionalProperties: false,
    properties: {
      ...criteria,
      'allow-empty': {
        description: `True when matching no ${type} is expected: ${type === 'workspace' ? 'a tag no workspace carries is then no error, and ' : ''}an empty match no warning. ${type === 'workspace' ? 'A project or a name' : 'A name'} written without \`*\` or \`?\` must still exist.`,
        type: 'boolean',
      },
    },
  };
}

function setDef(type: TargetType): JsonSchema {
  return {
    description: `A set of ${type}s chosen by criteria: each ${type} it matches gets these teams, merged with its own entry (which wins for the same team).`,
    type: 'object',
    required: ['match', 'teams'],
    additionalProperties: false,
    properties: {
      match: { description: `Which ${type}s get the set's teams.`, $ref: `#/$defs/${type}Match` },
      prune: {
        description: `Remove grants of teams no set or entry gives on every ${type} the set matches (default settings.prune); a ${type}'s own entry with \`prune: false\` keeps them.`,
        type: 'boolean',
      },
      teams: {
        description: `Team name -> access on every ${type} the set matches.`,
        type: 'object',
        propertyNames: { minLength: 1 },
        additionalProperties: { $ref: `#/$defs/${type}Grant` },
      },
    },
  };
}

function setsSchema(type: TargetType): JsonSchema {
  return {
    description: `${type === 'project' ? 'Project' : 'Workspace'} sets by name (the name is shown in plans).`,
    type: 'object',
    propertyNames: { minLength: 1 },
    additionalProperties: { $ref: `#/$defs/${type}Set` },
  };
}

function rolesSchema(): JsonSchema {
  const levels = allLevelNames();
  const kind = (type: TargetType): JsonSchema => ({
    description: `Named custom permission sets for ${type}s; a grant names one instead of a level. A name may not be a level name.`,
    type: 'object',
    propertyNames: { not: { enum: levels } },
    additionalProperties: { $ref: `#/$defs/${type}Permissions` },
  });
  return {
    description: 'Named custom permission sets, by kind.',
    type: 'object',
    additionalProperties: false,
    properties: { project: kind('project'), workspace: kind('workspace'), organization: organizationRolesSchema() },
  };
}

function settingsSchema(): JsonSchema {
  return {
    description: 'Settings for the whole run.',
    type: 'object',
    additionalProperties: false,
    properties: {
      prune: {
        description: `Default ${DEFAULT_PRUNE}: on a listed project or workspace, grants of teams not listed are removed. false: additive.`,
        type: 'boolean',
        default: DEFAULT_PRUNE,
      },
      'ignore-teams': {
        description: 'Teams never added, changed or removed by these files.',
        type: 'array',
        items: { type: 'string', minLength: 1 },
        uniqueItems: true,
        default: [],
      },
      'max-removals': {
        description: `apply refuses (exit 3) to remove more grants than this without --force. Default ${DEFAULT_MAX_REMOVALS}.`,
        type: 'integer',
        minimum: 0,
        default: DEFAULT_MAX_REMOVALS,
      },
      'expiry-warning-days': {
        description: `validate and plan warn about grants that expire within this many days. Default ${DEFAULT_EXPIRY_WARNING_DAYS}.`,
        type: 'integer',
        minimum: 0,
        default: DEFAULT_EXPIRY_WARNING_DAYS,
      },
      'ignore-warnings': ignoreWarningsSchema('anywhere', WARNING_CODES),
      'max-token-revocations': {
        description: `plan and apply refuse (exit 3) a token-policy change that ends more live tokens than this without --force. Default ${DEFAULT_MAX_TOKEN_REVOCATIONS}.`,
        type: 'integer',
        minimum: 0,
        default: DEFAULT_MAX_TOKEN_REVOCATIONS,
      },
      ...teamSettingsSchema(),
    },
  };
}

function targetsSchema(type: TargetType): JsonSchema {
  return {
    description: `${type === 'project' ? 'Projects' : 'Workspaces'} by name, each with the team access it should have.`,
    type: 'object',
    propertyNames: { minLength: 1 },
    additionalProperties: { $ref: `#/$defs/${type}` },
  };
}

/** What the file's properties refer to: per kind of target, its entry, set, match, grant and permissions. */
function schemaDefs(): Record<string, JsonSchema> {
  return {
    project: targetDef('project'),
    workspace: targetDef('workspace'),
    projectSet: setDef('project'),
    workspaceSet: setDef('workspace'),
    projectMatch: matchDef('project'),
    workspaceMatch: matchDef('workspace'),
    policy: policyDef(),
    projectGrant: grantDef(RESOURCE_OF.project, 'project'),
    workspaceGrant: grantDef(RESOURCE_OF.workspace, 'workspace'),
    projectInlineGrant: inlineGrantDef(RESOURCE_OF.project, 'project'),
    workspaceInlineGrant: inlineGrantDef(RESOURCE_OF.workspace, 'workspace'),
    projectPermissions: permissionsDef(RESOURCE_OF.project, 'projects'),
    workspacePermissions: permissionsDef(RESOURCE_OF.workspace, 'workspaces'),
    team: teamDef(),
    organizationAccess: organizationAccessDef(),
  };
}

/** The schema of one desired-state file. */
export function buildSchema(): JsonSchema {
  return {
    $schema: SCHEMA_DIALECT,
    title: 'tfe-access desired-state file (version 1)',
    description: 'Team access to HCP Terraform / Terraform Enterprise projects and workspaces. Every file of a run names the same organization.',
    type: 'object',
    required: ['organization'],
    additionalProperties: false,
    properties: {
      organization: { description: 'The organization these files manage (required; one per run).', type: 'string', minLength: 1 },
      settings: settingsSchema(),
      roles: rolesSchema(),
      projects: targetsSchema('project'),
      workspaces: targetsSchema('workspace'),
      [SET_KEYS.workspace]: setsSchema('workspace'),
      [SET_KEYS.project]: setsSchema('project'),
      policies: {
        description: 'Rules on effective access (docs/effective-access.md, "Policies"), checked by plan, apply, drift and report.',
        type: 'array',
        items: { $ref: '#/$defs/policy' },
      },
      teams: teamsSchema(),
      'review-owners': reviewOwnersSchema(),
      'token-policy': tokenPolicySchema(),
      dismissals: dismissalsSchema(),
    },
    $defs: schemaDefs(),
  };
}
