// The service accounts of the teams a plan may remove members from, as the service itself filters
// them (docs/api.md, "Identity-provider lifecycles"): `GET /teams/:id/relationships/organization-
// memberships?filter[is_service_account]=true`, one list per such team, the first one the probe.
// A membership the service lists there is never removed, whatever its user's `is-service-account`
// said in the membership list (the provider's issue #708: removing a team token's user). As reading
// by team does (by-team.ts), nothing is taken on trust: every membership listed must be a member of
// that team by the organization's list, and an answer that lists every member of a team with a
// human among them did not filter. A refusal (400: no such filter; 404: no such list), an
// unreadable answer or a doubt falls back, for the whole run, to `is-service-account` alone, as
// before; a failure any read would meet fails the read.
import { isRemoteError } from '../api/errors/remote-error.js';
import { WireFormatError } from '../api/errors/wire-format-error.js';
import type { Person } from '../core/person.js';
import { isServiceAccount } from '../core/person-kind.js';
import { printable } from '../core/printable.js';
import type { PeopleListed } from '../core/run-reads.js';

/** The call it needs (the client, or a fake in tests). */
export interface ServiceAccountLister {
  listTeamServiceAccounts(teamId: string): Promise<string[]>;
}

class Doubt extends Error {}

async function listed(client: ServiceAccountLister, teamId: string): Promise<string[]> {
  try {
    return await client.listTeamServiceAccounts(teamId);
  } catch (error: unknown) {
    if (error instanceof WireFormatError) throw new Doubt(error.message);
    const refused = isRemoteError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
    if (refused) throw new Doubt(`the server answered ${error.status} to GET ${printable(error.path)}`);
    throw error;
  }
}

function check(teamId: string, ids: readonly string[], members: readonly Person[]): void {
  const ofTeam = new Set(members.map((p) => p.membershipId));
  const stranger = ids.find((id) => !ofTeam.has(id));
  if (stranger !== undefined)
    throw new Doubt(`the answer for ${printable(teamId)} holds ${printable(stranger)}, not a member of it: the server did not filter by team`);
  const all = members.length > 0 && members.every((p) => ids.includes(p.membershipId));
  if (all && members.some((p) => !isServiceAccount(p)))
    throw new Doubt(`the answer for ${printable(teamId)} lists every member, people included: the server did not filter service accounts`);
}

/** `listed` with the service accounts of `teamIds` marked as the service filters them, or as before with why not. */
export async function markServiceAccounts(client: ServiceAccountLister, people: PeopleListed, teamIds: readonly string[]): Promise<PeopleListed> {
  if (teamIds.length === 0) return people;
  const marked = new Set<string>();
  try {
    // One team after another: the first is the probe, and a refusal there costs no more requests.
    for (const teamId of teamIds) {
      const ids = await listed(client, teamId);
      check(
        teamId,
        ids,
        people.people.filter((p) => p.teamIds.includes(teamId)),
      );
      for (const id of ids) marked.add(id);
    }
  } catch (error: unknown) {
    if (error instanceof Doubt) return { ...people, serviceAccountFilter: { kind: 'fallback', reason: error.message } };
    throw error;
  }
  return {
    ...people,
    people: people.people.map((p) => (marked.has(p.membershipId) && !isServiceAccount(p) ? { ...p, serviceByFilter: true } : p)),
    serviceAccountFilter: { kind: 'filtered', teams: teamIds.length },
  };
}
