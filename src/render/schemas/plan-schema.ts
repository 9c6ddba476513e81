// JSON Schema (2020-12) of the plan JSON, built from the access tables; written out as
// `schemas/plan.schema.json` (a test keeps the file equal to this object).
import { LEVELS, PERMISSIONS, type PermissionSpec, RESOURCES, type Resource } from '../../core/access.js';
import { INSTANT_PATTERN } from '../../core/expiry.js';
import { SCHEMA_DIALECT } from '../../core/json-schema.js';
import { splitKey } from '../../core/permissions.js';
import { GUARD_NAMES, REMOVE_REASONS } from '../../core/plan.js';
import { PLAN_FORMAT_VERSION } from '../../core/plan-document.js';
import { adoptionSchema } from './adoption-schema.js';
import { ATTRIBUTION_REF, attributionSchema, auditSchema } from './attribution-schema.js';
import { COVERAGE_REQUIRED, COVERAGE_RULE, coverageProperties } from './coverage-schema.js';
import { effectiveChangesSchema } from './effective-schema.js';
import { memberProperties } from './member-schema.js';
import { tokenPolicyProperties } from './token-policy-schema.js';
import { violationsSchema } from './violation-schema.js';

type Schema = Record<string, unknown>;

function valueSchema(spec: PermissionSpec): Schema {
  return spec.values === 'boolean' ? { type: 'boolean', description: spec.description } : { enum: [...spec.values], description: spec.description };
}

/** The nested wire shape of one resource's permissions, every attribute optional (unreported). */
function accessSchema(resource: Resource): Schema {
  const role = {
    type: 'string',
    minLength: 1,
    description:
      'The role of the desired-state files this grant is: on `after`, the role the file names; on `before`, the one role whose permissions the live grant has. Only with `access: custom`.',
  };
  const properties: Record<string, Schema> = { access: { enum: [...LEVELS[resource]] }, role };
  const groups: Record<string, Record<string, Schema>> = {};
  for (const spec of PERMISSIONS[resource]) {
    const [group, key] = splitKey(spec.key);
    if (group === undefined) properties[key] = valueSchema(spec);
    else (groups[group] ??= {})[key] = valueSchema(spec);
  }
  for (const [group, inner] of Object.entries(groups)) {
    properties[group] = { type: 'object', properties: inner, additionalProperties: false };
  }
  // A role is a custom permission set: a fixed level never names one.
  const roleOnlyWithCustom = { if: { properties: { access: { not: { const: 'custom' } } } }, then: { not: { required: ['role'] } } };
  return { type: 'object', required: ['access'], properties, additionalProperties: false, ...roleOnlyWithCustom };
}

const ref = (type: string, pattern: string): Schema => ({
  type: 'object',
  required: ['name', 'id'],
  properties: { ...(type ? { type: { const: type } } : {}), name: { type: 'string' }, id: { type: 'string', pattern } },
});

/** How a resource's grant and its target are told apart on the wire. */
const CHANGE_IDS: { readonly [R in Resource]: { readonly targetType: string; readonly id: string; readonly target: string } } = {
  'team-projects': { targetType: 'project', id: '^tprj-', target: '^prj-' },
  'team-workspaces': { targetType: 'workspace', id: '^tws-', target: '^ws-' },
};

// docs/plan.md, "Team changes": a team this plan creates has no id yet.
const CHANGE_TEAM: Schema = {
  type: 'object',
  required: ['name', 'id'],
  properties: { name: { type: 'string' }, id: { oneOf: [{ type: 'null' }, { type: 'string', pattern: '^team-' }] } },
};

const CHANGE_EXPIRES: Schema = {
  type: 'string',
  pattern: INSTANT_PATTERN,
  description:
    "When the file's grant ends, in UTC (a date in the files ends at the next midnight UTC). On an add or update: the plan after that removes it; on a removal with reason expired: when it ended.",
};

const CHANGE_REASON: Schema = {
  enum: [...REMOVE_REASONS],
  description: 'Why a removal is planned when it is not pruning: expired, the grant of the files has expired (removed whatever prune says).',
};

/** The sides each action has (an add no before, a remove no after), and when an id, label_only or expires is required. */
function actionRules(access: Schema): Schema[] {
  return [
    { if: { properties: { action: { const: 'add' } } }, then: { properties: { before: { type: 'null' }, after: access, reason: false } } },
    {
      if: { properties: { action: { const: 'update' } } },
      then: { required: ['id', 'label_only'], properties: { before: access, after: access, reason: false } },
    },
    { if: { properties: { action: { const: 'remove' } } }, then: { required: ['id'], properties: { before: access, after: { type: 'null' } } } },
    { if: { properties: { reason: { const: 'expired' } }, required: ['reason'] }, then: { required: ['expires'] } },
  ];
}

