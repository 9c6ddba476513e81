// Teams both ways: every attribute a list or show reports, from the seed profile's bodies and the
// current service's, and the documented samples where they are beside the clone; the write bodies.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WireFormatError } from './errors/wire-format-error.js';
import { teamFromDocument, teamsFromList } from './translate.js';
import { teamWriteBody } from './translate-team.js';

// ../shared/api/samples/teams from the repository root: reference material beside the clone, not part of it.
const SAMPLES = fileURLToPath(new URL('../../../shared/api/samples/teams/', import.meta.url));

const FOURTEEN = [
  'manage-policies',
  'manage-policy-overrides',
  'manage-run-tasks',
  'manage-workspaces',
  'manage-vcs-settings',
  'manage-agent-pools',
  'manage-providers',
  'manage-modules',
  'manage-projects',
  'read-projects',
  'read-workspaces',
  'manage-membership',
  'manage-teams',
  'manage-organization-access',
];

function team(attributes: Record<string, unknown>): unknown {
  return { data: { id: 'team-1', type: 'teams', attributes: { name: 'sre', ...attributes }, relationships: { users: { data: [] } } } };
}

describe('a team as the seed profile and the current service report it', () => {
  it('the seed profile: fourteen flags, sso-team-id null, allow-member-token-management; no scim-linked', () => {
    const flags = Object.fromEntries(FOURTEEN.map((k) => [k, k === 'manage-teams']));
    const read = teamFromDocument(
      team({ visibility: 'secret', 'sso-team-id': null, 'allow-member-token-management': true, 'organization-access': flags }),
      'test',
    );
    expect(read).toEqual({
      id: 'team-1',
      name: 'sre',
      visibility: 'secret',
      organizationAccess: flags,
      userIds: [],
      ssoTeamId: null,
      allowMemberTokenManagement: true,
    });
  });

  it('the current service: every flag it sends, known or not, and the SCIM attributes', () => {
    const flags = { 'delegate-policy-overrides': true, 'access-secret-teams': false, 'manage-public-modules': true, 'manage-teams': true };
    const read = teamFromDocument(
      team({
        visibility: 'organization',
        'sso-team-id': 'grp-7',
        'allow-member-token-management': false,
        'scim-linked': true,
        'scim-group-name': 'Eng',
        'organization-access': flags,
      }),
      'test',
    );
    expect(read).toMatchObject({ organizationAccess: flags, ssoTeamId: 'grp-7', allowMemberTokenManagement: false, scimLinked: true });
  });

  it('scim-updated-at of a linked team (what names a re-created one, docs/api.md, "Identity-provider lifecycles"); none for a team not linked', () => {
    const at = '2026-11-29T05:00:00.000Z';
    expect(teamFromDocument(team({ 'scim-linked': true, 'scim-updated-at': at }), 'test').scimUpdatedAt).toBe(at);
    expect(teamFromDocument(team({ 'scim-linked': false, 'scim-updated-at': null }), 'test').scimUpdatedAt).toBeUndefined();
    expect(() => teamFromDocument(team({ 'scim-linked': true, 'scim-updated-at': 7 }), 'test')).toThrow(/scim-updated-at/);
  });

  it('an attribute not sent is not reported, never a default; "" is an unset SSO id; a null flag is not reported', () => {
    const read = teamFromDocument(team({ 'organization-access': { 'manage-teams': null } }), 'test');
    expect(read).toEqual({ id: 'team-1', name: 'sre', visibility: 'unknown', organizationAccess: {}, userIds: [] });
    expect(teamFromDocument(team({ 'sso-team-id': '' }), 'test').ssoTeamId).toBeNull();
    expect(teamFromDocument(team({ 'scim-linked': null }), 'test').scimLinked).toBeUndefined();
  });

  it('a wrong type is a WireFormatError naming the attribute', () => {
    expect(() => teamFromDocument(team({ 'allow-member-token-management': 'yes' }), 'GET /teams/team-1')).toThrow(WireFormatError);
    expect(() => teamFromDocument(team({ 'allow-member-token-management': 'yes' }), 'GET /teams/team-1')).toThrow(
      /data\.attributes\.allow-member-token-management is the string "yes", expected true or false/,
    );
    expect(() => teamFromDocument(team({ 'sso-team-id': 7 }), 'test')).toThrow(/sso-team-id/);
    expect(() => teamFromDocument(team({ 'scim-linked': 'true' }), 'test')).toThrow(/scim-linked/);
  });
});

describe('the write body', () => {
  it('carries only the attributes given, in JSON:API form', () => {
    expect(teamWriteBody({ name: 'sre' })).toEqual({ data: { type: 'teams', attributes: { name: 'sre' } } });
    expect(teamWriteBody({})).toEqual({ data: { type: 'teams', attributes: {} } });
  });

  it('every attribute, by its wire name; ssoTeamId null is sent as null', () => {
    const body = teamWriteBody({
      name: 'a',
      visibility: 'organization',
      ssoTeamId: null,
      allowMemberTokenManagement: false,
      organizationAccess: { 'manage-teams': true, 'read-workspaces': false },
    });
    expect(body).toEqual({
      data: {
        type: 'teams',
        attributes: {
          name: 'a',
          visibility: 'organization',
          'sso-team-id': null,
          'allow-member-token-management': false,
          'organization-access': { 'manage-teams': true, 'read-workspaces': false },
        },
      },
    });
    expect(JSON.stringify(body)).toContain('"sso-team-id":null');
  });
});

if (existsSync(SAMPLES)) {
  const sample = (name: string): unknown => JSON.parse(readFileSync(`${SAMPLES}${name}`, 'utf8'));
  const responses = readdirSync(SAMPLES)
    .filter((f) => /^teams-.*\.response\.json$/.test(f))
    .sort();

  describe('the teams samples of ../shared/api/samples/teams', () => {
    it('finds them', () => expect(responses.length).toBeGreaterThan(10));
    it.each(responses)('%s reads', (file) => {
      const teams = file.startsWith('teams-list') ? teamsFromList(sample(file), file).items : [teamFromDocument(sample(file), file)];
      expect(teams.length).toBeGreaterThan(0);
      for (const t of teams) expect(t.id).toMatch(/^team-/);
    });
    it('the docs show: every flag, the SSO id, allow-member-token-management', () => {
      const read = teamFromDocument(sample('teams-show.response.json'), 'test');
      expect(Object.keys(read.organizationAccess)).toEqual(FOURTEEN);
      expect(read).toMatchObject({ ssoTeamId: 'cb265c8e41bddf3f9926b2cf3d190f0e1627daa4', allowMemberTokenManagement: true, visibility: 'organization' });
      expect(read.scimLinked).toBeUndefined();
    });
    it('Terraform Enterprise 2.0: delegate-policy-overrides; with SCIM, scim-linked', () => {
      expect(teamFromDocument(sample('teams-show.tfe-2.0.x.response.json'), 'test').organizationAccess['delegate-policy-overrides']).toBe(false);
      expect(teamFromDocument(sample('teams-show.tfe-2.0.x-scim.response.json'), 'test').scimLinked).toBe(true);
      const full = teamFromDocument(sample('teams-show.v2-schema-full.RECONSTRUCTED.response.json'), 'test');
      expect(full.organizationAccess).toMatchObject({ 'access-secret-teams': false, 'manage-registry-artifact-version-tags': false });
    });
  });
}
