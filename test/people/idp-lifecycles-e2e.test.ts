// Issue 39, Build 5 end to end on the emulator's current profile, in both read strategies (by team
// and by target): an inactive member (a person deactivated in the identity provider) listed in the
// files is no drift, one the files do not list is removed and the plan says "inactive"; a team its
// identity provider re-created under a new id is named as such, its lost grants listed to restore,
// restored to the new id by apply, and the next plan is clean.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { FAST, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'sre', id: 'team-sre' },
    { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners', 'sre'], id: 'ou-ana' },
    { email: 'bo@acme.test', username: 'bo', teams: ['owners', 'sre'], id: 'ou-bo' },
    { email: 'cy@acme.test', username: 'cy', teams: ['sre'], id: 'ou-cy' },
    { email: 'dee@acme.test', username: 'dee', teams: ['sre', 'Engineering'], id: 'ou-dee' },
  ],
  projects: [{ name: 'platform', id: 'prj-platform' }],
  workspaces: [
    { name: 'web', id: 'ws-web', project: 'platform' },
    { name: 'api', id: 'ws-api', project: 'platform' },
  ],
  'team-workspaces': [
    { team: 'sre', workspace: 'web', access: 'write' },
    { team: 'Engineering', workspace: 'web', access: 'read' },
    { team: 'Engineering', workspace: 'api', access: 'write' },
  ],
  'team-projects': [{ team: 'Engineering', project: 'platform', access: 'read' }],
};

const GRANTS = `projects:
  platform: { teams: { Engineering: read } }
workspaces:
  web: { teams: { sre: write, Engineering: read } }
  api: { teams: { Engineering: write } }
`;

const held = perTest();

async function byHand(path: string): Promise<any> {
  const response = await fetch(`${held.emulator!.url}/api/v2/emulator${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    body: '{}',
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

describe.each(['team', 'target'] as const)('identity-provider lifecycles, read by %s', (readBy) => {
  const strategy = `by-${readBy}`;
  const READ = ['--read-by', readBy, ...RATE];

  async function planJson(dir: string, env: Record<string, string>): Promise<any> {
    const run = await runCli(['plan', dir, '--format', 'json', ...READ], { env });
    expect(run.code, run.err).toBe(0);
    const plan = JSON.parse(run.out);
    expect(plan.read.strategy).toBe(strategy);
    return plan;
  }

  it('an inactive member: listed, no drift; not listed, removed by prune and said inactive', async () => {
    const file = `organization: acme\nteams:\n  sre: { members: [ana@acme.test, bo@acme.test, dee@acme.test, cy@acme.test] }\n${GRANTS}`;
    const world = await startWorld(held, oneOrganization(ORGANIZATION, 'current'), file);
    const env = world.env(TOKEN);
    await byHand('/organization-memberships/ou-cy/deactivate');
    // Listed in the files: the inactive member stays, and that is no drift.
    const listed = await runCli(['drift', world.dir, ...READ], { env });
    expect(listed.code, listed.out + listed.err).toBe(0);
    expect((await planJson(world.dir, env)).member_changes).toEqual([]);
    // The files no longer list cy: prune removes them, and every format says inactive.
    await writeFile(world.file, file.replace(', cy@acme.test]', ']'));
    const plan = await planJson(world.dir, env);
    expect(plan.member_changes).toMatchObject([{ action: 'remove', team: { name: 'sre' }, person: { email: 'cy@acme.test', status: 'inactive' } }]);
    expect(plan.refusals).toEqual([]);
    const text = await runCli(['plan', world.dir, '--no-color', ...READ], { env });
    expect(text.out).toContain('cy@acme.test  remove from sre (inactive: deactivated in the identity provider)');
    const markdown = await runCli(['plan', world.dir, '--format', 'markdown', ...READ], { env });
    expect(markdown.out).toContain('remove from sre (inactive: deactivated in the identity provider)');
    held.emulator!.resetLog();
    const applied = await runCli(['apply', world.dir, '--auto-approve', ...READ], { env });
    expect(applied.code, applied.out + applied.err).toBe(0);
    expect(writesOf(held.emulator!)).toEqual(['DELETE /api/v2/teams/team-sre/relationships/organization-memberships']);
    const clean = await runCli(['plan', world.dir, '--detailed-exitcode', ...READ], { env });
    expect(clean.code, clean.out).toBe(0);
  }, 90_000);

  it('an inactive owner is no owner for min-owners', async () => {
    const file = `organization: acme\nteams:\n  owners: { members: [ana@acme.test, admin@tfe-access.test] }\n${GRANTS}`;
    const world = await startWorld(held, oneOrganization(ORGANIZATION, 'current'), file);
    const env = world.env(TOKEN);
    // Owners: admin, ana and bo active. Bo deactivated: removing them takes no active owner away.
    await byHand('/organization-memberships/ou-bo/deactivate');
    const plan = await planJson(world.dir, env);
    expect(plan.member_changes).toMatchObject([{ action: 'remove', person: { email: 'bo@acme.test', status: 'inactive' } }]);
    expect(plan.refusals).toEqual([]);
  }, 60_000);

  it('a re-created SCIM team: named as such, its lost grants to restore, restored to the new id, then clean', async () => {
    const world = await startWorld(held, oneOrganization(ORGANIZATION, 'current'), `organization: acme\n${GRANTS}`);
    const env = world.env(TOKEN);
    expect((await runCli(['plan', world.dir, '--detailed-exitcode', ...READ], { env })).code).toBe(0);
    const recreated = await byHand('/teams/team-scim/recreate');
    const id = recreated.data.id as string;
    const plan = await planJson(world.dir, env);
    const adds = plan.changes.map((c: any) => `${c.action} ${c.team.name} ${c.team.id} ${c.target.type}:${c.target.name}`);
    expect(adds).toEqual([`add Engineering ${id} project:platform`, `add Engineering ${id} workspace:api`, `add Engineering ${id} workspace:web`]);
    const warning = plan.warnings.find((w: any) => w.code === 'team-recreated');
    expect(warning?.message).toContain(`team Engineering (${id}) is linked to a SCIM group`);
    expect(warning?.message).toContain('To restore: project platform (read), workspace api (write), workspace web (read)');
    const drift = await runCli(['drift', world.dir, '--no-color', ...READ], { env });
    expect(drift.code).toBe(2);
    expect(drift.out).toContain('looks re-created by its identity provider');
    const applied = await runCli(['apply', world.dir, '--auto-approve', ...READ], { env });
    expect(applied.code, applied.out + applied.err).toBe(0);
    const after = await planJson(world.dir, env);
    expect(after.changes).toEqual([]);
    expect(after.warnings.filter((w: any) => w.code === 'team-recreated')).toEqual([]);
  }, 90_000);
});
