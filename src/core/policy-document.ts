// A policy as the files mean it, in one canonical JSON form (docs/effective-access.md, "Policies"): what a saved plan
// carries so `apply --plan` can check the policies again, and what the policies' digest hashes
// (diff/checksum.ts). Where the policy was written (file, line) is no part of it.
import type { JsonObject } from './json-value.js';
import type { SetMatch } from './model.js';
import { CRITERION_KEYS } from './set-criteria.js';
import type { DesiredPolicy } from './policy.js';
import { rowOf, type PolicyRule } from './policy-rules.js';

function matchDocument(match: SetMatch): JsonObject {
  const out: JsonObject = {};
  for (const key of CRITERION_KEYS) if (match[key] !== undefined) out[key] = [...(match[key] ?? [])];
  return out;
}

export function ruleDocument(rule: PolicyRule): JsonObject {
  return rowOf(rule).document(rule);
}

/** `{name, type, match, rule}` (a policy of the organization: `{name, type, rule}`), keys in a fixed order: the same policy always gives the same bytes. */
export function policyDocument(policy: DesiredPolicy): JsonObject {
  if (policy.type === 'organization') return { name: policy.name, type: policy.type, rule: ruleDocument(policy.rule) };
  return { name: policy.name, type: policy.type, match: matchDocument(policy.match), rule: ruleDocument(policy.rule) };
}

/** The policy without where it was written: what a saved plan keeps of it. */
export function policyMeaning(policy: DesiredPolicy): DesiredPolicy {
  if (policy.type === 'organization') return { name: policy.name, type: policy.type, rule: policy.rule };
  return { name: policy.name, type: policy.type, match: policy.match, rule: policy.rule };
}
