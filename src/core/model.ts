// Domain objects shared by every stage of the pipeline. Plain data: no wire format (the API layer
// translates JSON:API documents into these), no I/O.
import type { FixedLevel, Level, PermissionSet, PermissionValue, Resource } from './access.js';
import type { TokenIdentity } from './identity.js';
import type { LivePeople } from './person.js';
import type { CriterionKey } from './set-criteria.js';
import type { LiveTokens } from './token-policy.js';
import type { WarningCode } from './warning-codes.js';

export type TargetType = 'project' | 'workspace';

export const RESOURCE_OF: { readonly [T in TargetType]: Resource } = {
  project: 'team-projects',
  workspace: 'team-workspaces',
};

/** A team, by name and id. */
export interface TeamRef {
  readonly name: string;
  readonly id: string;
}

/** A project or workspace, by name and id; calls that need only the id take `Pick<TargetRef, 'type' | 'id'>`. */
export interface TargetRef {
  readonly type: TargetType;
  readonly name: string;
  readonly id: string;
}

/** Where a value came from in a desired-state file (1-based line and column). */
export interface SourceRef {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A fixed level: its permissions are the level's row of the access tables, never a vector of its own. */
export interface FixedAccess {
  readonly access: FixedLevel;
}

/** `custom` with the full vector: every attribute of the tables has a value (defaults filled once, by customAccess). */
export interface CustomAccess {
  readonly access: 'custom';
  readonly permissions: PermissionSet;
}

/** A team's access on one target, as the files mean it and as apply writes it. */
export type Access = FixedAccess | CustomAccess;

/**
 * A grant's access as the service reported it: its level, and the permission values of the tables
 * it sent. A key it did not send is "not reported", never a default (docs/api.md, "Wire format of
 * team-projects"); attributes the tables do not know stay apart, in LiveGrant.extra.
 */
export interface ReportedAccess {
  readonly access: Level;
  readonly permissions: PermissionSet;
}

/** Every organization has it (docs/api.md, "Name resolution"); its grants are never removed. */
export const OWNERS_TEAM = 'owners';

// ---- desired state (the file, validated and normalised) ----

/** When a grant of the files ends (docs/files.md, "Grants that expire"; core/expiry.ts). */
export interface GrantExpiry {
  /** The instant it ends, RFC 3339 in UTC (a date `YYYY-MM-DD` ends at the next midnight UTC). */
  readonly at: string;
  /** Where `expires:` is written. */
  readonly source?: SourceRef;
}

export interface DesiredGrant {
  readonly team: string;
  readonly access: Access;
  /** The role the file named, when the grant came from `roles:`. */
  readonly role?: string;
  readonly source?: SourceRef;
  /** `expires:`: from then on the grant is no longer desired, and its live grant is removed. */
  readonly expires?: GrantExpiry;
  /** Where the desired grant comes from once sets are expanded (src/expand/merge.ts); absent: the target's own entry. */
  readonly origin?: GrantOrigin;
}

/**
 * What a desired grant (or a target's prune) comes from: the target's own entry under
 * `workspaces:`/`projects:` (named by the target), or a set (by its name). An entry that overrides
 * sets for the same team names them (docs/sets.md, "Sets").
 */
export interface GrantOrigin {
  readonly kind: 'entry' | 'set';
  readonly name: string;
  /** The sets whose grant of the same team the entry overrides, by name. */
  readonly overrides?: readonly string[];
}

/** A target as the files write it: an entry under `projects:` or `workspaces:`. */
export interface EntryTarget {
  readonly type: TargetType;
  readonly name: string;
  /** Pinned id (`prj-...` / `ws-...`), checked against the name when resolving. */
  readonly id?: string;
  /** `prune:` as the entry writes it; absent, settings.prune decides, where the sets merge (expand/merge.ts, pruneOf). */
  readonly prune?: boolean;
  readonly grants: readonly DesiredGrant[];
  readonly source?: SourceRef;
  /**
   * Grants of the files whose expiry has passed at the time of the run (core/expiry.ts, desiredAt):
   * no longer in `grants`; the plan removes their live grants whatever `prune` says.
   */
  readonly expired?: readonly DesiredGrant[];
  /** Warnings the file silences on this target (`ignore-warnings:` under it). */
  readonly ignoreWarnings?: readonly WarningCode[];
}

/** A target as planned: its entry (if any) merged with the sets that match it (src/expand/). */
export interface DesiredTarget extends EntryTarget {
  /** Remove grants of teams the files do not give here. */
  readonly prune: boolean;
  /** What makes the target prune (its entry, or the first pruning set by name); absent: its entry. */
  readonly prunedBy?: GrantOrigin;
}

/** A set's criteria (docs/sets.md, "Sets"), one list per row of core/set-criteria.ts: every one given must hold. */
export type SetMatch = { readonly [K in CriterionKey]?: readonly string[] };

/** Where each value of a match is written, list by list and index by index (the name checker's FILE:LINE:COL). */
export type MatchSources = { readonly [K in keyof SetMatch]?: readonly SourceRef[] };

/** A match as the files give it: a set's or a policy's (docs/sets.md, "Sets"; docs/effective-access.md, "Policies"). */
export interface Selecting {
  readonly type: TargetType;
  readonly name: string;
  readonly match: SetMatch;
  /** `allow-empty: true` in the match: a tag no workspace carries is no error, and matching nothing no warning. */
  readonly allowEmpty?: boolean;
  readonly matchSources?: MatchSources;
  readonly source?: SourceRef;
}

/** `workspace-sets:` / `project-sets:`, validated: every target the set matches gets its grants. */
export interface DesiredSet extends Selecting {
  readonly type: TargetType;
  readonly name: string;
  readonly match: SetMatch;
  /** `prune:` as the set writes it; absent, settings.prune decides, where the sets merge (expand/merge.ts, pruneOf). */
  readonly prune?: boolean;
  readonly grants: readonly DesiredGrant[];
  readonly source?: SourceRef;
  /** Grants whose expiry has passed at the time of the run (core/expiry.ts, desiredAt), as a target's: no longer in `grants`. */
  readonly expired?: readonly DesiredGrant[];
}

// ---- live state (what the API reported) ----

export interface Team {
  readonly id: string;
  readonly name: string;
  /** `secret` or `organization`; other values kept as given. */
  readonly visibility: string;
  /** Organization-level permissions (`manage-projects`, `manage-workspaces`, ...); unreported keys absent. */
  readonly organizationAccess: Readonly<Record<string, boolean>>;
  /** The ids of its users (`relationships.users`), when the service listed them: who a user token acts as. */
  readonly userIds?: readonly string[];
  /** The identity provider's group id (`sso-team-id`); null when unset, absent when not reported. */
  readonly ssoTeamId?: string | null;
  /** `allow-member-token-management`, when reported. */
  readonly allowMemberTokenManagement?: boolean;
  /** `scim-linked: true`: the identity provider owns its name and membership (docs/api.md, "Teams"). */
  readonly scimLinked?: boolean;
  /** `scim-updated-at`, when reported: when the identity provider last changed it (a re-created team's is recent). */
  readonly scimUpdatedAt?: string;
}

export interface Project {
  readonly id: string;
  readonly name: string;
  /** `workspace-count` of the projects list, when reported (what a list of its workspaces costs). */
  readonly workspaceCount?: number;
}

/** A key-value tag (a tag binding, docs/api.md, "Workspace tags"). */
export interface TagBinding {
  readonly key: string;
  readonly value: string;
}

/** A workspace's tags as the list reported them. */
export interface WorkspaceTags {
  /** Flat tags (`tag-names`). */
  readonly names: readonly string[];
  /** Key-value tags, those inherited from the project included; absent when the answer did not carry them. */
  readonly bindings?: readonly TagBinding[];
}

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly projectId?: string;
  /** When the answer reported them (`tag-names`; the bindings with `include=effective_tag_bindings`). */
  readonly tags?: WorkspaceTags;
}

