// Issue 42's oracle (docs/effective-access.md, "Indirect access"): over random organizations with
// variable sets, remote-state sharing, agent pools and grants, every answer of `report --can
// varset:NAME`, `outputs:WORKSPACE` and `agent-pool:NAME` equals a brute-force search of the graph
// built from the emulator's own state (its seed: teams, grants, sets, sharing, pools), with rules
// written here from the docs' tables, not the tool's.
import { describe, expect, it } from 'vitest';
import type { SeedDocument, SeedOrganization, SeedTeamProject, SeedTeamWorkspace, SeedWorkspace } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'org-token';

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RUNS = ['read', 'plan', 'apply'];
const VARIABLES = ['none', 'read', 'write'];
const STATE = ['none', 'read-outputs', 'read', 'write'];

interface Org {
  readonly seed: SeedOrganization;
  readonly workspaces: readonly (SeedWorkspace & { project: string })[];
}

function generate(n: number): Org {
  const r = random(4200 + n);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const some = <T>(list: readonly T[], p: number): T[] => list.filter(() => r() < p);
  const projects = ['p0', 'p1', 'p2'];
  const workspaces: (SeedWorkspace & { project: string })[] = Array.from({ length: 8 }, (_, i) => ({ name: `w${i}`, project: pick(projects) }));
  const teams = ['t0', 't1', 't2', 't3', 't4', 't5'];
  const flags = (): Record<string, boolean> => (r() < 0.1 ? { 'manage-workspaces': true } : r() < 0.15 ? { 'read-workspaces': true } : {});
  const workspaceGrants: SeedTeamWorkspace[] = teams.flatMap((team) =>
    some(workspaces, 0.3).map((w) => {
      const access = pick(['read', 'plan', 'write', 'admin', 'custom']);
      return access === 'custom'
        ? { team, workspace: w.name, access, runs: pick(RUNS), variables: pick(VARIABLES), 'state-versions': pick(STATE) }
        : { team, workspace: w.name, access };
    }),
  );
  const projectGrants: SeedTeamProject[] = teams.flatMap((team) =>
    some(projects, 0.25).map((project) => {
      const access = pick(['read', 'write', 'maintain', 'admin', 'custom']);
      return access === 'custom'
        ? { team, project, access, 'workspace-access': { runs: pick(RUNS), variables: pick(VARIABLES), 'state-versions': pick(STATE) } }
        : { team, project, access };
    }),
  );
  const pool1 = {
    allowedProjects: some(projects, 0.5),
    allowedWorkspaces: some(workspaces, 0.3).map((w) => w.name),
    excluded: some(workspaces, 0.2).map((w) => w.name),
  };
  const pool1Allows = (w: { name: string; project: string }) =>
    !pool1.excluded.includes(w.name) && (pool1.allowedProjects.includes(w.project) || pool1.allowedWorkspaces.includes(w.name));
  const shaped = workspaces.map((w) => {
    const sharing = r();
    const share =
      sharing < 0.15
        ? { 'global-remote-state': true }
        : sharing < 0.25
          ? { 'project-remote-state': true }
          : {
              'remote-state-consumers': some(workspaces, 0.2)
                .map((c) => c.name)
                .filter((c) => c !== w.name),
            };
    const agent = r() < 0.4;
    const pool = agent ? (pool1Allows(w) && r() < 0.6 ? 'pool1' : 'pool0') : undefined;
    return { ...w, ...share, ...(pool ? { 'execution-mode': 'agent' as const, 'agent-pool': pool } : {}) };
  });
  const seed: SeedOrganization = {
    name: 'acme',
    token: TOKEN,
    teams: [{ name: 'owners' }, ...teams.map((name) => ({ name, 'organization-access': flags() }))],
    // issue 42 item 3: p2's workspaces that set no execution run on pool0, its default.
    projects: projects.map((name) => (name === 'p2' ? { name, 'default-execution-mode': 'agent' as const, 'default-agent-pool': 'pool0' } : { name })),
    workspaces: shaped,
    varsets: [
      { name: 'v0', global: r() < 0.5, workspaces: some(workspaces, 0.3).map((w) => w.name) },
      { name: 'v1', projects: some(projects, 0.4), workspaces: some(workspaces, 0.2).map((w) => w.name) },
      { name: 'v2', project: pick(projects), projects: some(projects, 0.3) },
    ],
    'agent-pools': [
      { name: 'pool0' },
      {
        name: 'pool1',
        'organization-scoped': false,
        'allowed-projects': pool1.allowedProjects,
        'allowed-workspaces': pool1.allowedWorkspaces,
        'excluded-workspaces': pool1.excluded,
      },
    ],
    'team-projects': projectGrants,
    'team-workspaces': workspaceGrants,
  };
  return { seed, workspaces: shaped };
}

