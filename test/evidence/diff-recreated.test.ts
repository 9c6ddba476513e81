// Issue 39, part B: `report diff` and a team its identity provider re-created (docs/evidence.md,
// "Comparing snapshots"). Two reports around a SCIM team's re-creation (a new id under the same
// name, none of the old grants): the diff says "re-created" with the grants to restore, not "team
// removed, team added, N grants lost", by the plan's one rule (core/recreated-team.ts), in every
// format and in both read strategies. A team not linked to a group, removed and added under its
// name, stays a removal and an addition.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { reportDiffSchema } from '../../src/render/schemas/report-diff-schema.js';
import { FAST } from '../apply/scenario.js';
import { client } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'sre', id: 'team-sre' },
    { name: 'Engineering', id: 'team-scim', 'scim-linked': true },
  ],
  people: [{ email: 'ana@acme.test', username: 'ana', teams: ['owners'] }],
  projects: [{ name: 'platform', id: 'prj-platform' }],
  workspaces: [
    { name: 'web', id: 'ws-web', project: 'platform' },
    { name: 'api', id: 'ws-api', project: 'platform' },
  ],
  'team-workspaces': [
    { team: 'sre', workspace: 'web', access: 'write' },
    { team: 'Engineering', workspace: 'api', access: 'write' },
  ],
  'team-projects': [{ team: 'Engineering', project: 'platform', access: 'read' }],
};

const held = perTest();

describe.each(['team', 'target'] as const)('report diff of a re-created team, read by %s', (readBy) => {
  const READ = ['--read-by', readBy, '--rate-limit', String(FAST)];

  it('says re-created with the grants to restore; a team not linked stays removed and added', async () => {
    const world = await startWorld(held, oneOrganization(ORGANIZATION, 'current'), 'organization: acme\n');
    const env = world.env(TOKEN);
    const report = async (name: string): Promise<string> => {
      const run = await runCli(['report', '--organization', 'acme', '--format', 'json', ...READ], { env });
      expect(run.code, run.err).toBe(0);
      const path = join(world.dir, name);
      await writeFile(path, run.out);
      return path;
    };
    const before = await report('old.json');
    const recreated = await fetch(`${world.emulator.url}/api/v2/emulator/teams/team-scim/recreate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
      body: '{}',
    });
    expect(recreated.status).toBeLessThan(300);
    const id = ((await recreated.json()) as { data: { id: string } }).data.id;
    // sre, not linked, deleted and made again under its name: no re-creation.
    const api = client(world.emulator);
    expect((await api.del('/teams/team-sre')).status).toBe(204);
    const made = await api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'sre' } } });
    expect(made.status).toBe(201);
    const after = await report('new.json');

    const json = await runCli(['report', 'diff', before, after, '--format', 'json'], { env });
    expect(json.code, json.err).toBe(2);
    const diff = JSON.parse(json.out);
    expect(new Ajv2020({ strict: false }).compile(reportDiffSchema())(diff)).toBe(true);
    expect(
      diff.teams_recreated.map((r: any) => ({ ...r, to_restore: r.to_restore.map((c: any) => `${c.change} ${c.target.name} ${c.before.access}`) })),
    ).toEqual([{ name: 'Engineering', before_id: 'team-scim', after_id: id, to_restore: ['removed platform read', 'removed api write', 'removed web read'] }]);
    expect(diff.teams_added).toEqual(['sre']);
    expect(diff.teams_removed).toEqual(['sre']);
    expect(diff.access.map((c: any) => `${c.change} ${c.team.name} ${c.target.name}`)).toEqual(['removed sre web']);

    const text = await runCli(['report', 'diff', before, after], { env });
    expect(text.code).toBe(2);
    expect(text.out).toContain(`Teams re-created:\n  ~ Engineering: team-scim -> ${id}, re-created by its identity provider`);
    // Each access the old id held, with its sources: restoring the project grant restores web's too.
    expect(text.out).toContain(
      [
        '    to restore: read on project "platform" (project grant: read)',
        '    to restore: write on workspace "api" (project platform: read, workspace grant: write)',
        '    to restore: read on workspace "web" (project platform: read)',
      ].join('\n'),
    );
    expect(text.out).not.toContain('Engineering lost');

    const csv = await runCli(['report', 'diff', before, after, '--format', 'csv'], { env });
    const rows = parse(csv.out, { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.subject === 'Engineering').map((r) => `${r.change} ${r.target} ${r.access_before} ${r.access_after}`)).toEqual([
      `team-recreated  team-scim ${id}`,
      'to-restore platform read ',
      'to-restore api write ',
      'to-restore web read ',
    ]);
    const html = await runCli(['report', 'diff', before, after, '--format', 'html'], { env });
    expect(html.out).toContain('<h2>Teams re-created</h2>');
    expect(JSON.parse(await readFile(after, 'utf8')).teams.find((t: any) => t.name === 'Engineering').scim_linked).toBe(true);
  }, 90_000);
});
