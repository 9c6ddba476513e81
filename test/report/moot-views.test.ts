// Issue 37, finding 9 (docs/evidence.md, "Correct cells", "Changes marked"): a moot grant is marked
// the same in every view. `report PATHS --after` writes each changed cell "as the report writes its
// cells": before, the live report's cell; after, the report's own cell, their moot markers
// (`shadowed_by`), `organization_wide` and `managed` included. Before, the JSON's `changed` wrote
// the plan's bare sources: a grant marked moot in the report's cells was unmarked in its change.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { AccessSource } from '../../src/core/effective.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';
import { cellsWithFacts } from '../../src/pipeline/report-steps/report-facts.js';
import { renderAccessReport } from '../../src/render/report.js';
import { reportSourceText } from '../../src/render/report-words/report-source.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { GRANTS, PEOPLE, PROJECTS, personReport, TEAMS, WORKSPACES } from '../people/report-fixture.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

// developers: project platform write -> admin (their plan grant on networking-prod stays moot, now
// under admin); auditors (read-workspaces): their custom grant on data becomes write.
const FILES = `organization: acme
projects:
  platform:
    prune: false
    teams: { developers: admin }
  data:
    prune: false
    teams: { auditors: write }
`;

type Source = Record<string, unknown>;
type Cell = { access: string; permissions: unknown; sources: Source[] };
type Doc = {
  projects: { id: string; teams: (Cell & { id: string })[] }[];
  workspaces: { id: string; teams: (Cell & { id: string })[] }[];
  changed?: { team: { id: string }; target: { id: string }; before: Cell | null; after: Cell | null }[];
};

/** Each cell of a report's JSON by (team id, target id), as the report writes it. */
function cellsOf(doc: Doc): Map<string, Cell> {
  const out = new Map<string, Cell>();
  for (const target of [...doc.projects, ...doc.workspaces]) {
    for (const { id, access, permissions, sources } of target.teams) out.set(`${id}/${target.id}`, { access, permissions, sources });
  }
  return out;
}

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-moot-', files: { 'tfe-access.yaml': FILES }, per: 'file' });

