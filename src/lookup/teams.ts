// The teams of an organization, read before anything else of it: an address whose teams endpoint
// is not supported (HCP Europe organizations use HCP groups in place of teams, docs/api.md, "Newer
// facts") then ends the run with one clear line instead of a plan built without teams.
import { isRemoteError } from '../api/errors/remote-error.js';
import type { DesiredState } from '../core/desired-state.js';
import type { Team } from '../core/model.js';
import { CLIError } from '../errors.js';
import { type OrganizationLister, organizationError } from './organization-error.js';

/** The calls reading the teams needs: the list, and whether the organization is there (only when the list fails). */
export interface TeamReader {
  listTeams(organization: string, names?: readonly string[]): Promise<Team[]>;
  showsOrganization(organization: string): Promise<boolean>;
}

/** Answers of the teams list that, for an organization that exists, say "no such endpoint here". */
const NOT_SUPPORTED = new Set([400, 404, 405, 410, 422, 501]);

export class TeamsUnsupportedError extends CLIError {
  override readonly name: string = 'TeamsUnsupportedError';
  constructor(organization: string, status: number) {
    super(
      `organization "${organization}" has no teams endpoint at this address (GET /organizations/${organization}/teams answered ${status} while the organization itself exists): HCP Europe organizations use HCP groups in place of teams, which tfe-access does not manage (docs/connecting.md, "HCP Europe").`,
    );
  }
}

/** Every team the token can see (or those of `names`: a scoped plan's); a teams endpoint the address does not support is a TeamsUnsupportedError. */
export async function listTeamsOf(client: TeamReader, organization: string, names?: readonly string[]): Promise<Team[]> {
  try {
    return await (names ? client.listTeams(organization, names) : client.listTeams(organization));
  } catch (error: unknown) {
    if (!isRemoteError(error) || !NOT_SUPPORTED.has(error.status)) throw error;
    // Only on this error path: a missing organization keeps its own error.
    if (!(await client.showsOrganization(organization))) throw error;
    throw new TeamsUnsupportedError(organization, error.status);
  }
}

/**
 * listTeamsOf for the commands that name an organization without resolving files (`report`,
 * `export`): one that the token does not reach is said as such, with a did-you-mean
 * (organization-error.ts), never as the 404 of a teams URL.
 */
export async function teamsOfOrganization(
  client: TeamReader & OrganizationLister,
  named: Pick<DesiredState, 'organization' | 'organizationSource'>,
): Promise<Team[]> {
  try {
    return await listTeamsOf(client, named.organization);
  } catch (error: unknown) {
    throw (await organizationError(client, named, error)) ?? error;
  }
}
