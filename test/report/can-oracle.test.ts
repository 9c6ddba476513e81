// Acceptance of `report --can` (docs/evidence.md, "Who can"): over random organizations (teams with
// organization powers, the owners team, people in teams, project and workspace grants with fixed
// and custom permissions, some of them not reported), the answer equals a brute-force oracle written
// here from the docs' rules (docs/effective-access.md, "Effective access"; docs/api.md, "Seed:
// access levels"), not from src/effective. And once end to end, through the CLI and the emulator.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAN_QUESTIONS, findQuestion } from '../../src/core/can.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { Report } from '../../src/core/report.js';
import { scopeOf } from '../../src/core/scope.js';
import { EffectiveIndex, type GrantInput } from '../../src/effective/compute.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { canAnswer, cellsWithFacts } from '../../src/pipeline/report-steps/report-facts.js';
import { runCli } from '../support/cli.js';
import { ORG_TOKEN, SEED } from './seed.js';

type Value = string | boolean;
type Vector = Record<string, Value>;

// The values of each permission, lowest first (docs/api.md, "Seed: resources and fields").
const ORDER: Record<string, readonly Value[]> = {
  runs: ['read', 'plan', 'apply'],
  variables: ['none', 'read', 'write'],
  'state-versions': ['none', 'read-outputs', 'read', 'write'],
  'sentinel-mocks': ['none', 'read'],
  settings: ['read', 'update', 'delete'],
  teams: ['none', 'read', 'manage'],
  'variable-sets': ['none', 'read', 'write'],
};
const order = (name: string): readonly Value[] => ORDER[name] ?? [false, true];
const rankOf = (name: string, value: Value): number => order(name).indexOf(value);

