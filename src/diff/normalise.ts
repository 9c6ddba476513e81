// Normalisation: what a grant means, independent of how it was written or reported. Pure.
// A fixed level means its implied row (seed: the attributes of a fixed level are read-only and
// report the implicit permissions), so it compares by level alone; `custom` compares attribute by
// attribute. A live attribute the service did not report is unknown, never a difference
// (api/NOTES.md: "A missing key is 'not reported', never 'false'").
import { IMPLIED, PERMISSIONS, isLevel, type PermissionSet, type PermissionValue, type Resource } from '../core/access.js';
import type { Access } from '../core/model.js';

/** The permission values a grant effectively has, in table order; unreported custom values absent. */
export function effectivePermissions(resource: Resource, access: Access): PermissionSet {
  if (access.access !== 'custom') return IMPLIED[resource][access.access] ?? {};
  const out: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[resource]) {
    const value = access.permissions[spec.key];
    if (value !== undefined) out[spec.key] = value;
  }
  return out;
}

/** The normalised form shown in plans: the level and its effective permissions, nothing else. */
export function normalise(resource: Resource, access: Access): Access {
  return { access: access.access, permissions: effectivePermissions(resource, access) };
}

export type Comparison = 'equal' | 'label-only' | 'different';

function sameKnownValues(a: PermissionSet, b: PermissionSet, resource: Resource): boolean {
  return PERMISSIONS[resource].every((spec) => {
    const left = a[spec.key];
    const right = b[spec.key];
    return left === undefined || right === undefined || left === right;
  });
}

/**
 * Desired against live. Same fixed level: equal whatever the service reports. Both custom: equal
 * when every reported attribute matches. A level change whose permissions stay the same (custom
 * equal to a fixed level, or the reverse) is `label-only`.
 */
export function compareAccess(resource: Resource, desired: Access, live: Access): Comparison {
  if (!isLevel(resource, live.access) || !isLevel(resource, desired.access)) return 'different';
  if (desired.access === live.access && desired.access !== 'custom') return 'equal';
  const same = sameKnownValues(effectivePermissions(resource, desired), effectivePermissions(resource, live), resource);
  if (desired.access === live.access) return same ? 'equal' : 'different';
  return same ? 'label-only' : 'different';
}

/** The fixed level whose implied row equals a full custom vector, if any. */
export function levelEqualTo(resource: Resource, permissions: PermissionSet): string | undefined {
  for (const [level, row] of Object.entries(IMPLIED[resource])) {
    if (PERMISSIONS[resource].every((spec) => row[spec.key] === permissions[spec.key])) return level;
  }
  return undefined;
}
