// The smallest access that covers a floor of permission values (docs/recommend.md, "The rule"):
// the lowest fixed level whose row holds every value of the floor, or, with `--custom`, the exact
// custom vector: each permission at its lowest value (none, false, or a project's `read` settings)
// unless the floor asks for more. And whether a proposed access is strictly below the current one.
// Generic over the access tables (core/access.ts). Pure.
import { IMPLIED, LEVEL_RANK, PERMISSIONS, type PermissionSet, type PermissionValue, type Resource } from '../core/access.js';
import type { Access, ReportedAccess } from '../core/model.js';
import { permissionsOf } from '../core/permissions.js';
import { atLeast, known, maximum } from './vector.js';

/** The fixed levels of a resource from the lowest up. */
export function fixedLevelsUp(resource: Resource): string[] {
  return Object.entries(LEVEL_RANK[resource])
    .sort((a, b) => a[1] - b[1])
    .map(([level]) => level);
}

/** The lowest fixed level at least `minRank` whose row holds the floor; undefined when none does. */
export function smallestLevel(resource: Resource, floor: PermissionSet, minRank = 0): string | undefined {
  return fixedLevelsUp(resource).find((level) => (LEVEL_RANK[resource][level] ?? 0) >= minRank && atLeast(resource, IMPLIED[resource][level] ?? {}, floor));
}

/** The custom vector of the floor: every permission of the resource, at its lowest value unless the floor says more. */
export function smallestVector(resource: Resource, floor: PermissionSet): PermissionSet {
  const out: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[resource]) {
    const lowest: PermissionValue = spec.values === 'boolean' ? false : (spec.values[0] as string);
    out[spec.key] = maximum(resource, [{ [spec.key]: lowest }, floor])[spec.key] ?? lowest;
  }
  return out;
}

/** The smallest access covering the floor (and a fixed level at least `minRank`), or undefined when no fixed level does. */
export function smallestAccess(
  resource: Resource,
  floor: PermissionSet,
  options: { custom: boolean; minRank: number; minRow: PermissionSet },
): Access | undefined {
  if (options.custom) return { access: 'custom', permissions: smallestVector(resource, maximum(resource, [floor, options.minRow])) };
  const level = smallestLevel(resource, floor, options.minRank);
  return level === undefined ? undefined : ({ access: level } as Access);
}

const rank = (values: readonly string[] | 'boolean', value: PermissionValue): number =>
  values === 'boolean' ? (value === true ? 1 : 0) : values.indexOf(value as string);

/**
 * True when `proposed` gives less than `current` somewhere and more nowhere: fixed levels by rank;
 * otherwise by vector, a lowest value (none, false) giving nothing wherever the current value is
 * not known, and admin's powers that no vector shows (managing team access) counting as more.
 */
export function strictlyBelow(resource: Resource, proposed: Access, current: Access | ReportedAccess): boolean {
  const ranks = LEVEL_RANK[resource];
  if (proposed.access !== 'custom' && current.access !== 'custom') return (ranks[proposed.access] ?? 0) < (ranks[current.access] ?? 0);
  const now = permissionsOf(resource, current);
  const then = permissionsOf(resource, proposed);
  let less = current.access === 'admin';
  for (const spec of PERMISSIONS[resource]) {
    const p = known(spec, then[spec.key]);
    const c = known(spec, now[spec.key]);
    if (p === undefined || rank(spec.values, p) === 0) {
      if (c !== undefined && rank(spec.values, c) > 0) less = true;
      continue;
    }
    if (c === undefined || rank(spec.values, p) > rank(spec.values, c)) return false;
    if (rank(spec.values, p) < rank(spec.values, c)) less = true;
  }
  return less;
}
