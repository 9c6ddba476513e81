// The merged, valid files -> the normalised DesiredState the planner reads: roles expanded (the
// grant keeps the role's name), custom defaults filled, fixed levels kept as levels with their
// implied permissions, per-target prune resolved. Pure; called only when there are no problems.
import { impliedPermissions, PERMISSIONS, type Level, type PermissionSet, type PermissionValue, type Resource } from '../core/access.js';
import { DEFAULT_SETTINGS, RESOURCE_OF, type DesiredGrant, type DesiredSettings, type DesiredState, type DesiredTarget, type TargetType } from '../core/model.js';
import { isRecord, type Located, type Merged, type MergedTarget } from './merge.js';

/** A file's permission map (nested `project-access: {...}` or flat) -> dotted wire keys. */
export function flattenPermissions(resource: Resource, source: unknown): PermissionSet {
  const out: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[resource]) {
    let current: unknown = source;
    for (const part of spec.key.split('.')) current = isRecord(current) ? current[part] : undefined;
    if (typeof current === 'string' || typeof current === 'boolean') out[spec.key] = current;
  }
  return out;
}

function toGrant(merged: Merged, type: TargetType, team: string, item: Located): DesiredGrant {
  const resource = RESOURCE_OF[type];
  const source = item.at;
  const value = item.value;
  if (typeof value === 'string') {
    const role = merged.roles[type].get(value);
    if (role) {
      return { team, access: { access: 'custom', permissions: impliedPermissions(resource, 'custom', flattenPermissions(resource, role.value)) }, role: value, source };
    }
    return { team, access: { access: value as Level, permissions: impliedPermissions(resource, value as Level) }, source };
  }
  const access = (isRecord(value) ? value.access : 'custom') as Level;
  const custom = access === 'custom' ? flattenPermissions(resource, value) : {};
  return { team, access: { access, permissions: impliedPermissions(resource, access, custom) }, source };
}

function settingsOf(merged: Merged): DesiredSettings {
  const prune = merged.settings.get('prune')?.value;
  const ignore = merged.settings.get('ignore-teams')?.value;
  const max = merged.settings.get('max-removals')?.value;
  return {
    prune: typeof prune === 'boolean' ? prune : DEFAULT_SETTINGS.prune,
    ignoreTeams: Array.isArray(ignore) ? ignore.filter((t): t is string => typeof t === 'string') : DEFAULT_SETTINGS.ignoreTeams,
    maxRemovals: typeof max === 'number' ? max : DEFAULT_SETTINGS.maxRemovals,
  };
}

function toTarget(merged: Merged, settings: DesiredSettings, target: MergedTarget): DesiredTarget {
  const id = target.fields.get('id')?.value;
  const prune = target.fields.get('prune')?.value;
  const grants = [...target.grants]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([team, item]) => toGrant(merged, target.type, team, item));
  return {
    type: target.type,
    name: target.name,
    ...(typeof id === 'string' ? { id } : {}),
    prune: typeof prune === 'boolean' ? prune : settings.prune,
    grants,
    source: target.at,
  };
}

export function toDesiredState(merged: Merged): DesiredState {
  const settings = settingsOf(merged);
  const targets = [...merged.targets.values()]
    .map((t) => toTarget(merged, settings, t))
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { organization: String(merged.organization?.value ?? ''), settings, targets };
}
