// The vocabulary of effective access (docs/api.md, "Effective access"): what a team can do on a
// project or workspace once every source is counted, and what a plan does to it. Plain types,
// shared by src/effective/ (which computes them), the plan and the renderers.
import type { Level, PermissionSet } from './access.js';
import type { ReachKind, ReachVia } from './indirect.js';
import type { TargetRef, TargetType, TeamRef } from './model.js';

/**
 * What the report adds to a grant source (docs/evidence.md, "Correct cells"): whether the files
 * govern it, when the files end it, and what makes it moot. Absent fields: not known or not asked
 * (a report without files says nothing about `managed`).
 */
export interface GrantFacts {
  /** True when the desired-state files govern this grant (they list it, or prune the target); false when they do not. */
  readonly managed?: boolean;
  /** RFC 3339: when the files end it (`expires:`). */
  readonly expires?: string;
  /** Set when the grant is moot: these sources give at least as much on every permission it gives. */
  readonly shadowedBy?: readonly AccessSource[];
}

/** One thing that gives a team access on a target. `owners` and `organization` are organization-wide. */
export type AccessSource =
  | { readonly kind: 'owners' }
  /** An organization permission (`manage-projects`, `read-workspaces`, ...). */
  | { readonly kind: 'organization'; readonly permission: string }
  /** The team's grant on the project (for a workspace: on the workspace's project). */
  | ({ readonly kind: 'project'; readonly name: string; readonly id: string; readonly access: Level } & GrantFacts)
  /** The team's grant on the workspace itself. */
  | ({ readonly kind: 'workspace'; readonly access: Level } & GrantFacts);

/** True for a source that gives access on every target of a kind (the owners team, an organization permission). */
export const organizationWide = (source: AccessSource): boolean => source.kind === 'owners' || source.kind === 'organization';

/** A team's effective access on one target: the level, the per-permission maximum, every source. */
export interface EffectiveCell {
  readonly team: TeamRef;
  readonly target: TargetRef;
  /** `admin` when a source gives admin; else the fixed level whose row equals `permissions`; else `custom`. */
  readonly access: Level;
  /** In the target's own permission keys (team-projects or team-workspaces), values not known left out. */
  readonly permissions: PermissionSet;
  readonly sources: readonly AccessSource[];
  /**
   * docs/effective-access.md, "Indirect access": what the team reaches from here beyond its grants
   * (variable sets, other workspaces' outputs, agent pools, Stacks), each with the sources that make
   * it reachable; absent when the report did not read the edges or the cell reaches nothing.
   */
  readonly reaches?: readonly ReachThrough[];
}

/**
 * One "reaches through" entry of a cell: the objects of one kind it reaches the same way (`via`),
 * sorted by name, and the cell's sources that give what the edge needs (`runs:plan`,
 * `variables:read`, or a fixed project role). `known: false`: the cell's permission is not known,
 * so it may or may not reach them (never counted as reaching).
 */
export interface ReachThrough {
  readonly kind: ReachKind;
  readonly names: readonly string[];
  readonly via: ReachVia;
  readonly sources: readonly AccessSource[];
  readonly known?: false;
}

/** A grant change of the plan that causes an effective change. */
export interface ChangeCause {
  readonly type: TargetType;
  readonly name: string;
  readonly action: 'add' | 'update' | 'remove';
  /** The grant's level after the change; null when it is removed. */
  readonly access: Level | null;
}

export type Direction = 'rises' | 'falls' | 'mixed' | 'none';

/** A member change of the plan that causes an effective change: the person joins or leaves the team (docs/effective-access.md, "People"). */
export interface MemberCause {
  readonly action: 'add' | 'remove';
  readonly email: string;
}

/**
 * What the plan's grant changes do to one team's effective access on one target. Direction `none`
 * marks a grant change that changes nothing effective (shadowed); `heldBy` says what keeps it.
 */
export interface EffectiveChange {
  readonly team: TeamRef;
  readonly target: TargetRef;
  /** Levels before and after; null for no access at all. */
  readonly before: Level | null;
  readonly after: Level | null;
  readonly direction: Direction;
  readonly via: readonly ChangeCause[];
  readonly heldBy?: readonly AccessSource[];
  /**
   * A plan that read people only (docs/effective-access.md, "People"): the active human members of
   * the team as the plan leaves them, who gain or lose what the grant changes do. Absent on a
   * member change's own entry (`member` names its person).
   */
  readonly people?: readonly string[];
  /** The member change that causes it (`via` is then empty): the person gains the team's access there (add) or loses it (remove). */
  readonly member?: MemberCause;
}
