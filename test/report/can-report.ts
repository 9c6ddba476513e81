// A report of a small organization built in memory, as pipeline/use-cases/report.ts builds one (cells with
// their facts, `answers` for the HTML, `can` for the question asked): for the who-can tests.
import { findQuestion } from '../../src/core/can.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { ReportPeople } from '../../src/core/person-access.js';
import type { Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { canAnswer, canAnswers, cellsWithFacts } from '../../src/pipeline/report-steps/report-facts.js';

export const PROJECTS: Project[] = [{ id: 'prj-a', name: 'a' }];
export const WORKSPACES: Workspace[] = [
  { id: 'ws-in', name: 'in-a', projectId: 'prj-a' },
  { id: 'ws-out', name: 'loose' },
];

export const team = (name: string, flags: Record<string, boolean> = {}): Team => ({
  id: `team-${name}`,
  name,
  visibility: 'organization',
  organizationAccess: flags,
});

export interface CanOrg {
  readonly teams: readonly Team[];
  readonly grants: readonly GrantInput[];
  readonly people?: ReportPeople;
  /** `--person`: the emails asked. */
  readonly persons?: readonly string[];
}

/** The report of `report --can QUESTION` over the organization. */
export function canReport(org: CanOrg, question: string): Report {
  const index = new EffectiveIndex({ teams: org.teams, projects: PROJECTS, workspaces: WORKSPACES, grants: org.grants });
  const report: Report = {
    organization: 'acme',
    state: 'live',
    generatedAt: '2026-01-01T00:00:00.000Z',
    teams: org.teams,
    projects: PROJECTS,
    workspaces: WORKSPACES.map((w) => (w.projectId ? { ...w, project: PROJECTS[0] as Project } : w)),
    cells: cellsWithFacts(index, index.all(), undefined),
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf(org.persons ? { people: [...org.persons] } : {}),
    ...(org.people ? { people: org.people } : {}),
  };
  const asked = findQuestion(question);
  if (!asked) throw new Error(`no question ${question}`);
  return { ...report, answers: canAnswers(report, index), can: canAnswer(asked, report, index) };
}

export type Answer = 'yes' | 'unknown';
const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
/** Bit i of a mask as the page reads it (render/report-html/report-html-can-script.ts): hex digit i >> 2, bit i & 3. */
const bit = (hex: string | undefined, i: number): boolean => hex !== undefined && (parseInt(hex.charAt(i >> 2) || '0', 16) & (1 << (i & 3))) !== 0;

/** What the HTML page says of question `i` on each (team, target id), read from its matrix as its script reads it. */
export function htmlAnswers(html: string, i: number): Map<string, Answer> {
  const matrix = html.slice(html.indexOf('<table id="matrix"'), html.indexOf('</table>', html.indexOf('<table id="matrix"')));
  const teams = [...matrix.matchAll(/<th class="team" data-team="([^"]*)"/g)].map((m) => m[1] ?? '');
  const idOf = new Map<string, string>([
    ...PROJECTS.map((p): [string, string] => [`project/${p.name}`, p.id]),
    ...WORKSPACES.map((w): [string, string] => [`workspace/${w.name}`, w.id]),
  ]);
  const out = new Map<string, Answer>();
  for (const row of matrix.split('<tr ').slice(1)) {
    const kind = /^class="(project|workspace)"/.exec(row)?.[1];
    const id = idOf.get(`${kind}/${attr(` ${row}`, 'data-name') ?? ''}`);
    if (!kind || !id) continue;
    [...row.matchAll(/<td([^>]*)>/g)].forEach((m, column) => {
      const tag = m[1] ?? '';
      const answer = bit(attr(tag, 'data-can'), i) ? 'yes' : bit(attr(tag, 'data-unknown'), i) ? 'unknown' : undefined;
      if (answer) out.set(`${teams[column]}/${id}`, answer);
    });
  }
  return out;
}
