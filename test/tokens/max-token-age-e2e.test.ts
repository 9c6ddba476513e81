// Issue 39, Build 4: `max-token-age` on the emulator. The current profile lists the team tokens: a
// token past the limit is a violation of its team in plan (live: a plan makes no token), drift
// (exit 2) and the report; the seed profile has no team-token list, and a non-owner's token lists
// only the tokens of the teams it manages: the run says the policy was not evaluated (or only on
// those), never that nothing breaks it.

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { advanceClock, callAs, makeToken as makeTeamToken } from '../support/team-tokens.js';
import { startWorld, type World } from '../support/world.js';

const OWNER = 'age-org-token';
const TEAMS = [
  { name: 'owners', id: 'team-owners' },
  { name: 'ci', id: 'team-ci' },
  { name: 'deploy', id: 'team-deploy' },
];
const FILES = `organization: acme
policies:
  - name: short tokens
    max-token-age: { days: 30 }
`;
const DAY_MS = 24 * 3600 * 1000;

const held = perTest();

const call = (world: World, method: string, path: string, body?: unknown, token = OWNER) => callAs(world, token, method, path, body);
const makeToken = (world: World, team: string, description: string, expiredAt?: string) => makeTeamToken(world, OWNER, team, description, expiredAt);
/** The emulator's clock, for the CLI's (TFE_ACCESS_NOW). */
const clock = (world: World) => advanceClock(world, 0);

type Reason = { code: string; policies?: string[]; cause?: string };
const tokenReasons = (document: { incomplete: Reason[] }): Reason[] => document.incomplete.filter((r) => r.code === 'team-tokens-unlisted');

describe('max-token-age on the emulator', () => {
  it("current profile: a token past the limit is its team's violation in plan (live), drift (exit 2) and the report; one within is not", async () => {
    const world = await startWorld(held, oneOrganization({ name: 'acme', token: OWNER, teams: TEAMS }, 'current'), FILES);
    const now = await clock(world);
    const long = await makeToken(world, 'team-ci', 'ci nightly');
    const short = await makeToken(world, 'team-deploy', 'deploys', new Date(Date.parse(now) + 10 * DAY_MS).toISOString());
    const env = { ...world.env(OWNER), TFE_ACCESS_NOW: now };

    const planned = await runCli(['plan', world.file, '--format', 'json'], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out);
    expect(plan.violations).toHaveLength(1);
    expect(plan.violations[0]).toMatchObject({ policy: 'short tokens', target: null, team: { name: 'ci', id: 'team-ci' }, status: 'live' });
    expect(plan.violations[0].message).toContain(`${long.id} "ci nightly" (until `);
    expect(plan.violations[0].message).not.toContain(short.id);
    expect(tokenReasons(plan)).toEqual([]);
    expect(planned.out).not.toContain(long.secret);

    const drift = await runCli(['drift', world.file], { env });
    expect(drift.code, drift.err).toBe(2);
    expect(drift.out).toContain(`[short tokens] team "ci" has a token that does not expire within 30 days: ${long.id} "ci nightly"`);

    const report = JSON.parse((await runCli(['report', world.file, '--format', 'json'], { env })).out);
    expect(report.violations.map((v: { team: { name: string } }) => v.team.name)).toEqual(['ci']);

    // The token revoked, the policy holds.
    expect((await call(world, 'DELETE', `/authentication-tokens/${long.id}`)).status).toBe(204);
    const clean = await runCli(['drift', world.file], { env });
    expect(clean.code, clean.out).toBe(0);
  });

  it('seed profile (no team-token list): not evaluated, said in plan, drift and report, never "no violation"', async () => {
    const world = await startWorld(held, oneOrganization({ name: 'acme', token: OWNER, teams: TEAMS }), FILES);
    const env = world.env(OWNER);
    const plan = JSON.parse((await runCli(['plan', world.file, '--format', 'json'], { env })).out);
    expect(plan.violations).toEqual([]);
    expect(plan.complete).toBe(false);
    expect(tokenReasons(plan)).toMatchObject([{ policies: ['short tokens'], cause: 'no-list' }]);
    const drift = await runCli(['drift', world.file], { env });
    expect(drift.out).toContain('so policy "short tokens" (max-token-age) was not evaluated');
    const report = JSON.parse((await runCli(['report', world.file, '--format', 'json'], { env })).out);
    expect(report.complete).toBe(false);
    expect(tokenReasons(report)).toMatchObject([{ cause: 'no-list' }]);
  });

  it("a team's token lists only the tokens of the teams it manages: the policy says it was evaluated on those alone", async () => {
    const world = await startWorld(held, oneOrganization({ name: 'acme', token: OWNER, teams: TEAMS }, 'current'), FILES);
    const now = await clock(world);
    await makeToken(world, 'team-deploy', 'deploys');
    const caller = await makeToken(world, 'team-ci', 'caller', new Date(Date.parse(now) + DAY_MS).toISOString());
    const run = await runCli(['plan', world.file, '--format', 'json'], { env: { ...world.env(caller.secret), TFE_ACCESS_NOW: now } });
    expect(run.code, run.err).toBe(0);
    const plan = JSON.parse(run.out);
    expect(plan.violations).toEqual([]);
    expect(tokenReasons(plan)).toMatchObject([{ policies: ['short tokens'], cause: 'not-every-team' }]);
  });
});
