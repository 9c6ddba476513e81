// `report --team T --project P --workspace W --person EMAIL`: the part of the organization's
// effective access a reader asked for. Names are found as written or after Unicode NFC
// (core/names.ts: a terminal may type "é" decomposed), emails whatever their case (core/people.ts,
// personKey); an unknown one is an error with near misses, never an empty report that looks like
// "nobody has access".

import { NameIndex } from '../../core/names.js';
import { notFoundLine, notFoundMessage } from '../../core/not-found.js';
import { personKey } from '../../core/people.js';
import type { ReportPeople } from '../../core/person-access.js';
import type { Report } from '../../core/report.js';
import { CLIError } from '../../errors.js';

export interface ReportSelection {
  readonly teams: readonly string[];
  /** A project and every workspace of it. */
  readonly projects: readonly string[];
  readonly workspaces: readonly string[];
  /** `--person` (report by person only): people by email, compared case-insensitively. */
  readonly people?: readonly string[];
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

/** The emails asked for as the organization spells them; an unknown one, a problem with its near misses among every email listed. */
function findPeople(asked: readonly string[], people: ReportPeople | undefined, organization: string): Found {
  const byKey = new Map((people?.people ?? []).map((p) => [personKey(p.email), p.email]));
  const names: string[] = [];
  const problems: string[] = [];
  for (const email of asked) {
    const found = byKey.get(personKey(email));
    if (found !== undefined) names.push(found);
    else problems.push(notFoundLine('person', email, organization, byKey.values()));
  }
  return { names, problems };
}

/**
 * The people shown: those asked for by --person (else everyone), and with --team only the members
 * (or invitees) of those teams; each keeps their whole access on the targets shown (through every
 * team of theirs: a person's access is never cut to one team's).
 */
function selectPeople(people: ReportPeople, emails: readonly string[], teamIds: ReadonlySet<string> | undefined, targetIds: ReadonlySet<string>): ReportPeople {
  const wanted = new Set(emails.map(personKey));
  const shown = people.people
    .filter((p) => wanted.size === 0 || wanted.has(personKey(p.email)))
    .filter((p) => teamIds === undefined || p.teams.some((t) => teamIds.has(t.id)))
    .map((p) => ({ ...p, cells: p.cells.filter((c) => targetIds.has(c.target.id)) }));
  return { ...people, people: shown };
}

export function selectReport(report: Report, asked: ReportSelection): Report {
  const teamsFound = find('team', asked.teams, report.teams, report.organization);
  const projectsFound = find('project', asked.projects, report.projects, report.organization);
  const workspacesFound = find('workspace', asked.workspaces, report.workspaces, report.organization);
  const peopleFound = findPeople(asked.people ?? [], report.people, report.organization);
  const notFound = notFoundMessage([...teamsFound.problems, ...projectsFound.problems, ...workspacesFound.problems, ...peopleFound.problems]);
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
  const people = report.people && selectPeople(report.people, peopleFound.names, selection.teams.length > 0 ? teamIds : undefined, targetIds);
  return { ...report, teams, projects, workspaces, cells, violations, ...(people ? { people } : {}) };
}
