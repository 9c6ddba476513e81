// One live grant -> the value a desired-state file writes for it, in canonical form: a fixed level
// as its shorthand (`dev: write`); `custom` as a mapping with only the attributes that differ from
// the custom defaults, nested for projects (`project-access`/`workspace-access`) and flat for
// workspaces, the way the file format and the wire both nest them. Pure.
import { PERMISSIONS, type PermissionValue, type Resource } from '../core/access.js';
import type { ReportedAccess } from '../core/model.js';
import { byEntryKey } from '../core/order.js';
import { nestPermissions } from '../core/permissions.js';

export type GrantValue = string | Readonly<Record<string, PermissionValue | Readonly<Record<string, PermissionValue>>>>;

export function sortedRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(byEntryKey));
}

/** The attributes of a custom grant that differ from the custom defaults, as dotted keys. */
export function nonDefaultPermissions(resource: Resource, access: ReportedAccess): Map<string, PermissionValue> {
  const out = new Map<string, PermissionValue>();
  for (const spec of PERMISSIONS[resource]) {
    const value = access.permissions[spec.key];
    // Not reported means unknown; writing nothing gives the default, which the plan compares as
    // equal to an unreported value (docs/api.md: a missing key is "not reported").
    if (value !== undefined && value !== spec.customDefault) out.set(spec.key, value);
  }
  return out;
}

/** A fixed level as its shorthand; `custom` as a mapping of its non-default attributes, keys sorted. */
export function grantValue(resource: Resource, access: ReportedAccess): GrantValue {
  if (access.access !== 'custom') return access.access;
  // Sorted dotted keys nest into sorted groups with sorted attributes.
  const sorted = [...nonDefaultPermissions(resource, access)].sort(byEntryKey);
  // `access` sorts before every attribute name, so the mapping stays in sorted key order.
  return { access: 'custom', ...nestPermissions(sorted) };
}
