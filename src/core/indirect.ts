// Indirect access as read (docs/effective-access.md, "Indirect access"; docs/api.md, "Indirect
// access"): the edges that lead from a workspace to something beyond its grants. Variable sets with
// their scope, each workspace's remote-state sharing and execution, agent pools with their scope,
// Stacks by project. Plain data: what api/indirect.ts reads and effective/reach.ts walks.

export interface VarsetRead {
  readonly id: string;
  readonly name: string;
  /** Applies to every workspace of the organization. */
  readonly global: boolean;
  /** A project-owned set's project (absent: the organization's). */
  readonly parentProjectId?: string;
  readonly workspaceIds: readonly string[];
  readonly projectIds: readonly string[];
  /** `workspace-count` when reported: a relationship shorter than it was cut short (docs/api.md, "Indirect access"). */
  readonly workspaceCount?: number;
  readonly projectCount?: number;
}

export interface AgentPoolRead {
  readonly id: string;
  readonly name: string;
  readonly organizationScoped: boolean;
  readonly allowedWorkspaceIds: readonly string[];
  readonly allowedProjectIds: readonly string[];
  readonly excludedWorkspaceIds: readonly string[];
}

/** One workspace's sharing and execution. */
export interface WorkspaceReachRead {
  readonly workspaceId: string;
  readonly name: string;
  readonly projectId?: string;
  readonly executionMode: string;
  /** The pool the workspace names (absent: none named; with agent execution, inherited and not known). */
  readonly agentPoolId?: string;
  /** `setting-overwrites.execution-mode` false: the workspace runs as its project's defaults say (absent: not reported, taken as its own). */
  readonly inheritsExecution?: boolean;
  readonly globalRemoteState: boolean;
  readonly projectRemoteState: boolean;
  /** The explicit consumers, read when neither setting is true (absent: not read). */
  readonly consumerIds?: readonly string[];
}

/** A project, and where the workspaces that set no execution of their own run (`default-execution-mode`, `default-agent-pool`). */
export interface ProjectReachRead {
  readonly id: string;
  readonly name: string;
  readonly defaultExecutionMode?: string;
  readonly defaultAgentPoolId?: string;
}

export interface StackRead {
  readonly id: string;
  readonly name: string;
  readonly projectId: string;
}

/** What a run read of indirect access; a list the server or the token did not give is absent. */
export interface IndirectRead {
  readonly varsets?: readonly VarsetRead[];
  readonly pools?: readonly AgentPoolRead[];
  readonly stacks?: readonly StackRead[];
  /** Every workspace listed, with its settings (absent: the list did not carry them). */
  readonly workspaces?: readonly WorkspaceReachRead[];
  /** Every project listed (what a policy's check names a project grant by), with its default execution when the list carried it. */
  readonly projects?: readonly ProjectReachRead[];
}

/**
 * How a holder reaches what an indirect question asks about (docs/effective-access.md, "Indirect
 * access"): what the team does on the target, and why the target leads there.
 * `uses`: `runs` (queues runs: its code reads every value, sensitive ones included, and runs on the
 * pool's agents), `variables` (reads the non-sensitive values), `outputs` (reads the outputs
 * directly), `project-role` (a fixed project role, which carries to Stacks).
 * `edge`: a set `global`, applied to the `workspace` or its `project`; sharing by
 * `global-remote-state`, `project-remote-state` or as a listed `consumer`; the producer's `own`
 * outputs; agent `execution` on the pool the workspace names, or its project's default pool
 * (`project-default`); the Stack's `project`.
 */
export interface ReachVia {
  readonly uses: 'runs' | 'variables' | 'outputs' | 'project-role';
  readonly edge: 'global' | 'workspace' | 'project' | 'global-remote-state' | 'project-remote-state' | 'consumer' | 'own' | 'execution' | 'project-default';
}

/** The questions of indirect access `report --can` asks (docs/evidence.md, "Who can"), by their prefix. */
export const REACH_KINDS = ['varset', 'outputs', 'agent-pool', 'stack'] as const;
export type ReachKind = (typeof REACH_KINDS)[number];

/** `varset:NAME`, `outputs:WORKSPACE`, `agent-pool:NAME`, `stack:NAME`. */
export interface ReachQuestion {
  readonly kind: ReachKind;
  readonly name: string;
}

/** `varset:prod` as a question, or undefined when it names no kind of indirect access. */
export function reachQuestionOf(asked: string): ReachQuestion | undefined {
  const colon = asked.indexOf(':');
  if (colon <= 0) return undefined;
  const kind = asked.slice(0, colon);
  const name = asked.slice(colon + 1);
  return (REACH_KINDS as readonly string[]).includes(kind) && name !== '' ? { kind: kind as ReachKind, name } : undefined;
}

export const reachQuestionName = (q: ReachQuestion): string => `${q.kind}:${q.name}`;
