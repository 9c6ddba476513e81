// Teams as code (docs/files.md, "`teams`"): a team as the files want it, and a change to a team as
// the plan says it. Plain data, beside the grants' (core/model.ts, core/plan.ts).

import type { Resource } from './access.js';
import type { Attribution } from './audit.js';
import type { ReportedAccess, SourceRef, TargetRef } from './model.js';
import type { DesiredMembers } from './people.js';

export const VISIBILITIES = ['secret', 'organization'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * A team under `teams:`. A setting left out is not managed (the team keeps what it has); an
 * `organization-access` given is authoritative: every flag of core/team-flags.ts, normalised.
 */
export interface DesiredTeam {
  readonly name: string;
  readonly visibility?: Visibility;
  /** `sso-team-id`; null clears it. */
  readonly ssoTeamId?: string | null;
  readonly allowMemberTokenManagement?: boolean;
  /** Every flag of the table (normaliseFlags), when the files give `organization-access`. */
  readonly organizationAccess?: Readonly<Record<string, boolean>>;
  /** The role of `roles.organization` the files named for it. */
  readonly organizationRole?: string;
  /** Names it had: a live team of one of them (and none of `name`) is renamed, keeping its id. */
  readonly previously: readonly string[];
  /** `members:` (with `members-prune`), when the files manage who is in the team (core/people.ts). */
  readonly members?: DesiredMembers;
  readonly source?: SourceRef;
}

/** The settings a team change writes or compares, by their names in the files (and on the wire). */
export const TEAM_FIELDS = ['visibility', 'sso-team-id', 'allow-member-token-management'] as const;
export type TeamField = (typeof TEAM_FIELDS)[number];

/** The value each setting takes (`sso-team-id` null: none). */
export interface TeamSettingValues {
  readonly visibility: Visibility;
  readonly 'sso-team-id': string | null;
  readonly 'allow-member-token-management': boolean;
}

/** What the service may report of each: a visibility it has no name for is kept as given (core/model.ts, Team). */
export interface TeamSettingReported extends Omit<TeamSettingValues, 'visibility'> {
  readonly visibility: string;
}

export type TeamValue = string | boolean | null;

interface FieldMove<B, A> {
  /** null: not reported (a create's before is never shown). */
  readonly before: B | null;
  readonly after: A;
  /**
   * A create's setting the files do not give (docs/files.md, "`teams`"): `tfe-access`, the tool's
   * default, written (visibility); `service`, what the service gives a team it is not told about
   * (docs/api.md, "Teams"), shown and not written.
   */
  readonly default?: 'tfe-access' | 'service';
}

/** A setting a change moves, with the values of that setting (one member per row of TEAM_FIELDS). */
export type TeamSettingChange = { readonly [F in TeamField]: FieldMove<TeamSettingReported[F], TeamSettingValues[F]> & { readonly field: F } }[TeamField];

/** An organization-access flag a change moves (core/team-flags.ts), by its key. */
export interface TeamFlagChange extends FieldMove<boolean, boolean> {
  readonly flag: string;
}

/** One setting or flag a change moves: typed, never a name to parse (the documents' `field` is teamFieldName's). */
export type TeamFieldChange = TeamSettingChange | TeamFlagChange;

/** How the files and the plan's documents nest the flags: `organization-access.FLAG`. */
const FLAG_PREFIX = 'organization-access.';

/** A field's name in the plan's documents and words: a setting's own, a flag's under organization-access. */
export function teamFieldName(change: TeamFieldChange): string {
  return 'flag' in change ? `${FLAG_PREFIX}${change.flag}` : change.field;
}

/** The field a document's name means (the one reading of a name, for saved plans); undefined: no setting or flag. */
export function teamFieldOfName(name: string): { readonly field: TeamField } | { readonly flag: string } | undefined {
  if (name.startsWith(FLAG_PREFIX) && name.length > FLAG_PREFIX.length) return { flag: name.slice(FLAG_PREFIX.length) };
  return (TEAM_FIELDS as readonly string[]).includes(name) ? { field: name as TeamField } : undefined;
}

/**
 * What the service gives a created team of each setting the create leaves out (docs/api.md, "Teams":
 * every flag false, allow-member-token-management true, no SSO id). Visibility is not among them:
 * tfe-access always sends one (core/defaults.ts, DEFAULT_TEAM_VISIBILITY).
 */
export const SERVICE_TEAM_DEFAULTS: { readonly 'sso-team-id': null; readonly 'allow-member-token-management': true; readonly flag: false } = {
  'sso-team-id': null,
  'allow-member-token-management': true,
  flag: false,
};

/** What a create writes: the files' settings (the flags normalised). */
export interface TeamCreate {
  readonly action: 'create';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly name: string;
  readonly fields: readonly TeamFieldChange[];
}

export interface TeamUpdate {
  readonly action: 'update';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly id: string;
  readonly name: string;
  readonly fields: readonly TeamFieldChange[];
}

/** A rename by `previously:`: one PATCH, the id, members and grants stay; other settings may move with it. */
export interface TeamRename {
  readonly action: 'rename';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly id: string;
  readonly name: string;
  readonly from: string;
  readonly fields: readonly TeamFieldChange[];
}

/** A grant the service drops with its team: on a target the plan read. */
export interface GoneGrant {
  readonly resource: Resource;
  readonly target: TargetRef;
  readonly access: ReportedAccess;
}

/** `settings.prune-teams`: a team the token sees that the files do not name. */
export interface TeamDelete {
  readonly action: 'delete';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly id: string;
  readonly name: string;
  readonly grants: readonly GoneGrant[];
  /**
   * The organization-access flags the team has `true`, in name order: the powers its deletion takes
   * away (issue 36: a team with no grant is not a team with nothing). Absent when it has none.
   */
  readonly powers?: readonly string[];
}

export type TeamChange = TeamCreate | TeamUpdate | TeamRename | TeamDelete;
export type TeamAction = TeamChange['action'];

/** Order of the plan's team changes: creates and renames (what grants may need), updates, deletions. */
export const TEAM_ACTION_ORDER: { readonly [A in TeamAction]: number } = { create: 0, rename: 1, update: 2, delete: 3 };

// A team this plan creates has no id yet: its grants name it by this stand-in until apply creates it
// (the executor puts the id in). Never an id the service gives (those start `team-`).
const PENDING = 'pending:';

export function pendingTeamId(name: string): string {
  return `${PENDING}${name}`;
}

export function isPendingTeamId(id: string): boolean {
  return id.startsWith(PENDING);
}
