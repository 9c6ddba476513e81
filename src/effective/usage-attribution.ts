// Which grant each action of the window's runs counts for (docs/recommend.md, "The rule"). A run
// shows who queued it (a plan) and who confirmed its apply; an applied run from the UI or the API
// without a confirmer shows its creator held apply; a VCS-made run shows nothing of a person
// (docs/api.md, "Runs index"). A team token's run counts for that team alone. A person's action
// counts for a grant only if no other source they have allows it: an organization power or owners
// allowing it counts it for no grant; several grants allowing it count it for each, ambiguous.
// Where nothing they hold now allows it (their teams changed), it counts for every grant of their
// teams on the workspace. A read of state or variables the audit trail maps to a workspace counts
// the same way. Pure.
import { RESOURCE_OF } from '../core/model.js';
import type { Person } from '../core/person.js';
import { ACTION_NEEDS, APPLIED_STATUSES, PERSON_SOURCES, type UsageAction, type UsageRead, type UsageRun } from '../core/usage.js';
import type { Contribution, EffectiveIndex } from './compute.js';
import { atLeast } from './vector.js';

/** Who made an action: a person (by username) or a team's token (its service user), with the teams that may have allowed it. */
export interface Actor {
  readonly kind: 'person' | 'token';
  readonly name: string;
  readonly teamIds: readonly string[];
}

/** One action counted for one grant. */
export interface CountedAction {
  /** usageGrantKey(resource, teamId, targetId). */
  readonly grant: string;
  readonly action: UsageAction;
  readonly at: string;
  readonly actor: Actor;
  /** Counted for more than one grant. */
  readonly ambiguous: boolean;
}

export const usageGrantKey = (resource: string, teamId: string, targetId: string): string => `${resource}\u0000${teamId}\u0000${targetId}`;

/** The actions a run shows, each with the user id behind it. */
export function actionsOfRun(run: UsageRun): { action: UsageAction; userId: string }[] {
  const person = PERSON_SOURCES.includes(run.source);
  const out: { action: UsageAction; userId: string }[] = [];
  if (run.createdBy !== null && person) out.push({ action: 'plan', userId: run.createdBy });
  const applied = !run.planOnly && APPLIED_STATUSES.includes(run.status);
  if (applied && run.confirmedBy !== null) out.push({ action: 'apply', userId: run.confirmedBy });
  else if (applied && run.createdBy !== null && person) out.push({ action: 'apply', userId: run.createdBy });
  return out;
}

/** The actor a user id is: a service account acts for its team (its token), a person for their teams; undefined when nobody the read saw. */
export function actorOf(userId: string, people: ReadonlyMap<string, Person>): Actor | undefined {
  const person = people.get(userId);
  if (!person) return undefined;
  const name = person.username ?? person.userId ?? userId;
  return { kind: person.serviceAccount ? 'token' : 'person', name, teamIds: person.teamIds };
}

/** The grant a source is, when it is one (a project or workspace grant), else undefined (owners, an organization power). */
function grantOfSource(teamId: string, workspaceId: string, c: Contribution): string | undefined {
  if (c.source.kind === 'project') return usageGrantKey(RESOURCE_OF.project, teamId, c.source.id);
  if (c.source.kind === 'workspace') return usageGrantKey(RESOURCE_OF.workspace, teamId, workspaceId);
  return undefined;
}

/** The grants one action counts for. */
export function countedGrants(index: EffectiveIndex, actor: Actor, workspaceId: string, action: UsageAction): string[] {
  const need = ACTION_NEEDS[action];
  const wanted = { [need.permission]: need.value };
  const sources = actor.teamIds.flatMap((teamId) => index.sourcesOf(teamId, 'workspace', workspaceId).map((c) => ({ teamId, c })));
  const allowing = sources.filter(({ c }) => atLeast(RESOURCE_OF.workspace, c.permissions, wanted) || c.admin);
  if (allowing.some(({ c }) => c.source.kind === 'owners' || c.source.kind === 'organization')) return [];
  const chosen = allowing.length > 0 ? allowing : sources;
  const grants = chosen.map(({ teamId, c }) => grantOfSource(teamId, workspaceId, c)).filter((g): g is string => g !== undefined);
  return [...new Set(grants)];
}

/**
 * Every action of the runs, and every read the audit trail maps to a workspace, counted for its
 * grants; `unattributed`: runs with an action by nobody the read saw.
 */
export function countActions(
  index: EffectiveIndex,
  runs: readonly UsageRun[],
  people: ReadonlyMap<string, Person>,
  reads: readonly UsageRead[] = [],
): { counted: CountedAction[]; unattributed: number } {
  const counted: CountedAction[] = [];
  let unattributed = 0;
  // One answer per user, workspace and action: a window holds many runs of few of them.
  const known = new Map<string, { actor: Actor | undefined; grants: string[] }>();
  const judged = (userId: string, workspaceId: string, action: UsageAction) => {
    const key = `${userId}\u0000${workspaceId}\u0000${action}`;
    let found = known.get(key);
    if (!found) {
      const actor = actorOf(userId, people);
      found = { actor, grants: actor ? countedGrants(index, actor, workspaceId, action) : [] };
      known.set(key, found);
    }
    return found;
  };
  for (const run of runs) {
    let lost = false;
    for (const { action, userId } of actionsOfRun(run)) {
      const { actor, grants } = judged(userId, run.workspaceId, action);
      if (!actor) {
        lost = true;
        continue;
      }
      for (const grant of grants) counted.push({ grant, action, at: run.createdAt, actor, ambiguous: grants.length > 1 });
    }
    if (lost) unattributed += 1;
  }
  for (const read of reads) {
    if (read.workspaceId === null) continue;
    const { actor, grants } = judged(read.userId, read.workspaceId, read.action);
    if (actor) for (const grant of grants) counted.push({ grant, action: read.action, at: read.at, actor, ambiguous: grants.length > 1 });
  }
  return { counted, unattributed };
}
