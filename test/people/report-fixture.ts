// A report by person built in memory, as pipeline/use-cases/report.ts builds it, for the format and browser
// tests: the people of test/people's organization over the report's own seed (test/report/seed.ts).

import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { LivePeople, Person } from '../../src/core/person.js';
import type { Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { effectiveAccess, type GrantInput } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';

const team = (name: string, id: string, organizationAccess: Record<string, boolean> = {}, visibility = 'organization'): Team => ({
  name,
  id,
  visibility,
  organizationAccess,
});

export const TEAMS: Team[] = [
  team('owners', 'team-owners'),
  team('sre', 'team-sre', { 'manage-projects': true, 'manage-workspaces': true }),
  team('developers', 'team-dev'),
  team('auditors', 'team-auditors', { 'read-workspaces': true }),
  team('contractors', 'team-contractors'),
];
export const PROJECTS: Project[] = [
  { id: 'prj-platform', name: 'platform' },
  { id: 'prj-data', name: 'data' },
];
export const WORKSPACES: Workspace[] = [
  { id: 'ws-netprod', name: 'networking-prod', projectId: 'prj-platform' },
  { id: 'ws-lake', name: 'lake', projectId: 'prj-data' },
];
export const GRANTS: GrantInput[] = [
  { resource: 'team-projects', teamId: 'team-dev', targetId: 'prj-platform', access: { access: 'write' } },
  { resource: 'team-workspaces', teamId: 'team-dev', targetId: 'ws-netprod', access: { access: 'plan' } },
  { resource: 'team-workspaces', teamId: 'team-contractors', targetId: 'ws-lake', access: { access: 'read' } },
];

const person = (email: string, teamIds: string[], extra: Partial<Person> = {}): Person => ({
  membershipId: `ou-${email.split('@')[0]}`,
  email,
  status: 'active',
  serviceAccount: false,
  userId: `user-${email.split('@')[0]}`,
  username: email.split('@')[0] ?? null,
  teamIds,
  ...extra,
});

export const PEOPLE: LivePeople = {
  people: [
    person('root@example.com', ['team-owners']),
    person('ana@example.com', ['team-owners', 'team-dev']),
    person('bo@example.com', ['team-dev', 'team-auditors']),
    person('=cmd@example.com', ['team-contractors']),
    person('cy@vendor.example', ['team-contractors'], { status: 'invited', userId: undefined, username: null }),
    person('dee@example.com', []),
    person('api-team_x@example.com', ['team-sre'], { serviceAccount: true }),
  ],
  hidden: new Map([['team-owners', ['user-staff']]]),
};

/** The report of that organization by person, live. */
export function personReport(): Report {
  const cells = effectiveAccess({ teams: TEAMS, projects: PROJECTS, workspaces: WORKSPACES, grants: GRANTS });
  const projects = new Map(PROJECTS.map((p) => [p.id, p]));
  return {
    organization: 'acme',
    state: 'live',
    generatedAt: '2026-01-02T03:04:05.000Z',
    teams: TEAMS,
    projects: PROJECTS,
    workspaces: WORKSPACES.map((w) => ({ ...w, project: projects.get(w.projectId ?? '') })),
    cells,
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf({ people: [] }),
    people: reportPeople(PEOPLE, TEAMS, cells),
  };
}
