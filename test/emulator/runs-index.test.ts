// `GET /organizations/:org/runs` and its set-up route (docs/api.md, "Runs index"; docs/emulator.md,
// "Runs"): newest first, pages without totals, the filters, created-by and confirmed-by with a team
// token's service user, who sees what, the limit of 30 a minute, and the set-up route's refusals;
// and `GET /state-versions/:id`, which maps an audit event's state version to its workspace.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { EmulatorOptions, RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { type Client, client } from './helpers.js';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number): string => new Date(NOW - days * DAY).toISOString();

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: 'acme-org-token',
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'devs', id: 'team-devs', tokens: ['devs-token'] },
        { name: 'ops', id: 'team-ops' },
      ],
      workspaces: [
        { name: 'app', id: 'ws-app' },
        { name: 'net', id: 'ws-net' },
      ],
      'team-workspaces': [{ team: 'devs', workspace: 'app', access: 'plan', id: 'tws-devs' }],
      people: [
        { email: 'ana@acme.test', username: 'ana', id: 'ou-ana', 'user-id': 'user-ana', teams: ['devs'] },
        { email: 'bo@acme.test', username: 'bo', id: 'ou-bo', 'user-id': 'user-bo', teams: ['ops'] },
      ],
    },
  ],
};

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
});

async function start(options: EmulatorOptions = {}): Promise<Client> {
  emu = await startEmulator({ seed: SEED, rateLimit: 0, runsRateLimit: 0, now: () => NOW, ...options });
  return client(emu);
}

