// `report --team T --project P --workspace W`: the part of the organization's effective access a
// reader asked for. Names are found as written or after Unicode NFC (core/names.ts: a terminal may
// type "é" decomposed); an unknown one is an error with near misses, never an empty report that
// looks like "nobody has access".
import type { Report } from '../core/report.js';
import { NameIndex } from '../core/names.js';
import { CLIError } from '../errors.js';
import { notFoundLine, notFoundMessage } from '../core/not-found.js';

export interface ReportSelection {
  readonly teams: readonly string[];
  /** A project and every workspace of it. */
  readonly projects: readonly string[];
  readonly workspaces: readonly string[];
}

interface Found {
  /** The names asked for, as the organization spells them. */
  readonly names: string[];
  readonly problems: string[];
}

function find(kind: string, asked: readonly string[], known: readonly { name: string }[], organization: string): Found {
  const index = new NameIndex(known.map((k) => k.name));
  const names: string[] = [];
  const problems: string[] = [];
  for (const name of asked) {
    const found = index.find(name);
    if (found) names.push(found.name);
    else problems.push(notFoundLine(kind, name, organization, index.names));
  }
  return { names, problems };
}

export function selectReport(report: Report, asked: ReportSelection): Report {
  const teamsFound = find('team', asked.teams, report.teams, report.organization);
  const projectsFound = find('project', asked.projects, report.projects, report.organization);
  const workspacesFound = find('workspace', asked.workspaces, report.workspaces, report.organization);
  const notFound = notFoundMessage([...teamsFound.problems, ...projectsFound.problems, ...workspacesFound.problems]);
  if (notFound !== undefined) throw new CLIError(notFound);
  const selection: ReportSelection = { teams: teamsFound.names, projects: projectsFound.names, workspaces: workspacesFound.names };
  const byTarget = selection.projects.length + selection.workspaces.length > 0;
  const projects = byTarget ? report.projects.filter((p) => selection.projects.includes(p.name)) : report.projects;
  const projectIds = new Set(projects.map((p) => p.id));
  const workspaces = byTarget
    ? report.workspaces.filter((w) => selection.workspaces.includes(w.name) || (w.projectId !== undefined && projectIds.has(w.projectId)))
    : report.workspaces;
  const teams = selection.teams.length > 0 ? report.teams.filter((t) => selection.teams.includes(t.name)) : report.teams;
  const targetIds = new Set([...projects.map((p) => p.id), ...workspaces.map((w) => w.id)]);
  const teamIds = new Set(teams.map((t) => t.id));
  const cells = report.cells.filter((c) => targetIds.has(c.target.id) && teamIds.has(c.team.id));
  // A violation of no one team (max-teams) stays with its target whatever --team says; one of the
  // organization's (organization-access) with its team, whatever the targets asked.
  const violations = report.violations.filter((v) => (v.target === null || targetIds.has(v.target.id)) && (v.team === null || teamIds.has(v.team.id)));
  return { ...report, teams, projects, workspaces, cells, violations };
}
