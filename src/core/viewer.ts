// Who reads, and so what a read can see (docs/api.md, "Seed: authentication" 2-4, and "Account
// details"): an owner (the organization's token, the owners team's token, a user in the owners team)
// sees every team and every grant; any other token sees the secret teams it is in, and the grants
// of secret teams only where it manages team access. Pure: the token's identity and the teams it
// sees in, the facts that decide in and out.
import type { TokenIdentity } from './identity.js';
import { type LiveGrant, OWNERS_TEAM, type TargetType, type Team, type Viewer } from './model.js';

/** The viewer of a read in `organization`, from the token's identity and the teams it sees. */
export function viewerOf(identity: TokenIdentity | undefined, organization: string, teams: readonly Team[]): Viewer {
  if (!identity) return { seesEveryTeam: false, teams: [] };
  if (identity.kind === 'organization') return { identity, seesEveryTeam: identity.resourceId === organization, teams: [] };
  const own = teams.filter((team) =>
    identity.kind === 'team' ? team.id === identity.resourceId : identity.kind === 'user' && team.userIds?.includes(identity.userId) === true,
  );
  return { identity, seesEveryTeam: own.some((team) => team.name === OWNERS_TEAM), teams: own };
}

// docs/api.md, "Teams", who may call: access-secret-teams extends these to secret teams.
const TEAM_MANAGEMENT_FLAGS = ['manage-membership', 'manage-teams', 'manage-organization-access'] as const;

/**
 * Whether the viewer's list of teams is the organization's whole list, secret teams included: an
 * owner's, or a team's with access-secret-teams and a team-management flag (docs/api.md, "Teams").
 * A token the server did not name is taken as whole, as canMakeSecret (diff/teams.ts) takes it: a
 * server without account details could not be planned for at all otherwise.
 */
export function listsEveryTeam(viewer: Viewer | undefined): boolean {
  if (!viewer?.identity || viewer.seesEveryTeam) return true;
  return viewer.teams.some(
    (team) => team.organizationAccess['access-secret-teams'] === true && TEAM_MANAGEMENT_FLAGS.some((flag) => team.organizationAccess[flag] === true),
  );
}

/**
 * Whether the viewer's list of teams is proven to be the organization's whole list (docs/evidence.md,
 * "What complete means"): unlike listsEveryTeam, a token the server did not name proves nothing.
 */
export function provesEveryTeam(viewer: Viewer | undefined): boolean {
  return viewer?.identity !== undefined && listsEveryTeam(viewer);
}

// docs/api.md, "Effective access": who lists every project and every workspace. read-projects
// comes with read-workspaces and manage-projects with both, but only the flags read count here.
const EVERY_PROJECT_FLAGS = ['manage-projects', 'read-projects'] as const;
const EVERY_WORKSPACE_FLAGS = ['manage-projects', 'manage-workspaces', 'read-workspaces'] as const;

/**
 * Which of the organization's lists of targets the viewer is proven to read whole: an owner's, or a
 * team's with an organization-wide read of them. Any other token lists only the projects and
 * workspaces its teams have a grant on, so the ones it is not granted are missing unseen.
 */
export function provesEveryTarget(viewer: Viewer | undefined): { readonly projects: boolean; readonly workspaces: boolean } {
  if (!viewer?.identity) return { projects: false, workspaces: false };
  if (viewer.seesEveryTeam) return { projects: true, workspaces: true };
  const holds = (flags: readonly string[]): boolean => viewer.teams.some((team) => flags.some((flag) => team.organizationAccess[flag] === true));
  return { projects: holds(EVERY_PROJECT_FLAGS), workspaces: holds(EVERY_WORKSPACE_FLAGS) };
}

/** A target as the completeness check needs it: its type, its grants, and a workspace's project's grants when they were read. */
export interface SeenTarget {
  readonly type: TargetType;
  readonly grants: readonly LiveGrant[];
  /** A workspace's project's grants, when its project was read too. */
  readonly projectGrants?: readonly LiveGrant[];
}

const PROJECT_LEVELS_WITH_WORKSPACE_ADMIN: ReadonlySet<string> = new Set(['maintain', 'admin']);

/**
 * Whether the viewer is known to manage team access on `target`, and so to see every grant there,
 * secret teams' included (docs/api.md, "Seed: authentication" 3): owners; `manage-projects`
 * everywhere, `manage-workspaces` on workspaces; an admin grant (a project's `maintain` or `admin`
 * on its workspaces; `project-access.teams: manage` on the project). Unknown counts as no.
 */
export function managesTeamAccess(viewer: Viewer, target: SeenTarget): boolean {
  if (viewer.seesEveryTeam) return true;
  const mine = (grant: LiveGrant): boolean => viewer.teams.some((team) => team.id === grant.teamId);
  return viewer.teams.some((team) => {
    const flags = team.organizationAccess;
    if (flags['manage-projects'] === true) return true;
    if (target.type === 'workspace') {
      if (flags['manage-workspaces'] === true) return true;
      if (target.grants.some((g) => mine(g) && g.access.access === 'admin')) return true;
      return (target.projectGrants ?? []).some((g) => mine(g) && PROJECT_LEVELS_WITH_WORKSPACE_ADMIN.has(g.access.access));
    }
    return target.grants.some((g) => mine(g) && (g.access.access === 'admin' || g.access.permissions['project-access.teams'] === 'manage'));
  });
}
