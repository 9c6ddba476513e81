// People as code (docs/files.md, "Members"): who is in each team, named by email, as the files want
// it and as the service reports it, and a change to a team's members as the plan says it. Plain
// data, beside the teams' (core/teams.ts).
import type { Attribution } from './audit.js';
import type { SourceRef, TeamRef } from './model.js';
import type { MembershipStatus } from './person.js';

/** `members:` of a team under `teams:`; a team without it is not managed for membership. */
export interface DesiredMembers {
  /** The emails as written, each once (compared by `personKey`). */
  readonly emails: readonly string[];
  /** `members-prune` (absent: DEFAULT_MEMBERS_PRUNE): members the list does not name are removed. */
  readonly prune: boolean;
  /** Where `members:` is written: a refusal (an identity provider owns the team) points here. */
  readonly source?: SourceRef;
  /** Where each email is written, by personKey, for the resolver's and policies' messages. */
  readonly emailSources?: ReadonlyMap<string, SourceRef>;
}

/**
 * An email as the files may write one: a local part, `@`, a domain with a dot; no space. Loose on
 * purpose: the service's invitation checks the rest (docs/api.md, "People": 422 on a bad address).
 */
export const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

/** `settings.max-member-removals` as a percentage: `0%` to `100%`. */
export const PERCENT_PATTERN = '^(100|[1-9]?[0-9])%$';

/** People are named by email, compared case-insensitively (docs/files.md, "Members"). */
export function personKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A person as a change names them: by email, with the membership when there is one already. */
export interface PersonRef {
  readonly email: string;
  readonly membershipId?: string;
  readonly username?: string | null;
  readonly status?: MembershipStatus;
}

/** Add a person of the organization (active or invited) to a team; apply writes a team's adds in one request. */
export interface MemberAdd {
  readonly action: 'add';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly team: TeamRef;
  readonly person: PersonRef;
}

/** Remove a person from a team (authoritative `members:`); apply writes a team's removals in one request. */
export interface MemberRemove {
  readonly action: 'remove';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly team: TeamRef;
  readonly person: PersonRef;
}

/** `settings.invite`: a listed person not in the organization is invited by email, into their teams in the same request. */
export interface MemberInvite {
  readonly action: 'invite';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly person: PersonRef;
  readonly teams: readonly TeamRef[];
}

/** `settings.prune-people`: a person in no listed team leaves the organization (and every team with it). */
export interface MemberLeave {
  readonly action: 'remove-from-organization';
  /** docs/drift.md, "Who changed it": not part of the checksum. */
  readonly attribution?: Attribution;
  readonly person: PersonRef;
  /** The teams they leave with it, that the token sees. */
  readonly teams: readonly TeamRef[];
}

export type MemberChange = MemberAdd | MemberRemove | MemberInvite | MemberLeave;
export type MemberAction = MemberChange['action'];

/** A person's membership of the teams a member change names: the value before or after it. */
export interface Membership {
  readonly person: PersonRef;
  readonly teams: readonly TeamRef[];
}

/**
 * A member change as Terraform's `Change{Before,After,Action}`: the person's membership of its teams
 * before and after (null: not a member of them; an invitation's person is not in the organization
 * yet). Worked out from the change, never stored: the plan's JSON and a saved plan hold the change
 * as they always did.
 */
export interface MemberBeforeAfter {
  readonly action: MemberAction;
  readonly before: Membership | null;
  readonly after: Membership | null;
}

export function memberBeforeAfter(change: MemberChange): MemberBeforeAfter {
  const { action, person } = change;
  switch (change.action) {
    case 'add':
      return { action, before: null, after: { person, teams: [change.team] } };
    case 'remove':
      return { action, before: { person, teams: [change.team] }, after: null };
    case 'invite':
      return { action, before: null, after: { person, teams: change.teams } };
    case 'remove-from-organization':
      return { action, before: { person, teams: change.teams }, after: null };
  }
}

/** Order of the plan's member changes: invitations, adds, removals from teams, removals from the organization. */
export const MEMBER_ACTION_ORDER: { readonly [A in MemberAction]: number } = { invite: 0, add: 1, remove: 2, 'remove-from-organization': 3 };

/** An invitation not accepted yet: the person is not a member of its teams until then, and that is no drift. */
export interface PendingInvite {
  readonly person: PersonRef;
  readonly teams: readonly TeamRef[];
}
