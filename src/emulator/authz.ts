// Who may see and change what (docs/api.md, "Seed: authentication"). Owners (the admin token, organization tokens,
// tokens of the `owners` team) see and change everything in their organization; the admin token in
// every organization. A team token sees its own team's grants and the grants of non-secret teams on
// targets it can see; it changes a target's grants only where its team is admin there, and then sees
// every grant there, secret teams included. Everything else is answered 404 (docs/api.md, "Seed: authentication" 5).

import type { Resource } from '../core/access.js';
import { OWNERS_TEAM } from '../core/model.js';
import { type Grant, type Identity, type Project, type Store, type Team, type Workspace } from './state.js';

// docs/api.md, "Seed: what the service does": organization-level permissions give admin on every project or
// workspace, whatever the local grant says.
const MANAGE_PROJECTS = 'manage-projects';
const MANAGE_WORKSPACES = 'manage-workspaces';
const READ_PROJECTS = 'read-projects';
const READ_WORKSPACES = 'read-workspaces';
// docs/api.md, "Teams": who may create, change and delete teams.
const MANAGE_TEAMS = 'manage-teams';
const MANAGE_ORGANIZATION_ACCESS = 'manage-organization-access';
const ACCESS_SECRET_TEAMS = 'access-secret-teams';
const TEAM_MANAGEMENT = ['manage-membership', MANAGE_TEAMS, MANAGE_ORGANIZATION_ACCESS];
// docs/api.md, "Seed: access levels": maintain and admin on a project give the admin workspace role on its workspaces.
const PROJECT_LEVELS_WITH_WORKSPACE_ADMIN = new Set(['maintain', 'admin']);

export class Authz {
  constructor(
    private readonly store: Store,
    readonly identity: Identity,
  ) {}

  /** The admin token is a member of every organization; a person's token of those where they are active. */
  isMember(org: string): boolean {
    switch (this.identity.kind) {
      case 'admin':
        return true;
      case 'org':
        return this.identity.org === org;
      case 'team':
        return this.store.teams.get(this.identity.teamId)?.org === org;
      case 'user':
        // docs/api.md, "Tokens": with user tokens switched off, a person's own token no longer reaches the organization.
        if (this.store.orgs.get(org)?.userTokensEnabled === false) return false;
        return this.store.people.membershipOf(org, this.identity.userId)?.status === 'active';
      case 'audit':
        // An audit-trail token reads the audit trail and nothing of the organization (docs/api.md, "Audit trail").
        return false;
    }
  }

  isOwner(org: string): boolean {
    if (this.identity.kind === 'admin') return true;
    if (this.identity.kind === 'org') return this.identity.org === org;
    return this.memberTeams(org).some((team) => team.name === OWNERS_TEAM);
  }

  /** The caller's teams in `org`: a team token's own team, a person's teams; none for the others. */
  private memberTeams(org: string): Team[] {
    const ids = this.identity.kind === 'team' ? [this.identity.teamId] : this.identity.kind === 'user' ? this.store.people.teamsOf(this.identity.userId) : [];
    return ids.flatMap((id) => {
      const team = this.store.teams.get(id);
      return team && team.org === org ? [team] : [];
    });
  }

  /** Whether the caller acts as `teamId` (its token, or a person in it). */
  inTeam(teamId: string): boolean {
    if (this.identity.kind === 'team') return this.identity.teamId === teamId;
    return this.identity.kind === 'user' && this.store.people.isMember(teamId, this.identity.userId);
  }

  /** Whether one of the caller's teams in `org` holds one of the organization permissions `keys`. */
  holds(org: string, ...keys: string[]): boolean {
    return this.memberTeams(org).some((team) => keys.some((key) => team.organizationAccess[key] === true));
  }

  canSeeTeam(team: Team): boolean {
    if (this.isOwner(team.org)) return true;
    if (!this.isMember(team.org)) return false;
    return this.inTeam(team.id) || team.visibility !== 'secret' || this.seesSecretTeams(team.org);
  }

  /**
   * docs/api.md, "Teams", who may call: `access-secret-teams` extends a team-management flag to
   * secret teams; alone it gives nothing.
   */
  seesSecretTeams(org: string): boolean {
    if (this.isOwner(org)) return true;
    return this.memberTeams(org).some(
      (team) => team.organizationAccess[ACCESS_SECRET_TEAMS] === true && TEAM_MANAGEMENT.some((k) => team.organizationAccess[k] === true),
    );
  }

