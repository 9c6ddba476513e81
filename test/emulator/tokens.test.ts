// Team tokens and the token-lifetime policy as the emulator's current profile serves them
// (docs/api.md, "Tokens"): several per team with a description, read, listed, deleted, and a
// lowered limit ending every older token of its type (401).
import { describe, expect, it } from 'vitest';
import { ADMIN, SEED, useEmulator } from './helpers.js';
import { peopleSeed } from './people-seed.js';

const DAY = 24 * 3600 * 1000;
const t = useEmulator({ seed: SEED, profile: 'current' });

const tokenBody = (description: string, expiredAt?: string) => ({
  data: { type: 'authentication-tokens', attributes: { description, ...(expiredAt ? { 'expired-at': expiredAt } : {}) } },
});
const ttlBody = (policies: { 'token-type': string; 'max-ttl-ms': number }[]) => ({
  data: { type: 'organization-token-ttl-policies', attributes: { 'token-ttl-policies': policies } },
});
const advanceDays = (days: number) => t.api.post('/emulator/clock', { 'advance-seconds': days * 24 * 3600 });

async function makeToken(team: string, description: string, expiredAt?: string): Promise<any> {
  const r = await t.api.post(`/teams/${team}/authentication-tokens`, tokenBody(description, expiredAt));
  expect(r.status).toBe(201);
  return r.body.data;
}

