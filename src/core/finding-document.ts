// What breaking a policy found (core/policy-rules.ts, RuleFindings), as JSON: the data the plan's
// checksum hashes (diff/checksum.ts) and a saved plan keeps beside the violation's words, so a
// rewording of a renderer changes no checksum (docs/apply.md, "`--checksum`: the reviewed plan without moving a file"). Keys sorted at every
// depth: the same finding always gives the same bytes, however it was built. Pure.
import type { JsonObject, JsonValue } from './json-value.js';
import type { PolicyViolation } from './policy.js';
import { ruleDocument } from './policy-document.js';
import type { Finding } from './policy-rules.js';
import { isPendingTeamId } from './teams.js';

/** `value` with the keys of every object sorted and undefined values left out (as JSON.stringify leaves them). */
function sortedKeys(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = sortedKeys(item);
    }
    return out;
  }
  return value as JsonValue;
}

/** The finding with its rule in the rule's canonical form (core/policy-document.ts). */
export function findingDocument(finding: Finding): JsonObject {
  return sortedKeys({ ...finding, rule: ruleDocument(finding.rule) }) as JsonObject;
}

/** The finding of a violation as found, or as a saved plan kept it. */
export function findingOf(violation: PolicyViolation): JsonObject {
  return 'found' in violation ? findingDocument(violation.found) : violation.finding;
}

/**
 * What the checksum hashes of a violation: which policy, where, by which team, what was found, and
 * how it stands (new or live, accepted or lapsed). Never its message.
 */
export function violationFacts(violation: PolicyViolation): JsonObject {
  return {
    policy: violation.policy,
    target: violation.target ? { type: violation.target.type, name: violation.target.name, id: violation.target.id } : null,
    // docs/plan.md, "Team changes": a team the plan creates has no id yet.
    team: violation.team ? { name: violation.team.name, id: isPendingTeamId(violation.team.id) ? null : violation.team.id } : null,
    finding: findingOf(violation),
    ...(violation.status === undefined ? {} : { status: violation.status }),
    ...(violation.accepted === undefined ? {} : { accepted: { reason: violation.accepted.reason, expires: violation.accepted.expires } }),
    ...(violation.lapsed === undefined ? {} : { lapsed: { reason: violation.lapsed.reason, expires: violation.lapsed.expires } }),
  };
}