// ---- the brute force: each team's runs, variables and state-versions on each workspace, from the docs' tables ----

const ROLE_OF_PROJECT: Record<string, string> = { read: 'read', write: 'write', maintain: 'admin', admin: 'admin' };
/** docs/api.md, "Implied permission values per fixed level": the workspace roles' runs, variables and state versions. */
const ROLE: Record<string, [string, string, string]> = {
  read: ['read', 'read', 'read'],
  plan: ['plan', 'read', 'read'],
  write: ['apply', 'write', 'write'],
  admin: ['apply', 'write', 'write'],
};
const rank = (list: readonly string[], v: string): number => list.indexOf(v);

/** [runs, variables, state-versions] ranks of every source of `team` on `w`, at their maximum. */
function access(org: SeedOrganization, team: string, w: { name: string; project: string }): [number, number, number] {
  const sources: [string, string, string][] = [];
  const seedTeam = org.teams?.find((t) => t.name === team);
  if (team === 'owners' || seedTeam?.['organization-access']?.['manage-workspaces']) sources.push(ROLE.admin as [string, string, string]);
  if (seedTeam?.['organization-access']?.['read-workspaces']) sources.push(ROLE.read as [string, string, string]);
  for (const g of org['team-workspaces'] ?? []) {
    if (g.team !== team || g.workspace !== w.name) continue;
    sources.push(
      g.access === 'custom' ? [g.runs ?? 'read', g.variables ?? 'none', g['state-versions'] ?? 'none'] : (ROLE[g.access] as [string, string, string]),
    );
  }
  for (const g of org['team-projects'] ?? []) {
    if (g.team !== team || g.project !== w.project) continue;
    const wa = g['workspace-access'] ?? {};
    sources.push(
      g.access === 'custom'
        ? [String(wa.runs ?? 'read'), String(wa.variables ?? 'none'), String(wa['state-versions'] ?? 'none')]
        : (ROLE[ROLE_OF_PROJECT[g.access] ?? ''] as [string, string, string]),
    );
  }
  return [
    Math.max(-1, ...sources.map((s) => rank(RUNS, s[0]))),
    Math.max(-1, ...sources.map((s) => rank(VARIABLES, s[1]))),
    Math.max(-1, ...sources.map((s) => rank(STATE, s[2]))),
  ];
}

const queues = (a: [number, number, number]): boolean => a[0] >= rank(RUNS, 'plan');
const readsVariables = (a: [number, number, number]): boolean => a[1] >= rank(VARIABLES, 'read');
const readsOutputs = (a: [number, number, number]): boolean => a[2] >= rank(STATE, 'read-outputs');

