// A saved plan's grant changes back into the domain (docs/apply.md, "Saved plans"): each access as
// the plan wrote it (a fixed level, or custom with every permission), its roles, source and expiry,
// and the team it names (null: a team the plan creates). Moved out of parse.ts as it grew.
import { isLevel, PERMISSIONS, type PermissionValue, type Resource } from '../core/access.js';
import { type Access, type GrantOrigin, RESOURCE_OF, type ReportedAccess, type TargetType } from '../core/model.js';
import { flattenPermissions } from '../core/permissions.js';
import { type Change, REMOVE_REASONS, type RemoveReason } from '../core/plan.js';
import { pendingTeamId } from '../core/teams.js';
import type { Reader } from './reader.js';

export function targetType(reader: Reader, key: string): TargetType {
  const value = reader.string(key);
  return value === 'project' || value === 'workspace' ? value : reader.fail(`${reader.at(key)} is "${value}", not project or workspace`);
}

/** `{access, "workspace-access": {runs}}` back to `{access, permissions: {"workspace-access.runs"}}`. */
function reportedOf(reader: Reader, resource: Resource): ReportedAccess {
  const level = reader.string('access');
  if (!isLevel(resource, level)) reader.fail(`${reader.at('access')} "${level}" is not a level of ${resource}`);
  const permissions: Record<string, PermissionValue> = {};
  const { role: _role, ...attributes } = reader.value;
  for (const { key, value, spec } of flattenPermissions(resource, attributes)) {
    const path = reader.at(key);
    if (!spec) reader.fail(`${path} is not a permission of ${resource}`);
    const valid = spec?.values === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && (spec?.values ?? []).includes(value);
    if (!valid) reader.fail(`${path} is not a valid value (${JSON.stringify(value)})`);
    permissions[key] = value as PermissionValue;
  }
  return { access: level as ReportedAccess['access'], permissions };
}

/** What apply writes: a fixed level, or custom with every attribute of the tables. */
function accessOf(reader: Reader, resource: Resource): Access {
  const reported = reportedOf(reader, resource);
  if (reported.access !== 'custom') return { access: reported.access };
  const missing = PERMISSIONS[resource].find((spec) => reported.permissions[spec.key] === undefined);
  if (missing) reader.fail(`${reader.at(missing.key)} is missing (a custom grant carries every permission)`);
  return { access: 'custom', permissions: reported.permissions };
}

/** `{beforeRole}` / `{afterRole}` from the side's optional `role` (plan-document.ts, accessDocument). */
function roleOf(reader: Reader, key: 'beforeRole' | 'afterRole'): { beforeRole?: string } | { afterRole?: string } {
  return reader.value.role === undefined ? {} : { [key]: reader.string('role') };
}

/** docs/sets.md, "Sets": `{kind, name, overrides?}`; absent in plans saved before sets. */
function sourceOf(reader: Reader): { source?: GrantOrigin } {
  if (reader.value.source === undefined) return {};
  const source = reader.object('source');
  const kind = source.string('kind');
  if (kind !== 'entry' && kind !== 'set') source.fail(`${source.at('kind')} "${kind}" is not entry or set`);
  const overrides =
    source.value.overrides === undefined
      ? {}
      : {
          overrides: source
            .array('overrides')
            .map((name, i) => (typeof name === 'string' && name !== '' ? name : source.fail(`${source.at('overrides')}[${i}] is not a set name`))),
        };
  return { source: { kind: kind as GrantOrigin['kind'], name: source.string('name'), ...overrides } };
}

/** `expires` (an instant in the plans' form) and, on a removal, `reason` (docs/files.md, "Grants that expire"). */
function expiryOf(reader: Reader, action: string): { expires?: string; reason?: RemoveReason } {
  const out: { expires?: string; reason?: RemoveReason } = {};
  if (reader.value.expires !== undefined) {
    out.expires = reader.instant('expires');
  }
  if (reader.value.reason !== undefined) {
    const reason = reader.string('reason') as RemoveReason;
    if (action !== 'remove' || !REMOVE_REASONS.includes(reason)) reader.fail(`${reader.at('reason')} "${reason}" is not a reason of a removal`);
    out.reason = reason;
  }
  return out;
}

/** A grant change's team: `id` null names a team the plan creates (format 4 only: `created` lists them). */
function teamOf(team: Reader, created: ReadonlySet<string>): { name: string; id: string } {
  const name = team.string('name');
  if (team.value.id !== null) return { name, id: team.string('id') };
  if (!created.has(name)) team.fail(`${team.at('id')} is null, and the plan creates no team "${name}"`);
  return { name, id: pendingTeamId(name) };
}

export function changeOf(reader: Reader, created: ReadonlySet<string>): Change {
  const team = reader.object('team');
  const target = reader.object('target');
  const type = targetType(target, 'type');
  const resource = RESOURCE_OF[type];
  if (reader.string('resource') !== resource) reader.fail(`${reader.at('resource')} does not match the target type ${type}`);
  const base = { resource, team: teamOf(team, created), target: { type, name: target.string('name'), id: target.string('id') }, ...sourceOf(reader) };
  const action = reader.string('action');
  const { reason, ...expires } = expiryOf(reader, action);
  switch (action) {
    case 'add':
      return { action, ...base, after: accessOf(reader.object('after'), resource), ...roleOf(reader.object('after'), 'afterRole'), ...expires };
    case 'update': {
      const sides = {
        before: reportedOf(reader.object('before'), resource),
        ...roleOf(reader.object('before'), 'beforeRole'),
        after: accessOf(reader.object('after'), resource),
        ...roleOf(reader.object('after'), 'afterRole'),
      };
      return { action, ...base, id: reader.string('id'), ...sides, labelOnly: reader.boolean('label_only'), ...expires };
    }
    case 'remove':
      return {
        action,
        ...base,
        id: reader.string('id'),
        before: reportedOf(reader.object('before'), resource),
        ...roleOf(reader.object('before'), 'beforeRole'),
        ...(reason ? { reason } : {}),
        ...expires,
      };
    default:
      return reader.fail(`${reader.at('action')} "${action}" is not add, update or remove`);
  }
}
