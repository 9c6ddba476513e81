// The grant reads of one run through one lister, so that no target's grants are listed twice: the
// plan's read, the projects a read by team reads for its blind spots (blind-spots.ts), the
// policies' read (policy-context.ts) and the effective changes' read (change-context.ts) select
// targets that overlap, and each asks only for what it needs. A target's list is asked once and
// its answer (or its failure) served to whoever asks again; the workspaces a read by team saw whole
// are served from it with no request. Only for reading: apply's writes and the checks that follow
// them go to the client itself, never to what an earlier read saw.
import type { TokenIdentity } from '../core/identity.js';
import type { LiveGrant, LiveState, Project, Team, TargetRef, Workspace } from '../core/model.js';
import type { ListPage } from '../api/translate.js';
import type { CatalogReader } from '../lookup/catalog.js';
import type { TeamReader as TeamListReader } from '../lookup/teams.js';
import type { TeamGrantLister } from './by-team.js';
import type { ContextReader } from './change-context.js';
import type { GrantLister } from './list-targets.js';
import type { PolicyReader } from './policy-context.js';
import type { ByTeamReader, IdentityReader } from './read-live.js';
import type { PeopleReader } from '../core/member-write.js';

/** Every call the run's reads make: the client has them all. */
export interface RunClient extends GrantLister, TeamGrantLister, IdentityReader, CatalogReader, TeamListReader, PeopleReader {
  listProjects(organization: string): Promise<readonly Project[]>;
  listWorkspaces(organization: string, options?: { projectId?: string }): Promise<readonly Workspace[]>;
  requestsSent(): number;
}

const keyOf = (target: Pick<TargetRef, 'type' | 'id'>): string => `${target.type}\u0000${target.id}`;

export class RunReader implements ByTeamReader, IdentityReader, ContextReader, PolicyReader, TeamListReader {
  private readonly lists = new Map<string, Promise<readonly LiveGrant[]>>();
  /** The organization's membership list, by organization: asked once per run, whoever asks (the member diff, a policy, a report). */
  private readonly people = new Map<string, ReturnType<PeopleReader['listPeople']>>();

  constructor(private readonly client: RunClient) {}

  listGrants(target: Pick<TargetRef, 'type' | 'id'>): Promise<readonly LiveGrant[]> {
    const key = keyOf(target);
    const known = this.lists.get(key);
    if (known) return known;
    const list = this.client.listGrants({ type: target.type, id: target.id });
    this.lists.set(key, list);
    return list;
  }

  /** The workspaces a read by team saw whole (LiveState.unmanagedWorkspaceGrants): their lists, with no request. */
  remember(live: LiveState): void {
    for (const [id, grants] of live.unmanagedWorkspaceGrants ?? []) {
      const key = keyOf({ type: 'workspace', id });
      if (!this.lists.has(key)) this.lists.set(key, Promise.resolve(grants));
    }
  }

  teamGrantsPage(teamId: string, number: number, size: number): Promise<ListPage<LiveGrant>> {
    return this.client.teamGrantsPage(teamId, number, size);
  }

  restOfTeamGrants(teamId: string, first: ListPage<LiveGrant>): Promise<LiveGrant[]> {
    return this.client.restOfTeamGrants(teamId, first);
  }

  accountDetails(): Promise<TokenIdentity | undefined> {
    return this.client.accountDetails();
  }

  listTeams(organization: string): Promise<Team[]> {
    return this.client.listTeams(organization);
  }

  showsOrganization(organization: string): Promise<boolean> {
    return this.client.showsOrganization(organization);
  }

  listProjects(organization: string): Promise<readonly Project[]> {
    return this.client.listProjects(organization);
  }

  listWorkspaces(organization: string, options: { projectId?: string } = {}): Promise<readonly Workspace[]> {
    return this.client.listWorkspaces(organization, options);
  }

  listTaggedWorkspaces(organization: string, options: { projectId?: string; keyValueTags: boolean }): ReturnType<CatalogReader['listTaggedWorkspaces']> {
    return this.client.listTaggedWorkspaces(organization, options);
  }

  requestsSent(): number {
    return this.client.requestsSent();
  }

  listPeople(organization: string): ReturnType<PeopleReader['listPeople']> {
    const known = this.people.get(organization);
    if (known) return known;
    const list = this.client.listPeople(organization);
    this.people.set(organization, list);
    return list;
  }
}
