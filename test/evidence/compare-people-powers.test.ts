// Issue 37, finding 2 and Build 3 (docs/evidence.md, "Comparing snapshots"): the snapshot's people
// hold their organization powers, so `report diff` of two reports by person says who gained or lost
// a power and the membership that caused it; and the membership cause of a person's change is
// said in every format `report diff` offers (text, JSON, CSV, Markdown, HTML). The two reports are
// written by the report's own renderer and read back as `report diff` reads them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../src/core/model.js';
import type { LivePeople, Person } from '../../src/core/person.js';
import { effectiveAccess } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';
import { compareSnapshots, differenceCount } from '../../src/evidence/compare.js';
import { parseSnapshot, type Snapshot } from '../../src/evidence/snapshot.js';
import { renderAccessReport } from '../../src/render/report.js';
import { renderReportDiff } from '../../src/render/report-diff.js';
import { reportDiffSchema } from '../../src/render/schemas/report-diff-schema.js';
import { GRANTS, PROJECTS, personReport, TEAMS, WORKSPACES } from '../people/report-fixture.js';
import { runCli } from '../support/cli.js';

const ADMINS: Team = { name: 'admins', id: 'team-admins', visibility: 'organization', organizationAccess: { 'manage-organization-access': true } };
const member = (name: string, teams: string[]): Person => ({
  membershipId: `ou-${name}`,
  email: `${name}@example.com`,
  status: 'active',
  serviceAccount: false,
  userId: `user-${name}`,
  username: name,
  teamIds: teams.map((t) => `team-${t}`),
});

/** A report by person of the fixture's organization with the admins team, as `report --by person --format json` writes it. */
function documentOf(teams: readonly Team[], people: readonly Person[]): string {
  const cells = effectiveAccess({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants: GRANTS });
  const live: LivePeople = { people, hidden: new Map() };
  const report = { ...personReport(), teams: [...teams], cells, people: reportPeople(live, teams, cells) };
  return renderAccessReport(report, 'json', { byTeam: false });
}

/** That report read back as `report diff` reads it. */
function snapshotOf(teams: readonly Team[], people: readonly Person[]): Snapshot {
  const parsed = parseSnapshot(documentOf(teams, people));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.snapshot;
}

const OLD = snapshotOf(
  [...TEAMS, ADMINS],
  [member('bo', ['dev', 'auditors']), member('tim', ['admins', 'contractors']), member('kim', ['contractors']), member('lee', [])],
);
// bo joins admins and contractors; tim leaves admins; kim leaves contractors; lee joins developers;
// contractors is given manage-teams (tim holds it with no membership change).
const NEW = snapshotOf(
  [...TEAMS.map((t) => (t.name === 'contractors' ? { ...t, organizationAccess: { 'manage-teams': true } } : t)), ADMINS],
  [member('bo', ['dev', 'auditors', 'admins', 'contractors']), member('tim', ['contractors']), member('kim', []), member('lee', ['dev'])],
);
const DIFF = compareSnapshots(OLD, NEW);

