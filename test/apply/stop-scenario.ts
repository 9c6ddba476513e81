// The organization of the stop tests (issue 14: signals and a dead server): 30 changes, adds,
// updates and removes on a project and a workspace, so an apply at --concurrency 1 with latency is
// stopped half way. Plus what those tests share: the first plan, the writes of the emulator's log
// mapped to the changes they made, the seed of the state they reached, and the report's lines.
import { expect } from 'vitest';
import type { SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { FAST } from './scenario.js';

export const STOP_ORG = 'halt';
export const STOP_TOKEN = 'halt-org-token';
export const CHANGES = 30;

const team = (i: number): { name: string; id: string } => ({ name: `team-${String(i).padStart(2, '0')}`, id: `team-t${i}` });
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** Live: teams 10-19 read the project, 20-24 write and 25-29 read the workspace. */
export function stopSeed(): SeedDocument {
  return {
    organizations: [
      {
        name: STOP_ORG,
        token: STOP_TOKEN,
        teams: range(0, CHANGES).map(team),
        projects: [{ name: 'platform', id: 'prj-platform' }],
        workspaces: [{ name: 'net', id: 'ws-net', project: 'platform' }],
        'team-projects': range(10, 20).map((i) => ({ team: team(i).name, project: 'platform', access: 'read', id: `tprj-${i}` })),
        'team-workspaces': [
          ...range(20, 25).map((i) => ({ team: team(i).name, workspace: 'net', access: 'write', id: `tws-${i}` })),
          ...range(25, 30).map((i) => ({ team: team(i).name, workspace: 'net', access: 'read', id: `tws-${i}` })),
        ],
      },
    ],
  };
}

/** Desired: 10 adds and 10 updates on the project, 5 updates and 5 removes on the workspace. */
export const STOP_DESIRED = [
  `organization: ${STOP_ORG}`,
  'settings:',
  '  max-removals: 100',
  'projects:',
  '  platform:',
  '    teams:',
  ...range(0, 10).map((i) => `      ${team(i).name}: read`),
  ...range(10, 20).map((i) => `      ${team(i).name}: write`),
  'workspaces:',
  '  net:',
  '    teams:',
  ...range(20, 25).map((i) => `      ${team(i).name}: plan`),
  '',
].join('\n');

export interface ChangeJson {
  action: 'add' | 'update' | 'remove';
  resource: 'team-projects' | 'team-workspaces';
  id?: string;
  team: { name: string };
  target: { type: 'project' | 'workspace'; name: string };
  after: { access: string } | null;
}

export async function planChanges(dir: string, env: Record<string, string>): Promise<ChangeJson[]> {
  const run = await runCli(['plan', dir, '--format', 'json', '--rate-limit', String(FAST)], { env });
  expect(run.code, run.err).toBe(0);
  return (JSON.parse(run.out) as { changes: ChangeJson[] }).changes;
}

/** The executor's order at --concurrency 1: adds and updates in plan order, then removes. */
export const executorOrder = (changes: ChangeJson[]): ChangeJson[] => [
  ...changes.filter((c) => c.action !== 'remove'),
  ...changes.filter((c) => c.action === 'remove'),
];

/** The write a change sends: `POST /api/v2/team-projects`, `PATCH` or `DELETE /api/v2/team-projects/ID`. */
export function writeOf(change: ChangeJson): string {
  if (change.action === 'add') return `POST /api/v2/${change.resource}`;
  return `${change.action === 'update' ? 'PATCH' : 'DELETE'} /api/v2/${change.resource}/${change.id ?? ''}`;
}

/** The changes the log's completed writes made, checked to be the first ones of the executor's order. */
export function changesDone(first: ChangeJson[], completedWrites: string[]): ChangeJson[] {
  const order = executorOrder(first);
  expect(completedWrites).toEqual(order.slice(0, completedWrites.length).map(writeOf));
  return order.slice(0, completedWrites.length);
}

/** The seed of the state the emulator reached after `done`: what a restarted emulator starts from. */
export function seedAfter(done: ChangeJson[]): SeedDocument {
  const seed = stopSeed();
  const org = seed.organizations[0]!;
  let projects: SeedTeamProject[] = [...(org['team-projects'] ?? [])];
  let workspaces: SeedTeamWorkspace[] = [...(org['team-workspaces'] ?? [])];
  for (const change of done) {
    if (change.target.type === 'project') {
      if (change.id) projects = projects.filter((g) => g.id !== change.id);
      if (change.after)
        projects.push({ team: change.team.name, project: change.target.name, access: change.after.access, ...(change.id ? { id: change.id } : {}) });
    } else {
      if (change.id) workspaces = workspaces.filter((g) => g.id !== change.id);
      if (change.after)
        workspaces.push({ team: change.team.name, workspace: change.target.name, access: change.after.access, ...(change.id ? { id: change.id } : {}) });
    }
  }
  return { organizations: [{ ...org, 'team-projects': projects, 'team-workspaces': workspaces }] };
}

/** The report's lines of one status (`applied`, `FAILED`, `not started`). */
export const reportLines = (stdout: string, label: string): string[] => stdout.split('\n').filter((line) => line.startsWith(`  ${label} `));