function changeSchema(resource: Resource): Schema {
  const ids = CHANGE_IDS[resource];
  const access = { $ref: `#/$defs/${resource}-access` };
  return {
    type: 'object',
    required: ['action', 'resource', 'team', 'target', 'before', 'after'],
    properties: {
      action: { enum: ['add', 'update', 'remove'] },
      resource: { const: resource },
      id: { type: 'string', pattern: ids.id },
      team: CHANGE_TEAM,
      target: { ...ref(ids.targetType, ids.target), required: ['type', 'name', 'id'] },
      before: { oneOf: [{ type: 'null' }, access] },
      after: { oneOf: [{ type: 'null' }, access] },
      label_only: { type: 'boolean', description: 'An update whose effective permissions stay the same.' },
      expires: CHANGE_EXPIRES,
      reason: CHANGE_REASON,
      source: sourceSchema(),
      attribution: ATTRIBUTION_REF,
    },
    additionalProperties: false,
    allOf: actionRules(access),
  };
}

/** docs/sets.md, "Sets": where a change's desired grant comes from; for a removal, what prunes the target. */
function sourceSchema(): Schema {
  return {
    type: 'object',
    description:
      "Where the desired grant comes from: the target's own entry (named by the target) or a set (by its name); for a removal, the entry or set that prunes the target.",
    required: ['kind', 'name'],
    properties: {
      kind: { enum: ['entry', 'set'] },
      name: { type: 'string', minLength: 1 },
      overrides: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        description: 'The sets whose grant of the same team this entry overrides.',
      },
    },
    additionalProperties: false,
  };
}

/** docs/connecting.md, "Server capabilities": what the server's GET /api/v2/ping said; null where it said nothing. */
function serverSchema(): Schema {
  const text = (description: string): Schema => ({ type: ['string', 'null'], description });
  return {
    type: 'object',
    description: 'The server the plan was read from, as its GET /api/v2/ping answered (all null when it does not answer it).',
    required: ['app', 'version', 'numeric_version', 'api_version'],
    properties: {
      app: text('TFP-AppName: "HCP Terraform" or "Terraform Enterprise".'),
      version: text('X-TFE-Version: the Terraform Enterprise release (v202404-1).'),
      numeric_version: text('X-TFE-Current-Version: the numeric Terraform Enterprise release (1.0.3).'),
      api_version: text('TFP-API-Version: the API version (2.6.0).'),
    },
    additionalProperties: false,
  };
}

/** docs/connecting.md, "Reading by team": how the live grants were read. */
function readSchema(): Schema {
  const count = { type: 'integer', minimum: 0 };
  return {
    type: 'object',
    description: 'How the live grants were read: one list per target, or the workspace grants one list per team (docs/connecting.md, "Reading by team").',
    required: ['strategy', 'requests', 'estimate', 'fallback'],
    properties: {
      strategy: { enum: ['by-target', 'by-team'], description: 'The strategy the grants were read by in the end.' },
      requests: {
        ...count,
        description: "Requests the grant read made: the projects' lists, the probe, and pages read before a fallback included; a retry is not another request.",
      },
      estimate: {
        type: 'object',
        description: "Each strategy's estimated requests before reading; by_team null when reading by team was not possible.",
        required: ['by_target', 'by_team'],
        properties: { by_target: count, by_team: { oneOf: [{ type: 'null' }, count] } },
        additionalProperties: false,
      },
      fallback: { type: ['string', 'null'], description: 'Why reading by team was given up for reading by target; null when it was not.' },
    },
    additionalProperties: false,
  };
}

/** One setting of a team change: before and after, and on a create whose default it is. */
const TEAM_FIELD: Schema = {
  type: 'object',
  required: ['field', 'before', 'after'],
  properties: {
    field: { type: 'string' },
    before: { type: ['string', 'boolean', 'null'] },
    after: { type: ['string', 'boolean', 'null'] },
    default: {
      enum: ['tfe-access', 'service'],
      description:
        "A create's setting the files do not give: tfe-access's default (visibility: organization), written; or the service's, shown and not written.",
    },
  },
  additionalProperties: false,
};

