// A live grant as the files would write it (docs/drift.md, "Adopt"): its fixed level, else the role
// of the files with its permissions, else `{ access: custom, ... }` with the values that differ from
// the custom defaults (the rest the defaults fill in again). An `expires:` the file wrote for the
// grant is kept. Pure.
import { CUSTOM_DEFAULTS } from '../core/access.js';
import { RESOURCE_OF, type ReportedAccess, type TargetType } from '../core/model.js';
import { nestPermissions, orderedEntries } from '../core/permissions.js';
import { type EditValue, Flow } from './render-yaml.js';

export function liveValue(type: TargetType, live: ReportedAccess, role: string | undefined, expires?: string): EditValue {
  if (live.access !== 'custom') return expires === undefined ? live.access : new Flow({ access: live.access, expires });
  if (role !== undefined) return expires === undefined ? role : new Flow({ role, expires });
  const resource = RESOURCE_OF[type];
  const defaults = CUSTOM_DEFAULTS[resource];
  const differing = orderedEntries(resource, live.permissions).filter(([key, value]) => defaults[key] !== value);
  const custom = { access: 'custom', ...(nestPermissions(differing) as Record<string, EditValue>) };
  return new Flow(expires === undefined ? custom : { ...custom, expires });
}
