// The people of the people end-to-end tests' organization, one of each kind the tool tells apart:
// a member of three teams (one of them owned by the identity provider), a member whose email is in
// mixed case, an invitee, a service account and a member the service hides (its own staff).
import type { SeedPerson, SeedTeam } from '../../src/emulator/types.js';

// Functions, so that each seed has values of its own.

/** A team the identity provider owns (`sso-team-id`): export lists none of its people. */
export const idpTeam = (): SeedTeam => ({ name: 'idp', id: 'team-idp', 'sso-team-id': 'idp-group-1' });

/** The people, on the teams owners, developers and idp (idpTeam). */
export const peopleOfEachKind = (): SeedPerson[] => [
  { email: 'ana@example.com', teams: ['owners', 'developers', 'idp'] },
  { email: 'Bo@Example.com', teams: ['developers'] },
  { email: 'cy@vendor.example', status: 'invited', teams: ['developers'] },
  { email: 'robot@example.com', 'service-account': true, teams: ['developers'] },
  { username: 'hc-support', hidden: true, teams: ['owners', 'developers'] },
];
