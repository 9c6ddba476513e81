// The members of the files against the people read (docs/plan.md, "Member changes"): adds,
// removals, invitations and, with settings.prune-people, removals from the organization, from the
// membership list the plan read once (live/people.ts) and the teams as the plan leaves them
// (resolve/planned-teams.ts: a created team gets its members in the same apply). Pure.
//
// Never touched, whatever the files say (they appear in no change): service accounts, the members
// no membership the token sees explains (hidden members: they are not people here), people the
// token cannot see (not in the list), and the token's own user in owners and in the teams the
// token acts through, or in the organization (no lock-out).

import { DEFAULT_INVITE, DEFAULT_PRUNE_PEOPLE } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import { type LiveState, OWNERS_TEAM, type TeamRef } from '../core/model.js';
import { compareText } from '../core/order.js';
import { MEMBER_ACTION_ORDER, type MemberChange, type PendingInvite, type PersonRef, personKey } from '../core/people.js';
import type { Person } from '../core/person.js';
import { isServiceAccount } from '../core/person-kind.js';
import type { PlanWarning } from '../core/plan.js';
import type { DesiredTeam } from '../core/teams.js';
import type { PlannedTeams } from '../resolve/planned-teams.js';

export interface MemberPlan {
  readonly changes: readonly MemberChange[];
  readonly pending: readonly PendingInvite[];
  readonly warnings: readonly PlanWarning[];
}

/** Whether the files manage people: some team lists its members, or settings.prune-people. */
export function managesMembers(desired: Pick<DesiredState, 'teams' | 'settings'>): boolean {
  return (desired.teams ?? []).some((t) => t.members !== undefined) || desired.settings.prunePeople === true;
}

export const personRefOf = (person: Person): PersonRef => ({
  email: person.email,
  membershipId: person.membershipId,
  username: person.username ?? null,
  status: person.status,
});

const notPlanned = (message: string): PlanWarning => ({ code: 'members-not-planned', message });

/** What the diff decides from, once: the people by email, who is protected, the teams as planned. */
interface Context {
  /** Every person read, in the list's order: removals go over them all (two memberships may share an email, or have none). */
  readonly people: readonly Person[];
  /** The first person of each email: whom a listed email names. */
  readonly byKey: ReadonlyMap<string, Person>;
  readonly live: LiveState;
  readonly planned: PlannedTeams;
  /** The token's own user, when it is a user: never removed from owners, its own teams or the organization. */
  readonly selfUserId?: string;
  /** The ids of owners and of the teams the token acts through. */
  readonly selfTeams: ReadonlySet<string>;
}

function contextOf(live: LiveState, planned: PlannedTeams): Context {
  const people = live.people?.people ?? [];
  const byKey = new Map<string, Person>();
  for (const person of people) if (!byKey.has(personKey(person.email))) byKey.set(personKey(person.email), person);
  const viewer = live.viewer;
  const owners = [...live.teams.values()].find((t) => t.name === OWNERS_TEAM);
  const selfTeams = new Set([...(owners ? [owners.id] : []), ...(viewer?.teams ?? []).map((t) => t.id)]);
  const selfUserId = viewer?.identity?.kind === 'user' ? viewer.identity.userId : undefined;
  return { people, byKey, live, planned, selfTeams, ...(selfUserId ? { selfUserId } : {}) };
}

const isSelf = (person: Person, context: Context): boolean => context.selfUserId !== undefined && person.userId === context.selfUserId;

/** A human the files may remove from `teamId`. */
function removable(person: Person, teamId: string, context: Context): boolean {
  return !isServiceAccount(person) && !(isSelf(person, context) && context.selfTeams.has(teamId));
}

interface TeamWork {
  readonly changes: MemberChange[];
  readonly invites: Map<string, { email: string; teams: TeamRef[] }>;
  readonly pending: Map<string, { person: Person; teams: TeamRef[] }>;
  readonly warnings: PlanWarning[];
}

/** One team's listed people: added, pending, invited (settings.invite), or left alone with a word why. */
function listedPeople(team: DesiredTeam, ref: TeamRef, invite: boolean, context: Context, work: TeamWork): void {
  for (const email of team.members?.emails ?? []) {
    const key = personKey(email);
    const person = context.byKey.get(key);
    if (!person) {
      // Without settings.invite the plan fails before the diff (diff/member-problems.ts).
      if (invite) (work.invites.get(key) ?? work.invites.set(key, { email, teams: [] }).get(key))?.teams.push(ref);
      continue;
    }
    if (isServiceAccount(person)) continue;
    if (person.status === 'inactive') {
      work.warnings.push(
        notPlanned(`team ${team.name}: ${email} is not added: the organization membership is inactive; reactivate it, or take them out of members`),
      );
      continue;
    }
    if (!person.teamIds.includes(ref.id)) work.changes.push({ action: 'add', team: ref, person: personRefOf(person) });
    // Invited, and the invitation already names the team: a member once they accept (docs/api.md, "People").
    else if (person.status === 'invited') (work.pending.get(key) ?? work.pending.set(key, { person, teams: [] }).get(key))?.teams.push(ref);
  }
}

