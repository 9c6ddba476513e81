// JSON Schema (2020-12) of the report JSON, built from the access tables; written out as
// `schemas/report.schema.json` (a test keeps the file equal to this object).

import { LEVELS, PERMISSIONS, type Resource } from '../../core/access.js';
import { SCHEMA_DIALECT } from '../../core/json-schema.js';
import { splitKey } from '../../core/permissions.js';
import { TEAM_FLAG_KEYS, TEAM_FLAGS } from '../../core/team-flags.js';
import { REPORT_FORMAT_VERSION } from '../report/report-document.js';
import { COVERAGE_REQUIRED, COVERAGE_RULE, coverageProperties } from './coverage-schema.js';
import { changedProperties } from './report-changed-schema.js';
import { peopleProperties } from './report-people-schema.js';
import { tokensProperties } from './token-policy-schema.js';
import { violationsSchema } from './violation-schema.js';

type Schema = Record<string, unknown>;

/** The nested permissions of a resource; a value not known is left out, so none is required. */
function permissionsSchema(resource: Resource): Schema {
  const properties: Record<string, Schema> = {};
  const groups: Record<string, Record<string, Schema>> = {};
  for (const spec of PERMISSIONS[resource]) {
    const [group, key] = splitKey(spec.key);
    const value = spec.values === 'boolean' ? { type: 'boolean', description: spec.description } : { enum: [...spec.values], description: spec.description };
    if (group === undefined) properties[key] = value;
    else (groups[group] ??= {})[key] = value;
  }
  for (const [group, inner] of Object.entries(groups)) properties[group] = { type: 'object', properties: inner, additionalProperties: false };
  return { type: 'object', properties, additionalProperties: false };
}

const named = (idPattern: string): Schema => ({
  type: 'object',
  required: ['name', 'id'],
  properties: { name: { type: 'string' }, id: { type: 'string', pattern: idPattern } },
  additionalProperties: false,
});

/** One source of access: the report's `sources`, the plan's `held_by`. */
export const SOURCE_SCHEMA: Schema = {
  oneOf: [
    {
      type: 'object',
      required: ['kind'],
      properties: { kind: { const: 'owners' } },
      additionalProperties: false,
      description: 'The owners team: admin everywhere.',
    },
    {
      type: 'object',
      required: ['kind', 'permission'],
      properties: { kind: { const: 'organization' }, permission: { type: 'string' } },
      additionalProperties: false,
      description: 'An organization permission of the team.',
    },
    {
      type: 'object',
      required: ['kind', 'name', 'id', 'access'],
      properties: {
        kind: { const: 'project' },
        name: { type: 'string' },
        id: { type: 'string', pattern: '^prj-' },
        access: { enum: [...LEVELS['team-projects']] },
      },
      additionalProperties: false,
      description: "The team's grant on the project (for a workspace: on the workspace's project).",
    },
    {
      type: 'object',
      required: ['kind', 'access'],
      properties: { kind: { const: 'workspace' }, access: { enum: [...LEVELS['team-workspaces']] } },
      additionalProperties: false,
      description: "The team's grant on the workspace.",
    },
  ],
};

/** What the report adds to a grant source (docs/evidence.md, "Correct cells"). */
const GRANT_FACTS: Schema = {
  managed: {
    type: 'boolean',
    description: 'With the desired-state files: true when they govern this grant (they list it, or prune the target so they would remove it).',
  },
  expires: { type: 'string', description: 'With the desired-state files: when they end this grant (RFC 3339).' },
  shadowed_by: {
    type: 'array',
    minItems: 1,
    items: SOURCE_SCHEMA,
    description: 'A moot grant: these sources give at least as much on every permission it gives.',
  },
};

/** A source of a report cell: the plan's form, organization-wide sources marked, grants with their facts. */
const REPORT_SOURCE_SCHEMA: Schema = {
  oneOf: (SOURCE_SCHEMA.oneOf as Schema[]).map((variant) => {
    const properties = variant.properties as Record<string, Schema>;
    const kind = properties.kind?.const;
    const added =
      kind === 'owners' || kind === 'organization'
        ? { organization_wide: { const: true, description: 'Gives access on every target of a kind.' } }
        : GRANT_FACTS;
    const required = kind === 'owners' || kind === 'organization' ? [...(variant.required as string[]), 'organization_wide'] : variant.required;
    return { ...variant, required, properties: { ...properties, ...added } };
  }),
};

const VIA_SCHEMA: Schema = {
  type: 'object',
  required: ['uses', 'edge'],
  properties: {
    uses: { enum: ['runs', 'variables', 'outputs', 'project-role'] },
    edge: { enum: ['global', 'workspace', 'project', 'global-remote-state', 'project-remote-state', 'consumer', 'own', 'execution', 'project-default'] },
  },
  additionalProperties: false,
};

