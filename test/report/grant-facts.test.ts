// docs/evidence.md, "Correct cells": moot grants name what shadows them; with the files, each grant
// says whether they govern it and when they end it; organization-wide sources are marked; a name
// holding "; " stays one source.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Project, Workspace } from '../../src/core/model.js';
import type { Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { type FilesGrants, grantKey, withGrantFacts } from '../../src/effective/grant-facts.js';
import { cellsWithFacts } from '../../src/pipeline/report-steps/report-facts.js';
import { renderReportCsv } from '../../src/render/report/report-csv.js';
import { reportDocument } from '../../src/render/report/report-document.js';
import { renderReportText } from '../../src/render/report/report-text.js';
import { access, team, teamId } from '../support/states.js';

const PROJECTS: Project[] = [{ id: 'prj-a', name: 'a; b' }];
const WORKSPACES: Workspace[] = [{ id: 'ws-1', name: 'one', projectId: 'prj-a' }];
const wsGrant = (name: string, level: Parameters<typeof access>[1], custom: Record<string, string | boolean> = {}): GrantInput => ({
  resource: 'team-workspaces',
  teamId: teamId(name),
  targetId: 'ws-1',
  access: access('team-workspaces', level, custom),
});
const prjGrant = (name: string, level: Parameters<typeof access>[1]): GrantInput => ({
  resource: 'team-projects',
  teamId: teamId(name),
  targetId: 'prj-a',
  access: access('team-projects', level),
});

function cellOf(grants: GrantInput[], powers: Record<string, boolean> = {}, files?: FilesGrants) {
  const index = new EffectiveIndex({ teams: [team('dev', powers)], projects: PROJECTS, workspaces: WORKSPACES, grants });
  const cell = index.cell(teamId('dev'), 'workspace', 'ws-1');
  if (!cell) throw new Error('no cell');
  return withGrantFacts(cell, index.sourcesOf(teamId('dev'), 'workspace', 'ws-1'), files);
}

describe('moot grants', () => {
  it('a workspace grant the project grant matches is shadowed by it; one that gives more is not', () => {
    const moot = cellOf([prjGrant('dev', 'write'), wsGrant('dev', 'plan')]);
    expect(moot.sources[1]).toMatchObject({ kind: 'workspace', access: 'plan', shadowedBy: [{ kind: 'project', name: 'a; b', access: 'write' }] });
    expect(moot.sources[0]).not.toHaveProperty('shadowedBy');
    const more = cellOf([prjGrant('dev', 'read'), wsGrant('dev', 'custom', { runs: 'apply' })]);
    expect(more.sources[1]).not.toHaveProperty('shadowedBy');
  });

  it('an organization permission shadows a grant; a project grant is never shadowed by the workspace grant', () => {
    const cell = cellOf([prjGrant('dev', 'read'), wsGrant('dev', 'admin')], { 'manage-workspaces': true });
    expect(cell.sources.map((s) => ('shadowedBy' in s ? s.shadowedBy?.map((b) => b.kind) : undefined))).toEqual([
      undefined,
      ['organization'],
      ['organization'],
    ]);
  });
});

describe('managed and expires, with the files', () => {
  const files = (over: Partial<FilesGrants>): FilesGrants => ({ listed: new Set(), pruned: new Set(), ignored: new Set(), ends: new Map(), ...over });

  it('listed: managed, with its end; a pruned target: managed (the files would remove it); else unmanaged; an ignored team: unmanaged', () => {
    const grants = [prjGrant('dev', 'read'), wsGrant('dev', 'write')];
    const key = grantKey(teamId('dev'), 'ws-1');
    const listed = cellOf(grants, {}, files({ listed: new Set([key]), ends: new Map([[key, '2027-01-01T00:00:00Z']]) }));
    expect(listed.sources[1]).toMatchObject({ managed: true, expires: '2027-01-01T00:00:00Z' });
    expect(listed.sources[0]).toMatchObject({ managed: false });
    expect(cellOf(grants, {}, files({ pruned: new Set(['prj-a']) })).sources[0]).toMatchObject({ managed: true });
    expect(cellOf(grants, {}, files({ pruned: new Set(['prj-a']), ignored: new Set([teamId('dev')]) })).sources[0]).toMatchObject({ managed: false });
    // Without files, neither is said.
    expect(cellOf(grants).sources[1]).not.toHaveProperty('managed');
    expect(cellOf(grants).sources[1]).not.toHaveProperty('expires');
  });
});

describe('the report formats say it, and a name holding "; " stays one', () => {
  const teams = [team('x; y', { 'read-workspaces': true })];
  const grants: GrantInput[] = [
    { resource: 'team-projects', teamId: teamId('x; y'), targetId: 'prj-a', access: access('team-projects', 'write') },
    { resource: 'team-workspaces', teamId: teamId('x; y'), targetId: 'ws-1', access: access('team-workspaces', 'plan') },
  ];
  const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
  const report: Report = {
    organization: 'acme',
    state: 'live',
    generatedAt: '2026-01-01T00:00:00.000Z',
    teams,
    projects: PROJECTS,
    workspaces: WORKSPACES.map((w) => ({ ...w, project: PROJECTS[0] })),
    cells: cellsWithFacts(index, index.all(), undefined),
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf({}),
  };

  it('text: organization-wide and moot marked, the project name quoted', () => {
    const text = renderReportText(report, { byTeam: false });
    expect(text).toContain(
      'organization read-workspaces [organization-wide], project "a; b": write, workspace grant: plan [moot: shadowed by project "a; b": write]',
    );
  });

  it('csv: the sources one field, a column per permission', () => {
    const rows = parse(renderReportCsv(report), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.target === 'one');
    expect(row).toMatchObject({ team: 'x; y', access: 'write', access_short: 'write', runs: 'apply', variables: 'write', 'policy-overrides': 'false' });
    expect(row?.sources).toBe(
      'organization read-workspaces [organization-wide], project "a; b": write, workspace grant: plan [moot: shadowed by project "a; b": write]',
    );
  });

  it('json: organization_wide and shadowed_by', () => {
    const document = reportDocument(report) as { workspaces: { teams: { sources: unknown[] }[] }[] };
    expect(document.workspaces[0]?.teams[0]?.sources).toEqual([
      { kind: 'organization', permission: 'read-workspaces', organization_wide: true },
      { kind: 'project', name: 'a; b', id: 'prj-a', access: 'write' },
      { kind: 'workspace', access: 'plan', shadowed_by: [{ kind: 'project', name: 'a; b', id: 'prj-a', access: 'write' }] },
    ]);
  });
});
