// team-projects and team-workspaces resources in the real wire shapes (samples
// team-projects-*.response.json and team-workspaces-*.response.json).
import { PERMISSIONS, type PermissionValue } from '../core/access.js';
import type { Grant, Store } from './state.js';

const API = '/api/v2';
// Seed, "Resource team-projects": "The documented create response omits" workspace-access.delete;
// samples/team-projects-create.response.json. A client must read a missing key as "not reported".
const OMITTED_FROM_PROJECT_CREATE = 'workspace-access.delete';

/** Dotted keys become nested objects: `project-access.settings` -> {"project-access": {"settings": ...}}. */
function nest(values: Readonly<Record<string, PermissionValue>>, skip: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, Record<string, PermissionValue> | PermissionValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (skip.has(key)) continue;
    const dot = key.indexOf('.');
    if (dot < 0) {
      out[key] = value;
      continue;
    }
    const group = key.slice(0, dot);
    const existing = out[group];
    const inner = typeof existing === 'object' ? existing : {};
    inner[key.slice(dot + 1)] = value;
    out[group] = inner;
  }
  return out;
}

function orderedPermissions(grant: Grant): Record<string, PermissionValue> {
  const out: Record<string, PermissionValue> = {};
  for (const spec of PERMISSIONS[grant.resource]) {
    const value = grant.permissions[spec.key];
    if (value !== undefined) out[spec.key] = value;
  }
  return out;
}

function related(type: string, id: string, href: string): unknown {
  return { data: { id, type }, links: { related: href } };
}

export function grantResource(store: Store, grant: Grant, { created = false } = {}): unknown {
  const skip = new Set<string>(created && grant.resource === 'team-projects' ? [OMITTED_FROM_PROJECT_CREATE] : []);
  const attributes = { access: grant.access, ...nest(orderedPermissions(grant), skip) };
  const team = related('teams', grant.teamId, `${API}/teams/${grant.teamId}`);
  let target: Record<string, unknown>;
  if (grant.resource === 'team-projects') {
    target = { project: related('projects', grant.targetId, `${API}/projects/${grant.targetId}`) };
  } else {
    // NOTES.md, "Wire format of team-workspaces": the workspace's links.related is the by-name URL.
    const ws = store.workspaces.get(grant.targetId);
    const href = ws ? workspaceByNamePath(ws.org, ws.name) : `${API}/workspaces/${grant.targetId}`;
    target = { workspace: related('workspaces', grant.targetId, href) };
  }
  return {
    id: grant.id,
    type: grant.resource,
    attributes,
    relationships: { team, ...target },
    links: { self: `${API}/${grant.resource}/${grant.id}` },
  };
}

export function workspaceByNamePath(org: string, name: string): string {
  return `${API}/organizations/${encodeURIComponent(org)}/workspaces/${encodeURIComponent(name)}`;
}
