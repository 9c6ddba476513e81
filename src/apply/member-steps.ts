// The member changes carried through to typed outcomes (docs/apply.md, "Member changes"), in the
// plan's order of actions: invitations (one POST each, with every team, a created team by the id
// its create got), then each team's adds in one request (the relationship takes a list, and an
// invitee can be added by their membership: docs/api.md, "People"), then each team's removals in
// one request, then removals from the organization (one DELETE each). A team's changes share their
// request's outcome. Never throws: a failure is the change's outcome; a refusal for the token's
// rights stops the run as a grant's does (the executor's `stopped`).
import type { MemberOutcome } from '../core/apply-outcome.js';
import type { MemberApi } from '../core/member-write.js';
import type { TeamRef } from '../core/model.js';
import type { MemberAdd, MemberChange, MemberInvite, MemberLeave, MemberRemove } from '../core/people.js';
import { isPendingTeamId } from '../core/teams.js';
import { permanence, reasonOf, refusalOf, troubleOf } from './trouble.js';

export interface MemberRun {
  readonly api: MemberApi;
  readonly organization: string;
  /** The ids of the teams this apply created, by name. */
  readonly created: ReadonlyMap<string, string>;
  /** The teams whose create failed for good (core/apply-outcome.ts, `permanent`): their members' changes fail for good too. */
  readonly lost?: ReadonlySet<string>;
  /** True once the run stopped (a signal, a refused write): nothing more starts. */
  readonly stopped: () => boolean;
  /** Runs a step within the executor's concurrency. */
  readonly limit: <T>(step: () => Promise<T>) => Promise<T>;
  /** Called with each change's outcome, by its index in the plan's member changes. */
  readonly settle: (index: number, outcome: MemberOutcome) => void;
}

interface Indexed<C extends MemberChange> {
  readonly change: C;
  readonly index: number;
}

/** A team's real id: its own, or the one its create got; undefined when its create did not. */
function idOf(team: TeamRef, created: ReadonlyMap<string, string>): string | undefined {
  return isPendingTeamId(team.id) ? created.get(team.name) : team.id;
}

const notCreated = (team: TeamRef): string => `not applied: team "${team.name}" was not created`;

/** The failure of a change whose team was not created: for good when the create was. */
const notCreatedOutcome = (change: MemberChange, team: TeamRef, run: MemberRun): MemberOutcome => ({
  status: 'failed',
  change,
  reason: notCreated(team),
  ...(run.lost?.has(team.name) ? { permanent: true as const } : {}),
});

function failed(change: MemberChange, error: unknown, post: boolean): MemberOutcome {
  const refused = refusalOf(error, post);
  return { status: 'failed', change, reason: reasonOf(error), ...(refused ? { refused } : {}), ...permanence(error) };
}

/** One step for items of the same request: each settles with the step's outcome, or not started once the run stopped. */
async function step<C extends MemberChange>(items: readonly Indexed<C>[], run: MemberRun, send: () => Promise<(change: C) => MemberOutcome>): Promise<void> {
  await run.limit(async () => {
    if (run.stopped()) {
      for (const { change, index } of items) run.settle(index, { status: 'not-started', change });
      return;
    }
    const outcomeOf = await send();
    for (const { change, index } of items) run.settle(index, outcomeOf(change));
  });
}

async function invite(item: Indexed<MemberInvite>, run: MemberRun): Promise<void> {
  const missing = item.change.teams.find((t) => idOf(t, run.created) === undefined);
  if (missing) return run.settle(item.index, run.stopped() ? { status: 'not-started', change: item.change } : notCreatedOutcome(item.change, missing, run));
  const teamIds = item.change.teams.map((t) => idOf(t, run.created) as string);
  await step([item], run, async () => {
    try {
      await run.api.invitePerson(run.organization, item.change.person.email, teamIds);
      return (change) => ({ status: 'applied', change });
    } catch (error: unknown) {
      return (change) => failed(change, error, true);
    }
  });
}

/** Each team's changes of one action, in one request (`write`: the relationship's POST or DELETE). */
async function byTeam<C extends MemberAdd | MemberRemove>(
  items: readonly Indexed<C>[],
  run: MemberRun,
  write: (teamId: string, membershipIds: readonly string[]) => Promise<void>,
  post: boolean,
): Promise<void> {
  const groups = new Map<string, Indexed<C>[]>();
  for (const item of items) groups.set(item.change.team.name, [...(groups.get(item.change.team.name) ?? []), item]);
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const team = (group[0] as Indexed<C>).change.team;
      const teamId = idOf(team, run.created);
      if (teamId === undefined) {
        for (const { change, index } of group) run.settle(index, run.stopped() ? { status: 'not-started', change } : notCreatedOutcome(change, team, run));
        return;
      }
      await step(group, run, async () => {
        try {
          await write(
            teamId,
            group.map(({ change }) => change.person.membershipId ?? ''),
          );
          return (change) => ({ status: 'applied', change });
        } catch (error: unknown) {
          return (change) => failed(change, error, post);
        }
      });
    }),
  );
}

async function leave(item: Indexed<MemberLeave>, run: MemberRun): Promise<void> {
  await step([item], run, async () => {
    try {
      const outcome = await run.api.removePerson(item.change.person.membershipId ?? '');
      return (change) =>
        outcome === 'removed'
          ? { status: 'applied', change }
          : { status: 'applied', change, note: 'the answer was lost; the person is no longer in the organization' };
    } catch (error: unknown) {
      if (troubleOf(error) === 'not-found')
        return (change) => ({
          status: 'already-so',
          change,
          note: 'the service answered 404: the person is gone (or this token may not remove them; the next plan tells which)',
        });
      return (change) => failed(change, error, false);
    }
  });
}

const only = <C extends MemberChange>(changes: readonly MemberChange[], action: C['action']): Indexed<C>[] =>
  changes.flatMap((change, index) => (change.action === action ? [{ change: change as C, index }] : []));

/** Every member change, action by action; each settles once. */
export async function runMemberChanges(changes: readonly MemberChange[], run: MemberRun): Promise<void> {
  await Promise.all(only<MemberInvite>(changes, 'invite').map((item) => invite(item, run)));
  await byTeam(only<MemberAdd>(changes, 'add'), run, (team, ids) => run.api.addTeamMembers(team, ids), true);
  await byTeam(only<MemberRemove>(changes, 'remove'), run, (team, ids) => run.api.removeTeamMembers(team, ids), false);
  await Promise.all(only<MemberLeave>(changes, 'remove-from-organization').map((item) => leave(item, run)));
}
