// The request counts the figures are judged against: the bound for this tool, and the
// per-grant model of the official provider for the same organization.

import { PAGE_SIZE } from '../../src/api/paginate.js';
import type { GeneratedOrganization } from '../generate/index.js';

/** Slack of the bound: the odd extra page or lookup. */
export const REQUEST_BOUND_SLACK = 10;

export interface RequestModel {
  /** Projects and workspaces the desired state manages (one grant list each). */
  readonly managedTargets: number;
  /** The bound: W + P + ceil(T/100) + ceil(P_org/100) + ceil(W_org/100) + 10. */
  readonly bound: number;
  /** The provider: one read per grant plus one per team, project and workspace lookup. */
  readonly provider: number;
  /**
   * Read by team (docs/connecting.md, "Reading by team"): the projects' lists, the probe and one request per
   * page of each team's workspace grants (one for a team without any), exactly.
   */
  readonly byTeamGrantRequests: number;
  /** The bound read by team: byTeamGrantRequests + the pages of names + 10. */
  readonly byTeamBound: number;
}

const pages = (n: number): number => Math.ceil(n / PAGE_SIZE);

/** Pages of every team's live workspace grants, 100 a page, one for a team without any (the owners team here). */
function teamPages(org: GeneratedOrganization): number {
  const grants = new Map<string, number>(org.teams.map((t) => [t.name, 0]));
  for (const g of org.grants) if (g.live && g.resource === 'team-workspaces') grants.set(g.team, (grants.get(g.team) ?? 0) + 1);
  const owners = 1;
  return owners + [...grants.values()].reduce((n, count) => n + Math.max(1, Math.ceil(count / PAGE_SIZE)), 0);
}

export function requestModel(org: GeneratedOrganization): RequestModel {
  // Every organization also has the owners team and the Default Project.
  const teamsInOrg = org.teams.length + 1;
  const projectsInOrg = org.projects.length + 1;
  const managedTargets = org.projects.length + org.workspaces.length;
  const desiredGrants = org.grants.filter((g) => g.desired).length;
  const teamsReferenced = new Set(org.grants.filter((g) => g.desired).map((g) => g.team)).size;
  const names = pages(teamsInOrg) + pages(projectsInOrg) + pages(org.workspaces.length);
  const byTeamGrantRequests = org.projects.length + 1 + teamPages(org);
  return {
    managedTargets,
    bound: managedTargets + names + REQUEST_BOUND_SLACK,
    provider: desiredGrants + teamsReferenced + org.projects.length + org.workspaces.length,
    byTeamGrantRequests,
    byTeamBound: byTeamGrantRequests + names + REQUEST_BOUND_SLACK,
  };
}
