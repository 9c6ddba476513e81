// The API client at the level of the domain: teams, projects, workspaces and grants in, domain
// objects out. Every request goes through one Session (limiter, concurrency, retries); every body
// is read by translate.ts. Nothing here knows the wire format.
import type { Resource } from '../core/access.js';
import type { TokenIdentity } from '../core/identity.js';
import type { IndirectRead, ProjectReachRead, WorkspaceReachRead } from '../core/indirect.js';
import type { MemberApi } from '../core/member-write.js';
import {
  type Access,
  type LiveGrant,
  type Project,
  RESOURCE_OF,
  type RemoveOutcome,
  type TargetRef,
  type TargetType,
  type Team,
  type Workspace,
} from '../core/model.js';
import type { LivePeople, Person } from '../core/person.js';
import { type ServerInfo, UNKNOWN_SERVER } from '../core/server.js';
import type { TeamApi, TeamWrite } from '../core/team-write.js';
import type { LiveTokens, TokenPolicyApi, TokenType } from '../core/token-policy.js';
import type { RunsRead } from '../core/usage.js';
import { serverInfoFrom } from './capabilities.js';
import { isRemoteError } from './errors/remote-error.js';
import { WireFormatError } from './errors/wire-format-error.js';
import { Exchange } from './exchange.js';
import { describeRequest, type HttpRequest } from './http.js';
import { type IndirectListsRead, IndirectRequests } from './indirect.js';
import { fetchPage, rest } from './paginate.js';
import { PeopleRequests } from './people.js';
import { RunRequests, type RunsReadOptions } from './runs.js';
import { Session, type SessionOptions } from './session.js';
import { TokenRequests } from './tokens.js';
import * as wire from './translate.js';
import { tokenIdentityFromDocument } from './translate-account.js';
import { type AuditPage, auditPageFrom, organizationCreatedAtFrom } from './translate-audit.js';
import { createGrantBody, updateGrantBody } from './translate-body.js';
import { projectsWithReachFromList, workspacesWithReachFromList } from './translate-indirect.js';
import { stateVersionWorkspaceFrom } from './translate-run.js';
import { teamWriteBody } from './translate-team.js';

export type ClientOptions = SessionOptions;

/** Grants are listed, added and re-read by the target's type and id. */
type TargetKey = Pick<TargetRef, 'type' | 'id'>;

const FILTER_OF: { readonly [T in TargetType]: string } = {
  project: 'filter[project][id]',
  workspace: 'filter[workspace][id]',
};

/** docs/api.md, "Listing by team": the team filter of the team-workspaces list, without the workspace filter. */
const teamGrantsRequest = (teamId: string): HttpRequest => ({ method: 'GET', path: '/team-workspaces', query: { 'filter[team][id]': teamId } });

const org = (name: string): string => `/organizations/${encodeURIComponent(name)}`;

/** docs/api.md, "Workspace tags": the include that brings each listed workspace's key-value tags. */
const EFFECTIVE_TAG_BINDINGS = 'effective_tag_bindings';

/** For a read that may meet 404: missing or hidden ("Seed: authentication" 5), or an endpoint the server lacks. */
function undefinedOn404(error: unknown): undefined {
  if (isRemoteError(error, 404)) return undefined;
  throw error;
}

/** A 400 whose errors name the include parameter: a server that does not know this include (go-tfe reads it so). */
function refusesInclude(error: unknown): boolean {
  return isRemoteError(error, 400) && error.errors.some((e) => /include/i.test(`${e.title ?? ''} ${e.detail ?? ''}`));
}

export interface TaggedWorkspaces {
  readonly workspaces: Workspace[];
  /** Whether every workspace came with its key-value tags. */
  readonly keyValueTags: boolean;
}

/** `implements`: the compiler checks the client against the ports team and member changes are written through (core/team-write.ts, core/member-write.ts). */
export class TfeClient implements TeamApi, MemberApi, TokenPolicyApi {
  private readonly session: Session;
  private readonly exchange: Exchange;
  private readonly people: PeopleRequests;
  private readonly tokens: TokenRequests;
  private readonly indirect: IndirectRequests;
  private readonly runs: RunRequests;
  private server: Promise<ServerInfo> | undefined;
  private account: Promise<TokenIdentity | undefined> | undefined;

