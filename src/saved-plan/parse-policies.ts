// A saved plan's `basis.policies` (core/policy-document.ts) back into the policies, so that
// `apply --plan` checks them again without the files (docs/effective-access.md, "Policies"). Checked as the changes
// are: every value one a validated file can hold, and what is kept is all the file says.
import { type FixedLevel, isFixedLevel } from '../core/access.js';
import { RESOURCE_OF, type SetMatch, type TargetType } from '../core/model.js';
import type { DesiredPolicy, GrantEnd, PolicyException } from '../core/policy.js';
import { policyDocument } from '../core/policy-document.js';
import { isOrganizationRule, POLICY_RULES, type PolicyRule, RULE_KINDS, type RuleKind, type RuleReader, rulesRead } from '../core/policy-rules.js';
import { CRITERION_KEYS } from '../core/set-criteria.js';
import { orList } from '../core/suggest.js';
import { teamFlag } from '../core/team-flags.js';
import type { Reader } from './reader.js';
import { expiryDocument } from './saved-plan.js';

function names(reader: Reader, key: string): string[] {
  return reader.array(key).map((value, i) => (typeof value === 'string' && value !== '' ? value : reader.fail(`${reader.at(key)}[${i}] is not a name`)));
}

function flags(reader: Reader, key: string): string[] {
  return names(reader, key).map((flag, i) => (teamFlag(flag) ? flag : reader.fail(`${reader.at(key)}[${i}] "${flag}" is not an organization-access flag`)));
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
function ruleOf(reader: Reader, type: TargetType | 'organization'): PolicyRule {
  const kind = reader.string('kind');
  if (!(RULE_KINDS as readonly string[]).includes(kind)) reader.fail(`${reader.at('kind')} "${kind}" is not ${orList(RULE_KINDS)}`);
  const fields: RuleReader = {
    level: (key) => (type === 'organization' ? reader.fail(`${reader.at(key)}: a policy of the organization has no level`) : level(reader, key, type)),
    string: (key) => reader.string(key),
    names: (key) => names(reader, key),
    flags: (key) => flags(reader, key),
    integer: (key, minimum) => {
      const value = reader.integer(key);
      return value >= minimum ? value : reader.fail(`${reader.at(key)} is below ${minimum}`);
    },
  };
  return POLICY_RULES[kind as RuleKind].fromDocument(fields);
}

/** The policy of the document's type: of targets with a match, or of the organization (core/policy.ts), its rule of a kind that goes with it. */
function typedPolicy(reader: Reader): DesiredPolicy {
  const type = reader.string('type');
  if (type !== 'project' && type !== 'workspace' && type !== 'organization')
    reader.fail(`${reader.at('type')} "${type}" is not project, workspace or organization`);
  const name = reader.string('name');
  const rule = ruleOf(reader.object('rule'), type);
  if (type === 'organization')
    return isOrganizationRule(rule) ? { name, type, rule } : reader.fail(`${reader.at('rule')} "${rule.kind}" is no rule of the organization`);
  return isOrganizationRule(rule)
    ? reader.fail(`${reader.at('rule')} "${rule.kind}" is a rule of the organization, not of a ${type}`)
    : { name, type, match: matchOf(reader.object('match')), rule };
}

/** docs/evidence.md, "Accepted exceptions": each exception as a valid file holds it, its end an instant. */
function exceptionOf(reader: Reader): PolicyException {
  const text = (key: string): { [key: string]: string } => (reader.value[key] === undefined ? {} : { [key]: reader.string(key) });
  return { ...text('team'), ...text('person'), ...text('workspace'), ...text('project'), reason: reader.string('reason'), expires: reader.instant('expires') };
}

function policyOf(reader: Reader): DesiredPolicy {
  const typed = typedPolicy(reader);
  const policy = reader.value.exceptions === undefined ? typed : { ...typed, exceptions: reader.objects('exceptions').map(exceptionOf) };
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
  const reads = rulesRead(
    policies.map((p) => p.rule),
    'grant-expiries',
  );
  if (basis.value.expiries === undefined) return reads ? basis.fail(`${basis.at('expiries')} is missing, and a policy reads it`) : {};
  if (!reads) basis.fail(`${basis.at('expiries')} is there, and no policy reads it`);
  return { expiries: basis.objects('expiries').map(endOf) };
}
