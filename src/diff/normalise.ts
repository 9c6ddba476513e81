// What a grant means, independent of how it was written or reported. Pure.
// A fixed level means its implied row (docs/api.md, "Seed: resources and fields": the attributes
// of a fixed level are read-only and report the implicit permissions), so it compares by level
// alone; `custom` compares attribute by attribute. A live attribute the service did not report is
// unknown, never a difference (docs/api.md, "Wire format of team-projects": a missing key is "not
// reported", never "false").
import { IMPLIED, PERMISSIONS, isLevel, type PermissionSet, type PermissionValue, type Resource } from '../core/access.js';
import type { Access, ReportedAccess } from '../core/model.js';

export type Comparison = 'equal' | 'label-only' | 'different';

/** The value of one permission a grant has: its level's implied value, or the custom value (reported). */
function valueOf(resource: Resource, access: Access | ReportedAccess, key: string): PermissionValue | undefined {
  return access.access === 'custom' ? access.permissions[key] : IMPLIED[resource][access.access]?.[key];
}

// Compared key by key in place rather than through permissionsOf: the same answer without an
// object per grant, which is what 100,000 grants cost.
function sameKnownValues(a: Access, b: ReportedAccess, resource: Resource): boolean {
  for (const spec of PERMISSIONS[resource]) {
    const left = valueOf(resource, a, spec.key);
    const right = valueOf(resource, b, spec.key);
    if (left !== undefined && right !== undefined && left !== right) return false;
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

/** The fixed level whose implied row equals a full custom vector, if any. */
export function levelEqualTo(resource: Resource, permissions: PermissionSet): string | undefined {
  const specs = PERMISSIONS[resource];
  for (const level in IMPLIED[resource]) {
    const row = IMPLIED[resource][level] as PermissionSet;
    let equal = true;
    for (const spec of specs) {
      if (row[spec.key] !== permissions[spec.key]) {
        equal = false;
        break;
      }
    }
    if (equal) return level;
  }
  return undefined;
}
