// Issue 39, acceptance: `token-policy:` lowering the team tokens' lifetime below 3 live team tokens is
// refused at plan time naming them, passes with `settings.max-token-revocations: 3`, and apply leaves
// exactly those tokens unusable; a policy changed by hand afterwards is drift (emulator, current profile).

import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { callAs, tokensOfAges as ownersTokensOfAges, works } from '../support/team-tokens.js';
import { startWorld, type World } from '../support/world.js';

const OWNER = 'tokens-org-token';
const SEED = oneOrganization(
  {
    name: 'acme',
    token: OWNER,
    teams: [
      { name: 'owners', id: 'team-owners' },
      { name: 'ci', id: 'team-ci' },
      { name: 'deploy', id: 'team-deploy' },
    ],
  },
  'current',
);
const POLICY = `organization: acme
token-policy:
  max-ttl:
    team: 30d
`;
const ALLOWED = `${POLICY}settings:
  max-token-revocations: 3
`;

const held = perTest();

const call = (world: World, method: string, path: string, body?: unknown, token = OWNER) => callAs(world, token, method, path, body);
const tokensOfAges = (world: World) => ownersTokensOfAges(world, OWNER);

describe('token-policy: a lowered team-token lifetime', () => {
  it('is refused at plan time naming the 3 tokens it ends, passes with max-token-revocations: 3, and apply ends exactly those', async () => {
    const world = await startWorld(held, SEED, POLICY);
    const { old, young, now } = await tokensOfAges(world);
    const env = { ...world.env(OWNER), TFE_ACCESS_NOW: now };

    const refused = await runCli(['plan', world.file, '--format', 'json'], { env });
    const plan = JSON.parse(refused.out);
    expect(plan.token_policy_changes).toHaveLength(1);
    expect(plan.token_policy_changes[0]).toMatchObject({
      setting: 'max-ttl',
      token_type: 'team',
      before: null,
      after: 30 * 24 * 3600 * 1000,
      after_text: '30d',
    });
    expect(plan.token_policy_changes[0].ends.count).toBe(3);
    expect(plan.refusals.map((r: { guard: string }) => r.guard)).toEqual(['max-token-revocations']);
    for (const token of old) expect(plan.refusals[0].message).toContain(token.id);
    expect(plan.refusals[0].message).not.toContain(young.id);
    expect(plan.refusals[0].message).toContain('team "ci" token "ci nightly"');
    expect(refused.out).not.toContain('atlasv1');

    const text = await runCli(['plan', world.file], { env });
    expect(text.out).toContain('max-ttl.team: none -> 30d (ends 3 live tokens at once)');
    expect(text.out).toContain('max-token-revocations');

    const applyRefused = await runCli(['apply', world.file, '--auto-approve'], { env });
    expect(applyRefused.code).toBe(3);
    for (const token of [...old, young]) expect(await works(world, token)).toBe(200);

    await writeFile(world.file, ALLOWED);
    const allowed = JSON.parse((await runCli(['plan', world.file, '--format', 'json'], { env })).out);
    expect(allowed.refusals).toEqual([]);
    const applied = await runCli(['apply', world.file, '--auto-approve'], { env });
    expect(applied.code, applied.err).toBe(0);
    for (const token of old) expect(await works(world, token)).toBe(401);
    expect(await works(world, young)).toBe(200);

    const again = await runCli(['plan', world.file, '--detailed-exitcode'], { env });
    expect(again.code, again.out).toBe(0);
  });

  it("--target keeps the policy (the organization's, as teams are) and its guard: a targeted plan does not pass what the whole plan refuses", async () => {
    const organization = SEED.organizations[0] as SeedOrganization;
    const seed = oneOrganization({ ...organization, workspaces: [{ name: 'w0', id: 'ws-w0' }] }, 'current');
    const world = await startWorld(held, seed, `${POLICY}workspaces:\n  w0:\n    teams:\n      ci: read\n`);
    const { old, now } = await tokensOfAges(world);
    const env = { ...world.env(OWNER), TFE_ACCESS_NOW: now };
    const targeted = await runCli(['plan', world.file, '--target', 'workspace:w0', '--format', 'json'], { env });
    const plan = JSON.parse(targeted.out);
    expect(plan.token_policy_changes).toHaveLength(1);
    expect(plan.token_policy_changes[0].ends.count).toBe(3);
    expect(plan.refusals.map((r: { guard: string }) => r.guard)).toEqual(['max-token-revocations']);
    const applied = await runCli(['apply', world.file, '--target', 'workspace:w0', '--auto-approve'], { env });
    expect(applied.code).toBe(3);
    for (const token of old) expect(await works(world, token)).toBe(200);
  });

  it('a policy changed by hand is drift (exit 2), named by its setting', async () => {
    const world = await startWorld(held, SEED, ALLOWED);
    const env = world.env(OWNER);
    expect((await runCli(['apply', world.file, '--auto-approve'], { env })).code).toBe(0);
    const patch = {
      data: { type: 'organization-token-ttl-policies', attributes: { 'token-ttl-policies': [{ 'token-type': 'team', 'max-ttl-ms': 60 * 24 * 3600 * 1000 }] } },
    };
    expect((await call(world, 'PATCH', '/organizations/acme/token-ttl-policies', patch)).status).toBe(200);
    const drift = await runCli(['drift', world.file], { env });
    expect(drift.code, drift.err).toBe(2);
    expect(drift.out).toContain('max-ttl.team: 60d -> 30d');
  });

  it('a server without the policy (seed profile) is one line naming where the files ask for it, nothing changed', async () => {
    const world = await startWorld(held, oneOrganization({ name: 'acme', token: OWNER, teams: [{ name: 'owners', id: 'team-owners' }] }), POLICY);
    const run = await runCli(['plan', world.file], { env: world.env(OWNER) });
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/token-policy at .*tfe-access\.yaml:2:1.*answered 404 to GET \/organizations\/acme\/token-ttl-policies/);
  });
});