export interface LiveGrant {
  readonly id: string;
  readonly resource: Resource;
  readonly teamId: string;
  readonly targetId: string;
  readonly access: ReportedAccess;
  /** Attributes the service reported that the tables do not know (e.g. `project-access.variable-sets`). */
  readonly extra: Readonly<Record<string, PermissionValue | null>>;
}

/**
 * What a DELETE of a grant established: `removed`, or `unconfirmed` when it answered 404 after an
 * attempt whose answer was lost: gone, or not allowed (404 means both, docs/api.md, "Seed:
 * authentication"); only reading the target tells which.
 */
export type RemoveOutcome = 'removed' | 'unconfirmed';

export interface LiveTarget {
  readonly type: TargetType;
  readonly id: string;
  readonly name: string;
  /** For a workspace: the project it belongs to, when reported. */
  readonly projectId?: string;
  readonly grants: readonly LiveGrant[];
  /**
   * False when the reader knows this list may be partial: a token that is not an owner does not see
   * the grants of secret teams it is not in (docs/api.md, "Effective access"). Absent means complete.
   * The apply guards refuse any removal planned on a target read partially.
   */
  readonly complete?: boolean;
}

/** How workspace grants were read (docs/connecting.md, "Reading by team"): one list per target, or one per team. */
export type ReadStrategy = 'by-target' | 'by-team';

