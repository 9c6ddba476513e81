// Effective access, computed: a pure function from (teams with their organization access,
// projects, workspaces with their project, grants) to each team's access on each target with its
// sources. Effective permissions are the per-permission maximum over the sources, since
// permissions add up and the higher one wins (docs/api.md, "Effective access"), where that maximum
// is certain (vector.ts, `certainMaximum`).
import { IMPLIED, type PermissionSet, type Resource } from '../core/access.js';
import type { AccessSource, EffectiveCell } from '../core/effective.js';
import { type Access, OWNERS_TEAM, type Project, RESOURCE_OF, type ReportedAccess, type TargetType, type Team, type Workspace } from '../core/model.js';
import { byTypeThenName, compareText } from '../core/order.js';
import { permissionsOf } from '../core/permissions.js';
import { ORGANIZATION_RULES, type OrganizationRule, OWNERS_RULE, WORKSPACE_GROUP, WORKSPACE_KEY_OF_PROJECT_KEY, WORKSPACE_ROLE_OF } from './rules.js';
import { certainMaximum, levelOf } from './vector.js';

/** A grant as the computation needs it: live (`LiveGrant`) or planned. */
export interface GrantInput {
  readonly resource: Resource;
  readonly teamId: string;
  readonly targetId: string;
  readonly access: Access | ReportedAccess;
}

export interface OrganizationInput {
  readonly teams: readonly Team[];
  readonly projects: readonly Project[];
  readonly workspaces: readonly Workspace[];
  /** Grants of teams or on targets not listed above are not counted (a token may not see them). */
  readonly grants: readonly GrantInput[];
}

/** What one source gives on one target, on its own: its vector (values not known left out), whether it is admin, and the fixed level of the target's table it is. */
export interface Contribution {
  readonly source: AccessSource;
  readonly permissions: PermissionSet;
  readonly admin: boolean;
  /** The fixed level of the target's table (a workspace role for a project grant on a workspace); absent for a custom grant. */
  readonly level?: string;
}

/** A custom project grant's `workspace-access` values under their team-workspaces names. */
function workspaceVectorOfCustomProjectGrant(permissions: PermissionSet): PermissionSet {
  const out: Record<string, PermissionSet[string]> = {};
  const prefix = `${WORKSPACE_GROUP}.`;
  for (const [key, value] of Object.entries(permissions)) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    out[WORKSPACE_KEY_OF_PROJECT_KEY[name] ?? name] = value;
  }
  return out;
}

/** What a project grant gives on one of the project's workspaces (docs/api.md, "Seed: access levels"). */
function onWorkspace(access: Access | ReportedAccess): { permissions: PermissionSet; admin: boolean; level?: string } {
  if (access.access === 'custom') return { permissions: workspaceVectorOfCustomProjectGrant(access.permissions), admin: false };
  const role = WORKSPACE_ROLE_OF[access.access as keyof typeof WORKSPACE_ROLE_OF];
  return { permissions: (role && IMPLIED['team-workspaces'][role]) ?? {}, admin: role === 'admin', ...(role ? { level: role } : {}) };
}

/** A grant's own level, when it is a fixed one. */
const fixedLevel = (access: Access | ReportedAccess): { level?: string } => (access.access === 'custom' ? {} : { level: access.access });

const grantKey = (resource: Resource, teamId: string, targetId: string): string => `${resource}\u0000${teamId}\u0000${targetId}`;

export class EffectiveIndex {
  private readonly teams: ReadonlyMap<string, Team>;
  private readonly projects: ReadonlyMap<string, Project>;
  private readonly workspaces: ReadonlyMap<string, Workspace>;
  private readonly grantsOfTeam = new Map<string, GrantInput[]>();
  private readonly grantsAt = new Map<string, GrantInput[]>();
  private readonly workspacesOfProject = new Map<string, Workspace[]>();

  constructor(private readonly input: OrganizationInput) {
    this.teams = new Map(input.teams.map((t) => [t.id, t]));
    this.projects = new Map(input.projects.map((p) => [p.id, p]));
    this.workspaces = new Map(input.workspaces.map((w) => [w.id, w]));
    for (const grant of input.grants) {
      const list = this.grantsOfTeam.get(grant.teamId) ?? [];
      list.push(grant);
      this.grantsOfTeam.set(grant.teamId, list);
      const key = grantKey(grant.resource, grant.teamId, grant.targetId);
      this.grantsAt.set(key, [...(this.grantsAt.get(key) ?? []), grant]);
    }
    for (const workspace of input.workspaces) {
      if (workspace.projectId === undefined) continue;
      const list = this.workspacesOfProject.get(workspace.projectId) ?? [];
      list.push(workspace);
      this.workspacesOfProject.set(workspace.projectId, list);
    }
  }

