// Making variable sets, agent pools and Stacks and changing a workspace's sharing and execution,
// with the service's refusals (docs/api.md, "Indirect access"): shared by the seed loader and the
// routes, so both keep the same rules. Ids are resolved by the caller; a refusal is an Invalid (422).
import { Invalid } from './answers.js';
import type { AgentPool, Stack, Varset, WorkspaceReach } from './indirect-state.js';
import type { Store } from './state.js';

export interface VarsetSpec {
  readonly name: string;
  readonly global: boolean;
  readonly parentProjectId?: string;
  readonly workspaceIds: readonly string[];
  readonly projectIds: readonly string[];
  readonly varCount: number;
  readonly id?: string;
}

const NAME_TAKEN = (): Invalid => new Invalid('/data/attributes/name', 'Name has already been taken');

export function createVarset(store: Store, org: string, spec: VarsetSpec): Varset {
  // A project-owned set cannot be global; the emulator keeps names unique in the organization (the docs: among global sets).
  if (spec.global && spec.parentProjectId !== undefined) throw new Invalid('/data/attributes/global', 'A project-owned variable set cannot be global');
  if (store.indirect.varsetByName(org, spec.name)) throw NAME_TAKEN();
  const id = spec.id === undefined ? store.newId('varset') : store.claimId(spec.id);
  const varset: Varset = {
    id,
    org,
    name: spec.name,
    global: spec.global,
    ...(spec.parentProjectId === undefined ? {} : { parentProjectId: spec.parentProjectId }),
    workspaceIds: new Set(spec.workspaceIds),
    projectIds: new Set(spec.projectIds),
    stackIds: new Set(),
    varCount: spec.varCount,
  };
  store.indirect.varsets.set(id, varset);
  return varset;
}

export interface PoolSpec {
  readonly name: string;
  readonly organizationScoped: boolean;
  readonly allowedWorkspaceIds: readonly string[];
  readonly allowedProjectIds: readonly string[];
  readonly excludedWorkspaceIds: readonly string[];
  readonly id?: string;
}

export function createPool(store: Store, org: string, spec: PoolSpec): AgentPool {
  if (store.indirect.poolByName(org, spec.name)) throw NAME_TAKEN();
  const id = spec.id === undefined ? store.newId('apool') : store.claimId(spec.id);
  const pool: AgentPool = {
    id,
    org,
    name: spec.name,
    organizationScoped: spec.organizationScoped,
    allowedWorkspaceIds: new Set(spec.allowedWorkspaceIds),
    allowedProjectIds: new Set(spec.allowedProjectIds),
    excludedWorkspaceIds: new Set(spec.excludedWorkspaceIds),
  };
  store.indirect.pools.set(id, pool);
  return pool;
}

export function createStack(store: Store, org: string, name: string, projectId: string): Stack {
  if (store.indirect.stacksOf(org).some((s) => s.name === name && s.projectId === projectId)) throw NAME_TAKEN();
  const stack: Stack = { id: store.newId('st'), org, name, projectId };
  store.indirect.stacks.set(stack.id, stack);
  return stack;
}

/** A change of a workspace's sharing or execution, as PATCH /workspaces/:id sends it (absent: unchanged). */
export interface ReachChange {
  readonly globalRemoteState?: boolean;
  readonly projectRemoteState?: boolean;
  readonly executionMode?: WorkspaceReach['executionMode'];
  /** null: no pool. */
  readonly agentPoolId?: string | null;
}

/** Applies the change, or refuses it whole: never both sharing settings; agent execution needs a pool that allows the workspace. */
export function changeReach(store: Store, workspaceId: string, change: ReachChange): WorkspaceReach {
  const workspace = store.workspaces.get(workspaceId);
  if (!workspace) throw new Invalid('/data/id', 'Workspace not found');
  const now = store.indirect.reachOf(workspaceId);
  const next = {
    globalRemoteState: change.globalRemoteState ?? now.globalRemoteState,
    projectRemoteState: change.projectRemoteState ?? now.projectRemoteState,
    executionMode: change.executionMode ?? now.executionMode,
    agentPoolId: change.agentPoolId === undefined ? now.agentPoolId : change.agentPoolId,
  };
  if (next.globalRemoteState && next.projectRemoteState)
    throw new Invalid('/data/attributes/project-remote-state', 'Project remote state cannot be true with global remote state');
  const poolId = next.executionMode === 'agent' ? next.agentPoolId : null;
  if (next.executionMode === 'agent') {
    const pool = poolId === null ? undefined : store.indirect.pools.get(poolId);
    if (!pool || pool.org !== workspace.org) throw new Invalid('/data/relationships/agent-pool', 'Agent pool is required for agent execution');
    if (!store.indirect.poolAllows(pool, workspace.id, workspace.projectId))
      throw new Invalid('/data/relationships/agent-pool', 'Agent pool is not allowed for this workspace');
  }
  const ownExecution = now.ownExecution || change.executionMode !== undefined || change.agentPoolId !== undefined;
  Object.assign(now, { ...next, agentPoolId: poolId, ownExecution });
  return now;
}

/** Adds explicit consumers: only while neither sharing setting is on; never the workspace itself; repeats ignored. */
export function addConsumers(store: Store, workspaceId: string, consumerIds: readonly string[]): void {
  const reach = store.indirect.reachOf(workspaceId);
  if (reach.globalRemoteState || reach.projectRemoteState)
    throw new Invalid('/data', 'Remote state consumers cannot be changed while the workspace shares its state with every workspace');
  if (consumerIds.includes(workspaceId)) throw new Invalid('/data', 'A workspace cannot be a remote state consumer of itself');
  for (const id of consumerIds) reach.consumerIds.add(id);
}
