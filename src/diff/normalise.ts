// What a grant means, independent of how it was written or reported. Pure.
// A fixed level means its implied row (docs/api.md, "Seed: resources and fields": the attributes
// of a fixed level are read-only and report the implicit permissions), so it compares by level
// alone; `custom` compares attribute by attribute. A live attribute the service did not report is
// unknown, never a difference (docs/api.md, "Wire format of team-projects": a missing key is "not
// reported", never "false"). Where no source says what a fixed level reports for an attribute
// (NOT_KNOWN in src/core/access.ts), the level is never compared on it: it counts as the same as a
// custom value only when that value is the custom default, so "same permissions" is never claimed
// on a guess; a live fixed grant that reports a value there is taken at its word.
import { IMPLIED, isLevel, PERMISSIONS, type PermissionSet, type PermissionSpec, type PermissionValue, type Resource } from '../core/access.js';
import type { Access, ReportedAccess } from '../core/model.js';

export type Comparison = 'equal' | 'label-only' | 'different';

/** The value of one permission a grant has: its level's implied value (else what the service reported for it), or the custom value. */
function valueOf(resource: Resource, access: Access | ReportedAccess, key: string): PermissionValue | undefined {
  if (access.access === 'custom') return access.permissions[key];
  return IMPLIED[resource][access.access]?.[key] ?? ('permissions' in access ? access.permissions[key] : undefined);
}

/** One attribute of desired against live, by the rules above. */
function sameValue(spec: PermissionSpec, left: PermissionValue | undefined, right: PermissionValue | undefined, live: ReportedAccess): boolean {
  if (left !== undefined && right !== undefined) return left === right;
  if (right === undefined && live.access === 'custom') return true; // not reported: unknown, never a difference
  const other = left ?? right;
  return other === undefined || other === spec.customDefault;
}

// Compared key by key in place rather than through permissionsOf: the same answer without an
// object per grant, which is what 100,000 grants cost. Indexed loops here and in levelEqualTo: a
// plan runs them once, mostly before V8 optimises them, and unoptimised for...of allocates an
// iterator and a result per step.
function sameKnownValues(a: Access, b: ReportedAccess, resource: Resource): boolean {
  const specs = PERMISSIONS[resource];
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i] as PermissionSpec;
    if (!sameValue(spec, valueOf(resource, a, spec.key), valueOf(resource, b, spec.key), b)) return false;
  }
  return true;
}

/**
 * Desired against live. Same fixed level: equal whatever the service reports. Both custom: equal
 * when every reported attribute matches. A level change whose permissions stay the same (custom
 * equal to a fixed level, or the reverse) is `label-only`.
 */
export function compareAccess(resource: Resource, desired: Access, live: ReportedAccess): Comparison {
  if (!isLevel(resource, live.access) || !isLevel(resource, desired.access)) return 'different';
  if (desired.access === live.access && desired.access !== 'custom') return 'equal';
  const same = sameKnownValues(desired, live, resource);
  if (desired.access === live.access) return same ? 'equal' : 'different';
  return same ? 'label-only' : 'different';
}

/** The fixed level whose implied row equals a full custom vector, if any (an attribute not known at the level must hold its default). */
export function levelEqualTo(resource: Resource, permissions: PermissionSet): string | undefined {
  const specs = PERMISSIONS[resource];
  for (const level in IMPLIED[resource]) {
    const row = IMPLIED[resource][level] as PermissionSet;
    let equal = true;
    for (let i = 0; i < specs.length; i++) {
      const spec = specs[i] as PermissionSpec;
      if ((row[spec.key] ?? spec.customDefault) !== permissions[spec.key]) {
        equal = false;
        break;
      }
    }
    if (equal) return level;
  }
  return undefined;
}
