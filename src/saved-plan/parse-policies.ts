// A saved plan's `basis.policies` (core/policy-document.ts) back into the policies, so that
// `apply --plan` checks them again without the files (docs/effective-access.md, "Policies"). Checked as the changes
// are: every value one a validated file can hold, and what is kept is all the file says.
import { isFixedLevel, type FixedLevel } from '../core/access.js';
import { RESOURCE_OF, type SetMatch, type TargetType } from '../core/model.js';
import { policyDocument } from '../core/policy-document.js';
import { CRITERION_KEYS } from '../core/set-criteria.js';
import type { DesiredPolicy, GrantEnd } from '../core/policy.js';
import { POLICY_RULES, RULE_KINDS, rulesRead, type PolicyRule, type RuleKind, type RuleReader } from '../core/policy-rules.js';
import { expiryDocument } from './saved-plan.js';
import { orList } from '../core/suggest.js';
import type { Reader } from './reader.js';

function names(reader: Reader, key: string): string[] {
  return reader.array(key).map((value, i) => (typeof value === 'string' && value !== '' ? value : reader.fail(`${reader.at(key)}[${i}] is not a name`)));
}

function level(reader: Reader, key: string, type: TargetType): FixedLevel {
  const value = reader.string(key);
  return isFixedLevel(RESOURCE_OF[type], value) ? value : reader.fail(`${reader.at(key)} "${value}" is not a fixed level of a ${type}`);
}

function matchOf(reader: Reader): SetMatch {
  const match: { -readonly [K in keyof SetMatch]: SetMatch[K] } = {};
  for (const key of CRITERION_KEYS) if (reader.value[key] !== undefined) match[key] = names(reader, key);
  return match;
}

/** The rule through its row (core/policy-rules.ts), each value checked as a valid file holds it. */
function ruleOf(reader: Reader, type: TargetType): PolicyRule {
  const kind = reader.string('kind');
  if (!(RULE_KINDS as readonly string[]).includes(kind)) reader.fail(`${reader.at('kind')} "${kind}" is not ${orList(RULE_KINDS)}`);
  const fields: RuleReader = {
    level: (key) => level(reader, key, type),
    string: (key) => reader.string(key),
    names: (key) => names(reader, key),
    integer: (key, minimum) => {
      const value = reader.integer(key);
      return value >= minimum ? value : reader.fail(`${reader.at(key)} is below ${minimum}`);
    },
  };
  return POLICY_RULES[kind as RuleKind].fromDocument(fields);
}

function policyOf(reader: Reader): DesiredPolicy {
  const type = reader.string('type');
  if (type !== 'project' && type !== 'workspace') reader.fail(`${reader.at('type')} "${type}" is not project or workspace`);
  const policy: DesiredPolicy = { name: reader.string('name'), type, match: matchOf(reader.object('match')), rule: ruleOf(reader.object('rule'), type) };
  // All the file says is kept: a key the document does not know is an edit.
  if (JSON.stringify(policyDocument(policy)) !== JSON.stringify(reader.value)) reader.fail(`${reader.path} has keys a saved plan does not write`);
  return policy;
}

export function savedPoliciesOf(basis: Reader): DesiredPolicy[] {
  return basis.objects('policies').map(policyOf);
}

function endOf(reader: Reader): GrantEnd {
  const end = { teamId: reader.string('team'), targetId: reader.string('target'), at: reader.instant('at') };
  if (JSON.stringify(expiryDocument(end)) !== JSON.stringify(reader.value)) reader.fail(`${reader.path} has keys a saved plan does not write`);
  return end;
}

/** `basis.expiries`: there exactly when a policy reads them (core/policy-rules.ts). */
export function expiriesOf(basis: Reader, policies: readonly DesiredPolicy[]): { expiries?: GrantEnd[] } {
  const reads = rulesRead(policies.map((p) => p.rule), 'grant-expiries');
  if (basis.value.expiries === undefined) return reads ? basis.fail(`${basis.at('expiries')} is missing, and a policy reads it`) : {};
  if (!reads) basis.fail(`${basis.at('expiries')} is there, and no policy reads it`);
  return { expiries: basis.objects('expiries').map(endOf) };
}