/**
 * An authoritative team's members the list does not name; `leaving`: the memberships whose removal
 * from the organization takes them out anyway. The token's own user stays, with a word: a plan made
 * with another token would remove them, so the two plans differ, and not silently.
 */
function unlisted(team: DesiredTeam, ref: TeamRef, leaving: ReadonlySet<string>, context: Context, warnings: PlanWarning[]): MemberChange[] {
  const wanted = new Set((team.members?.emails ?? []).map(personKey));
  const out: MemberChange[] = [];
  for (const person of context.people) {
    const key = personKey(person.email);
    if (wanted.has(key) || leaving.has(person.membershipId) || !person.teamIds.includes(ref.id)) continue;
    if (removable(person, ref.id, context)) out.push({ action: 'remove', team: ref, person: personRefOf(person) });
    else if (isSelf(person, context)) {
      warnings.push(
        notPlanned(
          `team ${team.name}: ${person.email} is not removed: it is the token's own user, and the tool never takes the token out of owners or a team it acts through (it would cut itself off); list them in members, or plan with another token to remove them`,
        ),
      );
    }
  }
  return out;
}

/**
 * settings.prune-people: a person no `members:` names who would be in no team once the plan is
 * applied (a team whose members the files do not manage keeps them, and so keeps them in the
 * organization). Only with a token that sees every team: a secret team it cannot see could hold them.
 */
function leavers(desired: DesiredState, context: Context, warnings: PlanWarning[]): MemberChange[] {
  if (!(desired.settings.prunePeople ?? DEFAULT_PRUNE_PEOPLE)) return [];
  if (!context.live.viewer?.seesEveryTeam) {
    warnings.push(
      notPlanned(
        "settings.prune-people removes nobody from the organization: the token does not see every team (it is not an owner's, or the server did not say who it is), so a person in a secret team could look teamless; plan with an owners-team or organization token",
      ),
    );
    return [];
  }
  const teams = desired.teams ?? [];
  const named = new Set(teams.flatMap((t) => (t.members?.emails ?? []).map(personKey)));
  const authoritative = new Set(teams.flatMap((t) => (t.members?.prune === true ? [context.planned.byName.get(t.name)?.id ?? ''] : [])));
  const out: MemberChange[] = [];
  for (const person of context.people) {
    if (named.has(personKey(person.email)) || isServiceAccount(person) || isSelf(person, context)) continue;
    if (person.teamIds.some((id) => !authoritative.has(id))) continue;
    const left = person.teamIds.map((id) => ({ name: context.live.teams.get(id)?.name ?? id, id })).sort((a, b) => compareText(a.name, b.name));
    out.push({ action: 'remove-from-organization', person: personRefOf(person), teams: left });
  }
  return out;
}

const teamNameOf = (change: MemberChange): string => (change.action === 'add' || change.action === 'remove' ? change.team.name : '');

export function compareMemberChanges(a: MemberChange, b: MemberChange): number {
  return (
    MEMBER_ACTION_ORDER[a.action] - MEMBER_ACTION_ORDER[b.action] ||
    compareText(teamNameOf(a), teamNameOf(b)) ||
    compareText(personKey(a.person.email), personKey(b.person.email)) ||
    compareText(a.person.membershipId ?? '', b.person.membershipId ?? '')
  );
}

const byTeamName = (a: TeamRef, b: TeamRef): number => compareText(a.name, b.name);

/** The member changes of the files against the people read; `planned`: the teams as the plan leaves them (diff/teams.ts). */
export function diffMembers(desired: DesiredState, live: LiveState, planned: PlannedTeams): MemberPlan {
  const context = contextOf(live, planned);
  const work: TeamWork = { changes: [], invites: new Map(), pending: new Map(), warnings: [] };
  const invite = desired.settings.invite ?? DEFAULT_INVITE;
  const leaving = leavers(desired, context, work.warnings);
  const leavingIds = new Set(leaving.map((c) => c.person.membershipId ?? ''));
  for (const team of desired.teams ?? []) {
    const planned = context.planned.byName.get(team.name);
    if (!team.members || !planned) continue;
    const ref = { name: team.name, id: planned.id };
    listedPeople(team, ref, invite, context, work);
    if (team.members.prune) work.changes.push(...unlisted(team, ref, leavingIds, context, work.warnings));
  }
  const invites: MemberChange[] = [...work.invites.values()].map((i) => ({ action: 'invite', person: { email: i.email }, teams: i.teams.sort(byTeamName) }));
  const pending = [...work.pending.values()]
    .map((p) => ({ person: personRefOf(p.person), teams: p.teams.sort(byTeamName) }))
    .sort((a, b) => compareText(personKey(a.person.email), personKey(b.person.email)));
  return { changes: [...invites, ...work.changes, ...leaving].sort(compareMemberChanges), pending, warnings: work.warnings };
}