  constructor(options: ClientOptions) {
    this.session = new Session(options);
    this.exchange = new Exchange(this.session);
    this.people = new PeopleRequests(this.exchange);
    this.tokens = new TokenRequests(this.exchange);
    this.indirect = new IndirectRequests(this.exchange);
    this.runs = new RunRequests(this.exchange, options.clock);
  }

  /** The organization's runs of the window, newest first, paced at the runs index's own limit (api/runs.ts). */
  readRuns(organization: string, options: RunsReadOptions): Promise<RunsRead> {
    return this.runs.read(organization, options);
  }

  /** `GET /state-versions/:id`: the workspace of a state version an audit event names; undefined on 404 (deleted, or not seen). */
  stateVersionWorkspace(id: string): Promise<string | undefined> {
    return this.exchange.one({ method: 'GET', path: `/state-versions/${encodeURIComponent(id)}` }, stateVersionWorkspaceFrom).catch(undefinedOn404);
  }

  /**
   * `GET /ping`, once per client (docs/api.md, "Server capabilities"): the server's versions and
   * announced rate limit, which the session heeds at once. 404 is a server without ping.
   */
  serverInfo(): Promise<ServerInfo> {
    this.server ??= this.session.request({ method: 'GET', path: '/ping' }).then(
      (answer) => serverInfoFrom(answer.headers, this.session.redact),
      (error: unknown) => {
        if (isRemoteError(error, 404)) return UNKNOWN_SERVER;
        throw error;
      },
    );
    return this.server;
  }

  /**
   * The server's versions without a ping when an answer already named them (docs/plan.md, "Scoped
   * plans"): the same server answers the ping with the same headers. Else the ping, as serverInfo.
   */
  serverInfoFromAnswers(): Promise<ServerInfo> {
    const named = this.session.serverHeaders;
    if (named !== undefined) this.server ??= Promise.resolve(serverInfoFrom(named, this.session.redact));
    return this.serverInfo();
  }

  /** `GET /account/details`, once per client (docs/api.md, "Account details"): who the token is; undefined on 404 (a server without it). */
  accountDetails(): Promise<TokenIdentity | undefined> {
    this.account ??= this.exchange.one({ method: 'GET', path: '/account/details' }, tokenIdentityFromDocument).catch(undefinedOn404);
    return this.account;
  }

  /** Whether the organization exists and the token may see it: false on 404. */
  async showsOrganization(organization: string): Promise<boolean> {
    try {
      await this.session.request({ method: 'GET', path: org(organization) });
      return true;
    } catch (error: unknown) {
      if (isRemoteError(error, 404)) return false;
      throw error;
    }
  }

  /**
   * `created-at` of the organization (docs/api.md, "Audit trail": what can be seen of the trail
   * reaches back to it at most); undefined on 404 or when the answer does not say.
   */
  organizationCreatedAt(organization: string): Promise<string | undefined> {
    return this.exchange.one({ method: 'GET', path: org(organization) }, organizationCreatedAtFrom).catch(undefinedOn404);
  }

  /** One page of the audit trail of the token's organization after `since` (docs/api.md, "Audit trail"; api/audit.ts reads them all). */
  auditTrailPage(since: string, number: number, size: number): Promise<AuditPage> {
    const query = { since, 'page[number]': String(number), 'page[size]': String(size) };
    return this.exchange.one({ method: 'GET', path: '/organization/audit-trail', query }, auditPageFrom);
  }

  /** The names of the organizations the token can reach (pages of 100; docs/api.md, "Name resolution"). */
  async listOrganizations(): Promise<string[]> {
    const organizations = await this.exchange.listAll({ method: 'GET', path: '/organizations' }, wire.organizationsFromList);
    return organizations.map((o) => o.name);
  }

  /**
   * Every team of the organization the token can see (pages of 100), or (with `names`) those of
   * these names (`listNamed`): resolution matches the names exactly (a team differing only by case
   * is said as such).
   */
  listTeams(organization: string, names?: readonly string[]): Promise<Team[]> {
    return this.listNamed(`${org(organization)}/teams`, names, wire.teamsFromList);
  }

