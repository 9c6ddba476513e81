// Rules of `policies:` the schema cannot say well (docs/effective-access.md, "Policies"): one match (`workspaces` or
// `projects`) that names a criterion, exactly one rule, a key that goes with one kind of rule
// (`except-teams`) only with it, and levels of the policy's kind. And the policies as the planner
// reads them, each rule through its row (core/policy-rules.ts). Pure.
import { isFixedLevel } from '../core/access.js';
import { RESOURCE_OF, type SourceRef, type TargetType } from '../core/model.js';
import type { DesiredPolicy } from '../core/policy.js';
import { isOrganizationKind, isOrganizationRule, POLICY_RULES, type PolicyRule, RULE_KINDS, type RuleKind, rowOf } from '../core/policy-rules.js';
import { quote } from '../core/printable.js';
import { narrowingCriteria } from '../core/set-criteria.js';
import { didYouMean, orList } from '../core/suggest.js';
import type { Segment } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { exceptionProblems, exceptionsOf } from './policy-exceptions.js';
import { problemAt, valueAt } from './positions.js';
import { fixedLevels } from './schema.js';
import { selectionOf } from './selection.js';

const MATCH_KEYS: { readonly [T in TargetType]: string } = { workspace: 'workspaces', project: 'projects' };

function typeOf(policy: Record<string, unknown>): TargetType | undefined {
  if ('workspaces' in policy) return 'workspace';
  return 'projects' in policy ? 'project' : undefined;
}

/** Where a level of each rule given is written (`max-access`, or `access` inside `min-access`), in row order. */
function levelsOf(policy: Record<string, unknown>): { segments: Segment[]; value: unknown }[] {
  const out: { segments: Segment[]; value: unknown }[] = [];
  for (const kind of RULE_KINDS) {
    const at = POLICY_RULES[kind].levelAt;
    if (at === null) continue;
    let value: unknown = policy;
    for (const key of at) value = isRecord(value) ? value[key] : undefined;
    if (kind in policy && value !== undefined) out.push({ segments: [...at], value });
  }
  return out;
}

/** The keys that go with one kind of rule only (`except-teams`), with that kind. */
const COMPANIONS: readonly { key: string; kind: RuleKind }[] = RULE_KINDS.flatMap((kind) =>
  Object.keys(POLICY_RULES[kind].schema)
    .filter((key) => key !== kind)
    .map((key) => ({ key, kind })),
);

function levelProblem(type: TargetType, value: unknown): string | undefined {
  const levels = fixedLevels(RESOURCE_OF[type]);
  if (typeof value !== 'string' || levels.includes(value)) return undefined;
  const other: TargetType = type === 'project' ? 'workspace' : 'project';
  if (!fixedLevels(RESOURCE_OF[other]).includes(value)) return undefined; // the schema's enum says it
  const guess = didYouMean(value, levels);
  return `${quote(value)} is a ${other} level, not a ${type} level; a ${type} policy takes ${orList(levels)}${guess ? `.${guess}` : ''}`;
}

/** The kinds checked on the organization's teams or people (core/policy-rules.ts, isOrganizationKind): a policy of one has no match. */
const ORGANIZATION_KINDS = RULE_KINDS.filter(isOrganizationKind);

/** What a kind of the whole organization covers, in its message (default: teams). */
const ORGANIZATION_SUBJECT: Partial<Record<RuleKind, string>> = { 'max-members': 'people', 'max-token-age': 'team tokens' };

/** A policy of the whole organization (`organization-access`, `max-members`, `max-token-age`): a match has no place in it. */
function organizationPolicy(policy: Record<string, unknown>, name: string, say: (segments: Segment[], text: string) => void): boolean {
  const kind = ORGANIZATION_KINDS.find((k) => k in policy);
  if (kind === undefined) return false;
  for (const key of Object.values(MATCH_KEYS)) {
    if (key in policy)
      say([key], `${name}: \`${kind}\` is a policy of the whole organization's ${ORGANIZATION_SUBJECT[kind] ?? 'teams'}: it takes no \`${key}\``);
  }
  return true;
}