/** One (team, target) of `can`: the sources that give it on their own; by person, the people who hold it. */
const HOLDER_SCHEMA: Schema = {
  type: 'object',
  required: ['team', 'target', 'sources'],
  properties: {
    team: named('^team-'),
    target: {
      type: 'object',
      required: ['type', 'name', 'id'],
      properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, id: { type: 'string', pattern: '^(prj|ws)-' } },
      additionalProperties: false,
    },
    sources: { type: 'array', items: { $ref: '#/$defs/source' } },
    people: { type: 'array', items: { type: 'string' }, description: 'A report by person: the active members of the team shown.' },
    service_accounts: {
      type: 'array',
      items: { type: 'string' },
      description: "A report by person: the team's service accounts, by name (never among people).",
    },
    hidden_members: {
      type: 'array',
      items: { type: 'string' },
      description: "A report by person: the team's hidden members, by user id (never among people).",
    },
    via: {
      ...VIA_SCHEMA,
      description:
        'A question of indirect access (docs/effective-access.md, "Indirect access"): what the team does on the target, and why the target leads there.',
    },
  },
  additionalProperties: false,
};

/** A cell's "reaches through" entry (docs/effective-access.md, "Indirect access"). */
const REACH_THROUGH_SCHEMA: Schema = {
  type: 'object',
  required: ['kind', 'names', 'via', 'sources', 'known'],
  properties: {
    kind: {
      enum: ['varset', 'outputs', 'agent-pool', 'stack'],
      description: 'What is reached: variable sets, the outputs of workspaces, agent pools, Stacks.',
    },
    names: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'The objects reached the same way, sorted.' },
    via: { ...VIA_SCHEMA, description: 'What the team does on the target, and why the target leads there.' },
    sources: { type: 'array', minItems: 1, items: { $ref: '#/$defs/source' }, description: "The cell's sources that give what the edge needs." },
    known: { type: 'boolean', description: "false: the cell's permission is not known, so it may or may not reach them." },
  },
  additionalProperties: false,
};

/** What an indirect answer could not see. */
const GAP_SCHEMA: Schema = {
  type: 'object',
  required: ['reason', 'message'],
  properties: {
    reason: { enum: ['not-listed', 'consumers-not-read', 'relationship-short', 'pool-not-named', 'partial-token', 'access-partial'] },
    list: { enum: ['varsets', 'agent-pools', 'stacks', 'workspaces'] },
    workspace: { type: 'string' },
    varset: { type: 'string' },
    workspaces: { type: 'array', items: { type: 'string' } },
    message: { type: 'string' },
  },
  additionalProperties: false,
};

/** `--can PERMISSION` (docs/evidence.md, "Who can"). */
const CAN_SCHEMA: Schema = {
  type: 'object',
  required: ['question', 'holders', 'unknown'],
  properties: {
    question: { type: 'string', description: 'The permission asked, as `--can` names it.' },
    holders: { type: 'array', items: HOLDER_SCHEMA, description: 'Each (team, target) whose effective access allows it.' },
    unknown: { type: 'array', items: HOLDER_SCHEMA, description: 'Cells where the permission is not known: never counted as yes or no.' },
    complete: { type: 'boolean', description: 'A question of indirect access: true only when every edge it walks was read.' },
    gaps: { type: 'array', items: GAP_SCHEMA, description: 'A question of indirect access: what it could not read.' },
  },
  additionalProperties: false,
  description: 'Only with --can: who can, with every source that gives it on its own.',
};

/** One team of `can_power`: what gives it the power; by person, the people who hold it through it. */
const POWER_HOLDER_SCHEMA: Schema = {
  type: 'object',
  required: ['team', 'sources'],
  properties: {
    team: named('^team-'),
    sources: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['kind'], properties: { kind: { enum: ['flag', 'owners'] } }, additionalProperties: false },
          { type: 'object', required: ['kind', 'by'], properties: { kind: { const: 'implied' }, by: { type: 'string' } }, additionalProperties: false },
        ],
      },
      description: 'flag: the team has it; implied: a flag it has brings it (`by`); owners: the owners team has every power. Empty for a team not known.',
    },
    people: { type: 'array', items: { type: 'string' }, description: 'A report by person: the active members of the team shown.' },
    service_accounts: { type: 'array', items: { type: 'string' }, description: "A report by person: the team's service accounts, by name." },
    hidden_members: { type: 'array', items: { type: 'string' }, description: "A report by person: the team's hidden members, by user id." },
  },
  additionalProperties: false,
};