/** A grant a team's deletion drops. */
const DELETED_GRANT: Schema = {
  type: 'object',
  required: ['target', 'access'],
  properties: { target: { ...ref('', '^(prj|ws)-'), required: ['type', 'name', 'id'] }, access: { type: 'string' } },
};

/** docs/plan.md, "Team changes": present when the files manage teams. */
function teamChangesSchema(): Schema {
  return {
    description:
      'The teams themselves: create, update (each field before and after), rename (keeps the id) and delete (with the grants that go with it), in the order of their action then name.',
    type: 'array',
    items: {
      type: 'object',
      required: ['action', 'name', 'id'],
      properties: {
        action: { enum: ['create', 'rename', 'update', 'delete'] },
        name: { type: 'string', minLength: 1 },
        id: { oneOf: [{ type: 'null' }, { type: 'string', pattern: '^team-' }], description: 'null on a create: the team has no id until apply creates it.' },
        from: { type: 'string', description: 'A rename: the name the team has now.' },
        fields: { type: 'array', items: TEAM_FIELD },
        grants: { type: 'array', items: DELETED_GRANT, description: 'A deletion: the grants the service drops with the team, on the targets the plan read.' },
        powers: {
          type: 'array',
          items: { type: 'string' },
          description: 'A deletion: the organization-access flags the team has true, which go with it; absent when none.',
        },
        attribution: ATTRIBUTION_REF,
      },
      additionalProperties: false,
    },
  };
}

const COUNT: Schema = { type: 'integer', minimum: 0 };

/** A count per action, each required. */
function countsSchema(actions: readonly string[], description?: string): Schema {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    required: [...actions],
    properties: Object.fromEntries(actions.map((action) => [action, COUNT])),
    additionalProperties: false,
  };
}

/** docs/plan.md, "Warnings": what the plan says beside its changes. */
function warningsSchema(): Schema {
  return {
    type: 'array',
    items: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, team: { type: 'string' }, target: { type: 'object' } },
    },
  };
}

function targetedSchema(): Schema {
  return {
    description: 'Present when the plan was made with --target: it covers these targets only, and the other targets of the files were not read.',
    type: 'array',
    minItems: 1,
    items: { type: 'string', pattern: '^(project|workspace):.+$' },
  };
}

function refusalsSchema(): Schema {
  return {
    description: 'Every safety guard that refuses this plan as `apply` runs it without --force; empty when apply may go ahead.',
    type: 'array',
    items: {
      type: 'object',
      required: ['guard', 'message', 'how_to_proceed'],
      properties: { guard: { enum: [...GUARD_NAMES] }, message: { type: 'string' }, how_to_proceed: { type: 'string' } },
      additionalProperties: false,
    },
  };
}

/** Each resource's access and change, and the attribution they refer to. */
function planDefs(): Record<string, Schema> {
  const defs: Record<string, Schema> = {};
  for (const resource of RESOURCES) {
    defs[`${resource}-access`] = accessSchema(resource);
    defs[`${resource}-change`] = changeSchema(resource);
  }
  defs.attribution = attributionSchema();
  return defs;
}

export function planSchema(): Schema {
  return {
    $schema: SCHEMA_DIALECT,
    $id: 'urn:tfe-access:schemas:plan',
    title: 'tfe-access plan',
    description: 'The plan printed by `tfe-access plan --format json`.',
    type: 'object',
    required: ['format_version', 'organization', 'changes', 'summary', 'checksum', 'warnings', 'refusals', ...COVERAGE_REQUIRED],
    properties: {
      format_version: { const: PLAN_FORMAT_VERSION },
      organization: { type: 'string', minLength: 1 },
      changes: { type: 'array', items: { oneOf: RESOURCES.map((r) => ({ $ref: `#/$defs/${r}-change` })) } },
      summary: countsSchema(['add', 'update', 'remove']),
      checksum: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      warnings: warningsSchema(),
      effective_changes: effectiveChangesSchema(),
      violations: violationsSchema(),
      targeted: targetedSchema(),
      refusals: refusalsSchema(),
      team_changes: teamChangesSchema(),
      team_summary: countsSchema(['create', 'rename', 'update', 'delete'], 'The team changes counted by action.'),
      ...memberProperties(),
      ...tokenPolicyProperties(),
      server: serverSchema(),
      read: readSchema(),
      audit: auditSchema(),
      adoption: adoptionSchema(),
      ...coverageProperties(),
    },
    additionalProperties: true,
    allOf: [COVERAGE_RULE],
    $defs: planDefs(),
  };
}
