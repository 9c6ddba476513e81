// The newer permissions end to end (issue "Today's API"): against the emulator's `current` profile,
// add, update (to and from custom, to and from the new values), remove and drift of grants that use
// project-access.variable-sets and policy-overrides; against `seed`, a file that sets them to
// anything but their defaults fails naming the attribute, its position and the server, and nothing
// is written.
import { describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { customAccess } from '../../src/core/permissions.js';
import type { ProfileName } from '../../src/emulator/profile.js';
import { apiUrl } from '../../src/emulator/start.js';
import type { SeedDocument, SeedTeamProject } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'modern-org-token';
const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

function seedFor(profile: ProfileName, newer: boolean): SeedDocument {
  const projectCustom: Pick<SeedTeamProject, 'project-access'> = { 'project-access': newer ? { 'variable-sets': 'write' } : { teams: 'read' } };
  const overrides: Record<string, boolean> = newer ? { 'policy-overrides': true } : {};
  return {
    profile,
    organizations: [
      {
        name: 'modern',
        token: TOKEN,
        teams: ['dev', 'ops', 'qa', 'sre', 'audit'].map((name) => ({ name, id: `team-${name}` })),
        projects: [
          { name: 'platform', id: 'prj-platform' },
          { name: 'data', id: 'prj-data' },
        ],
        workspaces: [{ name: 'net', id: 'ws-net', project: 'platform' }],
        'team-projects': [
          { team: 'dev', project: 'platform', access: 'custom', id: 'tprj-dev', ...projectCustom },
          { team: 'ops', project: 'platform', access: 'admin', id: 'tprj-ops' },
          { team: 'audit', project: 'platform', access: 'read', id: 'tprj-audit' },
          { team: 'qa', project: 'data', access: 'custom', id: 'tprj-qa-data', 'workspace-access': { runs: 'plan', ...overrides } },
        ],
        'team-workspaces': [
          { team: 'sre', workspace: 'net', access: 'custom', id: 'tws-sre', runs: 'apply', ...overrides },
          { team: 'ops', workspace: 'net', access: 'write', id: 'tws-ops' },
        ],
      },
    ],
  };
}

const ADMIN_WORKSPACE_ACCESS =
  'runs: apply, sentinel-mocks: read, state-versions: write, variables: write, create: true, locking: true, delete: true, move: true, run-tasks: true';

/** Every kind of change over the newer permissions, from the current seed above. */
const DESIRED = `organization: modern
projects:
  platform:
    teams:
      dev: write
      ops: { access: custom, project-access: { settings: delete, teams: manage, variable-sets: write }, workspace-access: { ${ADMIN_WORKSPACE_ACCESS}, policy-overrides: true } }
      qa: { access: custom, project-access: { variable-sets: read } }
  data:
    teams:
      qa: { access: custom, workspace-access: { runs: plan } }
workspaces:
  net:
    teams:
      sre: { access: custom, runs: apply }
      ops: { access: custom, runs: apply, variables: write, state-versions: write, sentinel-mocks: read, workspace-locking: true, policy-overrides: true }
`;

interface ChangeJson {
  action: string;
  team: { name: string };
  target: { name: string };
  before: Record<string, any> | null;
  after: Record<string, any> | null;
}

const held = perTest();

async function world(profile: ProfileName, newer: boolean, desired: string): Promise<{ env: Record<string, string>; file: string }> {
  const started = await startWorld(held, seedFor(profile, newer), desired, 'access.yaml');
  return { env: started.env(TOKEN), file: started.file };
}

const key = (c: ChangeJson): string => `${c.action} ${c.target.name}/${c.team.name}`;

describe('the newer permissions against the current profile', () => {
  it('plans every kind of change over them, applies it, then plans clean; the plan records the server', async () => {
    const { env, file } = await world('current', true, DESIRED);
    const planned = await runCli(['plan', file, '--format', 'json'], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { changes: ChangeJson[]; server: Record<string, string | null>; warnings: unknown[] };
    expect(plan.changes.map(key).sort()).toEqual([
      'add platform/qa',
      'remove platform/audit',
      'update data/qa',
      'update net/ops',
      'update net/sre',
      'update platform/dev',
      'update platform/ops',
    ]);
    const change = (k: string): ChangeJson => plan.changes.find((c) => key(c) === k)!;
    // From the new values: custom with variable-sets write -> write; policy-overrides true -> false.
    expect(change('update platform/dev').before).toMatchObject({ access: 'custom', 'project-access': { 'variable-sets': 'write' } });
    expect(change('update data/qa').after!['workspace-access']['policy-overrides']).toBe(false);
    expect(change('update net/sre').before!['policy-overrides']).toBe(true);
    expect(change('update net/sre').after!['policy-overrides']).toBe(false);
    // To custom and to the new values: admin -> custom with policy-overrides; a new grant with variable-sets read.
    expect(change('update platform/ops').after).toMatchObject({ access: 'custom', 'workspace-access': { 'policy-overrides': true } });
    expect(change('add platform/qa').after!['project-access']['variable-sets']).toBe('read');
    expect(plan.server).toEqual({ app: 'Terraform Enterprise', version: 'v202604-1', numeric_version: '1.2.0', api_version: '2.6.0' });
    expect(plan.warnings).toEqual([]);

    held.emulator!.resetLog();
    const applied = await runCli(['apply', file, '--auto-approve'], { env });
    expect(applied.code, applied.err).toBe(0);
    // One ping per run, apply's included: before anything else.
    expect(held.emulator!.requests.filter((r) => r.path === '/api/v2/ping').map((r) => held.emulator!.requests.indexOf(r))).toEqual([0]);
    const again = await runCli(['plan', file, '--format', 'json', '--detailed-exitcode'], { env });
    expect(again.code, again.out).toBe(0);
    expect((JSON.parse(again.out) as { changes: unknown[] }).changes).toEqual([]);
  });

  it('drift sees a newer permission changed by hand, and names it', async () => {
    const { env, file } = await world('current', true, DESIRED);
    expect((await runCli(['apply', file, '--auto-approve'], { env })).code).toBe(0);
    const client = new TfeClient({ baseUrl: apiUrl(held.emulator!), token: TOKEN, rateLimit: 0 });
    try {
      const [qa] = (await client.listGrants({ type: 'project', id: 'prj-platform' })).filter((g) => g.teamId === 'team-qa');
      await client.updateGrant('team-projects', qa!.id, customAccess('team-projects', { 'project-access.variable-sets': 'write' }));
    } finally {
      await client.close();
    }
    const drift = await runCli(['drift', file], { env });
    expect(drift.code).toBe(2);
    expect(drift.out).toContain('- project-access.variable-sets: write');
    expect(drift.out).toContain('+ project-access.variable-sets: read');
  });
});

describe('the newer permissions against the seed profile', () => {
  it('a file that sets one to a non-default value fails naming it, its position and the server; nothing is written', async () => {
    const desired = `organization: modern
projects:
  platform:
    teams:
      dev: { access: custom, project-access: { teams: read, variable-sets: write } }
`;
    const { env, file } = await world('seed', false, desired);
    const run = await runCli(['apply', file, '--auto-approve'], { env });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    // The grant's position (the team's key), the attribute and what is known of the server.
    expect(run.err).toContain(
      'access.yaml:5:7: project "platform", team "dev": project-access.variable-sets: write is not supported by a server that does not answer GET /api/v2/ping (version unknown)',
    );
    expect(held.emulator!.requests.filter((r) => WRITES.has(r.method))).toEqual([]);
  });

  it('the same attributes left at their defaults plan clean', async () => {
    const desired = `organization: modern
projects:
  platform:
    teams:
      dev: { access: custom, project-access: { teams: read, variable-sets: none }, workspace-access: { policy-overrides: false } }
      ops: admin
      audit: read
workspaces:
  net:
    teams:
      sre: { access: custom, runs: apply, policy-overrides: false }
      ops: write
`;
    const { env, file } = await world('seed', false, desired);
    const run = await runCli(['plan', file, '--format', 'json', '--detailed-exitcode'], { env });
    expect(run.code, run.err + run.out).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ changes: [], server: { app: null, version: null, numeric_version: null, api_version: null } });
  });
});
