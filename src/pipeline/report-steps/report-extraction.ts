// What a report's run learned of its extraction, besides the report (docs/evidence.md, "Evidence
// bundle"): the server, who the token is, and each count read beside the service's own total. Told
// by the report's use case to a caller that asks (`report --evidence`), from what the run read
// anyway: no request is added.

import type { TfeClient } from '../../api/client.js';
import type { ReconciledCount } from '../../core/evidence.js';
import type { TokenIdentity } from '../../core/identity.js';
import type { LiveState, Team } from '../../core/model.js';
import type { OrganizationRead } from '../../core/organization.js';
import type { ServerInfo } from '../../core/server.js';
import { provesEveryTarget, provesEveryTeam } from '../../core/viewer.js';

export interface ExtractionFacts {
  readonly server: ServerInfo;
  /** Undefined when the server did not say (no account details). */
  readonly identity: TokenIdentity | undefined;
  /** Every team read: a team token's owner is named from them. */
  readonly teams: readonly Team[];
  readonly counts: readonly ReconciledCount[];
}

/** The token's identity as the live read asked it (the client keeps its one answer), or undefined. */
async function identityOf(client: TfeClient): Promise<TokenIdentity | undefined> {
  try {
    return await client.accountDetails();
  } catch {
    return undefined; // the live read went on without it too (live/read-live.ts)
  }
}

/** The lists the report read: its organization as read (pipeline/use-cases/report.ts). */
type ListsRead = Pick<OrganizationRead, 'teams' | 'projects' | 'workspaces'>;

export async function extractionFacts(client: TfeClient, organization: string, read: ListsRead, live: LiveState): Promise<ExtractionFacts> {
  // docs/evidence.md, "What complete means": a total-count answers the token's view; it is the
  // service's own total only when the token is proven to read the whole list.
  const whole = { teams: provesEveryTeam(live.viewer), ...provesEveryTarget(live.viewer) };
  const counted = (list: 'teams' | 'projects' | 'workspaces', extracted: number): ReconciledCount =>
    whole[list]
      ? { what: list, extracted, service: client.listTotal(organization, list) ?? null, seenBy: 'service' }
      : { what: list, extracted, service: null, seenBy: 'token' };
  const grants = [...live.targets.values()].reduce((sum, target) => sum + target.grants.length, 0);
  return {
    server: await client.serverInfo(),
    identity: await identityOf(client),
    teams: read.teams,
    counts: [
      counted('teams', read.teams.length),
      counted('projects', read.projects.length),
      counted('workspaces', read.workspaces.length),
      // No organization-wide count of grants exists; each list's own total-count was checked against
      // its items as it was read (api/paginate.ts). Whose view: the token's, unless the report is complete (pipeline/use-cases/evidence.ts).
      { what: 'grants', extracted: grants, service: null, seenBy: 'token' },
    ],
  };
}
