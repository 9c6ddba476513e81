// JSON Schema (2020-12) of `apply --format json` (render/apply/apply-json.ts): the plan it applied (the
// plan's own schema, embedded), and for a run that wrote, every change's outcome. Written out as
// `schemas/apply.schema.json` (a test keeps the file equal to this object).
import { planSchema } from './plan-schema.js';

type Schema = Record<string, unknown>;

const count = { type: 'integer', minimum: 0 };

const STOPPED: Schema = {
  type: 'object',
  description:
    "Why the run stopped before its end: a signal, a closed stdout, --timeout, a dead server, a write refused for the token's rights (the reason then names the token and what it lacks).",
  required: ['reason', 'exit_code'],
  properties: {
    reason: { type: 'string', minLength: 1 },
    exit_code: { type: 'integer', description: '130 SIGINT, 143 SIGTERM, 141 a closed stdout, 1 --timeout, a dead server or a refused write.' },
  },
  additionalProperties: false,
};

const STATUS = ['applied', 'already-so', 'failed', 'not-started'];

const PERMANENT: Schema = {
  const: true,
  description:
    'A failure another run cannot fix: the service refused the write for what it is (a 4xx but 408 and 429), or the change needed such a failure. Fix what the reason says, then plan again.',
};

const change = { oneOf: [{ $ref: '#/$defs/team-projects-change' }, { $ref: '#/$defs/team-workspaces-change' }] };

const OUTCOME: Schema = {
  type: 'object',
  required: ['status', 'change'],
  properties: {
    status: { enum: STATUS, description: 'not-started: the run stopped before its turn; nothing was sent for it.' },
    change,
    reason: { type: 'string', description: "A failed change's reason: the service's words when it gave some." },
    permanent: PERMANENT,
    note: { type: 'string', description: 'How a lost answer or a moved grant was resolved, or why nothing had to be done.' },
  },
  additionalProperties: false,
  allOf: [
    {
      if: { properties: { status: { const: 'failed' } } },
      then: { required: ['reason'], not: { required: ['note'] } },
      else: { not: { required: ['reason'] } },
    },
    { if: { properties: { status: { const: 'not-started' } } }, then: { not: { required: ['note'] } } },
    { if: { properties: { status: { const: 'already-so' } } }, then: { required: ['note'] } },
  ],
};

/** The outcome of a change of the teams, members or token policy: how it ended, its change (and `more`), a failure's reason, a note. */
const outcomeOf = (changeSchema: Schema, more: Schema = {}): Schema => ({
  type: 'object',
  required: ['status', 'change'],
  properties: {
    status: { enum: STATUS },
    change: changeSchema,
    ...more,
    reason: { type: 'string', description: "A failed change's reason." },
    permanent: PERMANENT,
    note: { type: 'string', description: 'How it ended where it did.' },
  },
  additionalProperties: false,
});

/** docs/apply.md, "Team changes": a team change's outcome. */
const TEAM_OUTCOME = outcomeOf(
  { type: 'object', required: ['action', 'name', 'id'], description: "The team change, as the plan's team_changes write it." },
  { id: { type: 'string', pattern: '^team-', description: 'A create: the id the service gave the team.' } },
);

/** docs/apply.md, "Member changes": a member change's outcome (a team's adds or removals share their request's). */
const MEMBER_OUTCOME = outcomeOf({ type: 'object', required: ['action', 'person'], description: "The member change, as the plan's member_changes write it." });

/** A token-policy change's outcome. */
const TOKEN_POLICY_OUTCOME = outcomeOf({ type: 'object', required: ['action', 'setting'] });

export function applySchema(): Schema {
  const { $defs, $schema, $id: _plan, title: _title, description: _description, ...plan } = planSchema();
  return {
    $schema,
    $id: 'urn:tfe-access:schemas:apply',
    title: 'tfe-access apply report',
    description: 'The report printed by `tfe-access apply --format json`: one document per run.',
    type: 'object',
    required: ['result', 'plan'],
    properties: {
      result: {
        enum: ['no-changes', 'cancelled', 'applied'],
        description:
          'no-changes: nothing to apply; cancelled: refused at the question (or stopped there), nothing changed; applied: the changes were made (see converged).',
      },
      plan: { $ref: '#/$defs/plan' },
      stopped: STOPPED,
      converged: { type: 'boolean', description: 'Every change applied or already so: live access now matches the plan.' },
      counts: {
        type: 'object',
        required: ['applied', 'already_so', 'failed', 'not_started'],
        properties: { applied: count, already_so: count, failed: count, not_started: count },
        additionalProperties: false,
      },
      outcomes: { type: 'array', items: OUTCOME, description: "One per change, in the plan's order." },
      team_outcomes: { type: 'array', items: TEAM_OUTCOME, description: "One per team change, in the plan's order, when the plan has team changes." },
      member_outcomes: { type: 'array', items: MEMBER_OUTCOME, description: "One per member change, in the plan's order, when the plan has member changes." },
      token_policy_outcomes: {
        type: 'array',
        items: TOKEN_POLICY_OUTCOME,
        description: "One per token-policy change, in the plan's order, when the files have token-policy.",
      },
    },
    additionalProperties: false,
    allOf: [
      {
        if: { properties: { result: { const: 'applied' } } },
        then: { required: ['converged', 'counts', 'outcomes'] },
        else: { properties: { converged: false, counts: false, outcomes: false } },
      },
      { if: { properties: { result: { const: 'no-changes' } } }, then: { properties: { stopped: false } } },
    ],
    $defs: { ...($defs as Schema), plan: { ...plan, description: 'The plan applied (plan format 1, as `plan --format json` prints it).' } },
  };
}
