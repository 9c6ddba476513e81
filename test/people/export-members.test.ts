// `export --teams --members` over an in-memory state (export/files.ts, the pure part): each team's
// people by email under `members:`, sorted without case; active, invited (the invitation names the
// team) and inactive memberships written so a plan of the file removes nobody; service accounts and
// hidden members never; no members for a team the identity provider owns.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { LiveState, Team } from '../../src/core/model.js';
import type { LivePeople } from '../../src/core/person.js';
import { exportFiles } from '../../src/export/files.js';
import { person } from '../support/states.js';

const team = (name: string, extra: Partial<Team> = {}): Team => ({ id: `team-${name}`, name, visibility: 'organization', organizationAccess: {}, ...extra });
const TEAMS = [team('owners'), team('sre'), team('idp', { ssoTeamId: 'idp-1' }), team('scim', { scimLinked: true }), team('empty')];
const LIVE: LiveState = { organization: 'acme', teams: new Map(TEAMS.map((t) => [t.id, t])), targets: new Map() };

const PEOPLE: LivePeople = {
  people: [
    person('bo@example.com', ['owners', 'sre', 'idp', 'scim']),
    person('Ana@Example.com', ['owners']),
    person('cy@vendor.example', ['sre'], { status: 'invited' }),
    person('old@example.com', ['sre'], { status: 'inactive' }),
    person('api-team_x', ['sre'], { serviceAccount: true, username: 'api-team_x' }),
  ],
  hidden: new Map([['team-owners', ['user-staff']]]),
};

describe('export --teams --members', () => {
  const text = exportFiles(LIVE, { named: new Set(), schemaRef: 's.json', teams: true, people: PEOPLE }).files[0]?.text ?? '';
  const teams = (parse(text) as { teams: Record<string, { members?: string[] }> }).teams;

  it('writes each team its people by email, sorted without case; never a service account or a hidden member', () => {
    expect(teams.owners?.members).toEqual(['Ana@Example.com', 'bo@example.com']);
    expect(teams.sre?.members).toEqual(['bo@example.com', 'cy@vendor.example', 'old@example.com']);
    expect(teams.empty?.members).toEqual([]);
    expect(text).not.toContain('api-team_x');
    expect(text).not.toContain('user-staff');
  });

  it('writes no members for a team the identity provider owns (the files may not list them)', () => {
    expect(teams.idp).not.toHaveProperty('members');
    expect(teams.scim).not.toHaveProperty('members');
  });

  it('without --members the section is as before: no members key', () => {
    const plain = exportFiles(LIVE, { named: new Set(), schemaRef: 's.json', teams: true }).files[0]?.text ?? '';
    expect(plain).not.toContain('members');
  });
});