  /** One team by id, or undefined on 404 (missing, or a secret team the token cannot see). */
  showTeam(id: string): Promise<Team | undefined> {
    return this.exchange.one({ method: 'GET', path: `/teams/${encodeURIComponent(id)}` }, wire.teamFromDocument).catch(undefinedOn404);
  }

  /** Every project, or (with `names`) those matching them (`listNamed`); callers match exactly. */
  listProjects(organization: string, names?: readonly string[]): Promise<Project[]> {
    return this.listNamed(`${org(organization)}/projects`, names, wire.projectsFromList);
  }

  /**
   * The list at `path`, or (with `names`) its items of those names, matched without case as
   * `filter[names]` matches (docs/api.md, "Name resolution"). The service splits that filter at
   * every comma, so a name holding one is never sent in it: with such a name the whole list is
   * read and matched here.
   */
  private async listNamed<T extends { readonly id: string; readonly name: string }>(
    path: string,
    names: readonly string[] | undefined,
    read: (body: unknown, context: string) => wire.ListPage<T>,
  ): Promise<T[]> {
    if (!names || names.length === 0) return this.exchange.listAll({ method: 'GET', path }, read);
    if (!names.some((n) => n.includes(','))) return this.exchange.listAll({ method: 'GET', path, query: { 'filter[names]': names.join(',') } }, read);
    const wanted = new Set(names.map((n) => n.toLowerCase()));
    return (await this.exchange.listAll({ method: 'GET', path }, read)).filter((item) => wanted.has(item.name.toLowerCase()));
  }

  /** One project by id, or undefined on 404 (missing, or not visible to the token). */
  showProject(id: string): Promise<Project | undefined> {
    return this.exchange.one({ method: 'GET', path: `/projects/${encodeURIComponent(id)}` }, wire.projectFromDocument).catch(undefinedOn404);
  }

  /** One workspace by exact name, or undefined on 404 (missing, or not visible to the token). */
  showWorkspaceByName(organization: string, name: string): Promise<Workspace | undefined> {
    const request: HttpRequest = { method: 'GET', path: `${org(organization)}/workspaces/${encodeURIComponent(name)}` };
    return this.exchange.one(request, wire.workspaceFromDocument).catch(undefinedOn404);
  }

  /** One workspace by id, or undefined on 404 (missing, or not visible to the token). */
  showWorkspace(id: string): Promise<Workspace | undefined> {
    return this.exchange.one({ method: 'GET', path: `/workspaces/${encodeURIComponent(id)}` }, wire.workspaceFromDocument).catch(undefinedOn404);
  }

  /** The first page of the workspace list (to learn the total before choosing how to resolve). */
  firstWorkspacePage(organization: string): Promise<wire.ListPage<Workspace>> {
    return fetchPage(this.exchange.pager({ method: 'GET', path: `${org(organization)}/workspaces` }, wire.workspacesFromList), 1);
  }

  /** The remaining pages after `firstWorkspacePage`. */
  restOfWorkspaces(organization: string, first: wire.ListPage<Workspace>): Promise<Workspace[]> {
    const request: HttpRequest = { method: 'GET', path: `${org(organization)}/workspaces` };
    return rest(this.exchange.pager(request, wire.workspacesFromList), first, { context: describeRequest(request) }).catch((error: unknown) => {
      throw this.exchange.redacted(error);
    });
  }

  /**
   * Every workspace (or a project's) with its tags, for sets (docs/api.md, "Workspace tags"): flat
   * tags always; key-value tags, inherited ones included, when asked, on the same pages. A server
   * that refuses the include (400 naming it, as an older release does) is read again without:
   * `keyValueTags` then says they were not read.
   */
  async listTaggedWorkspaces(organization: string, options: { projectId?: string; keyValueTags: boolean }): Promise<TaggedWorkspaces> {
    const filter: Record<string, string> = options.projectId ? { 'filter[project][id]': options.projectId } : {};
    const list = (query: Record<string, string>) =>
      this.exchange.listAll({ method: 'GET', path: `${org(organization)}/workspaces`, query }, wire.workspacesWithTagsFromList);
    if (!options.keyValueTags) return { workspaces: await list(filter), keyValueTags: false };
    try {
      const workspaces = await list({ ...filter, include: EFFECTIVE_TAG_BINDINGS });
      return { workspaces, keyValueTags: workspaces.every((w) => w.tags?.bindings !== undefined) };
    } catch (error: unknown) {
      if (!refusesInclude(error)) throw error;
      return { workspaces: await list(filter), keyValueTags: false };
    }
  }

