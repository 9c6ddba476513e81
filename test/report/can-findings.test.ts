// Issue 37, finding 8, the who-can items (docs/evidence.md, "Who can"): policy overrides held by the
// owners team, by manage-policy-overrides and by a grant only with delegate-policy-overrides; the
// text and the HTML from one computation; service accounts and hidden members named apart; and
// `--person` keeping only that person's teams.
import { describe, expect, it } from 'vitest';
import { CAN_QUESTIONS } from '../../src/core/can.js';
import type { LivePeople } from '../../src/core/person.js';
import type { GrantInput } from '../../src/effective/compute.js';
import { EffectiveIndex } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';
import { renderAccessReport } from '../../src/render/report.js';
import { canReport, htmlAnswers, PROJECTS, team, WORKSPACES } from './can-report.js';

const wsGrant = (name: string, targetId: string, access: GrantInput['access']): GrantInput => ({
  resource: 'team-workspaces',
  teamId: `team-${name}`,
  targetId,
  access,
});
const OVERRIDES = CAN_QUESTIONS.findIndex((q) => q.name === 'policy-overrides');

const ORG = {
  teams: [
    team('owners'),
    team('po', { 'manage-policy-overrides': true }),
    team('gated', { 'delegate-policy-overrides': false }),
    team('delegated', { 'delegate-policy-overrides': true }),
  ],
  grants: [
    wsGrant('gated', 'ws-in', { access: 'custom', permissions: { runs: 'apply', 'policy-overrides': true } }),
    wsGrant('gated', 'ws-out', { access: 'admin' }),
    wsGrant('delegated', 'ws-in', { access: 'custom', permissions: { runs: 'apply', 'policy-overrides': true } }),
  ],
};

const holders = (report: ReturnType<typeof canReport>) =>
  (report.can?.holders ?? []).map((h) => `${h.team.name}/${h.target.id}:${h.sources.map((s) => s.kind).join('+')}`);
const unknowns = (report: ReturnType<typeof canReport>) => (report.can?.unknown ?? []).map((h) => `${h.team.name}/${h.target.id}`);

describe('finding 8: --can policy-overrides', () => {
  it('finding 8: the owners team holds policy-overrides on every target, never "not known"', () => {
    const report = canReport(ORG, 'policy-overrides');
    expect(holders(report)).toEqual(expect.arrayContaining(['owners/prj-a:owners', 'owners/ws-in:owners', 'owners/ws-out:owners']));
    expect(unknowns(report).filter((u) => u.startsWith('owners/'))).toEqual([]);
  });

  it('finding 8: a manage-policy-overrides team holds it on every target, with no grant at all', () => {
    const report = canReport(ORG, 'policy-overrides');
    expect(holders(report)).toEqual(expect.arrayContaining(['po/prj-a:organization', 'po/ws-in:organization', 'po/ws-out:organization']));
    const text = renderAccessReport(report, 'text', { byTeam: false });
    expect(text).toMatch(/^ {2}po +workspace loose +organization manage-policy-overrides \[organization-wide\]$/m);
  });

  it('finding 8: a grant with policy-overrides holds it only for a team with delegate-policy-overrides; without it, neither yes nor "not known"', () => {
    const report = canReport(ORG, 'policy-overrides');
    expect(holders(report)).toContain('delegated/ws-in:workspace');
    expect([...holders(report), ...unknowns(report)].filter((h) => h.startsWith('gated/'))).toEqual([]);
    // delegate-policy-overrides not reported: what the grant gives is not known, never yes.
    const unreported = canReport({ ...ORG, teams: ORG.teams.map((t) => (t.name === 'gated' ? team('gated') : t)) }, 'policy-overrides');
    expect(unknowns(unreported)).toEqual(expect.arrayContaining(['gated/ws-in', 'gated/ws-out']));
  });

  it('finding 8: the HTML says what the text says, cell for cell (the text\'s "not known" count is the HTML\'s)', () => {
    const report = canReport(ORG, 'policy-overrides');
    const html = htmlAnswers(renderAccessReport(report, 'html', { byTeam: false }), OVERRIDES);
    const text = new Map<string, string>([
      ...(report.can?.holders ?? []).map((h): [string, string] => [`${h.team.name}/${h.target.id}`, 'yes']),
      ...(report.can?.unknown ?? []).map((h): [string, string] => [`${h.team.name}/${h.target.id}`, 'unknown']),
    ]);
    expect(html).toEqual(text);
    expect(html.get('po/ws-out')).toBe('yes');
    expect(html.get('owners/ws-in')).toBe('yes');
  });
});

describe('finding 8: who-can by person', () => {
  const live: LivePeople = {
    people: [
      { membershipId: 'ou-1', email: 'ann@example.com', status: 'active', userId: 'user-ann', username: 'ann', serviceAccount: false, teamIds: ['team-dev'] },
      { membershipId: 'ou-2', email: 'bob@example.com', status: 'active', userId: 'user-bob', username: 'bob', serviceAccount: false, teamIds: ['team-ops'] },
      {
        membershipId: 'ou-3',
        email: 'api-dev@example.com',
        status: 'active',
        userId: 'user-api',
        username: 'api-team_dev',
        serviceAccount: true,
        teamIds: ['team-dev'],
      },
    ],
    hidden: new Map([['team-dev', ['user-staff']]]),
  };
  const teams = [team('dev'), team('ops')];
  const grants = [wsGrant('dev', 'ws-in', { access: 'write' }), wsGrant('ops', 'ws-out', { access: 'write' })];
  const people = (() => {
    const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
    return reportPeople(live, teams, index.all());
  })();

  it('finding 8: service accounts and hidden members with access are named apart (text, JSON, CSV, HTML)', () => {
    const report = canReport({ teams, grants, people }, 'runs:apply');
    const dev = report.can?.holders.find((h) => h.team.name === 'dev');
    expect(dev).toMatchObject({ people: ['ann@example.com'], serviceAccounts: ['api-team_dev'], hidden: ['user-staff'] });
    const text = renderAccessReport(report, 'text', { byTeam: false });
    expect(text).toMatch(
      /^ {2}dev +workspace in-a +workspace grant: write; people: ann@example\.com; service accounts: api-team_dev; hidden members: user-staff$/m,
    );
    const json = JSON.parse(renderAccessReport(report, 'json', { byTeam: false })) as { can: { holders: Record<string, unknown>[] } };
    expect(json.can.holders.find((h) => (h.team as { name: string }).name === 'dev')).toMatchObject({
      service_accounts: ['api-team_dev'],
      hidden_members: ['user-staff'],
    });
    const csv = renderAccessReport(report, 'csv', { byTeam: false }).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const row = csv.find((l) => l.includes(',dev,'))?.split(',') ?? [];
    expect(row[header.indexOf('service_accounts')]).toBe('api-team_dev');
    expect(row[header.indexOf('hidden_members')]).toBe('user-staff');
    const html = renderAccessReport(report, 'html', { byTeam: false });
    expect(html).toMatch(/data-team="dev" data-people="ann@example\.com" data-others="service account api-team_dev, hidden member user-staff"/);
  });

  it('finding 8: --can X --person P lists only the teams of P, never unrelated teams as "no active member"', () => {
    const report = canReport(
      { teams, grants, people: { ...people, people: people.people.filter((p) => p.email === 'ann@example.com') }, persons: ['ann@example.com'] },
      'runs:apply',
    );
    expect(report.can?.holders.map((h) => h.team.name)).toEqual(['dev']);
    expect(renderAccessReport(report, 'text', { byTeam: false })).not.toContain('no active member');
  });
});
