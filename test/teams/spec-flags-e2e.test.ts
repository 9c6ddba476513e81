// Issue 39, Build 1, end to end on the emulator: each of the five flags only the v2 OpenAPI spec
// names, under `teams:`, plans, applies and plans clean on the current profile; the report (text,
// JSON, CSV, HTML) shows it among the team's organization powers, and export --teams writes it back.
// Under the seed profile (a server without them) a file setting one fails before any write.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/emulator/profile.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];
const FIVE = [
  'manage-public-providers',
  'manage-public-modules',
  'manage-registry-components',
  'manage-registry-artifact-tags',
  'manage-registry-artifact-version-tags',
];
/** One team per flag, named for it. */
const teamOf = (flag: string): string => `t-${flag}`;

const seedOf = (profile: ProfileName) => oneOrganization({ name: 'acme', token: TOKEN, teams: [{ name: 'owners', id: 'team-owners' }] }, profile);

const FILE = `organization: acme
teams:
${FIVE.map((flag) => `  ${teamOf(flag)}:\n    visibility: organization\n    organization-access: { ${flag}: true }\n`).join('')}`;

const held = perTest();

describe('the five flags of the v2 spec, end to end', () => {
  it('current profile: each plans, applies and plans clean; report and export --teams show it', async () => {
    const world = await startWorld(held, seedOf('current'), FILE);
    const env = { ...world.env(TOKEN), TFE_ORGANIZATION: 'acme' };
    const planned = await runCli(['plan', world.dir, '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { team_changes: { action: string; name: string; fields: { field: string; after: unknown }[] }[] };
    for (const flag of FIVE) {
      const change = plan.team_changes.find((c) => c.name === teamOf(flag));
      expect(change?.action, flag).toBe('create');
      expect(change?.fields.filter((f) => f.after === true && f.field.startsWith('organization-access.')).map((f) => f.field)).toEqual([
        `organization-access.${flag}`,
      ]);
    }

    const applied = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    const again = await runCli(['plan', world.dir, '--format', 'json', '--detailed-exitcode', ...RATE], { env });
    expect(again.code, again.out).toBe(0);
    expect((JSON.parse(again.out) as { team_changes: unknown[] }).team_changes).toEqual([]);

    // The report: JSON, every team with every flag; its own flag on, the other four off.
    const json = await runCli(['report', '--format', 'json', ...RATE], { env });
    expect(json.code, json.err).toBe(0);
    const teams = (JSON.parse(json.out) as { teams: { name: string; organization_access: Record<string, boolean | null> }[] }).teams;
    for (const flag of FIVE) {
      const access = teams.find((t) => t.name === teamOf(flag))?.organization_access ?? {};
      expect(Object.keys(access)).toHaveLength(21);
      for (const other of FIVE) expect(access[other], `${flag}: ${other}`).toBe(other === flag);
    }
    // Text: the powers section names the flag on the team's line.
    const text = await runCli(['report', ...RATE], { env });
    for (const flag of FIVE) expect(text.out).toMatch(new RegExp(`^ +${teamOf(flag)} +organization +${flag}$`, 'm'));
    // CSV: the team's organization row has the flag on.
    const csv = await runCli(['report', '--format', 'csv', ...RATE], { env });
    for (const flag of FIVE) {
      const row = csv.out.split('\n').find((l) => l.startsWith(`${teamOf(flag)},`) && l.includes(',organization,acme,'));
      expect(row, flag).toContain(`${flag}=true`);
    }
    // HTML: a column per flag, and the team's cell under it on.
    const html = await runCli(['report', '--format', 'html', ...RATE], { env });
    for (const flag of FIVE) {
      expect(html.out).toContain(`<th class="flag" scope="col"><span>${flag}</span></th>`);
      const row = new RegExp(`<tr data-team="${teamOf(flag)}">[\\s\\S]*?</tr>`).exec(html.out)?.[0] ?? '';
      expect(row.match(/<td class="flag on/g), flag).toHaveLength(1);
    }

    // --can of an organization power: the team that holds it (and the owners team), which --team narrows to it.
    for (const flag of FIVE) {
      const asked = await runCli(['report', '--can', flag, ...RATE], { env });
      expect(asked.code, asked.err).toBe(0);
      // The answer, from its head to the blank line before the organization powers.
      const from = asked.out.indexOf('Who holds ');
      const answer = asked.out.slice(from, asked.out.indexOf('\n\n', from));
      expect(answer).toMatch(new RegExp(`^ +${teamOf(flag)} +organization +flag ${flag}$`, 'm'));
      for (const other of FIVE.filter((f) => f !== flag)) expect(answer).not.toMatch(new RegExp(`^ +${teamOf(other)} +organization`, 'm'));
      const narrowed = await runCli(['report', '--team', teamOf(flag), ...RATE], { env });
      expect(narrowed.out).toMatch(new RegExp(`^ +${teamOf(flag)} +organization +${flag}$`, 'm'));
    }

    // export --teams writes each flag back, and a plan of what it wrote is clean.
    const exported = await runCli(['export', '--teams', '--out', 'teams.yaml'], { env, cwd: world.dir });
    expect(exported.code, exported.err).toBe(0);
    const written = readFileSync(join(world.dir, 'teams.yaml'), 'utf8');
    for (const flag of FIVE) expect(written).toMatch(new RegExp(`${teamOf(flag)}:[\\s\\S]*?${flag}: true`));
    const replanned = await runCli(['plan', join(world.dir, 'teams.yaml'), '--format', 'json', '--detailed-exitcode', ...RATE], { env });
    expect(replanned.code, replanned.out).toBe(0);
  }, 120_000);

  it('seed profile: a file setting one fails before any write, naming the flag and the team', async () => {
    const world = await startWorld(held, seedOf('seed'), FILE);
    world.emulator.resetLog();
    const planned = await runCli(['apply', world.dir, '--auto-approve', ...RATE], { env: world.env(TOKEN) });
    expect(planned.code).toBe(1);
    expect(planned.err).toContain(`team "${teamOf('manage-registry-components')}": organization-access manage-registry-components: true is not supported`);
    expect(world.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 60_000);
});