  listWorkspaces(organization: string, options: { projectId?: string } = {}): Promise<Workspace[]> {
    const query = options.projectId ? { 'filter[project][id]': options.projectId } : undefined;
    return this.exchange.listAll({ method: 'GET', path: `${org(organization)}/workspaces`, ...(query ? { query } : {}) }, wire.workspacesFromList);
  }

  /** Every workspace, and each one's sharing and execution from the same pages (docs/api.md, "Indirect access"): the report's list when it reads the edges. */
  async listWorkspacesWithReach(organization: string): Promise<{ workspaces: Workspace[]; reach: WorkspaceReachRead[] }> {
    const listed = await this.exchange.listAll({ method: 'GET', path: `${org(organization)}/workspaces` }, workspacesWithReachFromList);
    return { workspaces: listed.map(({ reach: _reach, ...w }) => w), reach: listed.map((w) => w.reach) };
  }

  /** Every project, and each one's default execution from the same pages (docs/api.md, "Indirect access"): the report's list when it reads the edges. */
  async listProjectsWithReach(organization: string): Promise<{ projects: Project[]; reach: ProjectReachRead[] }> {
    const listed = await this.exchange.listAll({ method: 'GET', path: `${org(organization)}/projects` }, projectsWithReachFromList);
    return { projects: listed.map(({ reach: _reach, ...p }) => p), reach: listed.map((p) => p.reach) };
  }

  /** Every grant on one project or workspace, all pages. A grant of another target is a WireFormatError. */
  async listGrants(target: TargetKey): Promise<LiveGrant[]> {
    const request: HttpRequest = { method: 'GET', path: `/${RESOURCE_OF[target.type]}`, query: { [FILTER_OF[target.type]]: target.id } };
    const grants = await this.exchange.listAll(request, wire.grantsFromList);
    const stray = grants.find((g) => g.targetId !== target.id || g.resource !== RESOURCE_OF[target.type]);
    if (stray)
      throw this.exchange.redacted(new WireFormatError(describeRequest(request), `the list holds ${stray.id} of ${stray.targetId}, not of ${target.id}`));
    return grants;
  }

  /**
   * One page of one team's workspace grants across the organization, `page[size]=size`
   * (docs/api.md, "Listing by team"): a capability the caller probes and verifies, never assumes.
   */
  teamGrantsPage(teamId: string, number: number, size: number): Promise<wire.ListPage<LiveGrant>> {
    return this.exchange.pager(teamGrantsRequest(teamId), wire.grantsFromList)({ 'page[number]': String(number), 'page[size]': String(size) });
  }

  /** The pages of one team's workspace grants after `first` (pages of 100), with every consistency guard of paginate.ts. */
  restOfTeamGrants(teamId: string, first: wire.ListPage<LiveGrant>): Promise<LiveGrant[]> {
    const request = teamGrantsRequest(teamId);
    return rest(this.exchange.pager(request, wire.grantsFromList), first, { context: describeRequest(request) }).catch((error: unknown) => {
      throw this.exchange.redacted(error);
    });
  }

  /**
   * The service's total of the organization's teams, projects or workspaces, as the last whole list
   * of them this client read said (`meta.pagination.total-count`); null when the answer gave none,
   * undefined when no such list was read.
   */
  listTotal(organization: string, list: 'teams' | 'projects' | 'workspaces'): number | null | undefined {
    return this.exchange.totals.get(`${org(organization)}/${list}`);
  }

  /** Requests made so far, retries not counted (a run reports what its grant read cost). */
  requestsSent(): number {
    return this.session.sent;
  }

