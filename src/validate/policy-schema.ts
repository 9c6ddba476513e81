// The JSON Schema of `policies:` (docs/effective-access.md, "Policies"), a part of the desired-state file's schema
// (schema.ts): each kind of rule's keys are its row's (core/policy-rules.ts). Which levels a
// policy's kind takes, and that it has one match and one rule, are semantic rules (policies.ts):
// their messages can say what was meant.

import type { JsonSchema } from '../core/json-schema.js';
import { POLICY_RULES, RULE_KINDS } from '../core/policy-rules.js';
import { exceptionsSchema } from './policy-exceptions.js';

/** docs/effective-access.md, "Policies": a match (workspaces or projects) and one rule, checked on effective access. */
export function policyDef(): JsonSchema {
  const kinds = RULE_KINDS.map((kind) => `\`${kind}\``).join(', ');
  return {
    description: `A rule the effective access of every matched workspace or project must obey: \`plan\` and \`apply\` refuse (exit 3) a plan that leaves it broken. Exactly one of \`workspaces\`/\`projects\` (none for \`organization-access\`, a policy of the organization's teams) and one of ${kinds}. The owners team is always exempt.`,
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { description: 'Shown with every violation; unique across the files.', type: 'string', minLength: 1 },
      workspaces: { description: 'Which workspaces of the organization the policy covers (managed by the files or not).', $ref: '#/$defs/workspaceMatch' },
      projects: { description: 'Which projects of the organization the policy covers (managed by the files or not).', $ref: '#/$defs/projectMatch' },
      ...Object.assign({}, ...RULE_KINDS.map((kind) => POLICY_RULES[kind].schema)),
      exceptions: exceptionsSchema(),
    },
  };
}