/** `--can FLAG` of an organization power (docs/evidence.md, "Who holds an organization power"). */
const CAN_POWER_SCHEMA: Schema = {
  type: 'object',
  required: ['question', 'holders', 'unknown'],
  properties: {
    question: { type: 'string', description: 'The organization-access flag asked.' },
    holders: { type: 'array', items: POWER_HOLDER_SCHEMA, description: 'Each team shown that holds it.' },
    unknown: { type: 'array', items: POWER_HOLDER_SCHEMA, description: 'Teams the service did not report the flag for: never counted as yes or no.' },
  },
  additionalProperties: false,
  description: 'Only with --can FLAG of an organization power: the teams that hold it, with what gives it.',
};

function teamSchema(resource: Resource): Schema {
  return {
    type: 'object',
    required: ['name', 'id', 'access', 'permissions', 'sources'],
    properties: {
      name: { type: 'string' },
      id: { type: 'string', pattern: '^team-' },
      access: { enum: [...LEVELS[resource]], description: 'admin when a source gives admin; else the fixed level the permissions equal; else custom.' },
      permissions: { $ref: `#/$defs/${resource}-permissions` },
      sources: { type: 'array', minItems: 1, items: { $ref: '#/$defs/source' } },
      reaches: {
        type: 'array',
        minItems: 1,
        items: REACH_THROUGH_SCHEMA,
        description:
          'docs/effective-access.md, "Indirect access": what the team reaches from here beyond its grants; absent when the edges were not read or it reaches nothing.',
      },
    },
    additionalProperties: false,
  };
}

/** A team's organization powers: its visibility and every flag of core/team-flags.ts. */
const POWERS_SCHEMA: Schema = {
  type: 'object',
  required: ['name', 'id', 'visibility', 'organization_access'],
  properties: {
    name: { type: 'string' },
    id: { type: 'string', pattern: '^team-' },
    visibility: { type: 'string', description: 'secret or organization, as the service reported it.' },
    scim_linked: {
      type: 'boolean',
      description: 'Whether the team is linked to an identity-provider group (SCIM), when the service reported it; absent where it did not.',
    },
    organization_access: {
      type: 'object',
      required: [...TEAM_FLAG_KEYS],
      properties: Object.fromEntries(
        TEAM_FLAGS.map((f) => [f.key, { type: ['boolean', 'null'], description: `${f.description} null: the server did not report it.` }]),
      ),
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const teamsOf = (resource: Resource): Schema => ({ type: 'array', items: teamSchema(resource) });

/** Each project with its own teams' access. */
function projectsSchema(): Schema {
  return {
    type: 'array',
    items: {
      ...named('^prj-'),
      required: ['name', 'id', 'teams'],
      properties: { ...(named('^prj-').properties as Schema), teams: teamsOf('team-projects') },
    },
  };
}

/** Each workspace with its project (null: none) and its teams' access. */
function workspacesSchema(): Schema {
  return {
    type: 'array',
    items: {
      ...named('^ws-'),
      required: ['name', 'id', 'project', 'teams'],
      properties: { ...(named('^ws-').properties as Schema), project: { oneOf: [{ type: 'null' }, named('^prj-')] }, teams: teamsOf('team-workspaces') },
    },
  };
}

export function reportSchema(): Schema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:report',
    title: 'tfe-access report',
    description: 'The effective access printed by `tfe-access report --format json`.',
    type: 'object',
    required: ['format_version', 'organization', 'state', 'generated_at', 'projects', 'workspaces', 'teams', 'violations', ...COVERAGE_REQUIRED],
    properties: {
      format_version: { const: REPORT_FORMAT_VERSION },
      organization: { type: 'string', minLength: 1 },
      state: { enum: ['live', 'after'], description: 'live: as read; after: once the plan of the files is applied.' },
      generated_at: { type: 'string', description: 'When the live state was read (ISO 8601, UTC).' },
      projects: projectsSchema(),
      workspaces: workspacesSchema(),
      teams: {
        type: 'array',
        items: POWERS_SCHEMA,
        description: 'Every team shown, by name: its organization powers (docs/effective-access.md, "Organization powers").',
      },
      ...peopleProperties(),
      ...changedProperties(),
      can: CAN_SCHEMA,
      can_power: CAN_POWER_SCHEMA,
      ...tokensProperties(),
      violations: violationsSchema(),
      ...coverageProperties(),
    },
    additionalProperties: false,
    allOf: [COVERAGE_RULE],
    dependentRequired: { people: ['people_left_out'], people_left_out: ['people'] },
    $defs: {
      source: REPORT_SOURCE_SCHEMA,
      'team-projects-permissions': permissionsSchema('team-projects'),
      'team-workspaces-permissions': permissionsSchema('team-workspaces'),
    },
  };
}
