// What the recipes rely on from the real CLI: `plan --format markdown --out FILE` prints the plan
// starting with its marker line and saves a plan whose `.plan.checksum` (read by the action and the
// GitLab helper) is the checksum the markdown shows and `apply --checksum` accepts; and that the
// recipes' two tokens hand over: a read-only plan token's checksum is the one the write token's
// apply accepts, and the read-only token itself can change nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { ROOT, runCli } from '../support/cli.js';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

/** The recipes' TFE_PLAN_TOKEN: a team that reads every project and workspace, and may change nothing. */
const PLAN_TOKEN = 'acme-plan-only-token';

/** The demo organization with that team; `visibleBreakGlass`: its secret team made visible to the organization. */
function withPlanTeam(seed: SeedDocument, visibleBreakGlass: boolean): SeedDocument {
  const [acme, ...others] = seed.organizations;
  const reader = { name: 'tfe-access-plan', tokens: [PLAN_TOKEN], 'organization-access': { 'read-projects': true, 'read-workspaces': true } };
  const teams = (acme!.teams ?? []).map((team) => (visibleBreakGlass && team.name === 'break-glass' ? { ...team, visibility: 'organization' as const } : team));
  return { ...seed, organizations: [{ ...acme!, teams: [...teams, reader] }, ...others] };
}

