// What reaches a workspace besides team grants (docs/api.md, "Indirect access"), in the current
// profile: variable sets with the workspaces and projects they apply to, each workspace's
// remote-state sharing and execution, agent pools with their scope, Stacks per project. Plain maps
// by id, kept apart from the grants' indexes as the people are (people-state.ts).

/** A variable set: global, or applied to chosen projects and workspaces; owned by the organization or by one project. */
export interface Varset {
  readonly id: string;
  readonly org: string;
  readonly name: string;
  /** Applies to every present and future workspace; never for a project-owned set. */
  global: boolean;
  /** A project-owned set's project; absent: owned by the organization. The parent never changes. */
  readonly parentProjectId?: string;
  readonly workspaceIds: Set<string>;
  readonly projectIds: Set<string>;
  readonly stackIds: Set<string>;
  varCount: number;
}

/** An agent pool and its scope (docs/api.md, "Indirect access", agent pools). */
export interface AgentPool {
  readonly id: string;
  readonly org: string;
  readonly name: string;
  /** Every workspace may use it; else only the allowed workspaces and the workspaces of the allowed projects. */
  organizationScoped: boolean;
  readonly allowedWorkspaceIds: Set<string>;
  readonly allowedProjectIds: Set<string>;
  readonly excludedWorkspaceIds: Set<string>;
}

/** A workspace's settings that lead past it: who reads its state, where its runs execute. */
export interface WorkspaceReach {
  globalRemoteState: boolean;
  projectRemoteState: boolean;
  /** The explicit consumers (read only when neither setting above is true). */
  readonly consumerIds: Set<string>;
  executionMode: 'remote' | 'local' | 'agent';
  agentPoolId: string | null;
  /** Set on the workspace (`setting-overwrites`); false: it runs as its project's defaults say, when the project has any. */
  ownExecution: boolean;
}

/** A project's defaults for the workspaces that set no execution of their own (docs/api.md, "Indirect access"). */
export interface ProjectExecution {
  readonly executionMode: 'remote' | 'local' | 'agent';
  readonly agentPoolId: string | null;
}

export interface Stack {
  readonly id: string;
  readonly org: string;
  readonly name: string;
  readonly projectId: string;
}

export const DEFAULT_REACH = (): WorkspaceReach => ({
  globalRemoteState: false,
  projectRemoteState: false,
  consumerIds: new Set(),
  executionMode: 'remote',
  agentPoolId: null,
  ownExecution: false,
});

export class IndirectState {
  readonly varsets = new Map<string, Varset>();
  readonly pools = new Map<string, AgentPool>();
  readonly stacks = new Map<string, Stack>();
  private readonly reach = new Map<string, WorkspaceReach>();
  /** Each project's default execution, by project id (absent: remote, no pool). */
  readonly projectDefaults = new Map<string, ProjectExecution>();

  /** A workspace's settings, made with the defaults on first use. */
  reachOf(workspaceId: string): WorkspaceReach {
    let found = this.reach.get(workspaceId);
    if (!found) {
      found = DEFAULT_REACH();
      this.reach.set(workspaceId, found);
    }
    return found;
  }

  /**
   * What the service shows of the workspace: a workspace that sets no execution of its own runs as
   * its project's defaults say; the inherited pool is not named on the workspace (the uncertain case
   * of docs/api.md, "Indirect access", taken as the one a reader must handle).
   */
  shownReach(workspaceId: string, projectId: string): WorkspaceReach | undefined {
    const own = this.reach.get(workspaceId);
    const inherited = this.projectDefaults.get(projectId);
    if (own?.ownExecution || !inherited) return own;
    return { ...(own ?? DEFAULT_REACH()), executionMode: inherited.executionMode, agentPoolId: null, ownExecution: false };
  }

  /** The settings when any was made, without making them. */
  peekReach(workspaceId: string): WorkspaceReach | undefined {
    return this.reach.get(workspaceId);
  }

  varsetsOf(org: string): Varset[] {
    return [...this.varsets.values()].filter((v) => v.org === org);
  }

  poolsOf(org: string): AgentPool[] {
    return [...this.pools.values()].filter((p) => p.org === org);
  }

  stacksOf(org: string): Stack[] {
    return [...this.stacks.values()].filter((s) => s.org === org);
  }

  varsetByName(org: string, name: string): Varset | undefined {
    return this.varsetsOf(org).find((v) => v.name === name);
  }

  poolByName(org: string, name: string): AgentPool | undefined {
    return this.poolsOf(org).find((p) => p.name === name);
  }

  /** Whether the pool may run the workspace: organization-scoped or allowed, and never excluded (the exclusion wins: docs/api.md, "Indirect access"). */
  poolAllows(pool: AgentPool, workspaceId: string, projectId: string): boolean {
    if (pool.excludedWorkspaceIds.has(workspaceId)) return false;
    return pool.organizationScoped || pool.allowedWorkspaceIds.has(workspaceId) || pool.allowedProjectIds.has(projectId);
  }
}
