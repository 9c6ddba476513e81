// src/core/coverage.ts (new)
/** Why a read is not known to be whole; phrased only by a renderer (src/render/shared/coverage.ts). */
export type IncompleteReason =
  /** The token does not see every team (it is not an owner's): on `targets` of the targets read it does not manage team access, so a secret team's grant there is not seen. */
  | { readonly code: 'secret-teams-unseen'; readonly targets: number }
  /** Grants on these targets (display names, e.g. `workspace "web"`) name teams the token cannot see. */
  | { readonly code: 'grants-of-unseen-teams'; readonly targets: readonly string[] }
  /** The server did not say who the token is, so whether it sees every team is not known. */
  | { readonly code: 'identity-unknown' }
  /** These workspaces read (display names) are in a project the token cannot see: the access its grants give there is not counted. */
  | { readonly code: 'projects-unseen'; readonly workspaces: readonly string[] }
  /** People were read and the token does not see every team: a membership of a secret team it is not in (and the access it gives) is not seen. */
  | { readonly code: 'people-teams-unseen' }
  /** The token's list of teams is not proven whole (not an owner's or the organization's, no access-secret-teams with a team-management power): a secret team, its organization powers and its grants may be missing. */
  | { readonly code: 'teams-not-proven' }
  /** The token has no organization-wide read of these lists, so a project or workspace none of its teams is granted is not listed. */
  | { readonly code: 'targets-not-proven'; readonly lists: readonly ('projects' | 'workspaces')[] }
  /** The read found no project and no workspace, and the token could not have seen one it is not granted: none seen is not none there. */
  | { readonly code: 'no-targets-seen' }
  /**
   * These policies (`max-token-age`) were not evaluated on every team token: the team tokens could
   * not be listed at all (`no-list`: the server has no team-token list, or the token may not read
   * it), or the token lists only those of the teams it manages (`not-every-team`: not an owner's).
   */
  | { readonly code: 'team-tokens-unlisted'; readonly policies: readonly string[]; readonly cause: TokensUnlisted }
  /** A `max-reach` policy's indirect access was not read whole (a list not given, consumers hidden, a name none has): a team that reaches it may not be counted (docs/effective-access.md, "Indirect access"). */
  | { readonly code: 'reach-unread'; readonly reach: readonly string[] }
  /**
   * The report read indirect access (its "reaches through" entries, an evidence bundle's or review
   * sheet's derived rows) and could not read all of it (docs/effective-access.md, "Indirect access";
   * docs/evidence.md, "Derived rows"): a cell may reach more than its entries say, a derived row may
   * be missing. Said once for the one read (core/derived.ts, `indirectUnreadOf`). `lists`: not
   * given (404 or 403); `consumers`: workspaces whose remote-state consumers were not given;
   * `short`: variable sets listing fewer workspaces or projects than their counts; `unnamed`:
   * workspaces on agents whose pool the service does not name; `partialToken`: the consumers lists
   * leave out workspaces the token cannot read.
   */
  | { readonly code: 'indirect-unread'; readonly unread: IndirectUnread };

/** What a report's read of indirect access missed (IncompleteReason `indirect-unread`). */
export interface IndirectUnread {
  readonly lists: readonly ('varsets' | 'agent-pools' | 'stacks' | 'workspaces')[];
  readonly consumers: readonly string[];
  readonly short: readonly string[];
  readonly unnamed: readonly string[];
  readonly partialToken: boolean;
}

/** Why a policy reading the team tokens did not see every one (IncompleteReason `team-tokens-unlisted`). */
export type TokensUnlisted = 'no-list' | 'not-every-team';
export interface Coverage {
  readonly complete: boolean;
  readonly reasons: readonly IncompleteReason[];
}
/** What the run was asked to cover: the files' paths as given, and every narrowing flag (empty: not narrowed). */
export interface Scope {
  readonly paths: readonly string[];
  readonly targets: readonly string[]; // --target, as given
  readonly teams: readonly string[]; // report --team
  readonly projects: readonly string[]; // report --project
  readonly workspaces: readonly string[]; // report --workspace
  /** report --person, as given; absent where people are not asked for (a plan, a report by team), so those outputs read as before. */
  readonly people?: readonly string[];
  /** plan --changed-from REF: what the plan was narrowed to, or why it was not; absent when not asked. */
  readonly changedFrom?: ChangedFrom;
}

/**
 * `plan --changed-from REF` (docs/plan.md, "Scoped plans"): a scoped plan read only the targets,
 * teams and token policy whose desired state differs between REF's files and the files given; a
 * plan that fell back to the whole files says why.
 */
export interface ChangedFrom {
  /** The base as given: a git revision or a directory. */
  readonly ref: string;
  /** True: only what the change touches was read; false: the full plan, for `reason`. */
  readonly scoped: boolean;
  /** The targets the change touches, as `type:name`, sorted (scoped only; empty otherwise). */
  readonly targets: readonly string[];
  /** The teams of `teams:` the change touches, by name, sorted (scoped only). */
  readonly teams: readonly string[];
  /** Whether the change touches `token-policy:` (scoped only). */
  readonly tokenPolicy: boolean;
  /** How many targets the scoped plan read the grants of (its touched targets the organization has). */
  readonly read: number;
  /** Why the plan is the full one (scoped false). */
  readonly reason?: string;
}