beforeAll(async () => {
  emulator = await startEmulator({ seed: withPlanTeam(demoSeed(), true), rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-plan-contract-'));
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
});
async function idOf(path: string, name: string): Promise<string> {
  const response = await fetch(`${emulator.url}/api/v2/organizations/acme/${path}?page%5Bsize%5D=100`, { headers: { authorization: `Bearer ${DEMO_TOKEN}` } });
  const found = ((await response.json()) as { data: { id: string; attributes: { name: string } }[] }).data.find((item) => item.attributes.name === name);
  if (!found) throw new Error(`no ${path} named ${name}`);
  return found.id;
}
const workspaceId = (name: string) => idOf('workspaces', name);
const teamId = (name: string) => idOf('teams', name);

afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the plan the recipes post and the checksum they hand to apply', () => {
  it('markdown starts with the marker; the saved plan carries the same checksum; apply accepts it', async () => {
    const saved = join(dir, 'tfe-access.plan.json');
    const plan = await runCli(['plan', `${ROOT}examples/acme`, '--format', 'markdown', '--out', saved], { env });
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('<!-- tfe-access-plan organization=acme -->');
    const checksum = (JSON.parse(readFileSync(saved, 'utf8')) as { plan: { checksum: string } }).plan.checksum;
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.out).toContain(checksum);

    const wrong = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', 'f'.repeat(64)], { env });
    expect(wrong.code).toBe(1);
    const apply = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', checksum], { env });
    expect(apply.code, apply.err).toBe(0);
    const drift = await runCli(['drift', `${ROOT}examples/acme`, '--format', 'markdown'], { env });
    expect(drift.code).toBe(0);
  });

  it('least privilege: the read-only plan token plans what the write token applies, and can apply nothing itself', async () => {
    // Drift made by hand: one grant the files do not list.
    const grant = await fetch(`${emulator.url}/api/v2/team-workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'team-workspaces',
          attributes: { access: 'admin' },
          relationships: {
            workspace: { data: { type: 'workspaces', id: await workspaceId('billing-api-prod') } },
            team: { data: { type: 'teams', id: await teamId('interns') } },
          },
        },
      }),
    });
    expect(grant.ok, await grant.clone().text()).toBe(true);
    const readOnly = { ...env, TFE_TOKEN: PLAN_TOKEN };
    const saved = join(dir, 'read-only.plan.json');
    const plan = await runCli(['plan', `${ROOT}examples/acme`, '--format', 'markdown', '--out', saved], { env: readOnly });
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out).toContain('interns');
    const checksum = (JSON.parse(readFileSync(saved, 'utf8')) as { plan: { checksum: string } }).plan.checksum;
    const denied = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', checksum], { env: readOnly });
    expect(denied.code).not.toBe(0);
    expect((await runCli(['drift', `${ROOT}examples/acme`], { env })).code).toBe(2);
    const apply = await runCli(['apply', `${ROOT}examples/acme`, '--auto-approve', '--checksum', checksum], { env });
    expect(apply.code, apply.err).toBe(0);
    expect((await runCli(['drift', `${ROOT}examples/acme`], { env })).code).toBe(0);
  });

  it('a secret team the plan token cannot see: files naming it fail to plan; a grant of it makes apply refuse the reviewed plan', async () => {
    const secret = await startEmulator({ seed: withPlanTeam(demoSeed(), false), rateLimit: 0 });
    try {
      const owner = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: secret.url };
      const readOnly = { ...owner, TFE_TOKEN: PLAN_TOKEN };
      // examples/acme names the secret team in ignore-teams: the read-only token cannot resolve it.
      const named = await runCli(['plan', `${ROOT}examples/acme`], { env: readOnly });
      expect(named.code).toBe(1);
      expect(named.err).toContain('team "break-glass" in organization "acme": not found, or the token may not see it');
      // Without that line, the plan token does not see the secret team's grant on platform; the
      // write token does, plans its removal, and so refuses the reviewed checksum, changing nothing.
      const files = join(dir, 'acme-without-ignore');
      cpSync(`${ROOT}examples/acme`, files, { recursive: true });
      const organization = join(files, '00-organization.yaml');
      writeFileSync(organization, readFileSync(organization, 'utf8').replace(/^ {2}ignore-teams:.*\n/m, ''));
      const saved = join(dir, 'secret.plan.json');
      const plan = await runCli(['plan', files, '--out', saved], { env: readOnly });
      expect(plan.code, plan.err).toBe(0);
      expect(plan.out).not.toContain('break-glass');
      const checksum = (JSON.parse(readFileSync(saved, 'utf8')) as { plan: { checksum: string } }).plan.checksum;
      const apply = await runCli(['apply', files, '--auto-approve', '--checksum', checksum], { env: owner });
      expect(apply.code).toBe(1);
      expect(apply.err).toContain('checksum');
      expect((await runCli(['plan', files], { env: owner })).out).toContain('break-glass');
    } finally {
      await secret.stop();
    }
  });

  it('finding 9: files with members: cannot be planned with the read-only plan token, and docs/ci.md says which token they need', async () => {
    const files = join(dir, 'acme-with-members');
    cpSync(`${ROOT}examples/acme`, files, { recursive: true });
    writeFileSync(join(files, '90-teams.yaml'), 'organization: acme\nteams:\n  developers:\n    members: [ana@example.com]\n');
    const readOnly = { ...env, TFE_TOKEN: PLAN_TOKEN };
    for (const command of ['plan', 'drift']) {
      const run = await runCli([command, files], { env: readOnly });
      expect(run.code, `${command}: ${run.err}`).toBe(1);
      expect(run.err).toContain('the files manage members (teams.developers.members at ');
      expect(run.err).toContain('the server answered 404 to GET /organizations/acme/organization-memberships');
    }
    // A team with manage-membership (a team-management permission) may list the people: it plans.
    const withMembership = withPlanTeam(demoSeed(), true);
    const [acme, ...others] = withMembership.organizations;
    const team = {
      name: 'tfe-access-members',
      tokens: ['members-token'],
      'organization-access': { 'read-projects': true, 'read-workspaces': true, 'manage-membership': true },
    };
    const members = await startEmulator({
      seed: { ...withMembership, organizations: [{ ...acme!, teams: [...(acme!.teams ?? []), team] }, ...others] },
      rateLimit: 0,
    });
    try {
      const plan = await runCli(['plan', files], { env: { TFE_TOKEN: 'members-token', TFE_ADDRESS: members.url } });
      expect(plan.code, plan.err).toBe(0);
    } finally {
      await members.stop();
    }
    const doc = readFileSync(`${ROOT}docs/ci.md`, 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain('Files that list `members:`');
    expect(doc).toContain('GET /organizations/ORG/organization-memberships');
    expect(doc).toContain('`manage-membership`');
  });
});
