// How many targets a read may have seen only in part because of who read them (src/core/viewer.ts):
// a token that does not see every team sees a secret team's grant only where it manages team
// access (docs/api.md, "Seed: authentication" 3). Pure, over the read.
import type { LiveState } from '../core/model.js';
import { managesTeamAccess } from '../core/viewer.js';

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
