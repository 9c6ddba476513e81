// The emulator's in-memory state, indexed so that no request scans every grant: maps by id, by
// (organization, name), grants by target and by (target, team). 10,000 workspaces and 50,000 grants
// are a few megabytes and every lookup a request needs is O(1) or O(items in one organization).
import type { Level, PermissionValue, Resource } from '../core/access.js';
import { ID_SUFFIX_LENGTH } from '../core/ids.js';
import { AuditLog } from './audit-log.js';
import { IndirectState } from './indirect-state.js';
import { People } from './people-state.js';
import { mulberry32, type Random, randomString } from './prng.js';
import type { Profile } from './profile.js';
import type { RateLimiter } from './rate-limit.js';
import { RunBook } from './run-book.js';
import { TokenBook, type TokenMaker, type TokenRecord, type TtlTokenType } from './token-book.js';

export interface Organization {
  readonly name: string;
  email: string | null;
  readonly createdAt: string;
  /** Uses HCP groups in place of teams, as HCP Europe organizations do: its teams endpoints answer 404. */
  hcpGroups?: boolean;
  /** SCIM is on: every team answer carries the `scim-*` attributes (docs/api.md, "Teams"). */
  scim?: boolean;
  /** `user-tokens-enabled` once set (docs/api.md, "Tokens"): false, people's own tokens no longer reach the organization. */
  userTokensEnabled?: boolean;
}

export interface Team {
  readonly id: string;
  readonly org: string;
  /** Changed only through Store.renameTeam, which keeps the index by name. */
  readonly name: string;
  visibility: 'organization' | 'secret';
  organizationAccess: Record<string, boolean>;
  /** `sso-team-id`; null when unset. */
  ssoTeamId: string | null;
  allowMemberTokenManagement: boolean;
  /** Linked to an identity provider's group (docs/api.md, "Teams"): its name and SSO id are the provider's; the group's name. */
  /** `updatedAt`: the `scim-updated-at` it reports, when the emulator re-created it (else a fixed date of its own). */
  scim?: { readonly groupName: string; readonly updatedAt?: string };
}

/** A key-value tag (docs/api.md, "Workspace tags"); the value may be empty. */
export interface TagBinding {
  readonly key: string;
  readonly value: string;
}

export interface Project {
  readonly id: string;
  readonly org: string;
  readonly name: string;
  description: string | null;
  /** Key-value tags its workspaces inherit (the current profile's). */
  tagBindings: TagBinding[];
}

export interface Workspace {
  readonly id: string;
  readonly org: string;
  readonly name: string;
  projectId: string;
  readonly createdAt: string;
  /** Flat tags (`tag-names`). */
  tagNames: string[];
  /** Key-value tags bound to the workspace itself (the current profile's). */
  tagBindings: TagBinding[];
}

export interface Grant {
  readonly id: string;
  readonly resource: Resource;
  readonly teamId: string;
  /** A project id for team-projects, a workspace id for team-workspaces. */
  readonly targetId: string;
  access: Level;
  /** Every permission of the resource type, keyed by the dotted wire path of src/core/access.ts. */
  permissions: Record<string, PermissionValue>;
}

/**
 * `user`: a person's own token (a seed's `people[].tokens`): they act as their teams do. `audit`: an
 * organization's audit-trail token, which reads the audit trail and `/account/details`, nothing else.
 */
export type Identity =
  | { kind: 'admin' }
  | { kind: 'org'; org: string }
  | { kind: 'team'; teamId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'audit'; org: string };

/** The policy's type of a token acting as `identity`; none for the emulator's admin token. */
export function ttlTypeOf(identity: Identity): TtlTokenType | undefined {
  switch (identity.kind) {
    case 'admin':
      return undefined;
    case 'org':
      return 'organization';
    case 'team':
      return 'team';
    case 'user':
      return 'user';
    case 'audit':
      return 'audit_trails';
  }
}

// The real service creates this project with every organization (docs/api.md, "Name resolution").
export const DEFAULT_PROJECT = 'Default Project';
const TOKEN_LENGTH = 14;
// Seed for generated ids, separate from the fault stream so ids never shift fault decisions.
const ID_STREAM_SALT = 0x1d5eed;