async function addRuns(api: Client, runs: unknown[]): Promise<void> {
  const answer = await api.post('/emulator/organizations/acme/runs', { runs });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const THREE = [
  { workspace: 'app', 'created-by': 'ana', 'created-at': ago(3), 'plan-only': true },
  { workspace: 'net', 'created-by': 'bo', 'confirmed-by': 'bo', 'created-at': ago(1) },
  { workspace: 'app', 'created-by': 'team:devs', 'created-at': ago(2), status: 'planned' },
];

describe('the runs index', () => {
  it('lists newest first with created-by and confirmed-by; pages have no totals and next-page ends null', async () => {
    const api = await start();
    await addRuns(api, THREE);
    const one = await api.get('/organizations/acme/runs?page%5Bsize%5D=2');
    expect(one.status).toBe(200);
    expect(one.body.meta.pagination).toEqual({ 'current-page': 1, 'page-size': 2, 'prev-page': null, 'next-page': 2 });
    expect(one.body.links.first).toBeUndefined();
    const two = await api.get('/organizations/acme/runs?page%5Bsize%5D=2&page%5Bnumber%5D=2');
    expect(two.body.meta.pagination['next-page']).toBeNull();
    const runs = [...one.body.data, ...two.body.data];
    expect(runs.map((r: any) => r.attributes['created-at'])).toEqual([ago(1), ago(2), ago(3)]);
    expect(runs[0].relationships['created-by'].data).toEqual({ id: 'user-bo', type: 'users' });
    expect(runs[0].relationships['confirmed-by'].data).toEqual({ id: 'user-bo', type: 'users' });
    expect(runs[2].relationships['confirmed-by'].data).toBeNull();
    expect(runs[2].attributes['plan-only']).toBe(true);
  });

  it("a team token's run names the team's service user, a member of the team marked as a service account", async () => {
    const api = await start();
    await addRuns(api, THREE);
    const run = (await api.get('/organizations/acme/runs')).body.data.find((r: any) => r.attributes.status === 'planned');
    const userId = run.relationships['created-by'].data.id;
    const members = await api.get('/organizations/acme/organization-memberships?include=user');
    const user = members.body.included.find((u: any) => u.id === userId);
    expect(user.attributes['is-service-account']).toBe(true);
    expect(user.attributes.username).toMatch(/^api-team_/);
  });

  it('filters by workspace names, status group, timeframe; search[user] matches no HCP Terraform user', async () => {
    const api = await start();
    await addRuns(api, [...THREE, { workspace: 'net', 'created-by': 'bo', 'created-at': ago(400) }]);
    const count = async (query: string): Promise<number> => (await api.get(`/organizations/acme/runs?${query}`)).body.data.length;
    expect(await count('filter%5Bworkspace_names%5D=app')).toBe(2);
    expect(await count('filter%5Bstatus_group%5D=discardable')).toBe(1);
    expect(await count('filter%5Bstatus_group%5D=final')).toBe(2);
    expect(await count('')).toBe(3);
    expect(await count(`filter%5Btimeframe%5D=${new Date(NOW - 400 * DAY).getUTCFullYear()}`)).toBe(1);
    expect(await count('search%5Buser%5D=ana')).toBe(0);
    expect((await api.get('/organizations/acme/runs?filter%5Bstatus_group%5D=done')).status).toBe(400);
    expect((await api.get('/organizations/acme/runs?filter%5Btimeframe%5D=lately')).status).toBe(400);
  });

  it("a team token sees the runs of the workspaces its team can see; another organization's caller gets 404", async () => {
    const api = await start();
    await addRuns(api, THREE);
    const seen = await api.get('/organizations/acme/runs', 'devs-token');
    expect(seen.body.data.map((r: any) => r.relationships.workspace.data.id)).toEqual(['ws-app', 'ws-app']);
    expect((await api.get('/organizations/acme/runs', 'acme-org-token')).body.data).toHaveLength(3);
    expect((await api.get('/organizations/nope/runs')).status).toBe(404);
  });

  it('its own limit: 30 a minute per caller, the 31st answered 429 with X-RateLimit-Reset; other routes unaffected', async () => {
    const api = await start({ runsRateLimit: 30 });
    // All 31 at once: the bucket refills one request every 2 s, so 31 asked one after another on a
    // loaded machine could see a refill; asked together they arrive well inside it.
    const answers = await Promise.all(Array.from({ length: 31 }, () => api.get('/organizations/acme/runs')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429);
    if (!refused) throw new Error('no request was answered 429');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(1);
    expect((await api.get('/organizations/acme/workspaces')).status).toBe(200);
  });
});

describe('the set-up route', () => {
  it('refuses an unknown workspace, user, team, status or a missing time with a 422 at its pointer', async () => {
    const api = await start();
    const refusal = async (run: Record<string, unknown>): Promise<string> => {
      const answer = await api.post('/emulator/organizations/acme/runs', { runs: [{ workspace: 'app', 'created-by': 'ana', 'created-at': ago(1), ...run }] });
      expect(answer.status).toBe(422);
      return answer.body.errors[0].source.pointer;
    };
    expect(await refusal({ workspace: 'nope' })).toBe('/runs/0/workspace');
    expect(await refusal({ 'created-by': 'zed' })).toBe('/runs/0/created-by');
    expect(await refusal({ 'confirmed-by': 'team:nope' })).toBe('/runs/0/confirmed-by');
    expect(await refusal({ status: 'done' })).toBe('/runs/0/status');
    expect(await refusal({ 'created-at': 'yesterday' })).toBe('/runs/0/created-at');
  });

  it('is for the admin token only', async () => {
    const api = await start();
    expect((await api.post('/emulator/organizations/acme/runs', { runs: [] }, 'acme-org-token')).status).toBe(404);
  });
});

describe('GET /state-versions/:id and its set-up route (docs/emulator.md, "State versions")', () => {
  it('maps a state version to its workspace, for a caller who sees the workspace; else, unknown, or in the seed profile, 404', async () => {
    const api = await start();
    const made = await api.post('/emulator/organizations/acme/state-versions', { 'state-versions': [{ workspace: 'app' }, { workspace: 'net' }] });
    expect(made.status).toBe(201);
    const [app, net] = (made.body as { data: { id: string; workspace: string }[] }).data;
    expect([app?.workspace, net?.workspace]).toEqual(['ws-app', 'ws-net']);
    const shown = await api.get(`/state-versions/${app?.id}`, 'acme-org-token');
    expect(shown.status).toBe(200);
    expect((shown.body as any).data).toMatchObject({
      id: app?.id,
      type: 'state-versions',
      relationships: { workspace: { data: { id: 'ws-app', type: 'workspaces' } } },
    });
    expect((await api.get(`/state-versions/${net?.id}`, 'devs-token')).status).toBe(404);
    expect((await api.get(`/state-versions/${app?.id}`, 'devs-token')).status).toBe(200);
    expect((await api.get('/state-versions/sv-none', 'acme-org-token')).status).toBe(404);
    // Each show is in the audit trail as the service records it: the version's id, no workspace.
    const trail = await api.get('/organization/audit-trail', 'acme-org-token');
    const shows = (trail.body as any).data.filter((e: any) => e.resource.type === 'state_version');
    expect(shows.map((e: any) => [e.resource.id, e.resource.action, e.resource.meta])).toEqual([
      [app?.id, 'show', null],
      [app?.id, 'show', null],
    ]);
    const refused = await api.post('/emulator/organizations/acme/state-versions', { 'state-versions': [{ workspace: 'nowhere' }] });
    expect(refused.status).toBe(422);
    expect((await api.post('/emulator/organizations/acme/state-versions', { 'state-versions': [{ workspace: 'app' }] }, 'acme-org-token')).status).toBe(404);
  });

  it('the seed profile has none', async () => {
    const api = await start({ profile: 'seed' });
    const made = await api.post('/emulator/organizations/acme/state-versions', { 'state-versions': [{ workspace: 'app' }] });
    const id = (made.body as { data: { id: string }[] }).data[0]?.id;
    expect((await api.get(`/state-versions/${id}`, 'acme-org-token')).status).toBe(404);
  });
});
