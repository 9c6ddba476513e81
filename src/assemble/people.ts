// The people of a plan (docs/files.md, "Members"), over what was read: only when the files manage
// members or prune-people and the plan is not a --target one, so every other plan makes the
// requests it always made; then what the files ask of members that no plan can do, said before the
// diff, each at its place (diff/member-problems.ts).
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import { hiddenMembers, type LivePeople } from '../core/person.js';
import type { PeopleListed, PeopleRead } from '../core/run-reads.js';
import { memberProblems } from '../diff/member-problems.js';
import { managesMembers } from '../diff/members.js';
import { CLIError } from '../errors.js';

/** Where the files first manage members, for the line that says why the people were needed. */
function firstMembers(desired: DesiredState): string {
  const team = (desired.teams ?? []).find((t) => t.members);
  const at = team?.members?.source;
  if (!team) return 'settings.prune-people';
  return `teams.${team.name}.members${at ? ` at ${at.file}:${at.line}:${at.col}` : ''}`;
}

/**
 * A server without the membership list, or a token that may not read it (both 404: docs/api.md,
 * "People"; 403 from some releases): one line, nothing changed.
 */
function unreadable(desired: DesiredState, status: number): CLIError {
  return new CLIError(
    `the files manage members (${firstMembers(desired)}), and the server answered ${status} to GET /organizations/${desired.organization}/organization-memberships: the server has no organization-membership list, or the token may not read it (an owners-team or organization token may, or one with a team-management permission); nothing was changed`,
  );
}

/** The people as listed, with the members of `teams` no membership explains (hidden members). */
export const peopleOf = (listed: PeopleListed, teams: readonly { readonly id: string; readonly userIds?: readonly string[] }[]): LivePeople => ({
  ...listed,
  hidden: hiddenMembers(listed.people, teams),
});

/** The live teams whose members the files prune (`members:` authoritative): the ones a plan may remove someone from. */
export function prunedTeamIds(desired: DesiredState, live: LiveState): string[] {
  const byName = new Map([...live.teams.values()].map((t) => [t.name, t.id]));
  return (desired.teams ?? []).flatMap((t) => (t.members?.prune === true ? (byName.get(t.name) ?? []) : [])).sort();
}

/** Whether the plan reads the people for its member diff. */
export const needsPeople = (desired: DesiredState, targeted: boolean): boolean => managesMembers(desired) && !targeted;

/** `live` with the organization's people read; throws a one-line error for what no plan can do. */
export function withPeople(desired: DesiredState, live: LiveState, read: PeopleRead): LiveState {
  if (read.kind === 'refused') throw unreadable(desired, read.status);
  const withRead = { ...live, people: peopleOf(read.listed, [...live.teams.values()]) };
  const problems = memberProblems(desired, withRead);
  if (problems.length === 1) throw new CLIError(`${problems[0] ?? ''}; nothing was changed`);
  if (problems.length > 1)
    throw new CLIError(`the files ask of members what no plan can do (${problems.length}); nothing was changed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return withRead;
}
