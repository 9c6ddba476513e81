// The seed of the team tests: the SEED fixture's organization plus teams holding the team-management
// flags, a SCIM-linked team, and tokens for each; in either profile.
import type { ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument, SeedTeam } from '../../src/emulator/types.js';
import { SEED } from './helpers.js';

/** Teams with team-management flags; `access-secret-teams` only where the profile has it. */
export function teamSeed(profile: ProfileName): SeedDocument {
  const [acme, globex] = SEED.organizations;
  const teams: SeedTeam[] = [
    ...(acme!.teams ?? []),
    { name: 'team-admins', id: 'team-tadmin', tokens: ['tadmin-token'], 'organization-access': { 'manage-teams': true, 'manage-membership': true } },
    {
      name: 'access-admins',
      id: 'team-aadmin',
      tokens: ['aadmin-token'],
      'organization-access': { 'manage-organization-access': true, 'manage-teams': true, 'manage-membership': true },
    },
    { name: 'Engineering', id: 'team-scim', 'scim-linked': true, 'sso-team-id': 'idp-engineering', tokens: ['scim-token'] },
    ...(profile === 'current'
      ? [
          {
            name: 'secret-keepers',
            id: 'team-keepers',
            tokens: ['keepers-token'],
            'organization-access': { 'manage-teams': true, 'manage-membership': true, 'access-secret-teams': true },
          },
        ]
      : []),
  ];
  return { profile, organizations: [{ ...acme!, teams }, globex!] };
}

export const teamBody = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'teams', attributes } });
