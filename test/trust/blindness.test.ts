// Issue 36, findings 1 and 2 (Build 1: blindness is never a change): a token that does not see
// every team (the read-only CI token of docs/ci.md, a manage-teams token without access-secret-teams)
// never plans to create a `teams:` entry it cannot see (it may exist as a secret team), and
// `drift --adopt` made with it never takes such a team, or its grants, out of the files.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization, secretTeamFile, secretTeamOrganization } from '../support/seeds.js';
import { startWorld, type World } from '../support/world.js';

const OWNER = 'blind-org-token';
const CI = 'blind-ci-token';
const MANAGER = 'blind-manager-token';

const SEED = oneOrganization(
  secretTeamOrganization('blind', { owner: OWNER, ci: CI, manager: MANAGER }, { 'manage-teams': true, 'manage-projects': true, 'manage-workspaces': true }),
);

const FILE = secretTeamFile('blind');

const held = perTest();

const world = (text = FILE): Promise<World> => startWorld(held, SEED, text);

const REFUSAL = /tfe-access\.yaml:3:3: team "security" is not among the teams this token sees.*may exist as a secret team this token cannot see/;

describe('a teams: entry the token cannot see', () => {
  it('finding 2: the read-only CI token refuses at plan time to create a secret team that exists (exit 1, naming it)', async () => {
    const { file, env } = await world();
    const plan = await runCli(['plan', file], { env: env(CI) });
    expect(plan.code, plan.out).toBe(1);
    expect(plan.err).toMatch(REFUSAL);
    expect(plan.err).toContain('owners-team or organization token');
    expect(plan.out).not.toContain('create');
    const drift = await runCli(['drift', file, '--format', 'json'], { env: env(CI) });
    expect(drift.code).toBe(1);
    expect(drift.err).toMatch(REFUSAL);
    const saved = await runCli(['plan', file, '--out', join(held.dir ?? '', 'saved.json')], { env: env(CI) });
    expect(saved.code).toBe(1);
    expect(saved.err).toMatch(REFUSAL);
    // The owner sees it: nothing to create, only dev's grant to change.
    const owner = await runCli(['plan', file, '--format', 'json'], { env: env(OWNER) });
    expect(owner.code, owner.err).toBe(0);
    const document = JSON.parse(owner.out) as { changes: unknown[]; team_changes?: unknown[] };
    expect(document.changes).toHaveLength(1);
    expect(document.team_changes ?? []).toEqual([]);
  });

  it('finding 2: apply with a manage-teams token refuses before any write, and the emulator is unchanged', async () => {
    const { file, env } = await world();
    const before = await runCli(['export', '--organization', 'blind', '--format', 'json'], { env: env(OWNER) });
    const apply = await runCli(['apply', file, '--auto-approve'], { env: env(MANAGER) });
    expect(apply.code).toBe(1);
    expect(apply.err).toMatch(REFUSAL);
    const teams = await (await fetch(`${held.emulator?.url}/api/v2/organizations/blind/teams`, { headers: { authorization: `Bearer ${OWNER}` } })).json();
    expect((teams as { data: unknown[] }).data).toHaveLength(5);
    const after = await runCli(['export', '--organization', 'blind', '--format', 'json'], { env: env(OWNER) });
    expect(after.out).toBe(before.out);
  });

  it('finding 1: drift --adopt with the read-only CI token keeps the secret team and its grant in the files, listed as not visible', async () => {
    const { file, env } = await world();
    const adopted = await runCli(['drift', file, '--adopt', '--format', 'json'], { env: env(CI) });
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(FILE.slice(0, FILE.indexOf('  dev: {}')))).toBe(true);
    expect(text).toContain('      security: admin\n');
    expect(adopted.code, adopted.err).toBe(2);
    const json = JSON.parse(adopted.out) as { adoption: { not_adopted: { reason: string; detail: string; item: { text: string } }[] } };
    const notVisible = json.adoption.not_adopted.filter((n) => n.reason === 'not-visible');
    expect(notVisible.map((n) => n.item.text).join('\n')).toContain('security');
    expect(notVisible.length).toBe(2);
    expect(notVisible[0]?.detail).toContain('may exist as a secret team this token cannot see');
    // dev's grant, which the token sees, is adopted; the owner's next plan changes nothing the adopt brought.
    expect(text).toContain('      dev: read\n');
    const owner = await runCli(['plan', file, '--format', 'json'], { env: env(OWNER) });
    expect(owner.code, owner.out).toBe(0);
  });
});
