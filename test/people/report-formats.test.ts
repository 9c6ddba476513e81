// A report by person in every format, from an in-memory report (test/people/report-fixture.ts):
// the text blocks, the JSON against schemas/report.schema.json, the CSV opened by a CSV parser (one
// row per person, target and access), and the HTML's people; a report by team stays as it was.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/core/scope.js';
import { PEOPLE_CSV_HEADER } from '../../src/render/report/report-people-csv.js';
import { renderAccessReport } from '../../src/render/report.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { personReport } from './report-fixture.js';

const report = personReport();
const { people: _people, ...rest } = report;
const byTeam = { ...rest, scope: scopeOf({}) };

describe('report --by person, every format', () => {
  it('text: who was counted, then each person with their teams and access through each team, invitees pending', () => {
    const text = renderAccessReport(report, 'text', { byTeam: false });
    const lines = text.split('\n');
    // The title counts what a report by person lists: each person's targets, not the teams' cells it read them from.
    const listed = (report.people?.people ?? []).reduce((n, p) => n + p.cells.length, 0);
    expect(listed).toBeGreaterThan(0);
    expect(lines[0]).toMatch(new RegExp(`: ${listed} person-target pairs with access\\.$`));
    expect(listed).not.toBe(report.cells.length);
    expect(lines).toContain('People: 5 active, 1 invited (pending); left out: 1 service account, 1 hidden member (never listed).');
    const ana = lines.indexOf('person ana@example.com (ana): teams developers, owners');
    expect(ana).toBeGreaterThan(0);
    // An owner holds every organization power too (issue 37): its rows follow the targets, so the column is as wide as the longest power.
    expect(lines.slice(ana + 1, ana + 5).map((l) => l.replace(/ +/g, ' '))).toEqual([
      ' project data admin owners admin (owners team [organization-wide])',
      ' project platform admin developers write (project grant: write); owners admin (owners team [organization-wide])',
      ' workspace lake admin owners admin (owners team [organization-wide])',
      ' workspace networking-prod admin developers write (project platform: write, workspace grant: plan); owners admin (owners team [organization-wide])',
    ]);
    expect(lines[ana + 5]?.replace(/ +/g, ' ')).toBe(' organization manage-policies power owners [organization-wide]');
    expect(lines).toContain('person cy@vendor.example: invited, pending (no access until accepted); will join contractors');
    expect(lines).toContain('person dee@example.com (dee): in no team');
    expect(text).not.toContain('api-team_x');
  });

  it('json: people and people_left_out, valid against the schema; a report by team has neither', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportSchema());
    const document = JSON.parse(renderAccessReport(report, 'json', { byTeam: false })) as Record<string, unknown>;
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.people_left_out).toEqual({ service_accounts: 1, hidden: 1, inactive: 0 });
    const people = document.people as {
      email: string;
      status: string;
      access: { target: { name: string }; access: string; through: { team: { name: string } }[] }[];
    }[];
    expect(people.map((p) => p.email)).toEqual([
      '=cmd@example.com',
      'ana@example.com',
      'bo@example.com',
      'cy@vendor.example',
      'dee@example.com',
      'root@example.com',
    ]);
    const bo = people.find((p) => p.email === 'bo@example.com');
    expect(bo?.access.find((a) => a.target.name === 'lake')).toMatchObject({ access: 'read', through: [{ team: { name: 'auditors' } }] });
    expect((document.scope as Record<string, unknown>).people).toEqual([]);
    const teamDocument = JSON.parse(renderAccessReport(byTeam, 'json', { byTeam: false })) as Record<string, unknown>;
    expect(validate(teamDocument)).toBe(true);
    expect(Object.keys(teamDocument)).not.toContain('people');
    expect(Object.keys(teamDocument.scope as object)).toEqual(['paths', 'targets', 'teams', 'projects', 'workspaces']);
  });

  it('csv, read by a CSV parser: one row per person, target and access; pending and none rows; formulas defused', () => {
    const csv = renderAccessReport(report, 'csv', { byTeam: false });
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...PEOPLE_CSV_HEADER]);
    const expected = (report.people?.people ?? []).reduce((n, p) => n + Math.max(1, p.cells.length + p.powers.length), 0);
    expect(rows).toHaveLength(expected);
    // Every (person, target) once.
    const pairs = rows.map((r) => `${r.person}\u0000${r.target_type} ${r.target}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(rows.filter((r) => r.person === 'bo@example.com').map((r) => [r.target_type, r.target, r.access, r.through])).toEqual([
      ['project', 'platform', 'write', 'developers write (project grant: write)'],
      ['workspace', 'lake', 'read', 'auditors read (organization read-workspaces [organization-wide])'],
      [
        'workspace',
        'networking-prod',
        'write',
        'auditors read (organization read-workspaces [organization-wide]); developers write (project platform: write, workspace grant: plan)',
      ],
      // Issue 37: the power bo holds through auditors is a row of its own.
      ['organization', 'read-workspaces', 'power', 'auditors (organization-wide)'],
    ]);
    expect(rows.find((r) => r.person === 'cy@vendor.example')).toMatchObject({ status: 'invited', teams: 'contractors', access: 'pending', target: '' });
    expect(rows.find((r) => r.person === 'dee@example.com')).toMatchObject({ status: 'active', teams: '', access: 'none' });
    expect(rows.filter((r) => r.person === "'=cmd@example.com")).toHaveLength(1);
    expect(rows.every((r) => r.complete === 'true' && r.scope === '')).toBe(true);
    expect(csv).not.toContain('api-team_x');
  });

  it('html: a person filter, each team column with its people, a table of people; a report by team has none of it', () => {
    const html = renderAccessReport(report, 'html', { byTeam: false });
    expect(html).toContain('<input id="person-filter"');
    expect(html).toContain('data-team="developers" data-people="ana@example.com bo@example.com"');
    expect(html).toContain('<tr data-person="cy@vendor.example">');
    expect(html).toContain('<table id="people"');
    // Issue 37, finding 8: a service account or hidden member is never a person (no row, not in
    // data-people), but is named apart on its team's column, for who-can's details.
    expect(html).not.toMatch(/data-people="[^"]*api-team_x|data-person="api-team_x/);
    expect(html).toContain('data-team="sre" data-people="" data-others="service account api-team_x"');
    expect(html).toMatch(/data-team="owners" data-people="[^"]*" data-others="hidden member user-staff"/);
    const teamHtml = renderAccessReport(byTeam, 'html', { byTeam: false });
    expect(teamHtml).not.toMatch(/person-filter|data-people|id="people"/);
  });
});