describe("report diff: a person's organization powers (issue 37, Build 3)", () => {
  it("the snapshot holds each person's powers with the teams that give them", () => {
    expect(OLD.people?.find((p) => p.email === 'tim@example.com')?.powers).toEqual([{ power: 'manage-organization-access', through: ['team-admins'] }]);
    expect(OLD.people?.find((p) => p.email === 'bo@example.com')?.powers).toEqual([{ power: 'read-workspaces', through: ['team-auditors'] }]);
    expect(OLD.people?.find((p) => p.email === 'lee@example.com')?.powers).toEqual([]);
  });

  it('a person who gained or lost a power is a difference, with the membership that caused it', () => {
    expect(DIFF.people?.powers).toEqual([
      { change: 'added', email: 'bo@example.com', power: 'manage-organization-access', joined: ['admins'], left: [] },
      { change: 'added', email: 'bo@example.com', power: 'manage-teams', joined: ['contractors'], left: [] },
      { change: 'removed', email: 'tim@example.com', power: 'manage-organization-access', joined: [], left: ['admins'] },
      { change: 'added', email: 'tim@example.com', power: 'manage-teams', joined: [], left: [] },
    ]);
    const withoutPowers = { ...DIFF, people: DIFF.people && { ...DIFF.people, powers: [] } };
    expect(differenceCount(DIFF) - differenceCount(withoutPowers)).toBe(4);
    expect(differenceCount(compareSnapshots(NEW, NEW))).toBe(0);
  });

  it('text and Markdown: a "People powers" section, each line with its cause', () => {
    const text = renderReportDiff(DIFF, 'text', {});
    expect(text).toContain(
      [
        '\nPeople powers:',
        '  + bo@example.com gained manage-organization-access (organization-wide) (joined team admins)',
        '  + bo@example.com gained manage-teams (organization-wide) (joined team contractors)',
        '  - tim@example.com lost manage-organization-access (organization-wide) (left team admins)',
        '  + tim@example.com gained manage-teams (organization-wide)\n',
      ].join('\n'),
    );
    const markdown = renderReportDiff(DIFF, 'markdown', {});
    expect(markdown).toContain('### People powers\n\n- \\+ bo@example.com gained manage-organization-access (organization-wide) (joined team admins)\n');
    expect(markdown).toContain('- \\- tim@example.com lost manage-organization-access (organization-wide) (left team admins)\n');
  });

  it('JSON: people.powers with joined and left, valid against the schema', () => {
    const document = JSON.parse(renderReportDiff(DIFF, 'json', {})) as { people: { powers: unknown[] } };
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportDiffSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.people.powers[2]).toEqual({
      change: 'removed',
      email: 'tim@example.com',
      power: 'manage-organization-access',
      joined: [],
      left: ['admins'],
    });
  });

  it('CSV: a power row per person (target type organization, on/off), the cause beside it; HTML: a section of them', () => {
    const rows = parse(renderReportDiff(DIFF, 'csv', {}), { columns: true }) as Record<string, string>[];
    const powers = rows.filter((r) => r.subject_kind === 'person' && r.target_type === 'organization');
    expect(powers.map((r) => [r.change, r.subject, r.target, r.access_before, r.access_after, r.sources_added, r.sources_removed])).toEqual([
      ['power-added', 'bo@example.com', 'manage-organization-access', 'off', 'on', 'joined team admins', ''],
      ['power-added', 'bo@example.com', 'manage-teams', 'off', 'on', 'joined team contractors', ''],
      ['power-removed', 'tim@example.com', 'manage-organization-access', 'on', 'off', '', 'left team admins'],
      ['power-added', 'tim@example.com', 'manage-teams', 'off', 'on', '', ''],
    ]);
    const html = renderReportDiff(DIFF, 'html', {});
    expect(html).toContain('<h2>People powers</h2>');
    expect(html).toContain('<td>removed</td><td>tim@example.com lost manage-organization-access (organization-wide) (left team admins)</td>');
  });

  it('end to end: a person who joined a team holding a power, and nothing else, is a difference (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-diff-powers-'));
    try {
      writeFileSync(join(dir, 'old.json'), documentOf([...TEAMS, ADMINS], [member('lee', [])]));
      writeFileSync(join(dir, 'new.json'), documentOf([...TEAMS, ADMINS], [member('lee', ['admins'])]));
      const run = await runCli(['report', 'diff', 'old.json', 'new.json'], { cwd: dir });
      expect(run.code, run.err).toBe(2);
      expect(run.out).toContain(
        '\nPeople powers:\n  + lee@example.com gained manage-organization-access (organization-wide) (joined team admins)\n\n1 difference.\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a report older than organization_powers reads as one whose people hold none', () => {
    const document = JSON.parse(renderAccessReport(personReport(), 'json', { byTeam: false })) as { people: Record<string, unknown>[] };
    for (const p of document.people) delete p.organization_powers;
    const parsed = parseSnapshot(JSON.stringify(document));
    expect('snapshot' in parsed && parsed.snapshot.people?.every((p) => p.powers.length === 0)).toBe(true);
  });
});

describe("report diff: a person's membership cause in every format (issue 37, finding 2)", () => {
  const LEE = '+ lee@example.com gained write on project "platform" (joined team developers)';
  const KIM = '- kim@example.com lost read on workspace "lake" (left team contractors)';

  it('text and JSON (as before)', () => {
    expect(renderReportDiff(DIFF, 'text', {})).toContain(`  ${LEE}\n`);
    expect(renderReportDiff(DIFF, 'text', {})).toContain(`  ${KIM}\n`);
    const document = JSON.parse(renderReportDiff(DIFF, 'json', {})) as { people: { access: { email: string; joined: string[]; left: string[] }[] } };
    expect(document.people.access.find((c) => c.email === 'kim@example.com')).toMatchObject({ joined: [], left: ['contractors'] });
  });

  it('Markdown: each person line with its cause', () => {
    const markdown = renderReportDiff(DIFF, 'markdown', {});
    expect(markdown).toContain(`- \\${LEE}\n`);
    expect(markdown).toContain(`- \\${KIM}\n`);
  });

  it('HTML: each person row with its cause, escaped', () => {
    const html = renderReportDiff(DIFF, 'html', {});
    expect(html).toContain(`<td>added</td><td>${LEE.slice(2).replaceAll('"', '&quot;')}</td>`);
    expect(html).toContain(`<td>removed</td><td>${KIM.slice(2).replaceAll('"', '&quot;')}</td>`);
  });

  it('CSV: a team joined in sources_added, a team left in sources_removed (never a leave among the sources added)', () => {
    const rows = parse(renderReportDiff(DIFF, 'csv', {}), { columns: true }) as Record<string, string>[];
    const row = (email: string, target: string) => rows.find((r) => r.subject === email && r.target === target && r.target_type !== 'organization');
    expect(row('lee@example.com', 'platform')).toMatchObject({
      change: 'added',
      access_after: 'write',
      sources_added: 'joined team developers',
      sources_removed: '',
    });
    expect(row('kim@example.com', 'lake')).toMatchObject({
      change: 'removed',
      access_before: 'read',
      sources_added: '',
      sources_removed: 'left team contractors',
    });
  });
});