export class Store {
  readonly orgs = new Map<string, Organization>();
  readonly teams = new Map<string, Team>();
  readonly projects = new Map<string, Project>();
  readonly workspaces = new Map<string, Workspace>();
  readonly grants = new Map<string, Grant>();
  readonly tokens = new Map<string, Identity>();
  /** Users, organization memberships and team members (people-state.ts). */
  readonly people = new People();
  /** Each token's id, dates and maker, and the organizations' token-lifetime policies (token-book.ts). */
  readonly tokenBook = new TokenBook();
  /** Variable sets, remote-state sharing, agent pools and Stacks (indirect-state.ts). */
  readonly indirect = new IndirectState();
  /** The audit trail and the emulator's wall clock (audit-log.ts). */
  readonly audit: AuditLog;
  /** The organizations' runs (run-book.ts), and the runs index's own limiter (set by start.ts; none: no limit). */
  readonly runs = new RunBook();
  /** State versions by id (routes-state-versions.ts): their workspace, creation (epoch ms) and serial. */
  readonly stateVersions = new Map<string, { readonly workspaceId: string; readonly createdAt: number; readonly serial: number }>();
  runsLimiter: RateLimiter | undefined;
  private readonly teamsByOrg = new Map<string, Map<string, Team>>();
  // Project names are unique case-insensitively (docs/api.md, "Name resolution": `filter[names]` is case-insensitive).
  private readonly projectsByOrg = new Map<string, Map<string, Project>>();
  private readonly workspacesByOrg = new Map<string, Map<string, Workspace>>();
  private readonly workspacesByProject = new Map<string, Set<string>>();
  private readonly grantsByTarget = new Map<string, Map<string, Grant>>();
  // A list by team (docs/api.md, "Listing by team") costs the team's own grants, not a look at every
  // workspace of the organization: at 10,000 workspaces that look made the emulator the bottleneck.
  private readonly workspaceGrantsByTeam = new Map<string, Set<Grant>>();
  private readonly workspacePosition = new Map<string, number>();
  private readonly usedIds = new Set<string>();
  private readonly random: Random;

  constructor(
    randomSeed: number,
    /** How this emulator answers (src/emulator/profile.ts). */
    readonly profile: Profile,
    /** The wall clock (epoch ms) events and organizations are dated by; default the process's. */
    wallClock: () => number = Date.now,
  ) {
    this.random = mulberry32(randomSeed ^ ID_STREAM_SALT);
    this.audit = new AuditLog(randomSeed, wallClock);
  }

  newId(prefix: string): string {
    for (;;) {
      const id = `${prefix}-${randomString(this.random, ID_SUFFIX_LENGTH)}`;
      if (!this.usedIds.has(id)) return this.claimId(id);
    }
  }

  /** Records an id (generated or chosen by the seed) so that no later id collides with it. */
  claimId(id: string): string {
    this.usedIds.add(id);
    return id;
  }

  idInUse(id: string): boolean {
    return this.usedIds.has(id);
  }

  newToken(identity: Identity): string {
    const token = `${randomString(this.random, TOKEN_LENGTH)}.atlasv1.${randomString(this.random, 40)}`;
    this.tokens.set(token, identity);
    return token;
  }

  /**
   * A token made through the API, with its record (docs/api.md, "Tokens"): dated on the emulator's
   * clock, so that a clock moved forward ages it. The admin token has no organization and no record.
   */
  issueToken(
    identity: Identity,
    org: string,
    details: { description?: string | null; expiredAt?: number | null; createdBy?: TokenMaker | null } = {},
  ): TokenRecord {
    const secret = this.newToken(identity);
    const type = ttlTypeOf(identity) ?? 'organization';
    return this.tokenBook.add({
      id: this.newId('at'),
      secret,
      org,
      type,
      ...(identity.kind === 'team' ? { teamId: identity.teamId } : {}),
      description: details.description ?? null,
      createdAt: this.audit.now(),
      expiredAt: details.expiredAt ?? null,
      lastUsedAt: null,
      createdBy: details.createdBy ?? null,
    });
  }

  /** A token revoked: it no longer authenticates, and its record goes. */
  revokeToken(secret: string): void {
    this.tokens.delete(secret);
    const record = this.tokenBook.ofSecret(secret);
    if (record) this.tokenBook.remove(record);
  }

  /** `createdAt`: a seed's, else the emulator's clock now (what attribution compares the 14 days with). */
  addOrganization(name: string, email: string | null, createdAt = new Date(this.audit.now()).toISOString()): Organization {
    const org: Organization = { name, email, createdAt };
    this.orgs.set(name, org);
    this.teamsByOrg.set(name, new Map());
    this.projectsByOrg.set(name, new Map());
    this.workspacesByOrg.set(name, new Map());
    return org;
  }

  addTeam(team: Team): Team {
    this.teams.set(team.id, team);
    this.teamsByOrg.get(team.org)?.set(team.name, team);
    return team;
  }

