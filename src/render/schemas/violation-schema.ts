// JSON Schema of `violations` (docs/effective-access.md, "Policies"), in the plan and in the report: every policy
// the access breaks, on which target, by which team (null when no one team does: max-teams).
import { INSTANT_PATTERN } from '../../core/expiry.js';

type Schema = Record<string, unknown>;

const REF: Schema = { type: 'object', required: ['name', 'id'], properties: { name: { type: 'string' }, id: { type: 'string' } }, additionalProperties: false };
const REF_PROPERTIES = REF.properties as Schema;

const TARGET: Schema = {
  oneOf: [
    { type: 'null', description: "The organization itself: a policy of its teams' organization access (organization-access)." },
    { ...REF, required: ['type', 'name', 'id'], properties: { type: { enum: ['project', 'workspace'] }, ...REF_PROPERTIES } },
  ],
};

// docs/plan.md, "Team changes": a team the plan creates has no id yet (null).
const TEAM: Schema = {
  oneOf: [
    { type: 'null', description: 'No one team: max-teams names them in the message.' },
    { ...REF, properties: { ...REF_PROPERTIES, id: { type: ['string', 'null'] } } },
  ],
};

/** An exception of the policy, with its reason and its end. */
function exceptionSchema(description: string): Schema {
  return {
    type: 'object',
    required: ['reason', 'expires'],
    additionalProperties: false,
    description,
    properties: { reason: { type: 'string', minLength: 1 }, expires: { type: 'string', pattern: INSTANT_PATTERN } },
  };
}

export function violationsSchema(): Schema {
  return {
    type: 'array',
    description:
      'Every policy the access breaks (plan: once the plan is applied; drift and a live report: as it is). One not accepted makes drift exit 2; one new and not accepted makes plan and apply exit 3.',
    items: {
      type: 'object',
      required: ['policy', 'target', 'team', 'message'],
      properties: {
        policy: { type: 'string', minLength: 1, description: 'The name of the policy.' },
        target: TARGET,
        team: TEAM,
        message: { type: 'string' },
        status: {
          enum: ['new', 'live'],
          description:
            'A plan only: new when the change introduces or worsens it (only these make plan and apply exit 3), live when the access already breaks it as it is (listed, never blocking). Absent in drift and the report.',
        },
        accepted: exceptionSchema('An exception of the policy accepts it until `expires` (RFC 3339, UTC): shown with its reason, and it does not block.'),
        lapsed: exceptionSchema(
          'An exception of the policy accepted it until `expires` (RFC 3339, UTC), which has passed: a violation again, and it counts as one.',
        ),
      },
      additionalProperties: false,
    },
  };
}
