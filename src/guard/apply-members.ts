// The member guards of `apply --plan`, re-made from what apply itself just read (docs/apply.md,
// "Saved plans": who can change one). A saved plan resealed without the key can say anything about
// its people (an owner "invited", a team of 99, a service account like any member): here every
// fact a guard counts comes from the read, and the changes the tool never makes (to a service
// account, a hidden member or one the token cannot see, the token's own user) are refused. Pure.
import { OWNERS_TEAM, type Team, type TeamRef, type Viewer } from '../core/model.js';
import type { MemberChange, PersonRef } from '../core/people.js';
import type { Person } from '../core/person.js';
import { isServiceAccount } from '../core/person-kind.js';
import type { MemberGuardInputs } from '../diff/member-guard-inputs.js';
import type { Refusal } from './refusal.js';

/** What apply read before its guards: the people, the teams, who the token is. */
export interface ApplyRead {
  readonly people: readonly Person[];
  readonly teams: readonly Team[];
  readonly viewer: Viewer;
}

/** The limits of the member guards (the figures come from the read). */
export type MemberLimits = Pick<MemberGuardInputs, 'maxMemberRemovals' | 'minOwners' | 'maxPeopleRemovals'>;

const personOf = (ref: PersonRef, read: ApplyRead): Person | undefined =>
  ref.membershipId === undefined ? undefined : read.people.find((p) => p.membershipId === ref.membershipId);

const teamAsRead = (team: TeamRef, read: ApplyRead): TeamRef => ({ id: team.id, name: read.teams.find((t) => t.id === team.id)?.name ?? team.name });

/** The changes with the read's facts: each person's status, each team's name by its id (what the guards match on). */
export function changesAsRead(changes: readonly MemberChange[], read: ApplyRead): MemberChange[] {
  return changes.map((change): MemberChange => {
    const person = personOf(change.person, read);
    // Someone the read does not show has no status here: not an owner the guards count.
    const { status: _saidByTheFile, ...unread } = change.person;
    const ref: PersonRef = person ? { ...change.person, status: person.status } : unread;
    switch (change.action) {
      case 'add':
      case 'remove':
        return { ...change, person: ref, team: teamAsRead(change.team, read) };
      case 'invite':
      case 'remove-from-organization':
        return { ...change, person: ref, teams: change.teams.map((t) => teamAsRead(t, read)) };
    }
  });
}

/** The member guards' figures from the read: each team's human members, the active human owners. */
export function memberGuardInputsAsRead(changes: readonly MemberChange[], read: ApplyRead, limits: MemberLimits): MemberGuardInputs {
  // As at plan time (diff/member-guard-inputs.ts): an inactive membership is no member a guard counts.
  const humans = read.people.filter((p) => !isServiceAccount(p) && p.status !== 'inactive');
  const teamSizes = new Map<string, number>();
  for (const change of changes) {
    if (change.action === 'remove') teamSizes.set(change.team.id, humans.filter((p) => p.teamIds.includes(change.team.id)).length);
  }
  const owners = read.teams.find((t) => t.name === OWNERS_TEAM);
  const active = owners ? humans.filter((p) => p.status === 'active' && p.teamIds.includes(owners.id)).length : 0;
  return { ...limits, teamSizes, owners: active };
}

/** Why the tool never makes `change`, or undefined when it may. */
function untouchable(change: MemberChange, read: ApplyRead): string | undefined {
  if (change.action === 'invite') return undefined;
  const person = personOf(change.person, read);
  if (!person) return 'is not among the people read (a hidden member, or a person the token cannot see)';
  if (isServiceAccount(person)) return 'is a service account';
  const identity = read.viewer.identity;
  const self = identity?.kind === 'user' && person.userId === identity.userId;
  if (!self || change.action === 'add') return undefined;
  // diff/members.ts: never out of owners, a team the token acts through, or the organization.
  const own = new Set([...read.teams.filter((t) => t.name === OWNERS_TEAM), ...read.viewer.teams].map((t) => t.id));
  if (change.action === 'remove-from-organization' || own.has(change.team.id)) return "is the token's own user (a removal would cut off the token)";
  return undefined;
}

function where(change: MemberChange): string {
  if (change.action === 'add') return `add to team "${change.team.name}"`;
  if (change.action === 'remove') return `remove from team "${change.team.name}"`;
  return change.action === 'invite' ? 'invite' : 'remove from the organization';
}

/**
 * `untouchable-member`: a member change of a service account, of someone the read does not show
 * (a hidden member), or taking out the token's own user. The planner never makes one: a saved plan
 * that has one was edited. --force does not lift it.
 */
export function untouchableMembers(changes: readonly MemberChange[], read: ApplyRead): Refusal | undefined {
  const found = changes.flatMap((change) => {
    const why = untouchable(change, read);
    return why ? [{ change, text: `${change.person.email} (${where(change)}) ${why}` }] : [];
  });
  if (found.length === 0) return undefined;
  return {
    guard: 'untouchable-member',
    message: `the plan changes people the tool never touches: ${found.map((f) => f.text).join('; ')}.`,
    howToProceed:
      'plan again from the desired-state files (they never make such a change); a saved plan that makes one was edited. --force does not lift this guard.',
    changes: [],
    memberChanges: found.map((f) => f.change),
  };
}
