// Organization memberships in the real wire shape (docs/api.md, "People"; the docs' membership
// samples): `status`, and `email` where the profile reports it (the docs' samples leave it out, the
// clients read it), `relationships.teams`, `user` and `organization`.
import type { Membership } from './people-state.js';
import type { Store } from './state.js';

/** The teams a membership lists: an invitee's teams to be, anyone else's teams of that organization. */
export function membershipTeamIds(store: Store, membership: Membership): string[] {
  if (membership.status === 'invited') return [...membership.invitedTeams];
  return store.people.teamsOf(membership.userId).filter((id) => store.teams.get(id)?.org === membership.org);
}

/** `teamIds`: the teams to name, those the caller sees (a secret team it is not in is left out). */
export function membershipResource(store: Store, membership: Membership, teamIds: readonly string[]): unknown {
  const user = store.people.users.get(membership.userId);
  const attributes: Record<string, unknown> = { status: membership.status };
  if (store.profile.membershipEmail) attributes['email'] = user?.email ?? null;
  return {
    id: membership.id,
    type: 'organization-memberships',
    attributes,
    relationships: {
      teams: { data: teamIds.map((id) => ({ id, type: 'teams' })) },
      user: { data: { id: membership.userId, type: 'users' } },
      organization: { data: { id: membership.org, type: 'organizations' } },
    },
  };
}
