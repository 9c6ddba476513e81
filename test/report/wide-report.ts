// A report built in memory for the browser tests of the HTML report: TEAMS teams by WORKSPACES
// workspaces in projects of ten, each team with a grant on some projects and workspaces (fixed
// levels and a custom one), as pipeline/use-cases/report.ts would build it from what it read.

import { type CanAnswer, findQuestion } from '../../src/core/can.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { CellChange, Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { EffectiveIndex, effectiveAccess, type GrantInput } from '../../src/effective/compute.js';
import { cellChanges } from '../../src/pipeline/report-steps/report-changed.js';
import { canAnswer, canAnswers } from '../../src/pipeline/report-steps/report-facts.js';

const pad = (n: number): string => String(n).padStart(2, '0');
const LEVELS = ['read', 'plan', 'write', 'admin'] as const;

export function wideOrganization(teamCount: number, workspaceCount: number) {
  const teams: Team[] = Array.from({ length: teamCount }, (_, i) => ({
    name: `team-${pad(i)}`,
    id: `team-${pad(i)}`,
    visibility: 'organization',
    organizationAccess: {},
  }));
  const projects: Project[] = Array.from({ length: Math.ceil(workspaceCount / 10) }, (_, i) => ({ id: `prj-${pad(i)}`, name: `project-${pad(i)}` }));
  const workspaces: Workspace[] = Array.from({ length: workspaceCount }, (_, i) => ({
    id: `ws-${pad(i)}`,
    name: `workspace-${pad(i)}`,
    projectId: `prj-${pad(Math.floor(i / 10))}`,
  }));
  const grants: GrantInput[] = [];
  teams.forEach((team, t) => {
    projects.forEach((project, p) => {
      if ((t + p) % 4 === 0)
        grants.push({ resource: 'team-projects', teamId: team.id, targetId: project.id, access: { access: (t + p) % 8 === 0 ? 'read' : 'write' } });
    });
    workspaces.forEach((workspace, w) => {
      if ((t * 7 + w) % 3 !== 0) return;
      const access = (t + w) % 5 === 4 ? { access: 'custom' as const, permissions: { runs: 'apply', variables: 'read' } } : { access: LEVELS[(t + w) % 4]! };
      grants.push({ resource: 'team-workspaces', teamId: team.id, targetId: workspace.id, access });
    });
  });
  return { teams, projects, workspaces, grants };
}

/** The report of that organization; with `after`, the grants of the first team removed, as a plan would, and the changes marked. */
export function wideReport(teamCount: number, workspaceCount: number, options: { after?: boolean; can?: string } = {}): Report {
  const org = wideOrganization(teamCount, workspaceCount);
  const live = effectiveAccess(org);
  const grants = options.after ? org.grants.filter((g) => g.teamId !== 'team-00') : org.grants;
  const cells = options.after ? effectiveAccess({ ...org, grants }) : live;
  const changed: CellChange[] | undefined = options.after ? cellChanges(live, cells) : undefined;
  const projects = new Map(org.projects.map((p) => [p.id, p]));
  const report: Report = {
    organization: 'acme',
    state: options.after ? 'after' : 'live',
    generatedAt: '2026-01-02T03:04:05.000Z',
    teams: org.teams,
    projects: org.projects,
    workspaces: org.workspaces.map((w) => ({ ...w, project: projects.get(w.projectId ?? '') })),
    cells,
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf({}),
    ...(changed ? { changed } : {}),
  };
  // Every question's answers (the HTML's who-can control) and the one asked, as the pipeline computes them.
  const index = new EffectiveIndex({ ...org, grants });
  const question = options.can === undefined ? undefined : findQuestion(options.can);
  return { ...report, answers: canAnswers(report, index), ...(question ? { can: canAnswer(question, report, index) } : {}) };
}

/** `--can NAME` of a wide report, as the text and JSON say it: what the page's control must show. */
export function wideCan(report: Report, name: string): CanAnswer {
  const org = wideOrganization(report.teams.length, report.workspaces.length);
  const grants = report.state === 'after' ? org.grants.filter((g) => g.teamId !== 'team-00') : org.grants;
  const question = findQuestion(name);
  if (!question) throw new Error(`no question ${name}`);
  return canAnswer(question, report, new EffectiveIndex({ ...org, grants }));
}
