// `report --by person --person EMAIL` (docs/effective-access.md, "People"): a person found
// whatever the case of the email, recorded in the scope as given; a typo one line with a near miss;
// with --team, the people of those teams; and the flags' contradictions one line each, before any
// request.
import { describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/core/scope.js';
import { selectReport } from '../../src/pipeline/report-steps/report-selection.js';
import { renderAccessReport } from '../../src/render/report.js';
import { runCli } from '../support/cli.js';
import { personReport } from './report-fixture.js';

const NONE = { teams: [], projects: [], workspaces: [] };

describe('--person', () => {
  it('finds a person whatever the case of the email, and the scope says the filter as typed', () => {
    const report = { ...personReport(), scope: scopeOf({ people: ['BO@Example.com'] }) };
    const selected = selectReport(report, { ...NONE, people: ['BO@Example.com'] });
    expect(selected.people?.people.map((p) => p.email)).toEqual(['bo@example.com']);
    const text = renderAccessReport(selected, 'text', { byTeam: false });
    expect(text.split('\n')[0]).toMatch(/; filtered: person BO@Example\.com\): /);
    expect(text).toContain('Filtered: person BO@Example.com; the rest of the organization is not shown.');
    const csv = renderAccessReport(selected, 'csv', { byTeam: false });
    expect(csv.split('\r\n')[1]).toMatch(/,true,person BO@Example\.com$/);
  });

  it('a typo is one line with a near miss, like --team', () => {
    expect(() => selectReport(personReport(), { ...NONE, people: ['ana@exmaple.com'] })).toThrow(
      /^person "ana@exmaple\.com" in organization "acme": not found, or the token may not see it\. Did you mean "ana@example\.com"\?$/,
    );
  });

  it('with --team, only the people of those teams (and invitees to them), each with their whole access on the targets shown', () => {
    const selected = selectReport(personReport(), { ...NONE, teams: ['contractors'], workspaces: ['lake'] });
    expect(selected.people?.people.map((p) => [p.email, p.status, p.cells.map((c) => `${c.target.name}: ${c.access}`)])).toEqual([
      ['=cmd@example.com', 'active', ['lake: read']],
      ['cy@vendor.example', 'invited', []],
    ]);
  });

  it('the flags: --by takes team or person; --by team with --person is a contradiction; each one line, exit 1', async () => {
    const env = { TFE_TOKEN: 't', TFE_ADDRESS: 'http://127.0.0.1:9', TFE_ORGANIZATION: 'acme' };
    const bad = await runCli(['report', '--by', 'persons'], { env });
    expect(bad.code).toBe(1);
    expect(bad.err.trim()).toBe('tfe-access report: --by must be team or person, got "persons". Did you mean "person"?');
    const both = await runCli(['report', '--by', 'team', '--person', 'ana@example.com'], { env });
    expect(both.code).toBe(1);
    expect(both.err.trim()).toBe('tfe-access report: --person narrows a report by person: leave out --by team.');
  });
});
