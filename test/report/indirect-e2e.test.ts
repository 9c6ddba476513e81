// Issue 42, end to end on the emulator (docs/effective-access.md, "Indirect access"): `report --can`
// through variable sets, shared state, agent pools and Stacks, in every format, by team and by
// person, with what an answer could not read said so.
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
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
