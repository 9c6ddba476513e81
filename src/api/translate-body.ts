// Domain Access -> JSON:API request bodies of team-projects and team-workspaces (seed, "Add request
// body" / "Update request body"). For a fixed level only `access` is sent: the permission
// attributes are read-only then and the service answers 422 if they are sent (NOTES.md, "Errors").
// For `custom` the full permission set is always sent, because PATCH is partial and moving between
// levels resets custom values (NOTES.md, "Wire format of team-projects").
import { impliedPermissions, type PermissionValue, type Resource } from '../core/access.js';
import type { Access } from '../core/model.js';

type Attributes = Record<string, PermissionValue | Record<string, PermissionValue>>;

const TARGET_RELATIONSHIP: { readonly [R in Resource]: { readonly name: string; readonly type: string } } = {
  'team-projects': { name: 'project', type: 'projects' },
  'team-workspaces': { name: 'workspace', type: 'workspaces' },
};

/** Dotted keys (`workspace-access.runs`) become nested objects; flat keys stay flat. */
export function attributesOf(access: Access, resource: Resource): Attributes {
  const attributes: Attributes = { access: access.access };
  if (access.access !== 'custom') return attributes;
  for (const [key, value] of Object.entries(impliedPermissions(resource, 'custom', access.permissions))) {
    const dot = key.indexOf('.');
    if (dot < 0) {
      attributes[key] = value;
      continue;
    }
    const group = key.slice(0, dot);
    const nested = attributes[group];
    const object = typeof nested === 'object' ? nested : {};
    object[key.slice(dot + 1)] = value;
    attributes[group] = object;
  }
  return attributes;
}

export interface GrantRef {
  readonly resource: Resource;
  readonly teamId: string;
  readonly targetId: string;
}

export function createGrantBody(grant: GrantRef, access: Access): unknown {
  const target = TARGET_RELATIONSHIP[grant.resource];
  return {
    data: {
      type: grant.resource,
      attributes: attributesOf(access, grant.resource),
      relationships: {
        team: { data: { type: 'teams', id: grant.teamId } },
        [target.name]: { data: { type: target.type, id: grant.targetId } },
      },
    },
  };
}

export function updateGrantBody(resource: Resource, grantId: string, access: Access): unknown {
  // `type` is not in the documented team-projects update payload, but JSON:API requires it on
  // PATCH and the official Go client sends it.
  return { data: { id: grantId, type: resource, attributes: attributesOf(access, resource) } };
}
