// Issue 42, end to end on the emulator (docs/effective-access.md, "Indirect access"): `report --can`
// through variable sets, shared state, agent pools and Stacks, in every format, by team and by
// person, with what an answer could not read said so.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';

const seed = (profile: 'current' | 'seed' = 'current'): SeedDocument => ({
  profile,
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'planners', id: 'team-planners' },
        { name: 'readers', id: 'team-readers' },
        { name: 'custom-prj', id: 'team-custom' },
        { name: 'fixed-prj', id: 'team-fixed' },
        { name: 'idle', id: 'team-idle' },
      ],
      projects: [{ name: 'net' }, { name: 'apps' }],
      workspaces: [
        ...(profile === 'current'
          ? [
              { name: 'network-prod', project: 'net', 'remote-state-consumers': ['app-a'] },
              { name: 'app-a', project: 'apps', 'execution-mode': 'agent' as const, 'agent-pool': 'prod-vpc' },
            ]
          : [
              { name: 'network-prod', project: 'net' },
              { name: 'app-a', project: 'apps' },
            ]),
        { name: 'app-b', project: 'apps' },
        { name: 'lonely', project: 'net' },
      ],
      ...(profile === 'current'
        ? {
            varsets: [
              { name: 'cloud-creds', global: true },
              { name: 'app-settings', projects: ['apps'] },
            ],
            'agent-pools': [{ name: 'prod-vpc' }],
            stacks: [
              { name: 'edge', project: 'net' },
              { name: 'core', project: 'apps' },
            ],
          }
        : {}),
      'team-projects': [
        { team: 'custom-prj', project: 'apps', access: 'custom', 'project-access': { settings: 'read' }, 'workspace-access': { runs: 'plan' } },
        { team: 'fixed-prj', project: 'net', access: 'write' },
      ],
      'team-workspaces': [
        { team: 'planners', workspace: 'app-a', access: 'plan' },
        { team: 'readers', workspace: 'app-b', access: 'read' },
      ],
      people: [
        { email: 'pat@acme.test', teams: ['planners'] },
        { email: 'cy@acme.test', teams: ['custom-prj'] },
      ],
    },
  ],
});

const held = perTest();

interface Holder {
  team: { name: string };
  target: { type: string; name: string };
  via?: { uses: string; edge: string };
  people?: string[];
}
interface Can {
  question: string;
  holders: Holder[];
  complete?: boolean;
  gaps?: { reason: string; message: string }[];
}

/** One emulator per test (perTest puts it away), started on the first question. */
async function ask(question: string, more: string[] = [], profile: 'current' | 'seed' = 'current') {
  if (!held.emulator) await startWorld(held, seed(profile), 'organization: acme\n');
  const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator?.url ?? '', TFE_ORGANIZATION: 'acme' };
  return runCli(['report', '--can', question, ...more], { env });
}

async function can(question: string, more: string[] = []): Promise<Can> {
  const run = await ask(question, ['--format', 'json', ...more]);
  expect(run.code, run.err).toBe(0);
  return (JSON.parse(run.out) as { can: Can }).can;
}

const teams = (answer: Can, uses?: string): string[] =>
  [...new Set(answer.holders.filter((h) => !uses || h.via?.uses === uses).map((h) => h.team.name))].sort();

