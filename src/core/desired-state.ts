// The desired state as the files say it, whole: settings, targets, roles, sets and policies. Apart
// from the model's parts (core/model.ts) so that a part such as a policy can use the model's types
// without the model importing it back.

import { DEFAULT_MAX_REMOVALS, DEFAULT_PRUNE } from './defaults.js';
import type { CustomAccess, DesiredSet, DesiredTarget, EntryTarget, SourceRef, TargetType } from './model.js';
import type { DesiredPolicy } from './policy.js';
import type { Dismissal } from './recommendation.js';
import type { ReviewOwner } from './review.js';
import type { DesiredTeam } from './teams.js';
import type { MaxTtl } from './token-policy.js';
import type { WarningCode } from './warning-codes.js';

export interface DesiredSettings {
  readonly prune: boolean;
  readonly ignoreTeams: readonly string[];
  /** Where each name of `ignoreTeams` was written, for the resolver's messages. */
  readonly ignoreTeamSources?: ReadonlyMap<string, SourceRef>;
  readonly maxRemovals: number;
  /** `settings.expiry-warning-days` (absent: DEFAULT_EXPIRY_WARNING_DAYS, core/defaults.ts). */
  readonly expiryWarningDays?: number;
  /** Warnings the files silence everywhere (`settings.ignore-warnings`); absent: none. */
  readonly ignoreWarnings?: readonly WarningCode[];
  /** `settings.prune-teams` (absent: DEFAULT_PRUNE_TEAMS): a team the token sees that the files do not name is deleted. */
  readonly pruneTeams?: boolean;
  /** `settings.max-team-deletions` (absent: DEFAULT_MAX_TEAM_DELETIONS). */
  readonly maxTeamDeletions?: number;
  /** `settings.invite` (absent: DEFAULT_INVITE): a listed person not in the organization is invited by email. */
  readonly invite?: boolean;
  /** `settings.prune-people` (absent: DEFAULT_PRUNE_PEOPLE): a person in no team the files list leaves the organization. */
  readonly prunePeople?: boolean;
  /** `settings.max-member-removals`: a count, or a percentage of a team's current members (absent: DEFAULT_MAX_MEMBER_REMOVALS). */
  readonly maxMemberRemovals?: number | { readonly percent: number };
  /** `settings.min-owners` (absent: DEFAULT_MIN_OWNERS): human members left in owners; never below 1, even with --force. */
  readonly minOwners?: number;
  /** `settings.max-people-removals` (absent: DEFAULT_MAX_PEOPLE_REMOVALS): people removed from the organization. */
  readonly maxPeopleRemovals?: number;
  /** `settings.max-token-revocations` (absent: DEFAULT_MAX_TOKEN_REVOCATIONS): live tokens a token-policy change may end. */
  readonly maxTokenRevocations?: number;
}

/** `token-policy:` (docs/files.md, "`token-policy`"): the limits the files set, in milliseconds, and the user-tokens switch. */
export interface DesiredTokenPolicy {
  readonly maxTtl: MaxTtl;
  /** `user-tokens`; absent: not managed. */
  readonly userTokens?: boolean;
  readonly source?: SourceRef;
}

export const DEFAULT_SETTINGS: DesiredSettings = { prune: DEFAULT_PRUNE, ignoreTeams: [], maxRemovals: DEFAULT_MAX_REMOVALS };

/** The roles the files define, by kind: a name and the full custom vector it means. */
export type DesiredRoles = { readonly [T in TargetType]: ReadonlyMap<string, CustomAccess> };

/**
 * The whole desired state: as planned (the default: every target's entry merged with its sets,
 * src/expand/), or as the files write it (`FilesState`).
 */
export interface DesiredState<T extends EntryTarget = DesiredTarget> {
  readonly organization: string;
  /** Where `organization:` is written (the first file that names it). */
  readonly organizationSource?: SourceRef;
  readonly settings: DesiredSettings;
  readonly targets: readonly T[];
  /** Roles defined under `roles:`, for naming the role a live grant has (absent: none known). */
  readonly roles?: DesiredRoles;
  /** `workspace-sets:` and `project-sets:`, sorted by type then name (absent or empty: none). */
  readonly sets?: readonly DesiredSet[];
  readonly policies?: readonly DesiredPolicy[]; // `policies:` in file order (docs/effective-access.md, "Policies"); absent: none
  /** `teams:` by name (docs/files.md, "`teams`"); absent: the files manage no team itself. */
  readonly teams?: readonly DesiredTeam[];
  /** `review-owners:` in file order (docs/evidence.md, "Access reviews"); absent: none. */
  readonly reviewOwners?: readonly ReviewOwner[];
  /** `token-policy:` (docs/files.md, "`token-policy`"); absent: the files manage no token policy. */
  readonly tokenPolicy?: DesiredTokenPolicy;
  /** `dismissals:` in file order (docs/recommend.md, "Dismissals"); absent: none. */
  readonly dismissals?: readonly Dismissal[];
}

/** The desired state as the files write it: each entry's `prune` as written (a planned state is one too). */
export type FilesState = DesiredState<EntryTarget>;