  /** POST: never retried after a lost answer (OutcomeUnknownError: the caller re-reads the target with listGrants). */
  addGrant(target: TargetKey, teamId: string, access: Access): Promise<LiveGrant> {
    const resource = RESOURCE_OF[target.type];
    const body = createGrantBody({ resource, teamId, targetId: target.id }, access);
    return this.exchange.one({ method: 'POST', path: `/${resource}`, body }, wire.grantFromDocument);
  }

  updateGrant(resource: Resource, grantId: string, access: Access): Promise<LiveGrant> {
    const body = updateGrantBody(resource, grantId, access);
    return this.exchange.one({ method: 'PATCH', path: `/${resource}/${encodeURIComponent(grantId)}`, body }, wire.grantFromDocument);
  }

  /** `unconfirmed`: the DELETE met 404 after an attempt whose answer was lost; the caller reads the target to know. */
  removeGrant(resource: Resource, grantId: string): Promise<RemoveOutcome> {
    return this.exchange.remove({ method: 'DELETE', path: `/${resource}/${encodeURIComponent(grantId)}` });
  }

  /**
   * `POST /organizations/:org/teams` with the attributes given (docs/api.md, "Teams"); 200 or 201.
   * As addGrant: never retried after a lost answer (OutcomeUnknownError: the caller lists the teams).
   */
  createTeam(organization: string, team: TeamWrite & { readonly name: string }): Promise<Team> {
    return this.exchange.one({ method: 'POST', path: `${org(organization)}/teams`, body: teamWriteBody(team) }, wire.teamFromDocument);
  }

  /** `PATCH /teams/:id`, only the attributes given: the service merges them, the flags too (docs/api.md, "Teams"). */
  updateTeam(teamId: string, change: TeamWrite): Promise<Team> {
    return this.exchange.one({ method: 'PATCH', path: `/teams/${encodeURIComponent(teamId)}`, body: teamWriteBody(change) }, wire.teamFromDocument);
  }

  /** `DELETE /teams/:id` (its grants go with it); `unconfirmed` as for removeGrant: the caller lists the teams to know. */
  deleteTeam(teamId: string): Promise<RemoveOutcome> {
    return this.exchange.remove({ method: 'DELETE', path: `/teams/${encodeURIComponent(teamId)}` });
  }

  /** docs/api.md, "People": every person the token sees, with the list's status counts (people.ts). */
  listPeople(organization: string): Promise<Pick<LivePeople, 'people' | 'statusCounts'>> {
    return this.people.list(organization);
  }

  /** docs/api.md, "Identity-provider lifecycles": the team's service accounts' memberships, as the service filters them (people.ts). */
  listTeamServiceAccounts(teamId: string): Promise<string[]> {
    return this.people.teamServiceAccounts(teamId);
  }

  addTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void> {
    return this.people.addTeamMembers(teamId, membershipIds);
  }

  removeTeamMembers(teamId: string, membershipIds: readonly string[]): Promise<void> {
    return this.people.removeTeamMembers(teamId, membershipIds);
  }

  invitePerson(organization: string, email: string, teamIds: readonly string[]): Promise<Person> {
    return this.people.invite(organization, email, teamIds);
  }

  removePerson(membershipId: string): Promise<RemoveOutcome> {
    return this.people.remove(membershipId);
  }

  /** docs/api.md, "Tokens": the token policy and every token the caller can list, never a secret (tokens.ts). */
  readTokens(organization: string): Promise<LiveTokens> {
    return this.tokens.read(organization);
  }

  /** docs/api.md, "Indirect access": variable sets, agent pools, Stacks, each workspace's sharing and execution (indirect.ts). */
  readIndirect(organization: string, concurrency: number, read?: IndirectListsRead): Promise<IndirectRead> {
    return this.indirect.read(organization, concurrency, read);
  }

  /** The tokens alone, without the policy (the report's). */
  listTokens(organization: string): Promise<Pick<LiveTokens, 'tokens' | 'teamTokensListed'>> {
    return this.tokens.list(organization);
  }

  setMaxTtl(organization: string, type: TokenType, ms: number): Promise<void> {
    return this.tokens.setMaxTtl(organization, type, ms);
  }

  setUserTokens(organization: string, enabled: boolean): Promise<void> {
    return this.tokens.setUserTokens(organization, enabled);
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