describe('report --can through indirect access', () => {
  it('outputs:network-prod: a team with plan on a consumer is there, through the consumer; its own readers too', async () => {
    const answer = await can('outputs:network-prod');
    const planners = answer.holders.filter((h) => h.team.name === 'planners');
    expect(planners.map((h) => [h.target.name, h.via])).toEqual([['app-a', { uses: 'runs', edge: 'consumer' }]]);
    expect(answer.holders.some((h) => h.team.name === 'fixed-prj' && h.target.name === 'network-prod' && h.via?.edge === 'own')).toBe(true);
    // readers have read on app-b, no consumer: they are not there.
    expect(teams(answer)).not.toContain('readers');
    expect(answer.complete).toBe(true);
  });

  it('stack:NAME: a team with custom project access appears under no Stack; a fixed role does', async () => {
    const core = await can('stack:core');
    const edge = await can('stack:edge');
    expect(teams(core)).toEqual(['owners']);
    expect(teams(edge)).toEqual(['fixed-prj', 'owners']);
  });

  it('a global variable set is reachable by every team that can queue runs anywhere, sensitive values included', async () => {
    const answer = await can('varset:cloud-creds');
    const runs = await can('runs:plan');
    expect(teams(answer, 'runs')).toEqual(teams(runs));
    expect(teams(answer, 'runs')).toEqual(['custom-prj', 'fixed-prj', 'owners', 'planners']);
    // readers read the workspace's variables: the non-sensitive values, said so.
    expect(answer.holders.find((h) => h.team.name === 'readers')?.via).toEqual({ uses: 'variables', edge: 'global' });
    expect(teams(answer)).not.toContain('idle');
  });

  it('a set applied to a project reaches through its workspaces only; an agent pool through the workspaces that run there', async () => {
    const settings = await can('varset:app-settings');
    expect(new Set(settings.holders.map((h) => h.target.name))).toEqual(new Set(['app-a', 'app-b']));
    expect(settings.holders.every((h) => h.via?.edge === 'project')).toBe(true);
    const pool = await can('agent-pool:prod-vpc');
    expect(pool.holders.map((h) => [h.team.name, h.target.name])).toEqual([
      ['custom-prj', 'app-a'],
      ['owners', 'app-a'],
      ['planners', 'app-a'],
    ]);
  });

  it('by person: each holder with the people who hold it through the team', async () => {
    const answer = await can('agent-pool:prod-vpc', ['--by', 'person']);
    expect(answer.holders.find((h) => h.team.name === 'planners')?.people).toEqual(['pat@acme.test']);
    expect(answer.holders.find((h) => h.team.name === 'custom-prj')?.people).toEqual(['cy@acme.test']);
  });

  it('text, CSV and HTML say the same holders and how', async () => {
    const text = await ask('outputs:network-prod');
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/Who can outputs:network-prod \(read the outputs of workspace network-prod/);
    expect(text.out).toMatch(/planners\s+workspace app-a\s+.*through: queues runs there \(a remote-state consumer of the producer\)/);
    const csv = await ask('outputs:network-prod', ['--format', 'csv']);
    const [head = '', ...rows] = csv.out.split('\r\n').filter(Boolean);
    const via = head.split(',').indexOf('via');
    expect(via).toBeGreaterThan(0);
    expect(rows.find((r) => r.includes(',planners,'))?.split(',')[via]).toBe('through: queues runs there (a remote-state consumer of the producer)');
    const html = await ask('outputs:network-prod', ['--format', 'html']);
    expect(html.out).toMatch(/<section id="reach"><h2>Who can outputs:network-prod/);
    expect(html.out).toMatch(/<td>planners<\/td><td>workspace app-a<\/td>/);
  });

  it('a name no object has: one line with the near misses, exit 1', async () => {
    const run = await ask('varset:cloud-cred');
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/no variable set named "cloud-cred" that the token can see in "acme"\. Did you mean "cloud-creds"\?/);
  });

  it('a server without the lists (seed profile): no holder through them, and the answer says it is incomplete', async () => {
    const run = await ask('varset:cloud-creds', ['--format', 'json'], 'seed');
    expect(run.code, run.err).toBe(0);
    const answer = (JSON.parse(run.out) as { can: Can }).can;
    expect(answer.holders).toEqual([]);
    expect(answer.complete).toBe(false);
    expect(answer.gaps?.map((g) => g.reason)).toEqual(['not-listed']);
    const text = await ask('varset:cloud-creds', [], 'seed');
    expect(text.out).toMatch(/Incomplete: .*\n {2}the list of variable sets was not given to the token/);
  });
});

interface Entry {
  kind: string;
  names: string[];
  via: { uses: string; edge: string };
  sources: { kind: string; access?: string }[];
  known: boolean;
}
interface Cells {
  complete: boolean;
  incomplete: { code: string; lists?: string[]; consumers?: string[] }[];
  projects: { name: string; teams: { name: string; reaches?: Entry[] }[] }[];
  workspaces: { name: string; teams: { name: string; reaches?: Entry[] }[] }[];
}

/** The report with no question, as JSON. */
async function cells(more: string[] = [], profile: 'current' | 'seed' = 'current'): Promise<Cells> {
  const env = () => ({ TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator?.url ?? '', TFE_ORGANIZATION: 'acme' });
  if (!held.emulator) await startWorld(held, seed(profile), 'organization: acme\n');
  const run = await runCli(['report', '--format', 'json', ...more], { env: env() });
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out) as Cells;
}

const reachesOf = (doc: Cells, type: 'projects' | 'workspaces', target: string, team: string): Entry[] | undefined =>
  doc[type].find((t) => t.name === target)?.teams.find((t) => t.name === team)?.reaches;

