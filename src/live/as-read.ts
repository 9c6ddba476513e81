// The live state of some targets from a read that covered them already (the report reads every
// project and workspace, then plans the files against that read for --after): no request, and no
// lister made up to serve what is in hand.
import type { LiveState } from '../core/model.js';
import { InternalError } from '../errors.js';
import { liveTarget } from '../core/organization.js';
import type { LiveRequest } from '../core/live-request.js';

/** `request`'s targets as `read` holds them, with the teams the request names. */
export function liveAsRead(read: LiveState, request: LiveRequest): LiveState {
  const targets = request.targets.map((target) => {
    const found = read.targets.get(target.id);
    if (!found) throw new InternalError(`${target.type} ${target.id} was not read`);
    return liveTarget(target, found.grants);
  });
  return { organization: request.organization, teams: new Map(request.teams.map((t) => [t.id, t])), targets: new Map(targets.map((t) => [t.id, t])) };
}
