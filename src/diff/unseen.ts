// How many targets a read may have seen only in part because of who read them (src/core/viewer.ts):
// a token that does not see every team sees a secret team's grant only where it manages team
// access (docs/api.md, "Seed: authentication" 3). Pure, over the read.

import type { LiveState } from '../core/model.js';
import type { DesiredTeam } from '../core/teams.js';
import { listsEveryTeam, managesTeamAccess } from '../core/viewer.js';
import { plannedTeams } from '../resolve/planned-teams.js';

/** The targets read on which the viewer is not known to manage team access; 0 for an owner's token, or one the server did not name (that is a reason of its own). */
export function unseenTargetsOf(live: LiveState): number {
  const viewer = live.viewer;
  if (!viewer?.identity || viewer.seesEveryTeam) return 0;
  let unseen = 0;
  for (const target of live.targets.values()) {
    const projectGrants = target.projectId === undefined ? undefined : live.targets.get(target.projectId)?.grants;
    if (!managesTeamAccess(viewer, { type: target.type, grants: target.grants, ...(projectGrants ? { projectGrants } : {}) })) unseen++;
  }
  return unseen;
}

/**
 * The teams of `teams:` a plan would create (or rename into) that the token does not see while its
 * list of teams is partial (core/viewer.ts, listsEveryTeam): each may exist as a secret team the
 * token cannot see, so a create would be refused by the service (names are unique) and a drift item
 * would be blindness, not drift (docs/files.md, "`teams`"). None for a token that lists every team.
 */
export function unseenTeamsOf(teams: readonly DesiredTeam[] | undefined, live: Pick<LiveState, 'teams' | 'viewer'>): DesiredTeam[] {
  if (!teams || teams.length === 0 || listsEveryTeam(live.viewer)) return [];
  const fates = plannedTeams(teams, [...live.teams.values()]).fates;
  return teams.filter((team) => fates.get(team.name)?.kind !== 'found');
}
