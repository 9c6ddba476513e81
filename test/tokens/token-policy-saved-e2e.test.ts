// Issue 39: a saved plan holds token-policy changes (format 6). `plan --out` saves a lowered limit with
// the tokens it ends; `apply --plan FILE` applies it (the reviewed --checksum, or the files as PATHS,
// vouching for max-token-revocations, as for every saved limit); a policy changed by hand since, or a
// token it ends revoked meanwhile, makes the plan stale (exit 1, nothing changed); a wrong --checksum
// is refused; a --target plan carries the policy and applies it (emulator, current profile).
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { callAs, tokensOfAges as ownersTokensOfAges, works } from '../support/team-tokens.js';
import { startWorld, type World } from '../support/world.js';

const OWNER = 'saved-tokens-org-token';
const SEED = oneOrganization(
  {
    name: 'acme',
    token: OWNER,
    teams: [
      { name: 'owners', id: 'team-owners' },
      { name: 'ci', id: 'team-ci' },
      { name: 'deploy', id: 'team-deploy' },
    ],
    workspaces: [{ name: 'w0', id: 'ws-w0' }],
  },
  'current',
);
const FILES = `organization: acme
token-policy:
  max-ttl:
    team: 30d
settings:
  max-token-revocations: 3
workspaces:
  w0:
    teams:
      ci: read
`;

const held = perTest();

const call = (world: World, method: string, path: string, body?: unknown, token = OWNER) => callAs(world, token, method, path, body);
const tokensOfAges = (world: World) => ownersTokensOfAges(world, OWNER);

/** A world with the four tokens, its environment at the emulator's clock, and a saved plan of the files (its checksum too). */
async function saved(extra: string[] = []) {
  const world = await startWorld(held, SEED, FILES);
  const tokens = await tokensOfAges(world);
  const env = { ...world.env(OWNER), TFE_ACCESS_NOW: tokens.now };
  const out = `${world.dir}/saved.json`;
  const planned = await runCli(['plan', world.file, '--out', out, '--format', 'json', ...extra], { env });
  expect(planned.code, planned.err).toBe(0);
  const checksum = JSON.parse(planned.out).checksum as string;
  return { world, env, out, checksum, ...tokens };
}

describe('a saved plan with token-policy changes', () => {
  it('is written as format 6 with the tokens it ends (no secret), applied with the reviewed --checksum, and re-plans clean', async () => {
    const { world, env, out, checksum, old, young } = await saved();
    const text = await readFile(out, 'utf8');
    const document = JSON.parse(text);
    expect(document.format_version).toBe(6);
    expect(document.basis.token_policy).toMatchObject({ max_token_revocations: 3 });
    expect(document.plan.token_policy_changes[0].ends.tokens.map((t: { id: string }) => t.id).sort()).toEqual(old.map((t) => t.id).sort());
    for (const token of [...old, young]) expect(text).not.toContain(token.secret);

    const show = await runCli(['show', out], { env });
    expect(show.out).toContain('max-ttl.team: none -> 30d (ends 3 live tokens at once)');

    // A wrong --checksum is refused before any write.
    const wrong = await runCli(['apply', '--plan', out, '--checksum', '0'.repeat(64), '--auto-approve'], { env });
    expect(wrong.code).toBe(1);
    for (const token of old) expect(await works(world, token)).toBe(200);

    const applied = await runCli(['apply', '--plan', out, '--checksum', checksum, '--auto-approve'], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    for (const token of old) expect(await works(world, token)).toBe(401);
    expect(await works(world, young)).toBe(200);
    const again = await runCli(['plan', world.file, '--detailed-exitcode'], { env });
    expect(again.code, again.out).toBe(0);
  });

  it('unvouched, its max-token-revocations is no looser than the default: refused (exit 3), said on stderr; with the files as PATHS, applied', async () => {
    const { world, env, out, old } = await saved();
    const unvouched = await runCli(['apply', '--plan', out, '--auto-approve'], { env });
    expect(unvouched.code).toBe(3);
    expect(unvouched.err).toContain('settings.max-token-revocations (3) of the saved plan');
    for (const token of old) expect(await works(world, token)).toBe(200);
    const withFiles = await runCli(['apply', world.file, '--plan', out, '--auto-approve'], { env });
    expect(withFiles.code, `${withFiles.out}${withFiles.err}`).toBe(0);
    for (const token of old) expect(await works(world, token)).toBe(401);
  });

  it('a policy changed by hand since it was planned makes it stale: exit 1, nothing changed', async () => {
    const { world, env, out, checksum, old } = await saved();
    const patch = {
      data: {
        type: 'organization-token-ttl-policies',
        attributes: { 'token-ttl-policies': [{ 'token-type': 'organization', 'max-ttl-ms': 90 * 24 * 3600 * 1000 }] },
      },
    };
    expect((await call(world, 'PATCH', '/organizations/acme/token-ttl-policies', patch)).status).toBe(200);
    const run = await runCli(['apply', '--plan', out, '--checksum', checksum, '--auto-approve'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toContain('the saved plan is stale: the token policy changed since it was planned; nothing was changed');
    for (const token of old) expect(await works(world, token)).toBe(200);
  });

  it('a token it ends revoked since it was planned makes it stale: the plan ends other tokens than reviewed', async () => {
    const { world, env, out, checksum, old } = await saved();
    expect((await call(world, 'DELETE', `/authentication-tokens/${old[0]!.id}`)).status).toBe(204);
    const run = await runCli(['apply', '--plan', out, '--checksum', checksum, '--auto-approve'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toContain('the live tokens its token-policy changes end changed');
    for (const token of old.slice(1)) expect(await works(world, token)).toBe(200);
  });

  it("a --target plan carries the policy (the organization's) and apply --plan applies it", async () => {
    const { world, env, out, checksum, old } = await saved(['--target', 'workspace:w0']);
    const document = JSON.parse(await readFile(out, 'utf8'));
    expect(document.plan.targeted).toEqual(['workspace:w0']);
    expect(document.plan.token_policy_changes).toHaveLength(1);
    const applied = await runCli(['apply', '--plan', out, '--checksum', checksum, '--auto-approve'], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    for (const token of old) expect(await works(world, token)).toBe(401);
  });

  it('an edited token list, sealed again, is refused by the checksum', async () => {
    const { env, out } = await saved();
    const document = JSON.parse(await readFile(out, 'utf8'));
    document.plan.token_policy_changes[0].ends.tokens.pop();
    document.plan.token_policy_changes[0].ends.count = 2;
    const { INTEGRITY_KEY, integrityOf } = await import('../../src/saved-plan/fingerprint.js');
    delete document[INTEGRITY_KEY];
    await writeFile(out, JSON.stringify({ ...document, [INTEGRITY_KEY]: integrityOf(document) }));
    const run = await runCli(['apply', '--plan', out, '--auto-approve'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toContain('plan.checksum does not match');
  });
});