/** `--read-by`: `auto` estimates both and chooses; `team` reads by team whatever it costs (still probed, checked, and left on trouble); `target` never probes. */
export const READ_BY = ['auto', 'team', 'target'] as const;
export type ReadBy = (typeof READ_BY)[number];

/** What the live read did, for the JSON plan and the benchmark. */
export interface GrantRead {
  readonly strategy: ReadStrategy;
  /** Requests the grant read made: the projects' lists, the probe, and pages read before a fallback included; a retry is not another request (the same plan, the same bytes). */
  readonly requests: number;
  /** Each strategy's estimated requests before reading; `byTeam` absent when reading by team was not possible. */
  readonly estimate: { readonly byTarget: number; readonly byTeam?: number };
  /** Why the read went back to one list per target after starting by team, or did not start by team at all. */
  readonly fallback?: string;
}

/** Who read (src/core/viewer.ts), and so what the read can have seen. */
export interface Viewer {
  /** Who the token is; absent when the server did not say (a server without account details). */
  readonly identity?: TokenIdentity;
  /** Whether the token sees every team of the organization, secret ones included: an owner's. */
  readonly seesEveryTeam: boolean;
  /** The teams the token acts as, among those it sees: its own team, or the teams listing its user. */
  readonly teams: readonly Team[];
}

export interface LiveState {
  readonly organization: string;
  /** Teams by id: every team the token can see. */
  readonly teams: ReadonlyMap<string, Team>;
  /** Managed targets by id, each with all its grants. A target that could not be read is an error, never absent. */
  readonly targets: ReadonlyMap<string, LiveTarget>;
  /** How the grants were read, when the reader says. */
  readonly read?: GrantRead;
  /** Who read them, when the reader says: what the read cannot have seen follows from it (diff/completeness.ts). */
  readonly viewer?: Viewer;
  /**
   * Read by team: the grants on every workspace of the organization the files do not manage, by
   * workspace id (an empty list for one without grants): what was read over, never planned.
   */
  readonly unmanagedWorkspaceGrants?: ReadonlyMap<string, readonly LiveGrant[]>;
  /** Read by team for a token that does not see every team: the grants of the unmanaged projects its blind spots were found with, by project id (live/blind-spots.ts). */
  readonly projectGrantsRead?: ReadonlyMap<string, readonly LiveGrant[]>;
  /** The organization's people (core/people.ts), when the run read them: the files manage members, or a report asks for people. */
  readonly people?: LivePeople;
  /** The token policy and the tokens the caller can list (core/token-policy.ts), when the files have `token-policy:`. */
  readonly tokens?: LiveTokens;
}
