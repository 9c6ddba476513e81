// Issue 26, the format: `teams:`, `roles.organization`, `settings.prune-teams` and
// `max-team-deletions`, each problem one line at its FILE:LINE:COL (with a did-you-mean where a
// word was mistyped), and the teams as the planner reads them (implied flags normalised).
import { describe, expect, it } from 'vitest';
import { desiredFiles, problemLines } from '../support/desired-files.js';

const { load } = desiredFiles('tfe-access-teams-validate-');
const messages = problemLines;

describe('teams: problems at their place', () => {
  it('says each rule broken, with near misses', async () => {
    const { problems } = await load({
      'bad.yaml': `organization: acme
roles:
  organization:
    admins: { manage-projects: true, read-projects: false }
teams:
  owners:
    organization-access: { manage-policies: true }
  platform:
    visibility: hidden
    organization-access: { manage-workspaces: true, read-workspaces: false, manage-teems: true }
  sre:
    organization-access: admin
    previously: [platform, old-sre]
  ops:
    previously: [old-sre]
  " padded": {}
  "two words": {}
  auditors:
    organization-access: { access-secret-teams: true }
`,
    });
    expect(messages(problems)).toEqual([
      'bad.yaml:4:53: roles.organization.admins.read-projects: read-projects is false, but manage-projects: true brings it (the service switches it on): leave it out or set it true',
      "bad.yaml:7:26: teams.owners.organization-access: the owners team's organization access is fixed by the service (every permission): leave it out",
      'bad.yaml:9:17: teams.platform.visibility: "hidden" is not one of secret or organization',
      'bad.yaml:10:70: teams.platform.organization-access.read-workspaces: read-workspaces is false, but manage-workspaces: true brings it (the service switches it on): leave it out or set it true',
      'bad.yaml:10:77: teams.platform.organization-access: unknown key "manage-teems". Did you mean "manage-teams"?',
      'bad.yaml:12:26: teams.sre.organization-access: "admin" is not a role of roles.organization. Did you mean "admins"?',
      'bad.yaml:13:18: teams.sre.previously[0]: "platform" is a current name under teams (line 8, col 3): a team cannot have been renamed from a team the files still want',
      'bad.yaml:15:18: teams.ops.previously[0]: "old-sre" is claimed by team "sre" too (line 13, col 28): one old name, one team',
      'bad.yaml:16:3: teams[" padded"]: team name " padded" starts or ends with white space: write the name without it',
      'bad.yaml:19:49: teams.auditors.organization-access.access-secret-teams: access-secret-teams needs one of manage-membership, manage-teams, manage-organization-access (it extends them to secret teams)',
    ]);
  });

  it('refuses a team defined in two files, and a team both managed and ignored', async () => {
    const { problems } = await load({
      'a.yaml': 'organization: acme\nteams:\n  sre: {}\nsettings:\n  ignore-teams: [sre]\n',
      'b.yaml': 'organization: acme\nteams:\n  sre: { visibility: secret }\n',
    });
    expect(messages(problems)).toEqual([
      'a.yaml:3:3: teams.sre: team "sre" is also in settings.ignore-teams (line 5, col 3); a team is either managed here or ignored',
      'b.yaml:3:3: teams.sre: team "sre" is defined twice under teams; first defined at a.yaml:3:3',
    ]);
  });

  it('finding 4: two teams differing only in case are one team to the service: a problem at the second, naming the first', async () => {
    const { problems } = await load({
      'a.yaml': 'organization: acme\nteams:\n  sre: {}\n  data-eng: {}\n',
      'b.yaml': 'organization: acme\nteams:\n  SRE: { visibility: secret }\n',
    });
    expect(messages(problems)).toEqual([
      'b.yaml:3:3: teams.SRE: team "SRE" differs from team "sre" (a.yaml:3:3) only by case: the service takes team names without case, so both are one team; keep one name',
    ]);
  });
});

describe('teams: as the planner reads them', () => {
  it('normalises an authoritative map and a role, and keeps what is left out unmanaged', async () => {
    const { state, problems } = await load({
      'ok.yaml': `organization: acme
settings: { prune-teams: true, max-team-deletions: 2 }
roles:
  organization:
    team-admins: { manage-organization-access: true }
teams:
  platform:
    visibility: organization
    sso-team-id: 7dd2a1b0
    allow-member-token-management: false
    organization-access: { manage-projects: true }
  security:
    organization-access: team-admins
  sre:
    previously: [site-reliability]
  auditors: {}
`,
    });
    expect(problems).toEqual([]);
    expect(state?.settings).toMatchObject({ pruneTeams: true, maxTeamDeletions: 2 });
    const teams = new Map(state?.teams?.map((t) => [t.name, t]));
    expect([...teams.keys()]).toEqual(['auditors', 'platform', 'security', 'sre']);
    const on = (name: string): string[] =>
      Object.entries(teams.get(name)?.organizationAccess ?? {})
        .filter(([, v]) => v)
        .map(([k]) => k);
    expect(on('platform')).toEqual(['manage-workspaces', 'manage-projects', 'read-projects', 'read-workspaces']);
    expect(Object.keys(teams.get('platform')?.organizationAccess ?? {})).toHaveLength(21);
    expect(on('security')).toEqual(['manage-membership', 'manage-teams', 'manage-organization-access']);
    expect(teams.get('security')?.organizationRole).toBe('team-admins');
    expect(teams.get('platform')).toMatchObject({ visibility: 'organization', ssoTeamId: '7dd2a1b0', allowMemberTokenManagement: false });
    expect(teams.get('sre')).toMatchObject({ previously: ['site-reliability'] });
    expect(teams.get('auditors')).toEqual({ name: 'auditors', previously: [], source: { file: 'ok.yaml', line: 16, col: 3 } });
  });

  it('leaves a state without teams exactly as before', async () => {
    const { state } = await load({ 'plain.yaml': 'organization: acme\nworkspaces:\n  w: { teams: { dev: read } }\n' });
    expect(state && 'teams' in state).toBe(false);
    expect(state && ('pruneTeams' in state.settings || 'maxTeamDeletions' in state.settings)).toBe(false);
  });
});
