// The report as CSV (RFC 4180): one row per (team, target), a column per permission, the sources
// in one column. A cell that a spreadsheet would read as a formula is prefixed with `'`. CSV has
// no place for a title, and a comment line breaks strict parsers: whether the read is whole and
// what the report was narrowed to are two constant columns of every row (docs/effective-access.md, "Effective access").

import { PERMISSIONS, type Resource } from '../../core/access.js';
import { baseName } from '../../core/can.js';
import { RESOURCE_OF } from '../../core/model.js';
import { printable } from '../../core/printable.js';
import type { Report } from '../../core/report.js';
import { teamPowers } from '../../core/team-powers.js';
import { OWNERS_POWERS } from '../report-words/report-powers.js';
import { cellSourcesText as sourcesText } from '../report-words/report-reach.js';
import { accessShortForm } from '../shared/access-short.js';
import { filterItems } from '../shared/coverage.js';
import { violationText } from '../violations/violation-lines.js';
import { tokenCsvRows } from './report-tokens.js';

/** A permission's column: its `--can` name, but `team-access` for a project's `teams` (a person's row has a `teams` column of its own). */
function columnOf(resource: Resource, key: string): string {
  const name = baseName(resource, key);
  return name === 'teams' ? 'team-access' : name;
}

/**
 * One column per permission, named as `report --can` names it (core/can.ts): a workspace's `runs`
 * and a project's `workspace-access.runs` share the column `runs`; empty where the target has no
 * such permission or its value is not known.
 */
export const PERMISSION_COLUMNS: readonly string[] = [
  ...new Set((['team-workspaces', 'team-projects'] as const).flatMap((resource) => PERMISSIONS[resource].map((spec) => columnOf(resource, spec.key)))),
];

/** The permission columns of a cell, in PERMISSION_COLUMNS order. */
function permissionColumns(cell: Pick<Report['cells'][number], 'target' | 'permissions'>): string[] {
  const resource = RESOURCE_OF[cell.target.type];
  const byColumn = new Map(PERMISSIONS[resource].map((spec) => [columnOf(resource, spec.key), cell.permissions[spec.key]]));
  return PERMISSION_COLUMNS.map((column) => {
    const value = byColumn.get(column);
    return value === undefined ? '' : String(value);
  });
}

const NO_PERMISSIONS: readonly string[] = PERMISSION_COLUMNS.map(() => '');

export const CSV_HEADER = [
  'team',
  'team_id',
  'target_type',
  'target',
  'target_id',
  'project',
  'access',
  'access_short',
  ...PERMISSION_COLUMNS,
  'organization_access',
  'sources',
  'violations',
  'complete',
  'scope',
] as const;

/** Quoted when it holds a comma, quote or line break; `=`, `+`, `-`, `@` at the start are defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `complete` (true or false) and `scope` (the filters, `team sre; project x`; empty: not narrowed). */
export function coverageColumns(report: Report): [string, string] {
  return [String(report.coverage.complete), filterItems(report.scope).join('; ')];
}

const pairKey = (teamId: string, targetId: string): string => `${teamId}\u0000${targetId}`;
/** The target of a violation of the organization's (an `organization-access` policy's: no project or workspace). */
const ORGANIZATION = '\u0001organization';

/**
 * docs/effective-access.md, "Policies": a violation goes in the `violations` column of its (team, target) row; one
 * with no such row (a team without access below a min-access, or max-teams, of no one team) is a
 * row of its own, with access `none` or the team columns empty.
 */
function violationRows(report: Report, projectOf: ReadonlyMap<string, string>): { byPair: Map<string, string[]>; rows: string[][] } {
  const pairs = new Set([...report.cells.map((c) => pairKey(c.team.id, c.target.id)), ...report.teams.map((t) => pairKey(t.id, ORGANIZATION))]);
  const byPair = new Map<string, string[]>();
  const rows: string[][] = [];
  for (const v of report.violations) {
    const text = violationText(v);
    const key = v.team ? pairKey(v.team.id, v.target?.id ?? ORGANIZATION) : undefined;
    if (key !== undefined && pairs.has(key)) {
      byPair.set(key, [...(byPair.get(key) ?? []), text]);
      continue;
    }
    const target = v.target ? [v.target.type, v.target.name, v.target.id] : ['organization', report.organization, ''];
    const project = v.target?.type === 'workspace' ? (projectOf.get(v.target.id) ?? '') : (v.target?.name ?? '');
    const access = v.team && v.target ? 'none' : '';
    rows.push([v.team?.name ?? '', v.team?.id ?? '', ...target, project, access, access, ...NO_PERMISSIONS, '', '', text, ...coverageColumns(report)]);
  }
  return { byPair, rows };
}

/**
 * docs/effective-access.md, "Organization powers": one row per team, first, of target type
 * `organization` (the organization's name as its target): every flag reported in
 * `organization_access`, and in `sources` whether the team is secret.
 */
function powersRows(report: Report, byPair: ReadonlyMap<string, string[]>): string[][] {
  return teamPowers(report).map((p) => [
    p.team.name,
    p.team.id,
    'organization',
    report.organization,
    '',
    '',
    '',
    '',
    ...NO_PERMISSIONS,
    // Its own column (never `access_short`, a level's): every flag reported, the owners team's all held.
    p.flags.flatMap(([key, value]) => (value === null ? [] : [`${key}=${String(value)}`])).join('; '),
    [p.owners ? `organization access: ${OWNERS_POWERS}` : 'organization access', ...(p.secret ? ['secret team'] : [])].join(', '),
    (byPair.get(pairKey(p.team.id, ORGANIZATION)) ?? []).join('; '),
    ...coverageColumns(report),
  ]);
}

/** A cell's target (type, name, id, project), access and permissions: the columns a team's and a person's rows share. */
export function cellColumns(cell: Pick<Report['cells'][number], 'target' | 'access' | 'permissions'>, projectOf: ReadonlyMap<string, string>): string[] {
  return [
    cell.target.type,
    cell.target.name,
    cell.target.id,
    cell.target.type === 'workspace' ? (projectOf.get(cell.target.id) ?? '') : cell.target.name,
    cell.access,
    accessShortForm(cell),
    ...permissionColumns(cell),
  ];
}

export function renderReportCsv(report: Report): string {
  const projectOf = new Map(report.workspaces.map((w) => [w.id, w.project?.name ?? '']));
  const violations = violationRows(report, projectOf);
  const cells = report.cells.map((cell) => [
    cell.team.name,
    cell.team.id,
    ...cellColumns(cell, projectOf),
    '',
    sourcesText(cell),
    (violations.byPair.get(pairKey(cell.team.id, cell.target.id)) ?? []).join('; '),
    ...coverageColumns(report),
  ]);
  const rows = [...powersRows(report, violations.byPair), ...cells, ...violations.rows, ...tokenCsvRows(report, NO_PERMISSIONS, coverageColumns(report))];
  return [CSV_HEADER, ...rows].map((row) => row.map((field) => csvField(printable(field))).join(',')).join('\r\n') + '\r\n';
}
