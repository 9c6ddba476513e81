// Team tokens on the emulator, for the tests of token-policy, its saved plans and max-token-age: a
// call to the API as a token, a token made for a team (with an end, or the service's default), and
// a token's work tested by a request made with it.
import { expect } from 'vitest';
import { DEFAULT_ADMIN_TOKEN as ADMIN } from '../../src/emulator/start.js';
import type { World } from './world.js';

/** One request to the emulator's API as `token`; the status and the parsed body (none: undefined). */
export async function callAs(world: World, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${world.emulator.url}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
}

export interface Made {
  readonly id: string;
  readonly secret: string;
}

/** A token of `team` made by `owner`, ending at `expiredAt` (absent: the service's default); its id and secret. */
export async function makeToken(world: World, owner: string, team: string, description: string, expiredAt?: string): Promise<Made> {
  const attributes = { description, ...(expiredAt ? { 'expired-at': expiredAt } : {}) };
  const made = await callAs(world, owner, 'POST', `/teams/${team}/authentication-tokens`, { data: { type: 'authentication-tokens', attributes } });
  expect(made.status).toBe(201);
  return { id: made.body.data.id, secret: made.body.data.attributes.token };
}

/** Moves the emulator's clock on; its time then (RFC 3339), for the CLI's TFE_ACCESS_NOW. */
export async function advanceClock(world: World, seconds: number): Promise<string> {
  return (await callAs(world, ADMIN, 'POST', '/emulator/clock', { 'advance-seconds': seconds })).body.now;
}

/** Three tokens 40 days old (two of team-ci, one of team-deploy) and one of team-deploy a day old; the emulator's clock then. */
export async function tokensOfAges(world: World, owner: string): Promise<{ old: Made[]; young: Made; now: string }> {
  const old = [
    await makeToken(world, owner, 'team-ci', 'ci nightly'),
    await makeToken(world, owner, 'team-ci', 'ci release'),
    await makeToken(world, owner, 'team-deploy', 'deploys'),
  ];
  await advanceClock(world, 39 * 24 * 3600);
  const young = await makeToken(world, owner, 'team-deploy', 'fresh');
  return { old, young, now: await advanceClock(world, 24 * 3600) };
}

/** The status of a request made with the token: 200 while it works, 401 once it does not. */
export const works = async (world: World, token: Made): Promise<number> => (await callAs(world, token.secret, 'GET', '/organizations/acme/projects')).status;
