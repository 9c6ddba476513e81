// A policy as the files mean it, in one canonical JSON form (docs/effective-access.md, "Policies"): what a saved plan
// carries so `apply --plan` can check the policies again, and what the policies' digest hashes
// (diff/checksum.ts). Where the policy was written (file, line) is no part of it.
import type { JsonObject } from './json-value.js';
import type { SetMatch } from './model.js';
import type { DesiredPolicy, PolicyException } from './policy.js';
import { type PolicyRule, rowOf } from './policy-rules.js';
import { CRITERION_KEYS } from './set-criteria.js';

function matchDocument(match: SetMatch): JsonObject {
  const out: JsonObject = {};
  for (const key of CRITERION_KEYS) if (match[key] !== undefined) out[key] = [...(match[key] ?? [])];
  return out;
}

export function ruleDocument(rule: PolicyRule): JsonObject {
  return rowOf(rule).document(rule);
}

/** The keys of an exception, in their fixed order: those it gives. */
const EXCEPTION_KEYS = ['team', 'person', 'workspace', 'project', 'reason', 'expires'] as const;

/** An exception without where it was written: what a saved plan keeps, and the policies' digest hashes. */
export function exceptionMeaning(exception: PolicyException): PolicyException {
  const out: { -readonly [K in keyof PolicyException]: PolicyException[K] } = { reason: exception.reason, expires: exception.expires };
  for (const key of EXCEPTION_KEYS) if (exception[key] !== undefined) out[key] = exception[key];
  return out;
}

function exceptionDocument(exception: PolicyException): JsonObject {
  const out: JsonObject = {};
  for (const key of EXCEPTION_KEYS) if (exception[key] !== undefined) out[key] = exception[key];
  return out;
}

/**
 * docs/evidence.md, "Accepted exceptions": a policy's exceptions, sealed with it so `apply --plan`
 * judges them again at its own clock; none, no key (a policy without any keeps its bytes).
 */
const exceptionsPart = (policy: DesiredPolicy): JsonObject => (policy.exceptions ? { exceptions: policy.exceptions.map(exceptionDocument) } : {});
const exceptionsKept = (policy: DesiredPolicy): { exceptions?: PolicyException[] } =>
  policy.exceptions ? { exceptions: policy.exceptions.map(exceptionMeaning) } : {};

/** `{name, type, match, rule, exceptions}` (a policy of the organization: no match), keys in a fixed order: the same policy always gives the same bytes. */
export function policyDocument(policy: DesiredPolicy): JsonObject {
  if (policy.type === 'organization') return { name: policy.name, type: policy.type, rule: ruleDocument(policy.rule), ...exceptionsPart(policy) };
  return { name: policy.name, type: policy.type, match: matchDocument(policy.match), rule: ruleDocument(policy.rule), ...exceptionsPart(policy) };
}

/** The policy without where it was written: what a saved plan keeps of it. */
export function policyMeaning(policy: DesiredPolicy): DesiredPolicy {
  if (policy.type === 'organization') return { name: policy.name, type: policy.type, rule: policy.rule, ...exceptionsKept(policy) };
  return { name: policy.name, type: policy.type, match: policy.match, rule: policy.rule, ...exceptionsKept(policy) };
}