/** Every (team, workspace, how) the graph search reaches the question's node from. */
function bruteForce(org: Org, question: string): string[] {
  const [kind, name] = question.split(':') as [string, string];
  const teams = (org.seed.teams ?? []).map((t) => t.name);
  const out: string[] = [];
  const reach = (w: { name: string; project: string }, uses: ('runs' | 'variables' | 'outputs')[]) => {
    for (const team of teams) {
      const a = access(org.seed, team, w);
      const found = uses.find((u) => (u === 'runs' ? queues(a) : u === 'variables' ? readsVariables(a) : readsOutputs(a)));
      if (found) out.push(`${team}|${w.name}|${found}`);
    }
  };
  if (kind === 'varset') {
    const set = org.seed.varsets?.find((v) => v.name === name);
    for (const w of org.workspaces) if (set?.global || set?.workspaces?.includes(w.name) || set?.projects?.includes(w.project)) reach(w, ['runs', 'variables']);
  }
  if (kind === 'outputs') {
    const producer = org.workspaces.find((w) => w.name === name);
    if (!producer) return [];
    reach(producer, ['outputs']);
    for (const w of org.workspaces) {
      if (w.name === producer.name) continue;
      const consumer =
        producer['global-remote-state'] === true ||
        (producer['project-remote-state'] === true && w.project === producer.project) ||
        (producer['remote-state-consumers'] ?? []).includes(w.name);
      if (consumer) reach(w, ['runs']);
    }
  }
  if (kind === 'agent-pool')
    for (const w of org.workspaces) {
      // A workspace that sets no execution runs as its project's defaults say.
      const project = org.seed.projects?.find((p) => p.name === w.project);
      const [mode, pool] =
        w['execution-mode'] === undefined ? [project?.['default-execution-mode'], project?.['default-agent-pool']] : [w['execution-mode'], w['agent-pool']];
      if (mode === 'agent' && pool === name) reach(w, ['runs']);
    }
  return [...new Set(out)].sort();
}

interface Holder {
  team: { name: string };
  target: { name: string };
  via: { uses: string };
}

interface CellsDocument {
  complete: boolean;
  workspaces: { name: string; teams: { name: string; reaches?: { kind: string; names: string[]; via: { uses: string }; known: boolean }[] }[] }[];
}

/** Each question's (team, workspace, how) as the report's cells say it: every "reaches through" entry turned round. */
function fromCells(document: CellsDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of document.workspaces)
    for (const t of w.teams)
      for (const e of t.reaches ?? []) {
        expect(e.known).toBe(true);
        for (const name of e.names) out.set(`${e.kind}:${name}`, [...(out.get(`${e.kind}:${name}`) ?? []), `${t.name}|${w.name}|${e.via.uses}`]);
      }
  return out;
}

const held = perTest();

describe('indirect access: every answer equals a brute-force graph search over the emulator state', () => {
  for (const n of [0, 1, 2, 3]) {
    it(`random organization ${n}`, async () => {
      const org = generate(n);
      const seed: SeedDocument = { profile: 'current', organizations: [org.seed] };
      const world = await startWorld(held, seed, 'organization: acme\n');
      const env = { ...world.env(TOKEN), TFE_ORGANIZATION: 'acme' };
      const questions = [
        ...['v0', 'v1', 'v2'].map((v) => `varset:${v}`),
        ...org.workspaces.map((w) => `outputs:${w.name}`),
        'agent-pool:pool0',
        'agent-pool:pool1',
      ];
      let reached = 0;
      for (const question of questions) {
        const run = await runCli(['report', '--can', question, '--format', 'json'], { env });
        expect(run.code, run.err).toBe(0);
        const can = (JSON.parse(run.out) as { can: { holders: Holder[]; unknown: Holder[]; complete: boolean } }).can;
        const answered = can.holders.map((h) => `${h.team.name}|${h.target.name}|${h.via.uses}`).sort();
        expect(answered, question).toEqual(bruteForce(org, question));
        expect(can.unknown, question).toEqual([]);
        expect(can.complete, question).toBe(true);
        reached += answered.length;
      }
      // The organizations are not empty of answers: the comparison could fail.
      expect(reached).toBeGreaterThan(10);
      // issue 42 item 2: the report's cells say the same, turned round (a producer's own readers are its grants, not an entry).
      const report = await runCli(['report', '--format', 'json'], { env });
      expect(report.code, report.err).toBe(0);
      const document = JSON.parse(report.out) as CellsDocument;
      expect(document.complete).toBe(true);
      const cells = fromCells(document);
      for (const question of questions) {
        const own = question.startsWith('outputs:') ? `|${question.slice('outputs:'.length)}|outputs` : undefined;
        const expected = bruteForce(org, question).filter((h) => own === undefined || !h.endsWith(own));
        expect((cells.get(question) ?? []).sort(), `cells: ${question}`).toEqual(expected);
      }
    }, 90_000);
  }
});
