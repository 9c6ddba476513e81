// Issue 39, Build 1: `report --can FLAG` of an organization power answers which teams hold it,
// directly, through a flag that brings it or as the owners team, and by person who holds it through
// each, in text, JSON (its schema), CSV and HTML; a team the service did not report the flag for is
// not known, never yes or no (emulator).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'power-org-token';
const RATE = ['--rate-limit', String(FAST)];

/** A custom flag set: ops holds manage-workspaces (which brings read-workspaces); admins manage-organization-access alone, its companions reported off. */
const seedOf = (profile: ProfileName): SeedDocument =>
  oneOrganization(
    {
      name: 'acme',
      token: TOKEN,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'ops', id: 'team-ops', ...(profile === 'current' ? { 'organization-access': { 'manage-workspaces': true } } : {}) },
        {
          name: 'admins',
          id: 'team-admins',
          ...(profile === 'current'
            ? { 'organization-access': { 'manage-organization-access': true, 'manage-teams': false, 'manage-membership': false } }
            : {}),
        },
        { name: 'dev', id: 'team-dev' },
      ],
      people: [
        { email: 'ana@example.com', teams: ['owners'] },
        { email: 'bo@example.com', teams: ['ops', 'dev'] },
        { email: 'cy@example.com', teams: ['admins'] },
      ],
    },
    profile,
  );

type Holder = { team: { name: string }; sources: { kind: string; by?: string }[]; people?: string[] };
const held = perTest();
const valid = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());

async function ask(env: Record<string, string>, ...args: string[]) {
  const run = await runCli(['report', ...args, ...RATE], { env });
  expect(run.code, run.err).toBe(0);
  return run.out;
}

/** The text's answer: from its head to the blank line after it (the organization powers section follows). */
const answerOf = (text: string): string => {
  const from = text.indexOf('Who holds ');
  return text.slice(from, text.indexOf('\n\n', from));
};

describe('report --can of an organization power', () => {
  it('current profile: the teams that hold it with their sources (flag, implied by, owners), in every format, and by person', async () => {
    const world = await startWorld(held, seedOf('current'), '');
    const env = { ...world.env(TOKEN), TFE_ORGANIZATION: 'acme' };

    // manage-teams: admins through manage-organization-access (its own flag reported off), owners; not ops or dev.
    const json = JSON.parse(await ask(env, '--can', 'manage-teams', '--format', 'json'));
    expect(json.can).toBeUndefined();
    expect(json.can_power.question).toBe('manage-teams');
    expect(json.can_power.holders.map((h: Holder) => [h.team.name, h.sources])).toEqual([
      ['admins', [{ kind: 'implied', by: 'manage-organization-access' }]],
      ['owners', [{ kind: 'owners' }]],
    ]);
    expect(json.can_power.unknown).toEqual([]);
    expect(valid(json), JSON.stringify(valid.errors)).toBe(true);

    // Text: one line per team, the implied flag named; read-workspaces through manage-workspaces.
    const text = answerOf(await ask(env, '--can', 'read-workspaces'));
    expect(text).toContain('Who holds read-workspaces (an organization power');
    expect(text).toMatch(/^ +ops +organization +implied by manage-workspaces$/m);
    expect(text).toMatch(/^ +owners +organization +owners team: every power$/m);
    expect(text).not.toMatch(/^ +(dev|admins) +organization/m);

    // The flag set directly.
    const direct = JSON.parse(await ask(env, '--can', 'manage-organization-access', '--format', 'json'));
    expect(direct.can_power.holders.map((h: Holder) => [h.team.name, h.sources])).toEqual([
      ['admins', [{ kind: 'flag' }]],
      ['owners', [{ kind: 'owners' }]],
    ]);

    // By person: who holds it through each team.
    const people = JSON.parse(await ask(env, '--can', 'manage-workspaces', '--by', 'person', '--format', 'json'));
    expect(people.can_power.holders.map((h: Holder) => [h.team.name, h.people])).toEqual([
      ['ops', ['bo@example.com']],
      // The emulator's own admin user is in owners too.
      ['owners', ['admin@tfe-access.test', 'ana@example.com']],
    ]);
    expect(valid(people), JSON.stringify(valid.errors)).toBe(true);
    const personText = answerOf(await ask(env, '--can', 'manage-workspaces', '--person', 'bo@example.com'));
    expect(personText).toMatch(/^ +ops +organization +flag manage-workspaces; people: bo@example\.com$/m);
    expect(personText).not.toMatch(/^ +owners +organization/m);

    // CSV: --can's columns, a row per team, the organization as the target.
    const csv = (await ask(env, '--can', 'manage-teams', '--format', 'csv')).trim().split('\r\n');
    expect(csv[0]).toBe('question,answer,team,team_id,target_type,target,target_id,project,sources,via,people,service_accounts,hidden_members,complete,scope');
    expect(csv.slice(1).map((r) => r.split(',').slice(0, 9).join(','))).toEqual([
      'manage-teams,yes,admins,team-admins,organization,acme,,,implied by manage-organization-access',
      'manage-teams,yes,owners,team-owners,organization,acme,,,owners team: every power',
    ]);

    // HTML: a section naming each team that holds it.
    const html = await ask(env, '--can', 'manage-teams', '--format', 'html');
    expect(html).toContain('<h2 id="can-power-title">Who holds manage-teams</h2>');
    expect(html).toContain('<tr data-team="admins"><td>admins</td><td>yes</td><td>implied by manage-organization-access</td>');
    expect(html).not.toContain('<tr data-team="dev"><td>dev</td>');
  }, 120_000);

  it('seed profile: a flag the service does not report is not known for every team but owners, never no', async () => {
    const world = await startWorld(held, seedOf('seed'), '');
    const env = { ...world.env(TOKEN), TFE_ORGANIZATION: 'acme' };
    const json = JSON.parse(await ask(env, '--can', 'manage-public-modules', '--format', 'json'));
    expect(json.can_power.holders.map((h: Holder) => h.team.name)).toEqual(['owners']);
    expect(json.can_power.unknown.map((h: Holder) => [h.team.name, h.sources])).toEqual([
      ['admins', []],
      ['dev', []],
      ['ops', []],
    ]);
    expect(valid(json), JSON.stringify(valid.errors)).toBe(true);
    const text = await ask(env, '--can', 'manage-public-modules');
    expect(text).toContain('Not known for 3 teams (the service did not report the flag; never counted as yes or no):');
  }, 120_000);

  it('a mistyped flag is one line with its near miss', async () => {
    const world = await startWorld(held, seedOf('current'), '');
    const run = await runCli(['report', '--can', 'manage-workspace', ...RATE], { env: { ...world.env(TOKEN), TFE_ORGANIZATION: 'acme' } });
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain('Did you mean "manage-workspaces"?');
  });
});
