// team-projects and team-workspaces resources in the real wire shapes (docs/api.md, "Samples":
// team-projects-*.response.json and team-workspaces-*.response.json).
import { nestPermissions, orderedEntries } from '../core/permissions.js';
import type { Grant, Store } from './state.js';

const API = '/api/v2';
// docs/api.md, "Seed: resources and fields": the documented create response omits
// workspace-access.delete (sample team-projects-create.response.json). A client must read a
// missing key as "not reported".
const OMITTED_FROM_PROJECT_CREATE = 'workspace-access.delete';

function related(type: string, id: string, href: string): unknown {
  return { data: { id, type }, links: { related: href } };
}

export function grantResource(store: Store, grant: Grant, { created = false } = {}): unknown {
  const omitted = created && grant.resource === 'team-projects' ? OMITTED_FROM_PROJECT_CREATE : undefined;
  const reported = orderedEntries(grant.resource, grant.permissions).filter(([key]) => key !== omitted);
  const attributes = { access: grant.access, ...nestPermissions(reported) };
  const team = related('teams', grant.teamId, `${API}/teams/${grant.teamId}`);
  let target: Record<string, unknown>;
  if (grant.resource === 'team-projects') {
    target = { project: related('projects', grant.targetId, `${API}/projects/${grant.targetId}`) };
  } else {
    // docs/api.md, "Wire format of team-workspaces": the workspace's links.related is the by-name URL.
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
