// Issue 37, finding 2: `report diff` saw no organization power. A power switched on or off is a
// difference in every format (and exit 2), and a renamed team (matched by id) is listed.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { compareSnapshots, differenceCount } from '../../src/evidence/compare.js';
import type { Snapshot } from '../../src/evidence/snapshot.js';
import { renderReportDiff } from '../../src/render/report-diff.js';
import { reportDiffSchema } from '../../src/render/schemas/report-diff-schema.js';
import { snapshotOf } from '../support/snapshots.js';

const snapshot = (teams: unknown[]): Snapshot => snapshotOf({ workspaces: [], teams });
const team = (name: string, id: string, on: string[]) => ({
  name,
  id,
  visibility: 'organization',
  organization_access: {
    'manage-policies': on.includes('manage-policies'),
    'manage-teams': on.includes('manage-teams'),
    'manage-membership': on.includes('manage-membership'),
  },
});

const OLD = snapshot([team('sec', 'team-1', ['manage-policies']), team('ops', 'team-2', [])]);
const NEW = snapshot([team('security', 'team-1', []), team('ops', 'team-2', ['manage-teams', 'manage-membership'])]);

describe('report diff: organization powers and renames (issue 37, finding 2)', () => {
  it('finding 2: a power switched on or off is a difference, by team id; a rename is listed', () => {
    const diff = compareSnapshots(OLD, NEW);
    expect(diff.powers).toEqual([
      { change: 'added', team: { name: 'ops', id: 'team-2' }, power: 'manage-membership' },
      { change: 'added', team: { name: 'ops', id: 'team-2' }, power: 'manage-teams' },
      { change: 'removed', team: { name: 'security', id: 'team-1' }, power: 'manage-policies' },
    ]);
    expect(diff.teamsRenamed).toEqual([{ id: 'team-1', before: 'sec', after: 'security' }]);
    expect(differenceCount(diff)).toBe(4);
    expect(differenceCount(compareSnapshots(OLD, OLD))).toBe(0);
  });

  it('finding 2: text and Markdown have an "Organization powers" section and a "Teams renamed" one', () => {
    const text = renderReportDiff(compareSnapshots(OLD, NEW), 'text', {});
    expect(text).toContain(
      '\nOrganization powers:\n  + ops gained manage-membership (organization-wide)\n  + ops gained manage-teams (organization-wide)\n  - security lost manage-policies (organization-wide)\n',
    );
    expect(text).toContain('\nTeams renamed:\n  ~ sec -> security (team-1)\n');
    expect(text).toContain('4 differences.');
    const markdown = renderReportDiff(compareSnapshots(OLD, NEW), 'markdown', {});
    expect(markdown).toContain('### Organization powers');
    expect(markdown).toContain('- \\- security lost manage-policies (organization-wide)');
  });

  it('finding 2: JSON has powers and teams_renamed, valid against the schema', () => {
    const document = JSON.parse(renderReportDiff(compareSnapshots(OLD, NEW), 'json', {})) as Record<string, unknown>;
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportDiffSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.powers).toEqual([
      { change: 'added', team: { name: 'ops', id: 'team-2' }, power: 'manage-membership' },
      { change: 'added', team: { name: 'ops', id: 'team-2' }, power: 'manage-teams' },
      { change: 'removed', team: { name: 'security', id: 'team-1' }, power: 'manage-policies' },
    ]);
    expect(document.teams_renamed).toEqual([{ id: 'team-1', before: 'sec', after: 'security' }]);
  });

  it('finding 2: CSV has a row per power change and per rename; HTML a section of each', () => {
    const rows = parse(renderReportDiff(compareSnapshots(OLD, NEW), 'csv', {}), { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.target_type === 'organization').map((r) => [r.change, r.subject, r.target, r.access_before, r.access_after])).toEqual([
      ['power-added', 'ops', 'manage-membership', 'off', 'on'],
      ['power-added', 'ops', 'manage-teams', 'off', 'on'],
      ['power-removed', 'security', 'manage-policies', 'on', 'off'],
    ]);
    expect(rows.find((r) => r.change === 'team-renamed')).toMatchObject({ subject: 'security', access_before: 'sec', access_after: 'security' });
    const html = renderReportDiff(compareSnapshots(OLD, NEW), 'html', {});
    expect(html).toContain('<h2>Organization powers</h2>');
    expect(html).toContain('security lost manage-policies (organization-wide)');
    expect(html).toContain('<h2>Teams renamed</h2>');
  });

  it('finding 2: a report without organization_access (older) compares as before', () => {
    const old = snapshot([{ name: 'a', id: 'team-1' }]);
    expect(differenceCount(compareSnapshots(old, old))).toBe(0);
  });
});

describe('report diff: why a person gained (issue 37, finding 2)', () => {
  const ws = { type: 'workspace', name: 'web', id: 'ws-web' };
  const byPerson = (teams: { name: string; id: string }[], through: { name: string; id: string }[], access: string | undefined): Snapshot => {
    return snapshotOf({
      workspaces: [],
      teams: [],
      people: [{ email: 'bo@x.io', teams, access: access ? [{ target: ws, access, through: through.map((team) => ({ team, access, sources: [] })) }] : [] }],
    });
  };
  const DEV = { name: 'dev', id: 'team-dev' };
  const SRE = { name: 'sre', id: 'team-sre' };

  it('finding 2: a person gain says the membership that caused it ("joined team sre"); a loss the team left', () => {
    const gained = compareSnapshots(byPerson([DEV], [], undefined), byPerson([DEV, SRE], [SRE], 'admin'));
    expect(gained.people?.access).toEqual([{ change: 'added', email: 'bo@x.io', target: ws, before: null, after: 'admin', joined: ['sre'], left: [] }]);
    expect(renderReportDiff(gained, 'text', {})).toContain('  + bo@x.io gained admin on workspace "web" (joined team sre)\n');
    const lost = compareSnapshots(byPerson([DEV, SRE], [SRE], 'admin'), byPerson([DEV], [], undefined));
    expect(renderReportDiff(lost, 'text', {})).toContain('  - bo@x.io lost admin on workspace "web" (left team sre)\n');
    const document = JSON.parse(renderReportDiff(gained, 'json', {})) as { people: { access: { joined: string[] }[] } };
    expect(new Ajv2020({ strict: false }).compile(reportDiffSchema())(document)).toBe(true);
    expect(document.people.access[0]?.joined).toEqual(['sre']);
    // A grant to a team they were already in is no membership cause.
    const granted = compareSnapshots(byPerson([DEV], [], undefined), byPerson([DEV], [DEV], 'read'));
    expect(renderReportDiff(granted, 'text', {})).toContain('  + bo@x.io gained read on workspace "web"\n');
  });
});
