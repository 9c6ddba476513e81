// The member changes of a plan as JSON (docs/plan.md, "Member changes"): the form of `--format
// json`, of saved plans and of the checksum, beside the team changes' (core/plan-document.ts). Keys
// in a fixed order, so the same plan always serialises to the same bytes.
import type { JsonObject } from './json-value.js';
import type { TeamRef } from './model.js';
import type { MemberAction, MemberChange, PendingInvite, PersonRef } from './people.js';
import { isPendingTeamId } from './teams.js';

/** `{email, membership_id, username, status}`: null where the plan has none (an invitee not yet invited). */
export function personDocument(person: PersonRef): JsonObject {
  return { email: person.email, membership_id: person.membershipId ?? null, username: person.username ?? null, status: person.status ?? null };
}

/** A team by name and id; null for a team this plan creates (core/teams.ts). */
export function memberTeamDocument(team: TeamRef): JsonObject {
  return { name: team.name, id: isPendingTeamId(team.id) ? null : team.id };
}

/** `{action, team, person}` (add, remove) or `{action, person, teams}` (invite, remove-from-organization). */
export function memberChangeDocument(change: MemberChange): JsonObject {
  switch (change.action) {
    case 'add':
    case 'remove':
      return { action: change.action, team: memberTeamDocument(change.team), person: personDocument(change.person) };
    case 'invite':
    case 'remove-from-organization':
      return { action: change.action, person: personDocument(change.person), teams: change.teams.map(memberTeamDocument) };
  }
}

export function pendingInviteDocument(pending: PendingInvite): JsonObject {
  return { person: personDocument(pending.person), teams: pending.teams.map(memberTeamDocument) };
}

/** The member changes counted by action, as the summary says them. */
export function memberSummaryDocument(changes: readonly MemberChange[]): JsonObject {
  const count = (action: MemberAction): number => changes.filter((c) => c.action === action).length;
  return { invite: count('invite'), add: count('add'), remove: count('remove'), remove_from_organization: count('remove-from-organization') };
}
