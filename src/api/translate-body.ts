// Domain Access -> JSON:API request bodies of team-projects and team-workspaces (docs/api.md,
// "Seed: endpoints", add and update bodies). For a fixed level only `access` is sent: the
// permission attributes are read-only then and the service answers 422 if they are sent
// (docs/api.md, "Errors the real service gives"). For `custom` the full vector is always sent,
// because PATCH is partial and moving between levels resets custom values (docs/api.md, "Wire
// format of team-projects").
import type { PermissionValue, Resource } from '../core/access.js';
import { TARGET_RELATIONSHIP } from '../core/json-api.js';
import type { Access } from '../core/model.js';
import { type Nested, nestPermissions, orderedEntries } from '../core/permissions.js';

/** `{access}` for a fixed level; `{access: "custom", ...the whole vector}` nested as the wire nests it. */
export function attributesOf(access: Access, resource: Resource): Nested<PermissionValue> {
  if (access.access !== 'custom') return { access: access.access };
  return { access: access.access, ...nestPermissions(orderedEntries(resource, access.permissions)) };
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
