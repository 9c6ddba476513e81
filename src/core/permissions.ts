// The permission vocabulary in its two shapes, and the one pair of transforms between them.
// Dotted keys (`workspace-access.runs`) are what the tables, the diff and the renderers use; the
// wire, the desired-state files and the plan documents nest them (`{"workspace-access": {"runs":
// ...}}`) for team-projects and keep them flat for team-workspaces (docs/api.md, "Wire format of
// team-projects"). Also: the vector a grant means, and the one place custom defaults are filled.
import { IMPLIED, PERMISSIONS, type PermissionSet, type PermissionSpec, type PermissionValue, permissionSpec, type Resource } from './access.js';
import type { Access, CustomAccess, ReportedAccess } from './model.js';

/** `workspace-access.runs` -> ['workspace-access', 'runs']; a flat key has no group. */
export function splitKey(key: string): readonly [group: string | undefined, name: string] {
  const dot = key.indexOf('.');
  return dot < 0 ? [undefined, key] : [key.slice(0, dot), key.slice(dot + 1)];
}

const GROUPS: { readonly [R in Resource]: ReadonlySet<string> } = {
  'team-projects': groupsOf('team-projects'),
  'team-workspaces': groupsOf('team-workspaces'),
};

function groupsOf(resource: Resource): ReadonlySet<string> {
  const groups = new Set<string>();
  for (const spec of PERMISSIONS[resource]) {
    const [group] = splitKey(spec.key);
    if (group !== undefined) groups.add(group);
  }
  return groups;
}

/** The nested objects of a resource's permissions (`project-access`, `workspace-access`), if any. */
export function permissionGroups(resource: Resource): ReadonlySet<string> {
  return GROUPS[resource];
}

/** One permission attribute found in a nested map, under its dotted key. */
export interface PermissionEntry {
  readonly key: string;
  readonly value: unknown;
  /** The tables' entry, or undefined for an attribute they do not know. */
  readonly spec: PermissionSpec | undefined;
  /** Set when `key` is a group (`project-access`) whose value is not an object. */
  readonly notAnObject?: true;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The permission attributes of a nested map (wire attributes, a file's grant, a plan document), as
 * dotted keys in the map's order; `access` is not a permission and is skipped. Each caller decides
 * what an unknown key or a wrong value means to it (an error, `extra`, ignored).
 */
export function flattenPermissions(resource: Resource, nested: Readonly<Record<string, unknown>>): PermissionEntry[] {
  const out: PermissionEntry[] = [];
  for (const [name, value] of Object.entries(nested)) {
    if (name === 'access') continue;
    if (!GROUPS[resource].has(name)) {
      out.push({ key: name, value, spec: permissionSpec(resource, name) });
      continue;
    }
    if (value === undefined) continue;
    if (!isPlainObject(value)) {
      out.push({ key: name, value, spec: undefined, notAnObject: true });
      continue;
    }
    for (const [inner, innerValue] of Object.entries(value)) {
      const key = `${name}.${inner}`;
      out.push({ key, value: innerValue, spec: permissionSpec(resource, key) });
    }
  }
  return out;
}

export type Nested<V> = Record<string, V | Record<string, V>>;

/** Dotted keys back to the nested shape, in the order given: `a.b` -> {a: {b}}; flat keys stay flat. */
export function nestPermissions<V>(entries: Iterable<readonly [string, V]>): Nested<V> {
  const out: Nested<V> = {};
  for (const [key, value] of entries) {
    const [group, name] = splitKey(key);
    if (group === undefined) {
      out[name] = value;
      continue;
    }
    const inner = (out[group] ??= {}) as Record<string, V>;
    inner[name] = value;
  }
  return out;
}

/** The values of a set in table order, the known attributes only: the order every document and plan uses. */
export function orderedEntries(resource: Resource, permissions: PermissionSet): [string, PermissionValue][] {
  const out: [string, PermissionValue][] = [];
  for (const spec of PERMISSIONS[resource]) {
    const value = permissions[spec.key];
    if (value !== undefined) out.push([spec.key, value]);
  }
  return out;
}

/** Each resource's table keys, split once: what nestedPermissions walks. */
const LAYOUT: { readonly [R in Resource]: readonly (readonly [key: string, group: string | undefined, name: string])[] } = {
  'team-projects': PERMISSIONS['team-projects'].map((spec) => [spec.key, ...splitKey(spec.key)] as const),
  'team-workspaces': PERMISSIONS['team-workspaces'].map((spec) => [spec.key, ...splitKey(spec.key)] as const),
};

/**
 * `nestPermissions(orderedEntries(resource, permissions))` written into `out`, in one pass with the
 * keys split once: a plan's checksum and JSON form build one for every side of every change, and at
 * 100,000 grants the entries, the split keys and the spread were a fifth of the plan's time.
 */
export function nestedPermissionsInto<T extends Record<string, unknown>>(out: T, resource: Resource, permissions: PermissionSet): T {
  const into = out as Record<string, unknown>;
  for (const [key, group, name] of LAYOUT[resource]) {
    const value = permissions[key];
    if (value === undefined) continue;
    if (group === undefined) into[name] = value;
    else ((into[group] ??= {}) as Record<string, PermissionValue>)[name] = value;
  }
  return out;
}

/** The one place custom defaults are filled: given attributes over the tables' custom defaults, in table order. */
export function customAccess(resource: Resource, given: PermissionSet): CustomAccess {
  const permissions: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[resource]) permissions[spec.key] = given[spec.key] ?? spec.customDefault;
  return { access: 'custom', permissions };
}

/**
 * The permission values a grant has: a fixed level's row of the tables, or a custom grant's vector
 * (full when desired, as reported when live). Where no source gives a fixed level's value (NOT_KNOWN
 * in access.ts), a live grant's row takes what the service reported for it, if anything.
 */
export function permissionsOf(resource: Resource, access: Access | ReportedAccess): PermissionSet {
  if (access.access === 'custom') return access.permissions;
  const row = IMPLIED[resource][access.access] ?? {};
  if (!('permissions' in access)) return row;
  let merged: Record<string, PermissionValue> | undefined;
  for (const spec of PERMISSIONS[resource]) {
    const reported = access.permissions[spec.key];
    if (row[spec.key] === undefined && reported !== undefined) (merged ??= { ...row })[spec.key] = reported;
  }
  return merged ?? row;
}
