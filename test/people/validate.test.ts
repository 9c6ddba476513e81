// Issue 27, the format: `members:` and `members-prune` on a team under `teams:`, and the people
// settings (invite, prune-people, max-member-removals, min-owners, max-people-removals), each
// problem one line at its FILE:LINE:COL (near misses for a mistyped key), and the members as the
// planner reads them.
import { describe, expect, it } from 'vitest';
import { fingerprintDesired } from '../../src/saved-plan/fingerprint.js';
import { runCli } from '../support/cli.js';
import { desiredFiles, problemLines } from '../support/desired-files.js';

const { dir, load } = desiredFiles('tfe-access-people-validate-');
const messages = problemLines;

describe('members: problems at their place', () => {
  it('says each rule broken, with near misses', async () => {
    const { problems } = await load({
      'bad.yaml': `organization: acme
teams:
  sre:
    members: [ana@example.com, bo, Ana@Example.com, cy@example.com, cy@example.com]
  ops:
    member: [ana@example.com]
  idp:
    sso-team-id: 7dd2a1b0
    members: [ana@example.com]
  loose:
    members-prune: false
settings:
  invite: yes please
  prune-people: true
  max-member-removals: 30 percent
  min-owners: 0
  max-people-removals: -1
  max-member-removal: 3
`,
    });
    expect(messages(problems)).toEqual([
      'bad.yaml:4:32: teams.sre.members[1]: "bo" is not an email address (name@example.com)',
      'bad.yaml:4:36: teams.sre.members[2]: "Ana@Example.com" is listed twice: as "ana@example.com" at line 4, col 15 (emails are compared without case)',
      'bad.yaml:4:69: teams.sre.members: "cy@example.com" is listed twice',
      'bad.yaml:6:5: teams.ops: unknown key "member". Did you mean "members" or "members-prune"?',
      'bad.yaml:9:5: teams.idp.members: team "idp" has sso-team-id "7dd2a1b0": its members belong to the identity provider (SAML team mapping sets them at each sign-in), so the files stay out; leave members out, or clear sso-team-id (null)',
      'bad.yaml:11:5: teams.loose.members-prune: members-prune without members: give the list of members it applies to, or leave it out',
      'bad.yaml:13:11: settings.invite: expected true or false, got "yes please"',
      'bad.yaml:15:24: settings.max-member-removals: "30 percent" is not a count or a percentage of a team\'s members (3, or 25%)',
      'bad.yaml:16:15: settings.min-owners: must be 1 or more, got 0',
      'bad.yaml:17:24: settings.max-people-removals: must be 0 or more, got -1',
      'bad.yaml:18:3: settings: unknown key "max-member-removal". Did you mean "max-member-removals"?',
    ]);
  });

  it('allows clearing an SSO id beside members (the team leaves the identity provider)', async () => {
    const { problems } = await load({ 'clear.yaml': 'organization: acme\nteams:\n  sre:\n    sso-team-id: null\n    members: [ana@example.com]\n' });
    expect(problems).toEqual([]);
  });
});

describe('members: as the planner reads them', () => {
  it('keeps each email once as written, with its place, prune by default', async () => {
    const { state, problems } = await load({
      'ok.yaml': `organization: acme
teams:
  sre:
    members: [ ana@example.com, bo@example.com ]
  contractors:
    members: [cy@vendor.example]
    members-prune: false
  auditors: {}
settings:
  invite: true
  prune-people: false
  max-member-removals: 10%
  min-owners: 3
  max-people-removals: 2
`,
    });
    expect(problems).toEqual([]);
    const teams = new Map((state?.teams ?? []).map((t) => [t.name, t]));
    expect(teams.get('sre')?.members).toMatchObject({
      emails: ['ana@example.com', 'bo@example.com'],
      prune: true,
      source: { file: 'ok.yaml', line: 4, col: 5 },
    });
    expect(teams.get('sre')?.members?.emailSources?.get('bo@example.com')).toEqual({ file: 'ok.yaml', line: 4, col: 33 });
    expect(teams.get('contractors')?.members).toMatchObject({ emails: ['cy@vendor.example'], prune: false });
    expect(teams.get('auditors')?.members).toBeUndefined();
    expect(state?.settings).toMatchObject({ invite: true, prunePeople: false, maxMemberRemovals: { percent: 10 }, minOwners: 3, maxPeopleRemovals: 2 });
  });

  it('reads a count of max-member-removals as a count', async () => {
    const { state } = await load({ 'count.yaml': 'organization: acme\nsettings:\n  max-member-removals: 3\n' });
    expect(state?.settings.maxMemberRemovals).toBe(3);
  });

  it('leaves files without members or people settings as they were (same state, same fingerprint)', async () => {
    const before = await load({ 'plain.yaml': 'organization: acme\nteams:\n  sre: {}\n' });
    expect(before.state?.teams?.[0]).toEqual({ name: 'sre', previously: [], source: { file: 'plain.yaml', line: 3, col: 3 } });
    expect(Object.keys(before.state?.settings ?? {}).sort()).toEqual(['ignoreTeams', 'maxRemovals', 'prune']);
    const withMembers = await load({ 'members.yaml': 'organization: acme\nteams:\n  sre:\n    members: [ana@example.com]\n' });
    expect(fingerprintDesired(withMembers.state!)).not.toBe(fingerprintDesired(before.state!));
  });
});

describe('validate of files that manage teams and people only', () => {
  it('says what they manage, not "no targets managed"', async () => {
    await load({
      'people-only.yaml':
        'organization: acme\nteams:\n  sre:\n    members: [ana@example.com, Bo@example.com]\n  dev:\n    members: [bo@example.com]\n  ops: {}\n',
      'teams-only.yaml': 'organization: acme\nteams:\n  ops: {}\n',
    });
    const people = await runCli(['validate', 'people-only.yaml'], { cwd: dir });
    expect(people).toMatchObject({ code: 0, out: 'valid: 1 file, organization "acme": 3 teams (2 teams listing 2 people); no projects or workspaces.\n' });
    const teams = await runCli(['validate', 'teams-only.yaml'], { cwd: dir });
    expect(teams.out).toBe('valid: 1 file, organization "acme": 1 team; no projects or workspaces.\n');
  });
});

describe('validate counts teams and members beside the grants', () => {
  it('finding 9: the summary line of files with targets and teams counts the teams and the people listed, in text and JSON', async () => {
    await load({
      'both.yaml':
        'organization: acme\nworkspaces:\n  api:\n    teams:\n      sre: admin\nteams:\n  sre:\n    members: [ana@example.com, Bo@example.com]\n  dev:\n    members: [bo@example.com, cy@example.com]\n  ops: {}\n',
    });
    const text = await runCli(['validate', 'both.yaml'], { cwd: dir });
    expect(text).toMatchObject({ code: 0, out: 'valid: 1 file, organization "acme": 0 projects, 1 workspace, 1 grant, 3 teams (2 teams listing 3 people).\n' });
    const json = JSON.parse((await runCli(['validate', 'both.yaml', '--format', 'json'], { cwd: dir })).out) as { manages: unknown };
    expect(json.manages).toEqual({ projects: 0, workspaces: 1, sets: 0, grants: 1, policies: 0, teams: 3, people: 3 });
  });
});
