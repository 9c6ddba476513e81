// A person's effective access (docs/effective-access.md, "People"): what the teams they are in give
// them, each target's access the union of their teams' (the highest of each permission, admin when
// one team has admin), with every team that gives it and that team's own sources. Plain data, shared
// by src/effective/people.ts (which computes it), the report and its renderers.
import type { Level, PermissionSet } from './access.js';
import type { AccessSource } from './effective.js';
import type { TargetRef, TeamRef } from './model.js';

/** One of the person's teams on a target: the team's own effective level there and its sources. */
export interface TeamAccess {
  readonly team: TeamRef;
  readonly access: Level;
  readonly sources: readonly AccessSource[];
}

/** A person's effective access on one target, with every team of theirs that gives some. */
export interface PersonCell {
  readonly target: TargetRef;
  readonly access: Level;
  /** The per-permission maximum over their teams, in the target's own permission keys. */
  readonly permissions: PermissionSet;
  /** Their teams with access there, by team name. */
  readonly through: readonly TeamAccess[];
}

/**
 * An organization power (a flag of core/team-flags.ts) a person holds through their teams: it is
 * organization-wide, on no one target, so it is never a target row. The owners team holds every power.
 */
export interface PersonPower {
  readonly power: string;
  /** Their teams that hold it, by name. */
  readonly through: readonly TeamRef[];
}

/**
 * A person of the report: active (with their access), invited (pending: the teams they will join,
 * no access yet), or inactive (deactivated in the identity provider: still in their teams, no access;
 * docs/api.md, "Identity-provider lifecycles").
 */
export interface ReportPerson {
  readonly email: string;
  readonly username?: string | null;
  readonly status: 'active' | 'invited' | 'inactive';
  /** Active and inactive: the teams they are in; invited: the teams the invitation names. By name. */
  readonly teams: readonly TeamRef[];
  /** Active only: every target one of their teams reaches, sorted by target type and name. */
  readonly cells: readonly PersonCell[];
  /** Active only: every organization power one of their teams holds, in the flag table's order. */
  readonly powers: readonly PersonPower[];
}

/** Who the report leaves out, counted: never listed, never in a row. */
export interface PeopleLeftOut {
  /** Service accounts (`is-service-account`: the users team and organization tokens create). */
  readonly serviceAccounts: number;
  /** Members of a team no membership the token sees explains (the service's own staff in owners), counted once each. */
  readonly hidden: number;
  /** Memberships of status `inactive`: listed (status `inactive`, no access) since issue 39, so always 0; kept for the JSON's shape. */
  readonly inactive: number;
}

/** A member the report does not list as a person, named where it matters (who-can): a service account, or a hidden member by user id. */
export interface UnlistedMember {
  readonly kind: 'service-account' | 'hidden';
  /** The service account's username (else email); the hidden member's user id. */
  readonly name: string;
  readonly teams: readonly TeamRef[];
}

/** The people of a report by person (`report --by person`). */
export interface ReportPeople {
  /** Sorted by email (code units of the lower-cased email): the active and the invited alike. */
  readonly people: readonly ReportPerson[];
  readonly leftOut: PeopleLeftOut;
  /** The service accounts and hidden members `leftOut` counts, with their teams: the service accounts by name, then the hidden members by id (absent: not known). */
  readonly unlisted?: readonly UnlistedMember[];
}