  /** Create teams: owners and `manage-teams` (docs/api.md, "Teams"). */
  canCreateTeams(org: string): boolean {
    return this.isOwner(org) || this.holds(org, MANAGE_TEAMS);
  }

  /** Update or delete `team`: owners; `manage-teams` on visible teams, on secret ones with access-secret-teams; the owners team only owners. */
  canManageTeam(team: Team): boolean {
    if (this.isOwner(team.org)) return true;
    if (team.name === OWNERS_TEAM || !this.canCreateTeams(team.org)) return false;
    return team.visibility !== 'secret' || this.seesSecretTeams(team.org);
  }

  /** Change a team's organization access: owners and `manage-organization-access` (docs/api.md, "Teams"). */
  canChangeOrganizationAccess(org: string): boolean {
    return this.isOwner(org) || this.holds(org, MANAGE_ORGANIZATION_ACCESS);
  }

  canSeeProject(project: Project): boolean {
    if (this.isOwner(project.org)) return true;
    if (this.holds(project.org, MANAGE_PROJECTS, READ_PROJECTS)) return true;
    return this.memberTeams(project.org).some((team) => this.store.grantOf(project.id, team.id) !== undefined);
  }

  canAdminProject(project: Project): boolean {
    if (this.isOwner(project.org) || this.holds(project.org, MANAGE_PROJECTS)) return true;
    return this.memberTeams(project.org).some((team) => {
      const grant = this.store.grantOf(project.id, team.id);
      // docs/api.md, "Seed: authentication" 3 and "Seed: access levels": `project-access.teams: manage` manages team access.
      return grant !== undefined && (grant.access === 'admin' || grant.permissions['project-access.teams'] === 'manage');
    });
  }

  canSeeWorkspace(workspace: Workspace): boolean {
    if (this.isOwner(workspace.org)) return true;
    if (this.holds(workspace.org, MANAGE_WORKSPACES, READ_WORKSPACES, MANAGE_PROJECTS)) return true;
    return this.memberTeams(workspace.org).some(
      (team) => this.store.grantOf(workspace.id, team.id) !== undefined || this.store.grantOf(workspace.projectId, team.id) !== undefined,
    );
  }

  canAdminWorkspace(workspace: Workspace): boolean {
    if (this.isOwner(workspace.org) || this.holds(workspace.org, MANAGE_WORKSPACES, MANAGE_PROJECTS)) return true;
    return this.memberTeams(workspace.org).some((team) => {
      if (this.store.grantOf(workspace.id, team.id)?.access === 'admin') return true;
      const viaProject = this.store.grantOf(workspace.projectId, team.id);
      return viaProject !== undefined && PROJECT_LEVELS_WITH_WORKSPACE_ADMIN.has(viaProject.access);
    });
  }

  /** Whether the caller sees the project (team-projects) or workspace (team-workspaces) `targetId`. */
  canSeeTarget(resource: Resource, targetId: string): boolean {
    return this.onTarget(
      resource,
      targetId,
      (p) => this.canSeeProject(p),
      (w) => this.canSeeWorkspace(w),
    );
  }

  /** Whether the caller may change the grants on `targetId` (docs/api.md, "Seed: authentication" 3). */
  canAdminTarget(resource: Resource, targetId: string): boolean {
    return this.onTarget(
      resource,
      targetId,
      (p) => this.canAdminProject(p),
      (w) => this.canAdminWorkspace(w),
    );
  }

  /** A check of the target a grant resource names; false when there is no such target. */
  private onTarget(resource: Resource, targetId: string, ofProject: (p: Project) => boolean, ofWorkspace: (w: Workspace) => boolean): boolean {
    if (resource === 'team-projects') {
      const project = this.store.projects.get(targetId);
      return project !== undefined && ofProject(project);
    }
    const workspace = this.store.workspaces.get(targetId);
    return workspace !== undefined && ofWorkspace(workspace);
  }

  /** docs/api.md, "Seed: authentication" 2 and 3: own team's grants, non-secret teams' grants, all of them as admin. */
  canSeeGrant(grant: Grant): boolean {
    if (this.canAdminTarget(grant.resource, grant.targetId)) return true;
    if (this.inTeam(grant.teamId)) return true;
    const team = this.store.teams.get(grant.teamId);
    return team !== undefined && team.visibility !== 'secret' && this.canSeeTarget(grant.resource, grant.targetId);
  }
}