function onePolicy(item: Located, say: (segments: Segment[], text: string) => void): void {
  const policy = item.value;
  if (!isRecord(policy)) return;
  const name = typeof policy.name === 'string' ? `policy ${quote(policy.name)}` : 'a policy';
  const rules = RULE_KINDS.filter((r) => r in policy);
  if (rules.length > 1)
    say(
      [rules[1] as string],
      `${name} has ${rules.length} rules (${rules.join(', ')}): one rule per policy, so each violation names what it broke; write one policy per rule`,
    );
  const organization = organizationPolicy(policy, name, say);
  const type = typeOf(policy);
  const scope = organization ? 'organization' : type;
  if (scope !== undefined) exceptionProblems(policy, { type: scope, people: 'max-members' in policy }, (segments, text) => say(segments, `${name}: ${text}`));
  if (organization) return;
  if ('workspaces' in policy && 'projects' in policy) say(['projects'], `${name} covers workspaces or projects, not both: write two policies`);
  if (type === undefined) say([], `${name} says what it covers: give \`workspaces: {...}\` or \`projects: {...}\` (\`names: ["*"]\` for every one)`);
  if (rules.length === 0) say([], `${name} has no rule: give one of ${orList(RULE_KINDS.map((r) => `\`${r}\``))}`);
  for (const { key, kind } of COMPANIONS) if (key in policy && !(kind in policy)) say([key], `${name}: \`${key}\` goes with \`${kind}\` only`);
  if (type === undefined) return;
  const match = policy[MATCH_KEYS[type]];
  // `exclude` alone, or nothing, would cover everything by accident.
  const needed = narrowingCriteria(type);
  if (isRecord(match) && !needed.some((k) => k in match)) {
    say([MATCH_KEYS[type]], `${name} matches nothing in particular: give ${orList(needed.map((k) => `\`${k}\``))} (\`names: ["*"]\` for every ${type})`);
  }
  for (const level of levelsOf(policy)) {
    const text = levelProblem(type, level.value);
    if (text) say(level.segments, text);
  }
}

export function policyProblems(merged: Merged): Problem[] {
  const problems: Problem[] = [];
  for (const item of merged.policies) {
    onePolicy(item, (segments, text) => {
      const path = [...item.segments, ...segments];
      problems.push(problemAt(valueAt(item.file, path), path, text));
    });
  }
  return problems;
}

// ---- the validated policies as the planner reads them (called only when there are no problems) ----

/** The rule of the one kind the policy gives (validated: exactly one). */
function ruleOf(policy: Record<string, unknown>): PolicyRule {
  const kind = RULE_KINDS.find((k) => k in policy);
  if (kind === undefined) throw new Error('a policy without a rule was not validated');
  return POLICY_RULES[kind].read(policy);
}

function teamSources(item: Located, rule: PolicyRule): Map<string, SourceRef> {
  return new Map(
    rowOf(rule)
      .teams(rule)
      .map(({ name, at }) => [name, valueAt(item.file, [...item.segments, ...at])]),
  );
}

export function toPolicies(merged: Merged): DesiredPolicy[] {
  return merged.policies.map((item): DesiredPolicy => {
    const policy = isRecord(item.value) ? item.value : {};
    const rule = ruleOf(policy);
    const exceptions = exceptionsOf(item, policy);
    if (isOrganizationRule(rule))
      return { name: String(policy.name), type: 'organization', rule, ...exceptions, source: item.at, teamSources: teamSources(item, rule) };
    const type = typeOf(policy) ?? 'workspace';
    if (!isFixedLevel(RESOURCE_OF[type], rule.access)) throw new Error(`policy level ${rule.access} was not validated`);
    return {
      name: String(policy.name),
      type,
      ...selectionOf(item.file, [...item.segments, MATCH_KEYS[type]], policy[MATCH_KEYS[type]]),
      rule,
      ...exceptions,
      source: item.at,
      teamSources: teamSources(item, rule),
    };
  });
}