describe('moot markers agree across views (issue 37, finding 9)', () => {
  it("report --after: each changed cell's sides are the live report's cell and the report's own, moot markers included", async () => {
    const live = await runCli(['report', world.dir, '--format', 'json'], { env: world.env, cwd: world.dir });
    const after = await runCli(['report', world.dir, '--after', '--format', 'json'], { env: world.env, cwd: world.dir });
    expect(after.code, after.err).toBe(0);
    const document = JSON.parse(after.out) as Doc;
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(reportSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const before = cellsOf(JSON.parse(live.out) as Doc);
    const now = cellsOf(document);
    const changed = document.changed ?? [];
    expect(changed.length).toBeGreaterThan(1);
    for (const change of changed) {
      const key = `${change.team.id}/${change.target.id}`;
      expect(change.before, `before ${key}`).toEqual(before.get(key) ?? null);
      expect(change.after, `after ${key}`).toEqual(now.get(key) ?? null);
    }
    // The case written out: developers' plan grant on networking-prod is moot on both sides.
    const netprod = changed.find((c) => c.team.id === 'team-dev' && c.target.id === 'ws-netprod');
    const grant = (cell: Cell | null | undefined) => cell?.sources.find((s) => s.kind === 'workspace');
    expect(grant(netprod?.before)?.shadowed_by).toEqual([{ kind: 'project', name: 'platform', id: 'prj-platform', access: 'write' }]);
    expect(grant(netprod?.after)?.shadowed_by).toEqual([{ kind: 'project', name: 'platform', id: 'prj-platform', access: 'admin' }]);
  }, 60_000);
});

// The same moot grants in every format of one report, by team and by person: the JSON's
// `shadowed_by`, the words of the text, the CSV and the HTML (its cells' sources, which the
// details panel and the printed appendix show), and the person's view of the team's cell.
describe('moot markers agree across formats (issue 37, finding 9)', () => {
  const MOOT = /moot: shadowed by [^\]]*/g;
  const teams = [...TEAMS, { name: 'ops', id: 'team-ops', visibility: 'organization', organizationAccess: { 'manage-workspaces': true } }];
  const grants: GrantInput[] = [
    ...GRANTS,
    // ops: admin through manage-workspaces, so its grants on workspaces are moot; its project grant is not on the project.
    { resource: 'team-workspaces', teamId: 'team-ops', targetId: 'ws-lake', access: { access: 'write' } },
    { resource: 'team-projects', teamId: 'team-ops', targetId: 'prj-data', access: { access: 'read' } },
    // the owners team's own grant: moot under the owners team.
    { resource: 'team-workspaces', teamId: 'team-owners', targetId: 'ws-netprod', access: { access: 'plan' } },
  ];
  const report = (() => {
    const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
    const cells = cellsWithFacts(index, index.all(), undefined);
    return { ...personReport(), teams, cells, people: reportPeople(PEOPLE, teams, cells) };
  })();
  /** By person (the report as built), or by team (the same report without its people). */
  const render = (format: 'text' | 'json' | 'csv' | 'html', by: 'person' | 'team' = 'person') => {
    const { people: _people, ...byTeam } = report;
    return renderAccessReport(by === 'person' ? report : byTeam, format, { byTeam: false });
  };
  const key = (team: string, type: string, target: string) => `${team}/${type} ${target}`;
  const isMoot = (s: AccessSource): boolean => (s.kind === 'project' || s.kind === 'workspace') && s.shadowedBy !== undefined;

  /** The moot words of each (team, target) as the report's own cells say them (the expectation). */
  const expected = new Map<string, string[]>();
  for (const cell of report.cells) {
    const words = cell.sources.filter(isMoot).map((s) => reportSourceText(s, cell.target.type).match(MOOT)?.[0] ?? '');
    if (words.length > 0) expected.set(key(cell.team.name, cell.target.type, cell.target.name), words);
  }

  it('the organization has moot grants of each kind: under an organization permission, the owners team and a project grant', () => {
    expect([...expected.values()].flat().sort()).toEqual([
      'moot: shadowed by organization manage-workspaces',
      'moot: shadowed by organization manage-workspaces',
      'moot: shadowed by owners team',
      'moot: shadowed by project platform: write',
    ]);
    // The project grant is moot on its workspace (manage-workspaces), not on its project (which manage-workspaces does not reach).
    expect(expected.get('ops/workspace lake')).toHaveLength(2);
    expect(expected.has('ops/project data')).toBe(false);
  });

  it("JSON: shadowed_by on exactly those sources, by team and in each person's view of the team", () => {
    type Src = { shadowed_by?: unknown[] };
    const document = JSON.parse(render('json')) as {
      projects: { name: string; teams: { name: string; sources: Src[] }[] }[];
      workspaces: { name: string; teams: { name: string; sources: Src[] }[] }[];
      people: { access: { target: { type: string; name: string }; through: { team: { name: string }; sources: Src[] }[] }[] }[];
    };
    const byTeam = new Map<string, number>();
    for (const [type, list] of [
      ['project', document.projects],
      ['workspace', document.workspaces],
    ] as const) {
      for (const target of list) {
        for (const t of target.teams) {
          const n = t.sources.filter((s) => s.shadowed_by).length;
          if (n > 0) byTeam.set(key(t.name, type, target.name), n);
        }
      }
    }
    expect(byTeam).toEqual(new Map([...expected].map(([k, v]) => [k, v.length])));
    for (const person of document.people) {
      for (const cell of person.access) {
        for (const t of cell.through) {
          expect(t.sources.filter((s) => s.shadowed_by).length).toBe(expected.get(key(t.team.name, cell.target.type, cell.target.name))?.length ?? 0);
        }
      }
    }
  });

  it('text, CSV and HTML: the same words on the same cells, by team and by person', () => {
    const csv = parse(render('csv', 'team'), { columns: true }) as Record<string, string>[];
    const fromCsv = new Map(
      csv.flatMap((r) => {
        const words = r.sources?.match(MOOT) ?? [];
        return words.length > 0 ? [[key(r.team ?? '', r.target_type ?? '', r.target ?? ''), [...words]] as const] : [];
      }),
    );
    expect(fromCsv).toEqual(expected);
    // By person: each row names the teams that give it with their sources (`through`), the team's moot words among them.
    const rows = parse(render('csv'), { columns: true }) as Record<string, string>[];
    for (const r of rows.filter((row) => row.through && row.target_type !== 'organization')) {
      const want = report.people.people
        .find((p) => p.email === r.person)
        ?.cells.find((c) => c.target.type === r.target_type && c.target.name === r.target)
        ?.through.flatMap((t) => expected.get(key(t.team.name, r.target_type ?? '', r.target ?? '')) ?? []);
      expect(r.through?.match(MOOT) ?? [], `${r.person} ${r.target}`).toEqual(want ?? []);
    }
    const html = render('html', 'team');
    const fromHtml = new Map<string, string[]>();
    for (const m of html.matchAll(/data-team="([^"]*)" data-target="([^"]*)"[^>]*data-sources="([^"]*)"/g)) {
      const sources = JSON.parse((m[3] ?? '').replaceAll('&quot;', '"')) as string[];
      const words = sources.flatMap((s) => s.match(MOOT) ?? []);
      if (words.length > 0) fromHtml.set(`${m[1]}/${m[2]}`, words);
    }
    expect(fromHtml).toEqual(expected);
    expect(render('text', 'team').match(MOOT)?.length).toBe([...expected.values()].flat().length);
    const text = render('text');
    const people = report.people.people.flatMap((p) => p.cells.flatMap((c) => c.through.flatMap((t) => t.sources.filter(isMoot))));
    // By person, the text lists each person's targets with their teams' sources: each moot one said there.
    expect(people.length).toBeGreaterThan(0);
    expect(text.match(MOOT)?.length).toBe(people.length);
    expect(text).not.toMatch(/\bshadowed\b(?! by)/);
  });
});