describe('issue 42 items 1-2: report reads the edges by default, each cell with its "reaches through" entries', () => {
  it('json (valid against the schema): a workspace cell reaches its sets, the outputs it consumes and its pool, with the grant that carries them', async () => {
    const doc = await cells();
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const plan = [{ kind: 'workspace', access: 'plan' }];
    expect(reachesOf(doc, 'workspaces', 'app-a', 'planners')).toEqual([
      { kind: 'varset', names: ['cloud-creds'], via: { uses: 'runs', edge: 'global' }, sources: plan, known: true },
      { kind: 'varset', names: ['app-settings'], via: { uses: 'runs', edge: 'project' }, sources: plan, known: true },
      { kind: 'outputs', names: ['network-prod'], via: { uses: 'runs', edge: 'consumer' }, sources: plan, known: true },
      { kind: 'agent-pool', names: ['prod-vpc'], via: { uses: 'runs', edge: 'execution' }, sources: plan, known: true },
    ]);
    // read on app-b: the non-sensitive values of its sets, no runs, so no outputs and no pool.
    expect(reachesOf(doc, 'workspaces', 'app-b', 'readers')?.map((e) => [e.kind, e.names, e.via.uses])).toEqual([
      ['varset', ['cloud-creds'], 'variables'],
      ['varset', ['app-settings'], 'variables'],
    ]);
    // A producer's own readers are its grants, not an entry.
    expect(reachesOf(doc, 'workspaces', 'network-prod', 'fixed-prj')?.some((e) => e.kind === 'outputs')).toBe(false);
    // Stacks: a fixed project role carries, a custom one does not.
    expect(reachesOf(doc, 'projects', 'net', 'fixed-prj')).toEqual([
      {
        kind: 'stack',
        names: ['edge'],
        via: { uses: 'project-role', edge: 'project' },
        sources: [{ kind: 'project', access: 'write', name: 'net', id: expect.stringMatching(/^prj-/) }],
        known: true,
      },
    ]);
    expect(reachesOf(doc, 'projects', 'apps', 'custom-prj')).toBeUndefined();
    expect(doc.complete).toBe(true);
  });

  it('text, CSV and HTML carry the same entries after the sources', async () => {
    const env = () => ({ TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator?.url ?? '', TFE_ORGANIZATION: 'acme' });
    await cells();
    const line = 'reaches the outputs of workspace network-prod (queues runs there: a remote-state consumer of the producer; by workspace grant: plan)';
    const text = await runCli(['report'], { env: env() });
    expect(text.out.split('\n').find((l) => /^\s*planners\s/.test(l) && l.includes('agent pool'))).toContain(line);
    const csv = await runCli(['report', '--format', 'csv'], { env: env() });
    expect(csv.out.split('\r\n').find((r) => r.startsWith('planners,') && r.includes(',workspace,app-a,'))).toContain(line);
    const html = await runCli(['report', '--format', 'html'], { env: env() });
    expect(html.out).toContain(line.replace(/'/g, '&#39;'));
  });

  it('--no-indirect: no entries and nothing claimed of them', async () => {
    const doc = await cells(['--no-indirect']);
    expect(doc.workspaces.flatMap((w) => w.teams).some((t) => t.reaches !== undefined)).toBe(false);
    expect(doc.complete).toBe(true);
  });

  it('a server without the lists (seed profile): the report says what it could not read (indirect-unread), never drops it silently', async () => {
    const doc = await cells([], 'seed');
    expect(doc.complete).toBe(false);
    const reason = doc.incomplete.find((r) => r.code === 'indirect-unread');
    expect(reason?.lists).toEqual(['agent-pools', 'stacks', 'varsets']);
    expect(reason?.consumers).toEqual(['app-a', 'app-b', 'lonely', 'network-prod']);
    const opted = await cells(['--no-indirect'], 'seed');
    expect(opted.incomplete.some((r) => r.code === 'indirect-unread')).toBe(false);
  });
});

describe('issue 42 item 3: an agent pool a workspace inherits from its project', () => {
  const inherited: SeedDocument = {
    profile: 'current',
    organizations: [
      {
        name: 'acme',
        token: TOKEN,
        teams: [{ name: 'owners' }, { name: 'opsers' }],
        'agent-pools': [{ name: 'prod-vpc' }],
        projects: [{ name: 'ops', 'default-execution-mode': 'agent', 'default-agent-pool': 'prod-vpc' }],
        workspaces: [{ name: 'ops-a', project: 'ops' }],
        'team-workspaces': [{ team: 'opsers', workspace: 'ops-a', access: 'plan' }],
      },
    ],
  };

  it('--can agent-pool: and the cells reach the pool through the project default, the answer complete (no pool left unnamed)', async () => {
    await startWorld(held, inherited, 'organization: acme\n');
    const answer = await can('agent-pool:prod-vpc');
    expect(answer.holders.map((h) => [h.team.name, h.target.name, h.via])).toEqual([
      ['opsers', 'ops-a', { uses: 'runs', edge: 'project-default' }],
      ['owners', 'ops-a', { uses: 'runs', edge: 'project-default' }],
    ]);
    expect(answer.complete).toBe(true);
    const doc = await cells();
    expect(reachesOf(doc, 'workspaces', 'ops-a', 'opsers')?.find((e) => e.kind === 'agent-pool')).toMatchObject({
      names: ['prod-vpc'],
      via: { uses: 'runs', edge: 'project-default' },
    });
    expect(doc.complete).toBe(true);
    const text = await ask('agent-pool:prod-vpc');
    expect(text.out).toMatch(/opsers\s+workspace ops-a\s+.*through: queues runs there \(its runs execute on the pool's agents, its project's default\)/);
  });
});
