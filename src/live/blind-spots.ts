// What a read by team cannot see for a token that does not see every team (docs/connecting.md, "Reading by
// team"): a list per workspace shows every grant there, secret teams' included, to a token that
// manages team access on it (docs/api.md, "Seed: authentication" 3), and a list per team never
// lists a team the token cannot see. So a plan read by team equals one read by target only if those
// workspaces are read by target: found here from what was read, and the grants of the projects of
// the managed workspaces the plan did not read (one list each, only for such a token).
import { isRemoteError } from '../api/errors/remote-error.js';
import type { LiveGrant, LiveTarget, Viewer } from '../core/model.js';
import type { ReadTarget } from '../core/organization.js';
import { managesTeamAccess } from '../core/viewer.js';

/** The one call needed: a target's grant list (the client, or a fake in tests). */
interface ProjectGrantLister {
  listGrants(target: { readonly type: 'project'; readonly id: string }): Promise<readonly LiveGrant[]>;
}

/** Why the read goes by target at once: a token managing team access on every workspace, or one the server did not name. */
export function blindEverywhere(viewer: Viewer): boolean {
  if (viewer.seesEveryTeam) return false;
  if (!viewer.identity) return true;
  return viewer.teams.some((team) => team.organizationAccess['manage-workspaces'] === true || team.organizationAccess['manage-projects'] === true);
}

/** A project the token cannot see has no grant of its teams (it would see it): no grants to count (and no list to keep). */
async function projectGrants(client: ProjectGrantLister, id: string): Promise<readonly LiveGrant[] | undefined> {
  try {
    return await client.listGrants({ type: 'project', id });
  } catch (error: unknown) {
    if (isRemoteError(error, 404)) return undefined;
    throw error;
  }
}

/** The workspaces to read again by target, and the projects' lists read to find them (what the run keeps: pipeline/reads/gather.ts). */
export interface BlindSpots {
  readonly spots: readonly LiveTarget[];
  readonly projects: ReadonlyMap<string, readonly LiveGrant[]>;
}

/**
 * The managed workspaces, read by team, where the viewer may manage team access: its own admin
 * grant, its project's `maintain` or `admin`, or a project not known. They are to be read by target.
 */
export async function blindSpots(
  client: ProjectGrantLister,
  viewer: Viewer,
  workspaces: readonly LiveTarget[],
  projects: readonly LiveTarget[],
): Promise<BlindSpots> {
  if (viewer.seesEveryTeam) return { spots: [], projects: new Map() };
  const known = new Map<string, readonly LiveGrant[]>(projects.map((p) => [p.id, p.grants]));
  const unread = [...new Set(workspaces.flatMap((w) => (w.projectId && !known.has(w.projectId) ? [w.projectId] : [])))];
  const lists = await Promise.all(unread.map(async (id) => [id, await projectGrants(client, id)] as const));
  const read = new Map(lists.flatMap(([id, grants]) => (grants === undefined ? [] : [[id, grants] as const])));
  for (const [id, grants] of read) known.set(id, grants);
  const spots = workspaces.filter(
    (w) => !w.projectId || managesTeamAccess(viewer, { type: 'workspace', grants: w.grants, projectGrants: known.get(w.projectId) ?? [] }),
  );
  return { spots, projects: read };
}

/** The targets of `spots`, to read again by target. */
export const targetsOf = (targets: readonly ReadTarget[], spots: readonly LiveTarget[]): ReadTarget[] => {
  const ids = new Set(spots.map((s) => s.id));
  return targets.filter((t) => ids.has(t.id));
};
