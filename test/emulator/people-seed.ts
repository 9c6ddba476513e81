// The seed of the people tests (docs/api.md, "People"): an organization with people active and
// invited, a service account, a hidden member of owners, a person with a token of their own, a
// SCIM-linked team, a secret team, and team tokens with and without `manage-membership`.
import type { ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument } from '../../src/emulator/types.js';

export const ORG = 'acme';

export function peopleSeed(profile: ProfileName): SeedDocument {
  return {
    profile,
    organizations: [
      {
        name: ORG,
        token: 'acme-org-token',
        teams: [
          { name: 'owners', id: 'team-owners', tokens: ['owners-token'] },
          { name: 'developers', id: 'team-dev', tokens: ['dev-token'] },
          { name: 'ops', id: 'team-ops' },
          { name: 'vault', id: 'team-vault', visibility: 'secret' },
          { name: 'membership-managers', id: 'team-mgr', tokens: ['mgr-token'], 'organization-access': { 'manage-membership': true } },
          { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
        ],
        people: [
          { email: 'ana@acme.test', username: 'ana', id: 'ou-ana', 'user-id': 'user-ana', teams: ['owners', 'developers'] },
          { email: 'bo@acme.test', username: 'bo', id: 'ou-bo', teams: ['developers', 'vault'] },
          { email: 'Cy@Vendor.test', id: 'ou-cy', status: 'invited', teams: ['developers', 'ops'] },
          { email: 'dee@acme.test', username: 'dee', id: 'ou-dee', 'user-id': 'user-dee', teams: ['ops'], tokens: ['dee-token'] },
          { email: 'eng@acme.test', username: 'eng', id: 'ou-eng', teams: ['Engineering'] },
          { email: 'robot@acme.test', username: 'robot', id: 'ou-robot', 'service-account': true, teams: ['ops'] },
          { username: 'hc-staff', 'user-id': 'user-staff', hidden: true, teams: ['owners'] },
        ],
      },
      { name: 'globex', token: 'globex-org-token', people: [{ email: 'ana@acme.test', id: 'ou-ana-globex' }] },
    ],
  };
}

/** `{"data": [{"type": type, "id": id}, ...]}`: the body of a team relationship write. */
export function relationshipBody(type: 'users' | 'organization-memberships', ids: readonly string[]): unknown {
  return { data: ids.map((id) => ({ type, id })) };
}

/** The body of an invitation, teams optional. */
export function inviteBody(email: string, teamIds: readonly string[] = []): unknown {
  const teams = teamIds.length > 0 ? { relationships: { teams: { data: teamIds.map((id) => ({ type: 'teams', id })) } } } : {};
  return { data: { type: 'organization-memberships', attributes: { email }, ...teams } };
}