  addProject(project: Project): Project {
    this.projects.set(project.id, project);
    this.projectsByOrg.get(project.org)?.set(project.name.toLowerCase(), project);
    this.workspacesByProject.set(project.id, new Set());
    return project;
  }

  addWorkspace(workspace: Workspace): Workspace {
    this.workspaces.set(workspace.id, workspace);
    this.workspacePosition.set(workspace.id, this.workspacePosition.size);
    this.workspacesByOrg.get(workspace.org)?.set(workspace.name, workspace);
    this.workspacesByProject.get(workspace.projectId)?.add(workspace.id);
    return workspace;
  }

  addGrant(grant: Grant): Grant {
    this.grants.set(grant.id, grant);
    let byTeam = this.grantsByTarget.get(grant.targetId);
    if (!byTeam) {
      byTeam = new Map();
      this.grantsByTarget.set(grant.targetId, byTeam);
    }
    byTeam.set(grant.teamId, grant);
    if (grant.resource === 'team-workspaces') {
      const ofTeam = this.workspaceGrantsByTeam.get(grant.teamId) ?? new Set();
      this.workspaceGrantsByTeam.set(grant.teamId, ofTeam.add(grant));
    }
    return grant;
  }

  removeGrant(grant: Grant): void {
    this.grants.delete(grant.id);
    this.grantsByTarget.get(grant.targetId)?.delete(grant.teamId);
    this.workspaceGrantsByTeam.get(grant.teamId)?.delete(grant);
  }

  renameTeam(team: Team, name: string): Team {
    this.teamsByOrg.get(team.org)?.delete(team.name);
    const renamed = Object.assign(team, { name });
    this.teamsByOrg.get(team.org)?.set(name, renamed);
    return renamed;
  }

  /** The team goes with its grants (docs/api.md, "Teams"), its tokens and its members. */
  removeTeam(team: Team): void {
    for (const grant of [...this.grants.values()]) if (grant.teamId === team.id) this.removeGrant(grant);
    this.people.removeTeam(team.id);
    for (const [token, identity] of this.tokens) if (identity.kind === 'team' && identity.teamId === team.id) this.revokeToken(token);
    this.teams.delete(team.id);
    this.teamsByOrg.get(team.org)?.delete(team.name);
  }

  /** Another team of `org` whose name is `name` but for case (docs/api.md, "Teams": names are unique without case). */
  teamNameTaken(org: string, name: string, self?: Team): boolean {
    const wanted = name.toLowerCase();
    return this.teamsOf(org).some((t) => t !== self && t.name.toLowerCase() === wanted);
  }

  teamByName(org: string, name: string): Team | undefined {
    return this.teamsByOrg.get(org)?.get(name);
  }

  teamsOf(org: string): Team[] {
    return [...(this.teamsByOrg.get(org)?.values() ?? [])];
  }

  projectByName(org: string, name: string): Project | undefined {
    return this.projectsByOrg.get(org)?.get(name.toLowerCase());
  }

  projectsOf(org: string): Project[] {
    return [...(this.projectsByOrg.get(org)?.values() ?? [])];
  }

  workspaceByName(org: string, name: string): Workspace | undefined {
    return this.workspacesByOrg.get(org)?.get(name);
  }

  workspacesOf(org: string): Workspace[] {
    return [...(this.workspacesByOrg.get(org)?.values() ?? [])];
  }

  workspaceCount(projectId: string): number {
    return this.workspacesByProject.get(projectId)?.size ?? 0;
  }

  workspacesInProject(projectId: string): Workspace[] {
    const ids = this.workspacesByProject.get(projectId) ?? new Set<string>();
    return [...ids].map((id) => this.workspaces.get(id)).filter((w): w is Workspace => w !== undefined);
  }

  /** The grants on one project or workspace, in creation order. */
  grantsOn(targetId: string): Grant[] {
    return [...(this.grantsByTarget.get(targetId)?.values() ?? [])];
  }

  /** One team's workspace grants, in workspace order (the order of every other list of them). */
  workspaceGrantsOf(teamId: string): Grant[] {
    const position = (g: Grant): number => this.workspacePosition.get(g.targetId) ?? Infinity;
    return [...(this.workspaceGrantsByTeam.get(teamId) ?? [])].sort((a, b) => position(a) - position(b));
  }

  grantOf(targetId: string, teamId: string): Grant | undefined {
    return this.grantsByTarget.get(targetId)?.get(teamId);
  }

  /** The organization a grant's target belongs to. */
  orgOfTarget(grant: Grant): string | undefined {
    const target = grant.resource === 'team-projects' ? this.projects.get(grant.targetId) : this.workspaces.get(grant.targetId);
    return target?.org;
  }
}
