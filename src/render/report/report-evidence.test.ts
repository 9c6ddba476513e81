// Issue 37, findings 8 and 9, in the report's formats: accepted exceptions apart from open
// violations and lapsed ones said so, under headings whose words are true of a live report; the
// owners team's flags held; the CSV's organization rows with their flags in their own column; the
// HTML counting every team it shows.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_IMPLIED } from '../../core/access.js';
import type { Report } from '../../core/report.js';
import { scopeOf } from '../../core/scope.js';
import { TEAM_FLAG_KEYS } from '../../core/team-flags.js';
import { renderReportHtml } from '../report-html/report-html.js';
import { CSV_HEADER, renderReportCsv } from './report-csv.js';
import { reportDocument } from './report-document.js';
import { renderReportText } from './report-text.js';

const ws = (n: number) => ({ type: 'workspace' as const, name: `ws-${n}`, id: `ws-${n}` });
const cell = (team: string, n: number) => ({
  team: { name: team, id: `team-${team}` },
  target: ws(n),
  access: 'admin' as const,
  permissions: WORKSPACE_IMPLIED.admin,
  sources: [{ kind: 'workspace' as const, access: 'admin' as const }],
});
const teamOf = (name: string, organizationAccess: Record<string, boolean> = {}) => ({
  id: `team-${name}`,
  name,
  visibility: 'organization' as const,
  organizationAccess,
});

const report: Report = {
  organization: 'acme',
  state: 'live',
  generatedAt: '2026-01-02T03:04:05.000Z',
  // `owners` as the service reports it: every flag off; `auditors` has a power and no grant.
  teams: [
    teamOf('owners', Object.fromEntries(TEAM_FLAG_KEYS.map((k) => [k, false]))),
    teamOf('dev'),
    teamOf('data'),
    teamOf('auditors', { 'manage-policies': true }),
  ],
  projects: [],
  workspaces: [1, 2, 3].map((n) => ({ id: `ws-${n}`, name: `ws-${n}`, project: undefined })),
  cells: [cell('owners', 1), cell('dev', 1), cell('data', 2), cell('dev', 3)],
  violations: [
    {
      policy: 'at most write',
      target: ws(1),
      team: { name: 'dev', id: 'team-dev' },
      message: 'team "dev" has admin',
      finding: {},
      accepted: { reason: 'migration INC-42', expires: '2027-01-01T00:00:00Z' },
    },
    { policy: 'at most write', target: ws(2), team: { name: 'data', id: 'team-data' }, message: 'team "data" has admin', finding: {} },
    {
      policy: 'at most write',
      target: ws(3),
      team: { name: 'dev', id: 'team-dev' },
      message: 'team "dev" has admin',
      finding: {},
      lapsed: { reason: 'cut-over', expires: '2026-01-01T00:00:00Z' },
    },
  ],
  coverage: { complete: true, reasons: [] },
  scope: scopeOf({}),
};

const section = (html: string, id: string): string =>
  /<section id="[^"]+">[\s\S]*?<\/section>/g.exec(html.slice(html.indexOf(`<section id="${id}">`)))?.[0] ?? '';
const tdOf = (html: string, team: string, target: string): string =>
  new RegExp(`<td [^>]*data-team="${team}" data-target="workspace ${target}"[^>]*>`).exec(html)?.[0] ?? '';

describe('issue 37, finding 8: exceptions in the report', () => {
  it('finding 8: in the HTML an accepted exception is apart from the open violations (own section and marker, with reason and end), and the heading is true of live violations', () => {
    const html = renderReportHtml(report);
    const open = section(html, 'violations');
    const accepted = section(html, 'accepted');
    expect(open).toContain('[at most write] team &quot;data&quot; has admin');
    expect(open).not.toContain('migration INC-42');
    // Live violations do not make a plan refuse: the heading does not say they do.
    expect(open).not.toContain('plan and apply refuse (exit 3)');
    expect(open).toContain('refuse only a change that makes or worsens one');
    expect(accepted).toContain('Accepted by an exception');
    expect(accepted).toContain('accepted until end of 2026-12-31 UTC: migration INC-42');
    expect(tdOf(html, 'dev', 'ws-1')).toMatch(/class="cell lvl-admin excepted"/);
    expect(tdOf(html, 'dev', 'ws-1')).toContain('accepted by an exception of at most write');
    expect(tdOf(html, 'data', 'ws-2')).toMatch(/class="cell lvl-admin violated"/);
  });

  it('finding 8: an ended exception is a violation again that says "exception lapsed on", in text, JSON and HTML', () => {
    const note = 'exception lapsed on end of 2025-12-31 UTC: cut-over';
    const text = renderReportText(report, { byTeam: false });
    expect(text).toContain(`[at most write] team "dev" has admin (${note})`);
    expect(text).not.toMatch(/Policies broken[^\n]*plan and apply refuse \(exit 3\)/);
    const json = reportDocument(report).violations as { lapsed?: unknown }[];
    expect(json[2]!.lapsed).toEqual({ reason: 'cut-over', expires: '2026-01-01T00:00:00Z' });
    const html = renderReportHtml(report);
    expect(section(html, 'violations')).toContain(`<li class="lapsed">[at most write] team &quot;dev&quot; has admin (${note})</li>`);
    expect(tdOf(html, 'dev', 'ws-3')).toMatch(/class="cell lvl-admin violated"/);
  });
});

describe("issue 37: the owners team's flags, the CSV's organization rows, the teams counted", () => {
  it("finding 8: the owners team's flags read as held in JSON, CSV and HTML", () => {
    const teams = reportDocument(report).teams as { name: string; organization_access: Record<string, unknown> }[];
    const owners = teams.find((t) => t.name === 'owners')!;
    expect(Object.values(owners.organization_access).every((v) => v === true)).toBe(true);
    expect(Object.keys(owners.organization_access)).toEqual([...TEAM_FLAG_KEYS]);
    const rows = parse(renderReportCsv(report), { columns: true }) as Record<string, string>[];
    const ownersRow = rows.find((r) => r.team === 'owners' && r.target_type === 'organization')!;
    expect(ownersRow.organization_access).toBe(TEAM_FLAG_KEYS.map((k) => `${k}=true`).join('; '));
    const html = renderReportHtml(report);
    const ownersPowers = /<tr data-team="owners">[\s\S]*?<\/tr>/.exec(html)![0];
    expect(ownersPowers.match(/<td class="flag on"/g)).toHaveLength(TEAM_FLAG_KEYS.length);
  });

  it("finding 9: the CSV puts an organization row's flags in their own column, never under access_short", () => {
    expect(CSV_HEADER).toContain('organization_access');
    const rows = parse(renderReportCsv(report), { columns: true }) as Record<string, string>[];
    const auditors = rows.find((r) => r.team === 'auditors' && r.target_type === 'organization')!;
    expect(auditors.access_short).toBe('');
    expect(auditors.organization_access).toContain('manage-policies=true');
    for (const row of rows.filter((r) => r.target_type === 'workspace')) expect(row.organization_access).toBe('');
  });

  it('finding 9: the HTML counts every team it shows, those with organization powers alone too', () => {
    const html = renderReportHtml(report);
    expect(html).toContain('<p class="meta">4 teams (3 with project or workspace access), 0 projects, 3 workspaces;');
  });
});