describe('team tokens', () => {
  it('several per team, each with its description, its expiry sent or two years by default, and who made it', async () => {
    const sent = new Date(Date.now() + 30 * DAY).toISOString();
    const one = await makeToken('team-dev', 'ci', sent);
    const two = await makeToken('team-dev', 'deploys');
    expect(one.attributes.token).toMatch(/\.atlasv1\./);
    expect(one.attributes['expired-at']).toBe(sent);
    const defaulted = Date.parse(two.attributes['expired-at']) - Date.parse(two.attributes['created-at']);
    expect(Math.round(defaulted / DAY)).toBe(730);
    expect(one.relationships['created-by'].data).toEqual({ type: 'users', id: expect.any(String) });
    expect(one.relationships.team.data).toEqual({ id: 'team-dev', type: 'teams' });
    // The new token works, and its secret is in no read of it.
    expect((await t.api.get('/organizations/acme/projects', one.attributes.token)).status).toBe(200);
    const shown = await t.api.get(`/authentication-tokens/${one.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.token).toBeUndefined();
    expect(shown.body.data.attributes['last-used-at']).not.toBeNull();
  });

  it('a description is unique per team; an expiry in the past is refused (422)', async () => {
    await makeToken('team-dev', 'ci');
    expect((await t.api.post('/teams/team-dev/authentication-tokens', tokenBody('ci'))).status).toBe(422);
    expect((await t.api.post('/teams/team-sre/authentication-tokens', tokenBody('ci'))).status).toBe(201);
    expect((await t.api.post('/teams/team-sre/authentication-tokens', tokenBody('old', '2001-01-01T00:00:00Z'))).status).toBe(422);
  });

  it('delete by id: 204, the token stops working (401), and an unknown id is 404', async () => {
    const one = await makeToken('team-sre', 'ci');
    expect((await t.api.del(`/authentication-tokens/${one.id}`)).status).toBe(204);
    expect((await t.api.get('/organizations/acme/projects', one.attributes.token)).status).toBe(401);
    expect((await t.api.get(`/authentication-tokens/${one.id}`)).status).toBe(404);
    expect((await t.api.del('/authentication-tokens/at-unknown')).status).toBe(404);
  });

  it('the organization list: q on the team name, sort, and the expiry-status filter under both names', async () => {
    await makeToken('team-dev', 'late', new Date(Date.now() + 300 * DAY).toISOString());
    await makeToken('team-sre', 'soon', new Date(Date.now() + 3 * DAY).toISOString());
    await makeToken('team-dev', 'mid', new Date(Date.now() + 20 * DAY).toISOString());
    const descriptions = async (query: string) =>
      ((await t.api.get(`/organizations/acme/team-tokens${query}`)).body.data as any[]).map((d) => d.attributes.description);
    expect(await descriptions('')).toEqual(['soon', 'mid', 'late']);
    expect(await descriptions('?sort=-expired-at')).toEqual(['late', 'mid', 'soon']);
    expect(await descriptions('?q=dev')).toEqual(['mid', 'late']);
    expect(await descriptions('?filter[expiry_status]=expiring_in_7_days')).toEqual(['soon']);
    expect(await descriptions('?filter[status]=expiring_in_30_days')).toEqual(['soon', 'mid']);
    expect((await t.api.get('/organizations/acme/team-tokens?sort=colour')).status).toBe(400);
    const listed = (await t.api.get('/organizations/acme/team-tokens')).body;
    expect(JSON.stringify(listed)).not.toMatch(/atlasv1/);
    expect(listed.meta.pagination['total-count']).toBe(3);
  });
});

describe('the token-lifetime policy', () => {
  it('GET is empty, PATCH upserts the types sent; owners only (403 for a member, 404 for none)', async () => {
    expect((await t.api.get('/organizations/acme/token-ttl-policies')).body.data).toEqual([]);
    const set = await t.api.patch('/organizations/acme/token-ttl-policies', ttlBody([{ 'token-type': 'team', 'max-ttl-ms': 30 * DAY }]));
    expect(set.status).toBe(200);
    await t.api.patch('/organizations/acme/token-ttl-policies', ttlBody([{ 'token-type': 'audit_trails', 'max-ttl-ms': 90 * DAY }]));
    const read = (await t.api.get('/organizations/acme/token-ttl-policies')).body.data as any[];
    expect(read.map((p) => [p.type, p.attributes['token-type'], p.attributes['max-ttl-ms']])).toEqual([
      ['organization-token-ttl-policies', 'team', 30 * DAY],
      ['organization-token-ttl-policies', 'audit_trails', 90 * DAY],
    ]);
    expect((await t.api.get('/organizations/acme/token-ttl-policies', 'dev-token')).status).toBe(403);
    expect((await t.api.patch('/organizations/acme/token-ttl-policies', ttlBody([{ 'token-type': 'audit-trails', 'max-ttl-ms': 1 }]))).status).toBe(422);
  });

  it('a lowered limit ends every older token of its type at once (401); younger ones and other types keep working', async () => {
    const old = await makeToken('team-dev', 'old');
    const org = (await t.api.post('/organizations/acme/authentication-token', undefined)).body.data;
    await advanceDays(40);
    const young = await makeToken('team-dev', 'young');
    await t.api.patch('/organizations/acme/token-ttl-policies', ttlBody([{ 'token-type': 'team', 'max-ttl-ms': 30 * DAY }]));
    expect((await t.api.get('/organizations/acme/projects', old.attributes.token)).status).toBe(401);
    expect((await t.api.get('/organizations/acme/projects', young.attributes.token)).status).toBe(200);
    expect((await t.api.get('/organizations/acme/projects', org.attributes.token)).status).toBe(200);
    expect((await t.api.get('/organizations/acme/projects', ADMIN)).status).toBe(200);
  });

  it('the organization token is shown without its secret; none is 404', async () => {
    expect((await t.api.get('/organizations/acme/authentication-token')).status).toBe(404);
    await t.api.post('/organizations/acme/authentication-token', undefined);
    const shown = await t.api.get('/organizations/acme/authentication-token');
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.token).toBeUndefined();
  });
});

describe('user tokens', () => {
  const p = useEmulator({ seed: peopleSeed('current') });
  const userTokens = (enabled: boolean, token?: string) =>
    p.api.patch('/organizations/acme', { data: { type: 'organizations', attributes: { 'user-tokens-enabled': enabled } } }, token);
  it("switched off, a person's own token no longer reaches the organization; on again, it does; owners only", async () => {
    expect((await p.api.get('/organizations/acme/teams', 'dee-token')).status).toBe(200);
    expect((await userTokens(false, 'dee-token')).status).toBe(403);
    const off = await userTokens(false, 'acme-org-token');
    expect(off.status).toBe(200);
    expect(off.body.data.attributes['user-tokens-enabled']).toBe(false);
    expect((await p.api.get('/organizations/acme/teams', 'dee-token')).status).toBe(404);
    expect((await p.api.get('/organizations/acme/teams', 'acme-org-token')).status).toBe(200);
    expect((await userTokens(true, 'acme-org-token')).status).toBe(200);
    expect((await p.api.get('/organizations/acme/teams', 'dee-token')).status).toBe(200);
  });
});

describe('the seed profile', () => {
  const s = useEmulator({ seed: SEED });
  it('has none of it (404)', async () => {
    expect((await s.api.get('/organizations/acme/token-ttl-policies')).status).toBe(404);
    expect((await s.api.post('/teams/team-dev/authentication-tokens', tokenBody('x'))).status).toBe(404);
  });
});
