// Rules of `policies:` the schema cannot say well (README, "Policies"): one match (`workspaces` or
// `projects`) that names a criterion, exactly one rule, `except-teams` only with `max-access`, and
// levels of the policy's kind. And the policies as the planner reads them. Pure.
import { isFixedLevel, type FixedLevel } from '../core/access.js';
import { RESOURCE_OF, type SourceRef, type TargetType } from '../core/model.js';
import type { DesiredPolicy, PolicyRule } from '../core/policy.js';
import { quote } from '../core/printable.js';
import type { Segment } from '../load/pointer.js';
import type { Problem } from '../load/problem.js';
import { isRecord, type Located, type Merged } from './merge.js';
import { problemAt, valueAt } from './positions.js';
import { fixedLevels } from './schema.js';
import { didYouMean, orList } from './suggest.js';
import { selectionOf } from './selection.js';
import { narrowingCriteria } from '../core/set-criteria.js';

const RULES = ['max-access', 'min-access', 'max-teams'] as const;
const MATCH_KEYS: { readonly [T in TargetType]: string } = { workspace: 'workspaces', project: 'projects' };

function typeOf(policy: Record<string, unknown>): TargetType | undefined {
  if ('workspaces' in policy) return 'workspace';
  return 'projects' in policy ? 'project' : undefined;
}

/** Where a level of the rule is written: `max-access`, or `access` inside `min-access` / `max-teams`. */
function levelsOf(policy: Record<string, unknown>): { segments: Segment[]; value: unknown }[] {
  const out: { segments: Segment[]; value: unknown }[] = [];
  if ('max-access' in policy) out.push({ segments: ['max-access'], value: policy['max-access'] });
  for (const key of ['min-access', 'max-teams']) {
    const rule = policy[key];
    if (isRecord(rule) && 'access' in rule) out.push({ segments: [key, 'access'], value: rule.access });
  }
  return out;
}

function levelProblem(type: TargetType, value: unknown): string | undefined {
  const levels = fixedLevels(RESOURCE_OF[type]);
  if (typeof value !== 'string' || levels.includes(value)) return undefined;
  const other: TargetType = type === 'project' ? 'workspace' : 'project';
  if (!fixedLevels(RESOURCE_OF[other]).includes(value)) return undefined; // the schema's enum says it
  return `${quote(value)} is a ${other} level, not a ${type} level; a ${type} policy takes ${orList(levels)}${didYouMean(value, levels)}`;
}

function onePolicy(item: Located, say: (segments: Segment[], text: string) => void): void {
  const policy = item.value;
  if (!isRecord(policy)) return;
  const name = typeof policy.name === 'string' ? `policy ${quote(policy.name)}` : 'a policy';
  const type = typeOf(policy);
  if ('workspaces' in policy && 'projects' in policy) say(['projects'], `${name} covers workspaces or projects, not both: write two policies`);
  if (type === undefined) say([], `${name} says what it covers: give \`workspaces: {...}\` or \`projects: {...}\` (\`names: ["*"]\` for every one)`);
  const rules = RULES.filter((r) => r in policy);
  if (rules.length === 0) say([], `${name} has no rule: give one of ${orList(RULES.map((r) => `\`${r}\``))}`);
  if (rules.length > 1) say([rules[1] as string], `${name} has ${rules.length} rules (${rules.join(', ')}): one rule per policy, so each violation names what it broke; write one policy per rule`);
  if ('except-teams' in policy && !('max-access' in policy)) say(['except-teams'], `${name}: \`except-teams\` goes with \`max-access\` only`);
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

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function ruleOf(policy: Record<string, unknown>): PolicyRule {
  const min = policy['min-access'];
  if (isRecord(min)) return { kind: 'min-access', team: String(min.team), access: min.access as FixedLevel };
  const max = policy['max-teams'];
  if (isRecord(max)) return { kind: 'max-teams', access: max.access as FixedLevel, count: Number(max.count) };
  return { kind: 'max-access', access: policy['max-access'] as FixedLevel, exceptTeams: strings(policy['except-teams']) };
}

function teamSources(item: Located, rule: PolicyRule): Map<string, SourceRef> {
  const out = new Map<string, SourceRef>();
  if (rule.kind === 'min-access') out.set(rule.team, valueAt(item.file, [...item.segments, 'min-access', 'team']));
  if (rule.kind === 'max-access') rule.exceptTeams.forEach((team, i) => out.set(team, valueAt(item.file, [...item.segments, 'except-teams', i])));
  return out;
}

export function toPolicies(merged: Merged): DesiredPolicy[] {
  return merged.policies.map((item) => {
    const policy = isRecord(item.value) ? item.value : {};
    const type = typeOf(policy) ?? 'workspace';
    const rule = ruleOf(policy);
    if (rule.kind !== 'min-access' && !isFixedLevel(RESOURCE_OF[type], rule.access)) throw new Error(`policy level ${rule.access} was not validated`);
    return { name: String(policy.name), type, ...selectionOf(item.file, [...item.segments, MATCH_KEYS[type]], policy[MATCH_KEYS[type]]), rule, source: item.at, teamSources: teamSources(item, rule) };
  });
}