// The workspace rows (docs/api.md, "Implied permission values per fixed level"); a value left out is not known.
const WS_ROWS: Record<string, Vector> = {
  read: { runs: 'read', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
  plan: { runs: 'plan', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
  write: {
    runs: 'apply',
    variables: 'write',
    'state-versions': 'write',
    'sentinel-mocks': 'read',
    'workspace-locking': true,
    'run-tasks': false,
    'policy-overrides': false,
  },
  admin: { runs: 'apply', variables: 'write', 'state-versions': 'write', 'sentinel-mocks': 'read', 'workspace-locking': true, 'run-tasks': true },
};
const WS_RANK: Record<string, number> = { read: 1, plan: 2, write: 3, admin: 4 };
// The project rows (docs/api.md, "Seed: access levels"), by the question's names (settings, teams, runs, create-workspaces, ...).
const PRJ_ROWS: Record<string, Vector> = {
  read: { settings: 'read', teams: 'none', ...wsPart('read', 'none', 'read', 'read', false, false, false, false, false) },
  write: { settings: 'read', teams: 'none', ...wsPart('apply', 'read', 'write', 'write', false, true, false, false, false) },
  maintain: { settings: 'read', teams: 'none', ...wsPart('apply', 'read', 'write', 'write', true, true, true, false, true) },
  admin: { settings: 'delete', teams: 'manage', ...wsPart('apply', 'read', 'write', 'write', true, true, true, true, true) },
};
const PRJ_RANK: Record<string, number> = { read: 1, write: 2, maintain: 3, admin: 4 };
function wsPart(runs: string, mocks: string, state: string, vars: string, create: boolean, lock: boolean, del: boolean, move: boolean, tasks: boolean): Vector {
  return {
    runs,
    'sentinel-mocks': mocks,
    'state-versions': state,
    variables: vars,
    'create-workspaces': create,
    'workspace-locking': lock,
    'delete-workspaces': del,
    'move-workspaces': move,
    'run-tasks': tasks,
  };
}
// The role a project level gives on its workspaces.
const ROLE: Record<string, string> = { read: 'read', write: 'write', maintain: 'admin', admin: 'admin' };

// A grant of the generator, in the question's names; on the wire (GrantInput) in the tables' keys.
const WS_KEYS = ['runs', 'variables', 'state-versions', 'sentinel-mocks', 'workspace-locking', 'run-tasks', 'policy-overrides'];
const PRJ_WIRE: Record<string, string> = {
  settings: 'project-access.settings',
  teams: 'project-access.teams',
  'variable-sets': 'project-access.variable-sets',
  runs: 'workspace-access.runs',
  'sentinel-mocks': 'workspace-access.sentinel-mocks',
  'state-versions': 'workspace-access.state-versions',
  variables: 'workspace-access.variables',
  'create-workspaces': 'workspace-access.create',
  'workspace-locking': 'workspace-access.locking',
  'delete-workspaces': 'workspace-access.delete',
  'move-workspaces': 'workspace-access.move',
  'run-tasks': 'workspace-access.run-tasks',
  'policy-overrides': 'workspace-access.policy-overrides',
};
const PRJ_KEYS = Object.keys(PRJ_WIRE);
// What a custom project grant's values mean on one of its workspaces: those with a workspace counterpart.
const ON_WORKSPACE = new Set(WS_KEYS);

interface Grant {
  readonly level: string;
  /** custom only: the values reported (some may be missing, as an older server leaves newer ones out). */
  readonly custom?: Vector;
}

/** One source as the oracle sees it: admin or not, its fixed level and table, and its values. */
interface OracleSource {
  readonly kind: string;
  readonly admin: boolean;
  readonly level?: string;
  readonly values: Vector;
}

const TYPES = { project: { rows: PRJ_ROWS, rank: PRJ_RANK }, workspace: { rows: WS_ROWS, rank: WS_RANK } } as const;

/** The highest rank a source could hold on a value it does not report: a fixed level holds no more than any level above it. */
function ceiling(type: 'project' | 'workspace', name: string, level: string | undefined): number {
  const top = order(name).length - 1;
  if (level === undefined) return top;
  const { rows, rank } = TYPES[type];
  const known = Object.keys(rows).filter((l) => (rank[l] ?? 0) >= (rank[level] ?? 0) && rows[l]?.[name] !== undefined);
  return Math.min(top, ...known.map((l) => rankOf(name, rows[l]?.[name] as Value)));
}

/** The question's requirement on a kind of target, from its name alone. */
function requirement(question: string, type: 'project' | 'workspace'): { name: string; atLeast: Value } | 'admin' | undefined {
  if (question === 'manage-team-access') return type === 'workspace' ? 'admin' : { name: 'teams', atLeast: 'manage' };
  const [name = '', value] = question.split(':');
  const names = type === 'workspace' ? WS_KEYS : PRJ_KEYS;
  return names.includes(name) ? { name, atLeast: value ?? true } : undefined;
}

type Answer = 'yes' | 'no' | 'unknown';

function sourceAnswer(type: 'project' | 'workspace', req: { name: string; atLeast: Value } | 'admin', s: OracleSource): Answer {
  // The owners team can do everything (docs/effective-access.md, "Effective access").
  if (s.kind === 'owners') return 'yes';
  if (req === 'admin') return s.admin ? 'yes' : 'no';
  const value = s.values[req.name];
  if (value !== undefined) return rankOf(req.name, value) >= rankOf(req.name, req.atLeast) ? 'yes' : 'no';
  return ceiling(type, req.name, s.level) >= rankOf(req.name, req.atLeast) ? 'unknown' : 'no';
}

interface Org {
  /** `delegate`: the team's delegate-policy-overrides flag, absent when the server does not report it. */
  readonly teams: { name: string; powers: string[]; delegate?: boolean }[];
  readonly projectGrants: Map<string, Grant>; // team -> grant on prj-a
  readonly workspaceGrants: Map<string, Grant>; // `${team}/${ws}` -> grant
}

const WORKSPACES: Workspace[] = [
  { id: 'ws-in', name: 'in-a', projectId: 'prj-a' },
  { id: 'ws-out', name: 'loose' },
];
const PROJECTS: Project[] = [{ id: 'prj-a', name: 'a' }];

/** Every source of a team on a target, from the docs' table of sources. */
function oracleSources(org: Org, team: Org['teams'][number], type: 'project' | 'workspace', targetId: string): OracleSource[] {
  const out: OracleSource[] = [];
  const fixed = (kind: string, level: string): OracleSource => ({
    kind,
    admin: level === 'admin',
    level,
    values: TYPES[type].rows[level] ?? {},
  });
  if (team.name === 'owners') out.push(fixed('owners', 'admin'));
  else {
    const p = team.powers;
    if (p.includes('manage-projects')) out.push(fixed('organization', 'admin'));
    if (type === 'workspace' && p.includes('manage-workspaces')) out.push(fixed('organization', 'admin'));
    if (p.includes('read-projects')) out.push(fixed('organization', 'read'));
    if (type === 'workspace' && p.includes('read-workspaces')) out.push(fixed('organization', 'read'));
  }
  const inProject = type === 'project' || targetId === 'ws-in';
  const pg = org.projectGrants.get(team.name);
  if (inProject && pg) {
    if (pg.level !== 'custom') out.push(type === 'project' ? fixed('project', pg.level) : fixed('project', ROLE[pg.level] ?? 'read'));
    else {
      const values = type === 'project' ? { ...pg.custom } : Object.fromEntries(Object.entries(pg.custom ?? {}).filter(([k]) => ON_WORKSPACE.has(k)));
      out.push({ kind: 'project', admin: false, values });
    }
  }
  const wg = type === 'workspace' ? org.workspaceGrants.get(`${team.name}/${targetId}`) : undefined;
  if (wg) out.push(wg.level === 'custom' ? { kind: 'workspace', admin: false, values: { ...wg.custom } } : fixed('workspace', wg.level));
  return out;
}

/** The oracle: yes when a source gives it on its own; no when none could; else not known. With the kinds of the sources that give it. */
function oracle(org: Org, question: string): Map<string, { answer: Answer; kinds: string[] }> {
  const out = new Map<string, { answer: Answer; kinds: string[] }>();
  for (const team of org.teams) {
    for (const [type, id] of [
      ['project', 'prj-a'],
      ['workspace', 'ws-in'],
      ['workspace', 'ws-out'],
    ] as const) {
      const sources = oracleSources(org, team, type, id);
      const req = requirement(question, type);
      if (req === undefined) continue;
      // Policy overrides (the teams API docs): a grant's value counts only with delegate-policy-overrides
      // (not reported: not known); manage-policy-overrides overrides everywhere, grant or none.
      const overrides = question === 'policy-overrides';
      const gated = (s: OracleSource, a: Answer): Answer =>
        !overrides || s.kind === 'owners' || a === 'no' || team.delegate === true ? a : team.delegate === false ? 'no' : 'unknown';
      const answers = sources.map((s) => gated(s, sourceAnswer(type, req, s)));
      const kinds = sources.filter((_, i) => answers[i] === 'yes').map((s) => s.kind);
      if (overrides && team.powers.includes('manage-policy-overrides')) kinds.push('organization');
      const answer: Answer = kinds.length > 0 ? 'yes' : answers.includes('unknown') ? 'unknown' : 'no';
      if (answer !== 'no') out.set(`${team.name}/${id}`, { answer, kinds: answer === 'yes' ? kinds : [] });
    }
  }
  return out;
}

// The generator.
const arbCustom = (keys: readonly string[]): fc.Arbitrary<Vector> =>
  fc
    .tuple(fc.tuple(...keys.map((k) => fc.constantFrom(...order(k)))), fc.subarray([...keys]))
    .map(([values, missing]) => Object.fromEntries(keys.flatMap((k, i) => (missing.includes(k) ? [] : [[k, values[i] as Value]]))));
const arbGrant = (levels: string[], keys: readonly string[]): fc.Arbitrary<Grant> =>
  fc.oneof(
    fc.constantFrom(...levels).map((level) => ({ level })),
    arbCustom(keys).map((custom) => ({ level: 'custom', custom })),
  );
const NAMES = ['owners', 'dev', 'ops', 'qa'];
const POWERS = ['manage-projects', 'manage-workspaces', 'read-projects', 'read-workspaces', 'manage-policy-overrides'];
const arbOrg: fc.Arbitrary<Org> = fc.record({
  teams: fc.tuple(
    ...NAMES.map((name) =>
      fc
        .tuple(fc.subarray(POWERS), fc.constantFrom<boolean | undefined>(true, false, undefined))
        .map(([powers, delegate]) => ({ name, powers, ...(delegate === undefined ? {} : { delegate }) })),
    ),
  ),
  projectGrants: fc.dictionary(fc.constantFrom(...NAMES), arbGrant(['read', 'write', 'maintain', 'admin'], PRJ_KEYS)).map((d) => new Map(Object.entries(d))),
  workspaceGrants: fc
    .dictionary(fc.constantFrom(...NAMES.flatMap((n) => [`${n}/ws-in`, `${n}/ws-out`])), arbGrant(['read', 'plan', 'write', 'admin'], WS_KEYS))
    .map((d) => new Map(Object.entries(d))),
});

/** The organization in the code's terms: the teams and the grants as the service reports them. */
function input(org: Org): { teams: Team[]; grants: GrantInput[] } {
  const teams = org.teams.map((t) => ({
    id: `team-${t.name}`,
    name: t.name,
    visibility: 'organization' as const,
    organizationAccess: {
      ...Object.fromEntries(t.powers.map((p) => [p, true])),
      ...(t.delegate === undefined ? {} : { 'delegate-policy-overrides': t.delegate }),
    },
  }));
  const wire = (g: Grant, rename: (k: string) => string) =>
    g.level === 'custom'
      ? { access: 'custom' as const, permissions: Object.fromEntries(Object.entries(g.custom ?? {}).map(([k, v]) => [rename(k), v])) }
      : { access: g.level as 'read' };
  const grants: GrantInput[] = [
    ...[...org.projectGrants].map(([team, g]) => ({
      resource: 'team-projects' as const,
      teamId: `team-${team}`,
      targetId: 'prj-a',
      access: wire(g, (k) => PRJ_WIRE[k] ?? k),
    })),
    ...[...org.workspaceGrants].map(([key, g]) => {
      const [team, ws] = key.split('/');
      return { resource: 'team-workspaces' as const, teamId: `team-${team}`, targetId: ws ?? '', access: wire(g, (k) => k) };
    }),
  ];
  return { teams, grants };
}

function reportCan(org: Org, question: string): Map<string, { answer: Answer; kinds: string[] }> {
  const { teams, grants } = input(org);
  const index = new EffectiveIndex({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
  const cells = cellsWithFacts(index, index.all(), undefined);
  const report: Report = {
    organization: 'acme',
    state: 'live',
    generatedAt: '2026-01-01T00:00:00.000Z',
    teams,
    projects: PROJECTS,
    workspaces: WORKSPACES,
    cells,
    violations: [],
    coverage: { complete: true, reasons: [] },
    scope: scopeOf({}),
  };
  const can = canAnswer(findQuestion(question) ?? (CAN_QUESTIONS[0] as never), report, index);
  const out = new Map<string, { answer: Answer; kinds: string[] }>();
  for (const h of can.holders) out.set(`${h.team.name}/${h.target.id}`, { answer: 'yes', kinds: h.sources.map((s) => s.kind) });
  for (const h of can.unknown) out.set(`${h.team.name}/${h.target.id}`, { answer: 'unknown', kinds: [] });
  return out;
}

describe('report --can matches a brute-force oracle over random organizations', () => {
  it('every question: who can, who may (not known), and every source that gives it', () => {
    const names = CAN_QUESTIONS.map((q) => q.name);
    fc.assert(
      fc.property(arbOrg, fc.constantFrom(...names), (org, question) => {
        expect(reportCan(org, question)).toEqual(oracle(org, question));
      }),
      { numRuns: 600, seed: 2929 },
    );
  });

  it('the oracle and the report agree on a case written out: admin via a workspace grant, apply via the project', () => {
    const org: Org = {
      teams: [{ name: 'dev', powers: [] }],
      projectGrants: new Map([['dev', { level: 'write' }]]),
      workspaceGrants: new Map([['dev/ws-in', { level: 'admin' }]]),
    };
    expect(reportCan(org, 'runs:apply').get('dev/ws-in')).toEqual({ answer: 'yes', kinds: ['project', 'workspace'] });
    expect(reportCan(org, 'manage-team-access').get('dev/ws-in')).toEqual({ answer: 'yes', kinds: ['workspace'] });
    // The admin row does not say policy-overrides; the write row says false: not known, never no.
    expect(reportCan(org, 'policy-overrides').get('dev/ws-in')).toEqual({ answer: 'unknown', kinds: [] });
    expect(oracle(org, 'policy-overrides').get('dev/ws-in')).toEqual({ answer: 'unknown', kinds: [] });
  });
});

describe('report --can end to end (the emulator and the CLI)', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  });
  afterAll(async () => {
    await emulator.stop();
  });
  const env = (): Record<string, string> => ({ TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'acme' });

  it('--can runs:apply --format json: the holders with their sources; an unknown permission is one line with a near miss', async () => {
    const run = await runCli(['report', '--can', 'runs:apply', '--workspace', 'networking-prod', '--format', 'json'], { env: env(), cwd: process.cwd() });
    expect(run.code).toBe(0);
    const can = (JSON.parse(run.out) as { can: { question: string; holders: { team: { name: string }; sources: { kind: string }[] }[] } }).can;
    expect(can.question).toBe('runs:apply');
    const holders = Object.fromEntries(can.holders.map((h) => [h.team.name, h.sources.map((s) => s.kind)]));
    // developers: the project write grant applies; the workspace plan grant alone does not.
    expect(holders).toMatchObject({ developers: ['project'], owners: ['owners'], vault: ['workspace'] });
    expect(holders).not.toHaveProperty('viewers');
    const text = await runCli(['report', '--can', 'runs:apply', '--workspace', 'networking-prod'], { env: env(), cwd: process.cwd() });
    expect(text.out).toMatch(/^Who can runs:apply \([^)]*\): \d+ team-target pairs\.$/m);
    expect(text.out).toMatch(/^ {2}developers +workspace networking-prod +project platform: write$/m);
    const bad = await runCli(['report', '--can', 'runs:aply'], { env: env(), cwd: process.cwd() });
    expect(bad.code).toBe(1);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toContain('Did you mean "runs:apply"?');
  });

  it('finding 8: through the CLI, the owners team holds policy-overrides on every target, never "not known"', async () => {
    const run = await runCli(['report', '--can', 'policy-overrides', '--format', 'json'], { env: env(), cwd: process.cwd() });
    expect(run.code).toBe(0);
    type Holder = { team: { name: string }; target: { id: string } };
    const can = (JSON.parse(run.out) as { can: { holders: Holder[]; unknown: Holder[] } }).can;
    const report = JSON.parse(run.out) as { projects: unknown[]; workspaces: unknown[] };
    expect(can.holders.filter((h) => h.team.name === 'owners')).toHaveLength(report.projects.length + report.workspaces.length);
    expect(can.unknown.filter((h) => h.team.name === 'owners')).toEqual([]);
  });

  it('with the files: each grant says managed or not, and when the files end it (docs/evidence.md, "Correct cells")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-facts-'));
    try {
      // networking-prod prunes (the default) and lists vault until the end of 2099-01-01 (UTC); the platform project is not listed.
      writeFileSync(
        join(dir, 'access.yaml'),
        'organization: acme\nworkspaces:\n  networking-prod:\n    teams:\n      vault: { access: admin, expires: 2099-01-01 }\n',
      );
      const run = await runCli(['report', 'access.yaml', '--workspace', 'networking-prod', '--format', 'json'], { env: env(), cwd: dir });
      expect(run.err).toBe('');
      type Source = { kind: string; managed?: boolean; expires?: string };
      const teams = (JSON.parse(run.out) as { workspaces: { teams: { name: string; sources: Source[] }[] }[] }).workspaces[0]?.teams ?? [];
      const sources = Object.fromEntries(teams.map((t) => [t.name, t.sources]));
      expect(sources.vault).toEqual([{ kind: 'workspace', access: 'admin', managed: true, expires: '2099-01-02T00:00:00Z' }]);
      // developers: the project grant is not in the files (unmanaged); its workspace grant is, by prune (the plan would remove it).
      expect(sources.developers?.map((s) => [s.kind, s.managed])).toEqual([
        ['project', false],
        ['workspace', true],
      ]);
      expect(sources.owners).toEqual([{ kind: 'owners', organization_wide: true }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
