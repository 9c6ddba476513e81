// What the member guards decide from besides the changes (docs/apply.md, "Safety guards"): the
// limits of the files and the figures of the people read, made once from the read and carried (a
// saved plan keeps them in its basis; the checksum covers them), so plan and apply decide alike.
// Pure.

import { DEFAULT_MAX_MEMBER_REMOVALS, DEFAULT_MAX_PEOPLE_REMOVALS, DEFAULT_MIN_OWNERS } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import { type LiveState, OWNERS_TEAM } from '../core/model.js';
import { isServiceAccount } from '../core/person-kind.js';
import { plannedTeams } from '../resolve/planned-teams.js';

export interface MemberGuardInputs {
  /** settings.max-member-removals: a count, or a percentage of a team's current members (at least 1). */
  readonly maxMemberRemovals: number | { readonly percent: number };
  /** settings.min-owners: human members left in owners; the floor of 1 holds even with --force. */
  readonly minOwners: number;
  /** settings.max-people-removals: people removed from the organization. */
  readonly maxPeopleRemovals: number;
  /**
   * The human members of each team whose members the files manage, by team id, as read (invitees the
   * team lists included; inactive memberships not: they count for no guard, docs/apply.md).
   */
  readonly teamSizes: ReadonlyMap<string, number>;
  /** The active human members of owners, as read. */
  readonly owners: number;
}

/** The inputs of a plan made from `desired` against `live` (with its people read). */
export function memberGuardInputsOf(desired: Pick<DesiredState, 'settings' | 'teams'>, live: LiveState): MemberGuardInputs {
  // An inactive membership (deactivated in the identity provider) is no member a guard counts.
  const humans = (live.people?.people ?? []).filter((p) => !isServiceAccount(p) && p.status !== 'inactive');
  const teamSizes = new Map<string, number>();
  // The teams as the plan leaves them: a renamed team keeps its id; a created one has no members yet.
  const planned = plannedTeams(desired.teams, [...live.teams.values()]);
  for (const team of desired.teams ?? []) {
    const fate = planned.fates.get(team.name);
    if (team.members && fate && fate.kind !== 'created') teamSizes.set(fate.team.id, humans.filter((p) => p.teamIds.includes(fate.team.id)).length);
  }
  const ownersTeam = [...live.teams.values()].find((t) => t.name === OWNERS_TEAM);
  const owners = ownersTeam ? humans.filter((p) => p.status === 'active' && p.teamIds.includes(ownersTeam.id)).length : 0;
  return {
    maxMemberRemovals: desired.settings.maxMemberRemovals ?? DEFAULT_MAX_MEMBER_REMOVALS,
    minOwners: desired.settings.minOwners ?? DEFAULT_MIN_OWNERS,
    maxPeopleRemovals: desired.settings.maxPeopleRemovals ?? DEFAULT_MAX_PEOPLE_REMOVALS,
    teamSizes,
    owners,
  };
}

/** `3`, or `25%` as the files write it. */
export function limitText(limit: MemberGuardInputs['maxMemberRemovals']): string {
  return typeof limit === 'number' ? String(limit) : `${limit.percent}%`;
}
