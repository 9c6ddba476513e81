// Issue 37, finding 7 (and owners' powers): a by-person view names the organization powers a
// person holds through their teams, organization-wide, in every format. Before, a manage-policies
// member read "no access" and a manage-teams member showed only their one workspace.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../src/core/model.js';
import type { LivePeople } from '../../src/core/person.js';
import type { Report } from '../../src/core/report.js';
import { TEAM_FLAG_KEYS } from '../../src/core/team-flags.js';
import { effectiveAccess } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';
import { renderAccessReport } from '../../src/render/report.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { GRANTS, PEOPLE, PROJECTS, personReport, TEAMS, WORKSPACES } from './report-fixture.js';

const POLICY: Team = { name: 'policy', id: 'team-policy', visibility: 'organization', organizationAccess: { 'manage-policies': true } };
const ADMINS: Team = {
  name: 'admins',
  id: 'team-admins',
  visibility: 'organization',
  organizationAccess: { 'manage-teams': true, 'manage-membership': true },
};
const teams = [...TEAMS, POLICY, ADMINS];
const member = (email: string, teamIds: string[]): LivePeople['people'][number] => ({
  membershipId: `ou-${email}`,
  email,
  status: 'active',
  serviceAccount: false,
  userId: `user-${email}`,
  username: email.split('@')[0] ?? null,
  teamIds,
});
const people: LivePeople = {
  people: [...PEOPLE.people, member('pat@example.com', ['team-policy']), member('tim@example.com', ['team-admins', 'team-contractors'])],
  hidden: PEOPLE.hidden,
};

function report(): Report {
  const cells = effectiveAccess({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants: GRANTS });
  return { ...personReport(), teams, cells, people: reportPeople(people, teams, cells) };
}

describe('organization powers in the by-person view (issue 37)', () => {
  it('finding 7: a manage-policies member holds manage-policies, organization-wide; a manage-teams member holds it besides their workspace', () => {
    const all = report().people?.people ?? [];
    const pat = all.find((p) => p.email === 'pat@example.com');
    expect(pat?.cells).toEqual([]);
    expect(pat?.powers).toEqual([{ power: 'manage-policies', through: [{ name: 'policy', id: 'team-policy' }] }]);
    const tim = all.find((p) => p.email === 'tim@example.com');
    expect(tim?.cells.map((c) => c.target.name)).toEqual(['lake']);
    expect(tim?.powers.map((p) => p.power)).toEqual(['manage-membership', 'manage-teams']);
  });

  it("finding 7 / owners: an owner holds every power, whatever the owners team's flags say", () => {
    const root = report().people?.people.find((p) => p.email === 'root@example.com');
    expect(root?.powers.map((p) => p.power)).toEqual([...TEAM_FLAG_KEYS]);
    expect(root?.powers.every((p) => p.through.map((t) => t.name).join() === 'owners')).toBe(true);
  });

  it('finding 7: text names each power as organization-wide, and "no access" only for who holds neither target nor power', () => {
    const lines = renderAccessReport(report(), 'text', { byTeam: false }).split('\n');
    const pat = lines.indexOf('person pat@example.com (pat): teams policy');
    expect(pat).toBeGreaterThan(0);
    expect(lines[pat + 1]).toMatch(/^ {2}organization manage-policies +power +policy \[organization-wide\]$/);
    expect(lines.slice(pat, pat + 4).join('\n')).not.toContain('no access');
    const tim = lines.indexOf('person tim@example.com (tim): teams admins, contractors');
    expect(lines.slice(tim + 1, tim + 4).map((l) => l.replace(/ +/g, ' '))).toEqual([
      ' workspace lake read contractors read (workspace grant: read)',
      ' organization manage-membership power admins [organization-wide]',
      ' organization manage-teams power admins [organization-wide]',
    ]);
    const dee = lines.indexOf('person dee@example.com (dee): in no team');
    expect(lines[dee + 1]).toBe('  no access to the selected projects and workspaces');
  });

  it('finding 7: JSON lists organization_powers per person, valid against the schema', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportSchema());
    const document = JSON.parse(renderAccessReport(report(), 'json', { byTeam: false })) as { people: Record<string, unknown>[] };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const pat = document.people.find((p) => p.email === 'pat@example.com');
    expect(pat?.organization_powers).toEqual([{ power: 'manage-policies', scope: 'organization-wide', through: [{ name: 'policy', id: 'team-policy' }] }]);
    expect(document.people.find((p) => p.email === 'cy@vendor.example')?.organization_powers).toEqual([]);
  });

  it('finding 7: CSV has a row per person and power, target type organization, never a "none" row for a power holder', () => {
    const rows = parse(renderAccessReport(report(), 'csv', { byTeam: false }), { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.person === 'pat@example.com').map((r) => [r.target_type, r.target, r.access, r.through])).toEqual([
      ['organization', 'manage-policies', 'power', 'policy (organization-wide)'],
    ]);
    expect(rows.filter((r) => r.person === 'root@example.com' && r.target_type === 'organization')).toHaveLength(TEAM_FLAG_KEYS.length);
  });

  it('finding 7: HTML names the powers in the person row', () => {
    const html = renderAccessReport(report(), 'html', { byTeam: false });
    const row = html.split('<tr data-person="pat@example.com">')[1]?.split('</tr>')[0] ?? '';
    expect(row).toContain('organization manage-policies: power (organization-wide)');
    expect(row).not.toContain('>none<');
  });
});
