// team-projects and team-workspaces resources -> LiveGrant. The wire format differs by resource
// (docs/api.md, "Wire format of team-projects" / "of team-workspaces"): team-projects nests its
// permissions in `project-access` and `workspace-access` objects, team-workspaces has them flat.
// Both become dotted keys of src/core/access.ts. A key the tables do not know (`variable-sets`,
// `policy-overrides`, ...) goes to `extra`, never into the managed permissions; a missing key is
// "not reported", never false (the create response omits `workspace-access.delete`).
import { isLevel, type PermissionValue, type Resource } from '../core/access.js';
import { TARGET_RELATIONSHIP } from '../core/json-api.js';
import type { LiveGrant } from '../core/model.js';
import { flattenPermissions, type PermissionEntry } from '../core/permissions.js';
import { describeWire, ObjectReader } from './json.js';

export function isGrantResource(value: unknown): value is Resource {
  return value === 'team-projects' || value === 'team-workspaces';
}

interface Collected {
  permissions: Record<string, PermissionValue>;
  extra: Record<string, PermissionValue | null>;
}

function collect(entry: PermissionEntry, attributes: ObjectReader, into: Collected): void {
  const { key, value, spec } = entry;
  if (entry.notAnObject) {
    if (value === null) return; // a group not reported
    throw attributes.error(`${attributes.at(key)} is not an object`);
  }
  if (!spec) {
    // Unknown today, maybe known tomorrow: kept for display when it is a plain value, ignored
    // otherwise (docs/api.md: never fail on an unknown attribute).
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) into.extra[key] = value;
    return;
  }
  if (value === null || value === undefined) return; // not reported
  const expected = spec.values === 'boolean' ? 'boolean' : 'string';
  if (typeof value !== expected) throw attributes.error(`${attributes.at(key)} is ${describeWire(value)}, expected a ${expected}`);
  into.permissions[key] = value as PermissionValue;
}

function readPermissions(resource: Resource, attributes: ObjectReader): Collected {
  const into: Collected = { permissions: {}, extra: {} };
  for (const entry of flattenPermissions(resource, attributes.value)) collect(entry, attributes, into);
  return into;
}

function relationshipId(relationships: ObjectReader, name: string): string {
  return relationships.object(name).object('data').string('id');
}

/** One team-projects or team-workspaces resource object (`path` locates it in the document). */
export function grantFromResource(value: unknown, path: string, context: string): LiveGrant {
  const reader = ObjectReader.of(value, path, context);
  const resource = reader.string('type');
  if (!isGrantResource(resource)) throw reader.error(`${reader.at('type')} is "${resource}", expected team-projects or team-workspaces`);
  const attributes = reader.object('attributes');
  const level = attributes.string('access');
  if (!isLevel(resource, level)) throw attributes.error(`${attributes.at('access')} is "${level}", not an access level of ${resource}`);
  const relationships = reader.object('relationships');
  const { permissions, extra } = readPermissions(resource, attributes);
  return {
    id: reader.string('id'),
    resource,
    teamId: relationshipId(relationships, 'team'),
    targetId: relationshipId(relationships, TARGET_RELATIONSHIP[resource].name),
    access: { access: level, permissions },
    extra,
  };
}
