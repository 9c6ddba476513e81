// The policies (README, "Policies") checked on effective access: every target of the organization
// a policy's match selects, every team's effective access there (src/effective/), each rule by
// its kind's row (rules.ts). The violations are data: a renderer phrases them. Pure.
import type { EffectiveCell } from '../core/effective.js';
import type { DesiredSet, Project, TargetRef, TargetType, Workspace } from '../core/model.js';
import type { DesiredPolicy, FoundViolation } from '../core/policy.js';
import type { Finding, FindingOf, RuleKind, RuleOf } from '../core/policy-rules.js';
import { byText, EffectiveIndex, type OrganizationInput } from '../effective/compute.js';
import { projectMatches, workspaceMatches } from '../expand/match.js';
import { RULE_CHECKS, type TargetView } from './rules.js';

/** The match as a set's, for the matchers sets use (src/expand/match.ts). */
function asSet(policy: DesiredPolicy): DesiredSet {
  return { type: policy.type, name: policy.name, match: policy.match, prune: false, grants: [] };
}

/** The policies' matches as sets: what src/resolve/catalog.ts reads the workspaces for. */
export function policySets(policies: readonly DesiredPolicy[]): DesiredSet[] {
  return policies.map(asSet);
}

/** Every target of the organization the policy selects. */
export function selectedBy(policy: DesiredPolicy, projects: readonly Project[], workspaces: readonly Workspace[]): TargetRef[] {
  const set = asSet(policy);
  if (policy.type === 'project') return projects.filter((p) => projectMatches(set, p)).map((p) => ({ type: 'project', name: p.name, id: p.id }));
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  return workspaces.filter((w) => workspaceMatches(set, w, projectNames)).map((w) => ({ type: 'workspace', name: w.name, id: w.id }));
}

const cellKey = (type: TargetType, id: string): string => `${type}\u0000${id}`;

/** The rule checked by its kind's row; each hit, with the rule, is a finding of that kind. */
function check<K extends RuleKind>(name: string, rule: RuleOf<K>, view: TargetView): FoundViolation[] {
  return RULE_CHECKS[rule.kind](rule, view).map((hit) => {
    const found: FindingOf<K> = { kind: rule.kind, rule, ...hit.found };
    // A finding of kind K is one of Finding's members; the compiler cannot follow K through the union.
    return { policy: name, target: view.target, team: hit.team, found: found as unknown as Finding };
  });
}

/**
 * Every violation of every policy, sorted by policy (in file order), target, team. `input` is the
 * organization as the check sees it: every target the policies select, with their grants and, for
 * a workspace, its project's grants (what its effective access counts).
 */
export function checkPolicies(policies: readonly DesiredPolicy[], input: OrganizationInput): FoundViolation[] {
  if (policies.length === 0) return [];
  const byTarget = new Map<string, EffectiveCell[]>();
  for (const cell of new EffectiveIndex(input).all()) {
    const key = cellKey(cell.target.type, cell.target.id);
    const list = byTarget.get(key) ?? [];
    list.push(cell);
    byTarget.set(key, list);
  }
  return policies.flatMap((policy) =>
    selectedBy(policy, input.projects, input.workspaces)
      .sort((a, b) => byText(a.name, b.name))
      .flatMap((target) => check(policy.name, policy.rule, { target, cells: byTarget.get(cellKey(target.type, target.id)) ?? [] })),
  );
}
