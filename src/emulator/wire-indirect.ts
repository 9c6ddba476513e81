// Variable sets, agent pools and Stacks in the wire shapes of the v2 spec and the docs (docs/api.md,
// "Indirect access"): the attributes and relationships this project reads carry real values.
import type { AgentPool, Stack, Varset } from './indirect-state.js';
import type { Store } from './state.js';

const API = '/api/v2';

const refs = (type: string, ids: Iterable<string>): { data: { id: string; type: string }[] } => ({ data: [...ids].map((id) => ({ id, type })) });

export function varsetResource(varset: Varset): unknown {
  // docs/api.md, "Indirect access": a project-owned set's parent is the project; else the organization, by name.
  const parent = varset.parentProjectId === undefined ? { id: varset.org, type: 'organizations' } : { id: varset.parentProjectId, type: 'projects' };
  return {
    id: varset.id,
    type: 'varsets',
    attributes: {
      name: varset.name,
      description: '',
      global: varset.global,
      priority: false,
      'updated-at': null,
      'var-count': varset.varCount,
      'workspace-count': varset.workspaceIds.size,
      'project-count': varset.projectIds.size,
      'stack-count': varset.stackIds.size,
      permissions: { 'can-update': true },
    },
    relationships: {
      organization: { data: { id: varset.org, type: 'organizations' } },
      parent: { data: parent },
      workspaces: refs('workspaces', varset.workspaceIds),
      projects: refs('projects', varset.projectIds),
      stacks: refs('stacks', varset.stackIds),
      vars: { data: [] },
    },
    links: { self: `${API}/varsets/${varset.id}` },
  };
}

/** The workspaces that run on the pool: agent execution with this pool. */
function poolWorkspaces(store: Store, pool: AgentPool): string[] {
  return store.workspacesOf(pool.org).flatMap((w) => {
    const reach = store.indirect.peekReach(w.id);
    return reach?.executionMode === 'agent' && reach.agentPoolId === pool.id ? [w.id] : [];
  });
}

export function agentPoolResource(store: Store, pool: AgentPool): unknown {
  return {
    id: pool.id,
    type: 'agent-pools',
    attributes: { name: pool.name, 'created-at': null, 'organization-scoped': pool.organizationScoped, 'agent-count': 0 },
    relationships: {
      organization: { data: { id: pool.org, type: 'organizations' } },
      workspaces: refs('workspaces', poolWorkspaces(store, pool)),
      'allowed-workspaces': refs('workspaces', pool.allowedWorkspaceIds),
      'allowed-projects': refs('projects', pool.allowedProjectIds),
      'excluded-workspaces': refs('workspaces', pool.excludedWorkspaceIds),
      agents: { links: { related: `${API}/agent-pools/${pool.id}/agents` } },
      'authentication-tokens': { links: { related: `${API}/agent-pools/${pool.id}/authentication-tokens` } },
    },
    links: { self: `${API}/agent-pools/${pool.id}` },
  };
}

export function stackResource(stack: Stack): unknown {
  return {
    id: stack.id,
    type: 'stacks',
    attributes: { name: stack.name, description: null, 'created-at': null, 'updated-at': null },
    relationships: {
      organization: { data: { id: stack.org, type: 'organizations' } },
      project: { data: { id: stack.projectId, type: 'projects' } },
      'agent-pool': { data: null },
    },
    links: { self: `${API}/stacks/${stack.id}` },
  };
}
