// The client's read of indirect access (docs/api.md, "Indirect access"): the paged lists of
// variable sets, agent pools and Stacks, the workspace list for each workspace's sharing and
// execution, and, where the service has no list, one consumers read per workspace whose sharing is
// explicit (counted in the bench). A list the server lacks (404) or the caller may not read (403)
// is left absent, never taken as empty. The TfeClient delegates here.
import pLimit from 'p-limit';
import type { IndirectRead, ProjectReachRead, WorkspaceReachRead } from '../core/indirect.js';
import { orAbsent } from './errors/remote-error.js';
import type { Exchange } from './exchange.js';
import { consumersFromList, poolsFromList, projectReachFromList, reachFromList, stacksFromList, varsetsFromList } from './translate-indirect.js';

const org = (name: string): string => `/organizations/${encodeURIComponent(name)}`;
const PAGE = { 'page[size]': '100' };

/** The lists a run read already that the edges need: each workspace's sharing and execution, and the projects. */
export interface IndirectListsRead {
  readonly workspaces: readonly WorkspaceReachRead[];
  readonly projects: readonly ProjectReachRead[];
}

export class IndirectRequests {
  constructor(private readonly exchange: Exchange) {}

  /**
   * Everything the reach walks, `concurrency` consumers reads at a time. `read`: the workspace and
   * project lists the run made already (the report's), whose pages are not asked again.
   */
  async read(organization: string, concurrency: number, read?: IndirectListsRead): Promise<IndirectRead> {
    const listed = (path: string) => ({ method: 'GET' as const, path: `${org(organization)}/${path}`, query: PAGE });
    const varsets = await orAbsent(this.exchange.listAll(listed('varsets'), varsetsFromList));
    const pools = await orAbsent(this.exchange.listAll(listed('agent-pools'), poolsFromList));
    const stacks = await orAbsent(this.exchange.listAll(listed('stacks'), stacksFromList));
    const reach = read ? read.workspaces.map((w) => ({ ...w, id: w.workspaceId })) : await orAbsent(this.exchange.listAll(listed('workspaces'), reachFromList));
    const workspaces = reach && (await this.withConsumers(reach, concurrency));
    const projects = read ? read.projects : await orAbsent(this.exchange.listAll(listed('projects'), projectReachFromList));
    return {
      ...(varsets ? { varsets } : {}),
      ...(pools ? { pools } : {}),
      ...(stacks ? { stacks } : {}),
      ...(workspaces ? { workspaces } : {}),
      ...(projects
        ? {
            projects: projects.map(({ id, name, defaultExecutionMode, defaultAgentPoolId }) => ({
              id,
              name,
              ...(defaultExecutionMode === undefined ? {} : { defaultExecutionMode }),
              ...(defaultAgentPoolId === undefined ? {} : { defaultAgentPoolId }),
            })),
          }
        : {}),
    };
  }

  /** Each workspace whose sharing is explicit with its consumers (one paged read each); the others share with every workspace, or every one of the project. */
  private async withConsumers(listed: readonly (WorkspaceReachRead & { id: string })[], concurrency: number): Promise<WorkspaceReachRead[]> {
    const limit = pLimit(Math.max(1, concurrency));
    return Promise.all(
      listed.map(({ id: _id, ...reach }) =>
        reach.globalRemoteState || reach.projectRemoteState
          ? reach
          : limit(async () => {
              const path = `/workspaces/${encodeURIComponent(reach.workspaceId)}/relationships/remote-state-consumers`;
              const consumers = await orAbsent(this.exchange.listAll({ method: 'GET', path, query: PAGE }, consumersFromList));
              return consumers ? { ...reach, consumerIds: consumers.map((c) => c.id) } : reach;
            }),
      ),
    );
  }
}
