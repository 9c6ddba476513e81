// The JSON Schema of `policies:` (docs/effective-access.md, "Policies"), a part of the desired-state file's schema
// (schema.ts). Which levels a policy's kind takes, and that it has one match and one rule, are
// semantic rules (semantic.ts): their messages can say what was meant.
import { LEVELS } from '../core/access.js';
import type { JsonSchema } from '../core/json-schema.js';

/** Every fixed level of both kinds: read, plan, write, maintain, admin. */
export const POLICY_LEVELS: readonly string[] = [...new Set([...LEVELS['team-workspaces'], ...LEVELS['team-projects']])]
  .filter((l) => l !== 'custom')
  .sort((a, b) => Number(a === 'admin') - Number(b === 'admin'));

/** Every fixed level of both kinds: which ones a policy's kind takes is a semantic rule (semantic.ts), for a better message. */
function policyLevel(what: string): JsonSchema {
  return { description: `${what} A fixed level of the policy's kind: read, write, maintain, admin for projects; read, plan, write, admin for workspaces.`, enum: POLICY_LEVELS };
}

/** docs/effective-access.md, "Policies": a match (workspaces or projects) and one rule, checked on effective access. */
export function policyDef(): JsonSchema {
  const team = { description: 'A team name.', type: 'string', minLength: 1 };
  return {
    description: 'A rule the effective access of every matched workspace or project must obey: `plan` and `apply` refuse (exit 3) a plan that leaves it broken. Exactly one of `workspaces`/`projects` and one of `max-access`, `min-access`, `max-teams`. The owners team is always exempt.',
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { description: 'Shown with every violation; unique across the files.', type: 'string', minLength: 1 },
      workspaces: { description: 'Which workspaces of the organization the policy covers (managed by the files or not).', $ref: '#/$defs/workspaceMatch' },
      projects: { description: 'Which projects of the organization the policy covers (managed by the files or not).', $ref: '#/$defs/projectMatch' },
      'max-access': policyLevel('No team may have any permission above what this level implies (admin: any level).'),
      'except-teams': { description: 'Teams `max-access` does not apply to.', type: 'array', items: team, minItems: 1, uniqueItems: true },
      'min-access': {
        description: 'This team must have at least this level on every matched target.',
        type: 'object',
        required: ['team', 'access'],
        additionalProperties: false,
        properties: { team, access: policyLevel('The least access the team must have.') },
      },
      'max-teams': {
        description: 'At most `count` teams (the owners team not counted) may have at least `access` on each matched target.',
        type: 'object',
        required: ['access', 'count'],
        additionalProperties: false,
        properties: { access: policyLevel('The level counted (teams with at least it).'), count: { description: 'How many teams may have it.', type: 'integer', minimum: 0 } },
      },
    },
  };
}
