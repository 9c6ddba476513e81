// JSON Schema of the plan's `effective_changes` (docs/effective-access.md, "Effective access"): what the plan's grant
// changes do to each team's effective access, and the grant changes that do nothing (shadowed).
import { PROJECT_LEVELS, WORKSPACE_LEVELS } from '../../core/access.js';
import { SOURCE_SCHEMA } from './report-schema.js';

type Schema = Record<string, unknown>;

const LEVEL: Schema = { oneOf: [{ type: 'null', description: 'no access' }, { enum: [...new Set([...PROJECT_LEVELS, ...WORKSPACE_LEVELS])] }] };

const REF: Schema = { type: 'object', required: ['name', 'id'], properties: { name: { type: 'string' }, id: { type: 'string' } } };

/** The grant changes that cause an entry. */
const VIA: Schema = {
  type: 'array',
  description: "The grant changes that cause it; empty on a member change's own entry (member).",
  items: {
    type: 'object',
    required: ['type', 'name', 'action', 'access'],
    properties: { type: { enum: ['project', 'workspace'] }, name: { type: 'string' }, action: { enum: ['add', 'update', 'remove'] }, access: LEVEL },
    additionalProperties: false,
  },
};

const MEMBER: Schema = {
  type: 'object',
  required: ['action', 'email'],
  properties: { action: { enum: ['add', 'remove'] }, email: { type: 'string' } },
  additionalProperties: false,
  description: "A member change's own entry: the person joins the team (gains its access there) or leaves it (loses it).",
};

function entrySchema(): Schema {
  const refProperties = REF.properties as Schema;
  return {
    type: 'object',
    required: ['team', 'target', 'before', 'after', 'direction', 'via'],
    properties: {
      // docs/plan.md, "Team changes": a team the plan creates has no id yet (null).
      team: { ...REF, properties: { ...refProperties, id: { type: ['string', 'null'] } } },
      target: { ...REF, required: ['type', 'name', 'id'], properties: { ...refProperties, type: { enum: ['project', 'workspace'] } } },
      before: LEVEL,
      after: LEVEL,
      direction: { enum: ['rises', 'falls', 'mixed', 'none'] },
      via: VIA,
      held_by: { type: 'array', items: SOURCE_SCHEMA },
      // docs/effective-access.md, "People": only in a plan that read people.
      people: {
        type: 'array',
        items: { type: 'string' },
        description: 'A plan that read people: the active human members of the team as the plan leaves it, who gain or lose this.',
      },
      member: MEMBER,
    },
    additionalProperties: false,
    // A grant change's entry names its causes; a member change's names its person instead.
    if: { required: ['member'] },
    then: { properties: { via: { maxItems: 0 } } },
    else: { properties: { via: { minItems: 1 } } },
  };
}

export function effectiveChangesSchema(): Schema {
  return {
    type: 'array',
    description:
      'What the changes do to effective access, per team and target; direction none marks a grant change that changes nothing (shadowed), with held_by saying what keeps the access.',
    items: entrySchema(),
  };
}
