// team-projects and team-workspaces resources -> LiveGrant. The wire format differs by resource
// (NOTES.md, "Wire format of team-projects" / "of team-workspaces"): team-projects nests its
// permissions in `project-access` and `workspace-access` objects, team-workspaces has them flat.
// Both become dotted keys of src/core/access.ts. A key the tables do not know (`variable-sets`,
// `policy-overrides`, ...) goes to `extra`, never into the managed permissions; a missing key is
// "not reported", never false (the create response omits `workspace-access.delete`).
import { isLevel, permissionSpec, type PermissionValue, type Resource } from '../core/access.js';
import type { LiveGrant } from '../core/model.js';
import { describe, ObjectReader } from './json.js';

/** The attribute objects of team-projects that hold permissions, keyed by their dotted prefix. */
export const NESTED_PERMISSION_OBJECTS = ['project-access', 'workspace-access'] as const;

const TARGET_RELATIONSHIP: { readonly [R in Resource]: string } = {
  'team-projects': 'project',
  'team-workspaces': 'workspace',
};

export function isGrantResource(value: unknown): value is Resource {
  return value === 'team-projects' || value === 'team-workspaces';
}

interface Collected {
  permissions: Record<string, PermissionValue>;
  extra: Record<string, PermissionValue | null>;
}

function collect(resource: Resource, key: string, value: unknown, reader: ObjectReader, into: Collected): void {
  const spec = permissionSpec(resource, key);
  if (!spec) {
    // Unknown today, maybe known tomorrow: kept for display when it is a plain value, ignored
    // otherwise (NOTES.md: never fail on an unknown attribute).
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) into.extra[key] = value;
    return;
  }
  if (value === null || value === undefined) return; // not reported
  const expected = spec.values === 'boolean' ? 'boolean' : 'string';
  if (typeof value !== expected) throw reader.error(`${reader.at(key.split('.').pop() ?? key)} is ${describe(value)}, expected a ${expected}`);
  into.permissions[key] = value as PermissionValue;
}

function readPermissions(resource: Resource, attributes: ObjectReader): Collected {
  const into: Collected = { permissions: {}, extra: {} };
  for (const [name, value] of Object.entries(attributes.value)) {
    if (name === 'access') continue;
    if (resource === 'team-projects' && (NESTED_PERMISSION_OBJECTS as readonly string[]).includes(name)) {
      const nested = attributes.optionalObject(name);
      for (const [key, inner] of Object.entries(nested.value)) collect(resource, `${name}.${key}`, inner, nested, into);
      continue;
    }
    collect(resource, name, value, attributes, into);
  }
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
    targetId: relationshipId(relationships, TARGET_RELATIONSHIP[resource]),
    access: { access: level, permissions },
    extra,
  };
}
