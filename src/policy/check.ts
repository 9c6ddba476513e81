// The policies (docs/effective-access.md, "Policies") checked on effective access: every target of the organization
// a policy's match selects, every team's effective access there (src/effective/). Pure. Levels are
// compared on the effective permission vector, so a custom grant is held to what it can do:
//   - a team is above a level when it is admin (admin's own powers are in no vector) and the level
//     is not, or when any permission it has is above the value the level implies;
//   - a team has at least a level when it is admin, or when every permission the level implies is
//     matched or exceeded.
// A value the tables do not know (a level's "not known" newer permission) is never compared. The
// owners team is exempt from every rule.
import { IMPLIED, type FixedLevel } from '../core/access.js';
import type { EffectiveCell } from '../core/effective.js';
import { OWNERS_TEAM, RESOURCE_OF, type DesiredSet, type Project, type TargetRef, type TargetType, type Workspace } from '../core/model.js';
import type { DesiredPolicy } from '../core/policy.js';
import type { PolicyViolation } from '../core/policy.js';
import { quote } from '../core/printable.js';
import { EffectiveIndex, type OrganizationInput } from '../effective/compute.js';
import { byName } from '../core/order.js';
import { atLeast, compare } from '../effective/vector.js';
import { projectMatches, workspaceMatches } from '../expand/match.js';
import { sourcesText } from '../render/report-text.js';

/** True when the cell is above `level`: admin below an admin level, or any permission above the level's. */
export function exceeds(cell: EffectiveCell, level: FixedLevel): boolean {
  if (level === 'admin') return false;
  if (cell.access === 'admin') return true;
  const resource = RESOURCE_OF[cell.target.type];
  return compare(resource, IMPLIED[resource][level] ?? {}, cell.permissions).up;
}

/** True when the cell has at least `level`: admin, or every permission the level implies. */
export function reaches(cell: EffectiveCell, level: FixedLevel): boolean {
  if (cell.access === 'admin') return true;
  if (level === 'admin') return false;
  const resource = RESOURCE_OF[cell.target.type];
  return atLeast(resource, cell.permissions, IMPLIED[resource][level] ?? {});
}

/** The match as a set's, for the matchers sets use (src/expand/match.ts). */
function asSet(policy: DesiredPolicy): DesiredSet {
  return { type: policy.type, name: policy.name, match: policy.match, prune: false, grants: [] };
}

/** The policies' matches as sets: what src/lookup/catalog.ts reads the workspaces for. */
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

const where = (target: TargetRef): string => `${target.type} ${quote(target.name)}`;
const cellKey = (type: TargetType, id: string): string => `${type}\u0000${id}`;

function checkTarget(policy: DesiredPolicy, target: TargetRef, cells: readonly EffectiveCell[]): PolicyViolation[] {
  const { rule } = policy;
  const violation = (team: PolicyViolation['team'], message: string): PolicyViolation => ({ policy: policy.name, target, team, message });
  const counted = cells.filter((c) => c.team.name !== OWNERS_TEAM);
  switch (rule.kind) {
    case 'max-access':
      return counted
        .filter((c) => !rule.exceptTeams.includes(c.team.name) && exceeds(c, rule.access))
        .map((c) => violation(c.team, `team ${quote(c.team.name)} has ${c.access} on ${where(target)}, above ${rule.access} (${sourcesText(c)})`));
    case 'min-access': {
      const cell = cells.find((c) => c.team.name === rule.team);
      if (cell && reaches(cell, rule.access)) return [];
      const has = cell ? `${cell.access} (${sourcesText(cell)})` : 'no access';
      return [violation(cell?.team ?? null, `team ${quote(rule.team)} has ${has} on ${where(target)}, below ${rule.access}`)];
    }
    case 'max-teams': {
      const over = counted.filter((c) => reaches(c, rule.access));
      if (over.length <= rule.count) return [];
      const teams = over.map((c) => c.team.name).join(', ');
      return [violation(null, `${over.length} teams have ${rule.access === 'admin' ? 'admin' : `at least ${rule.access}`} on ${where(target)}, more than ${rule.count}: ${teams}`)];
    }
  }
}

/**
 * Every violation of every policy, sorted by policy (in file order), target, team. `input` is the
 * organization as the check sees it: every target the policies select, with their grants and, for
 * a workspace, its project's grants (what its effective access counts).
 */
export function checkPolicies(policies: readonly DesiredPolicy[], input: OrganizationInput): PolicyViolation[] {
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
      .sort(byName)
      .flatMap((target) => checkTarget(policy, target, byTarget.get(cellKey(target.type, target.id)) ?? [])),
  );
}