  /** The team's effective access on the target, or undefined when no source gives it any. */
  cell(teamId: string, type: TargetType, targetId: string): EffectiveCell | undefined {
    const team = this.teams.get(teamId);
    const target = type === 'project' ? this.projects.get(targetId) : this.workspaces.get(targetId);
    if (!team || !target) return undefined;
    const contributions = this.contributions(team, type, target);
    if (contributions.length === 0) return undefined;
    const resource = RESOURCE_OF[type];
    const permissions = certainMaximum(resource, contributions);
    return {
      team: { name: team.name, id: team.id },
      target: { type, name: target.name, id: target.id },
      access: levelOf(
        resource,
        permissions,
        contributions.some((c) => c.admin),
      ),
      permissions,
      sources: contributions.map((c) => c.source),
    };
  }

  /** What each source of the team's access on the target gives on its own, in the order the cell lists them. */
  sourcesOf(teamId: string, type: TargetType, targetId: string): Contribution[] {
    const team = this.teams.get(teamId);
    const target = type === 'project' ? this.projects.get(targetId) : this.workspaces.get(targetId);
    return team && target ? this.contributions(team, type, target) : [];
  }

  /** Every (team, target) with any access, sorted by target type, target name, then team name. */
  all(): EffectiveCell[] {
    const cells: EffectiveCell[] = [];
    for (const team of this.input.teams) {
      for (const type of ['project', 'workspace'] as const) {
        for (const id of this.reachedBy(team, type)) {
          const cell = this.cell(team.id, type, id);
          if (cell) cells.push(cell);
        }
      }
    }
    return cells.sort((a, b) => byTypeThenName(a.target, b.target) || compareText(a.team.name, b.team.name));
  }

  /** The targets of a kind on which the team may have access: all of them when the organization gives it some. */
  private reachedBy(team: Team, type: TargetType): Set<string> {
    if (this.organizationRules(team).some(({ rule }) => rule[type] !== undefined)) {
      return new Set([...(type === 'project' ? this.projects : this.workspaces).keys()]);
    }
    const out = new Set<string>();
    for (const grant of this.grantsOfTeam.get(team.id) ?? []) {
      if (grant.resource === RESOURCE_OF[type]) out.add(grant.targetId);
      if (type === 'workspace' && grant.resource === 'team-projects') {
        for (const workspace of this.workspacesOfProject.get(grant.targetId) ?? []) out.add(workspace.id);
      }
    }
    return out;
  }

  private organizationRules(team: Team): { source: AccessSource; rule: OrganizationRule }[] {
    // The owners team has every permission; its source says so once.
    if (team.name === OWNERS_TEAM) return [{ source: { kind: 'owners' }, rule: OWNERS_RULE }];
    return ORGANIZATION_RULES.filter((r) => team.organizationAccess[r.permission] === true).map((rule) => ({
      source: { kind: 'organization', permission: rule.permission },
      rule,
    }));
  }

  private contributions(team: Team, type: TargetType, target: Project | Workspace): Contribution[] {
    const out: Contribution[] = [];
    const resource = RESOURCE_OF[type];
    for (const { source, rule } of this.organizationRules(team)) {
      const level = rule[type];
      if (level !== undefined) out.push({ source, permissions: IMPLIED[resource][level] ?? {}, admin: level === 'admin', level });
    }
    const projectId = type === 'project' ? target.id : (target as Workspace).projectId;
    const project = projectId === undefined ? undefined : this.projects.get(projectId);
    for (const grant of project ? (this.grantsAt.get(grantKey('team-projects', team.id, project.id)) ?? []) : []) {
      const source: AccessSource = { kind: 'project', name: (project as Project).name, id: (project as Project).id, access: grant.access.access };
      if (type === 'project')
        out.push({ source, permissions: permissionsOf(resource, grant.access), admin: grant.access.access === 'admin', ...fixedLevel(grant.access) });
      else out.push({ source, ...onWorkspace(grant.access) });
    }
    if (type === 'workspace') {
      for (const grant of this.grantsAt.get(grantKey('team-workspaces', team.id, target.id)) ?? []) {
        out.push({
          source: { kind: 'workspace', access: grant.access.access },
          permissions: permissionsOf(resource, grant.access),
          admin: grant.access.access === 'admin',
          ...fixedLevel(grant.access),
        });
      }
    }
    return out;
  }
}

/** Every team's effective access on every target it reaches. */
export function effectiveAccess(input: OrganizationInput): EffectiveCell[] {
  return new EffectiveIndex(input).all();
}
