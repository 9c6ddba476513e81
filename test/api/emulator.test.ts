// The client against the emulator over real HTTP: pagination, the rate limit, faults, the request
// budget of resolve + read, and the canary token, which is the organization token of every request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOptions, TfeClient } from '../../src/api/client.js';
import { OutcomeUnknownError } from '../../src/api/errors/outcome-unknown-error.js';
import type { RequestEvent } from '../../src/api/session.js';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import { liveRequestOf } from '../../src/core/live-request.js';
import { type DesiredTarget } from '../../src/core/model.js';
import { BURST_RESET_SECONDS } from '../../src/emulator/faults.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { readLive } from '../../src/live/read-live.js';
import { resolveFrom } from '../../src/pipeline/reads/names.js';
import { CANARY, expectNoCanary, failure } from './script-server.js';
import { BIG_PROJECT_GRANTS, bigSeed, ORG, PROJECTS, projectName, TEAMS, teamName, WORKSPACES, workspaceName } from './seed.js';

let emu: RunningEmulator;
let events: RequestEvent[] = [];
const clients: TfeClient[] = [];
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40 };

function client(options: Partial<ClientOptions> = {}): TfeClient {
  const c = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token: CANARY, rateLimit: 1000, retry: FAST_RETRY, onRequest: (e) => events.push(e), ...options });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: bigSeed(), rateLimit: 0, randomSeed: 7 });
});
afterEach(() => {
  expectNoCanary(events, emu.requests);
  events = [];
  emu.setFaults({});
  emu.setRateLimit(0);
  emu.resetLog();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.stop();
});

const pageNumbers = (path: string) => emu.requests.filter((r) => r.path === path).map((r) => new URLSearchParams(r.query).get('page[number]'));

describe('pagination', () => {
  it('reads teams, projects and workspaces across several pages of 100', async () => {
    const c = client();
    expect(await c.listTeams(ORG)).toHaveLength(TEAMS + 1);
    expect(await c.listProjects(ORG)).toHaveLength(PROJECTS + 1); // plus the Default Project
    expect(await c.listWorkspaces(ORG)).toHaveLength(WORKSPACES);
    expect(pageNumbers(`/api/v2/organizations/${ORG}/teams`)).toEqual(['1', '2', '3']);
    expect(pageNumbers(`/api/v2/organizations/${ORG}/workspaces`)).toEqual(['1', '2', '3']);
    expect(emu.requests.every((r) => new URLSearchParams(r.query).get('page[size]') === '100')).toBe(true);
  });
  it('reads every grant of a target across pages, custom values included', async () => {
    const c = client();
    const grants = await c.listGrants({ type: 'project', id: 'prj-0' });
    expect(grants).toHaveLength(BIG_PROJECT_GRANTS);
    expect(new Set(grants.map((g) => g.teamId)).size).toBe(BIG_PROJECT_GRANTS);
    expect(pageNumbers('/api/v2/team-projects')).toEqual(['1', '2', '3']);
    const ws = await c.listGrants({ type: 'workspace', id: 'ws-5' });
    expect(ws.find((g) => g.teamId === 'team-4')?.access).toMatchObject({ access: 'custom', permissions: { runs: 'apply', 'workspace-locking': true } });
  });
});

function desired(projects: number[], workspaces: number[]): DesiredState {
  const target = (type: 'project' | 'workspace', name: string): DesiredTarget => ({
    type,
    name,
    prune: true,
    grants: [{ team: teamName(1), access: { access: 'read' } }],
  });
  return {
    organization: ORG,
    settings: DEFAULT_SETTINGS,
    targets: [...projects.map((n) => target('project', projectName(n))), ...workspaces.map((n) => target('workspace', workspaceName(n)))],
  };
}

describe('request budget of resolve + read', () => {
  const T = TEAMS + 1;
  const P_ORG = PROJECTS + 1;
  const SMALL_CONSTANT = 1;
  const budget = (p: number, w: number) => p + w + Math.ceil(T / 100) + Math.ceil(P_ORG / 100) + Math.min(w, Math.ceil(WORKSPACES / 100)) + SMALL_CONSTANT;
  // Targets with at most 100 grants each (p-000 has 230: it costs its 3 pages, not 1).
  it.each([
    [
      [1, 2, 3],
      [5, 150, 250, 255],
    ],
    [[3], [7, 200]],
    [[], [9]],
    [[1, 2, 3, 4, 5, 6], []],
    [[7], Array.from({ length: 12 }, (_, i) => i * 20)],
  ])('projects %j, workspaces %j', async (projects, workspaces) => {
    const c = client();
    const progress: number[] = [];
    const resolved = await resolveFrom(c, desired(projects, workspaces));
    const live = await readLive(c, liveRequestOf(resolved), { onProgress: (done) => progress.push(done) });
    expect(live.targets.size).toBe(projects.length + workspaces.length);
    expect(live.teams.size).toBe(T);
    expect(progress.at(-1)).toBe(projects.length + workspaces.length);
    expect(emu.counters().total).toBeLessThanOrEqual(budget(projects.length, workspaces.length));
  });
});

describe('rate limit', () => {
  it('waits out a storm of 429s: every retry arrives after the X-RateLimit-Reset of its 429', async () => {
    emu.setFaults({ rateLimitBurstRate: 0.15 });
    const c = client();
    const targets = Array.from({ length: 40 }, (_, i) => ({ type: 'workspace' as const, id: `ws-${i}` }));
    await Promise.all(targets.map((t) => c.listGrants(t)));
    const log = emu.requests;
    const limited = log.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(5);
    for (const r of limited) {
      const retry = log.find((x) => x.start > r.start && x.path === r.path && x.query === r.query);
      expect(retry).toBeDefined();
      expect(retry!.start).toBeGreaterThanOrEqual(r.end + BURST_RESET_SECONDS * 1000 - 1);
    }
  });
  it('waits out the real limit when the client is set faster than the service', async () => {
    emu.setRateLimit(10);
    const c = client({ rateLimit: 100 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => c.listGrants({ type: 'workspace', id: `ws-${i}` })));
    expect(emu.counters().rateLimited).toBeGreaterThan(0);
    expect(emu.requests.filter((r) => r.status === 200)).toHaveLength(30);
  });
  it('sends nothing the service answers 429 when the limiter equals the service limit (>= 200 requests)', async () => {
    emu.setRateLimit(30);
    const c = client({ rateLimit: 30 });
    await Promise.all(Array.from({ length: 210 }, (_, i) => c.listGrants({ type: 'workspace', id: `ws-${i % WORKSPACES}` })));
    const counters = emu.counters();
    expect(counters.total).toBeGreaterThanOrEqual(200);
    expect(counters.rateLimited).toBe(0);
  });
});

describe('faults', () => {
  it('retries 5xx and dropped connections for GET until every read succeeds', async () => {
    emu.setFaults({ errorRate: 0.25, dropRate: 0.1 });
    const c = client();
    const grants = await Promise.all(Array.from({ length: 30 }, (_, i) => c.listGrants({ type: 'workspace', id: `ws-${i}` })));
    expect(grants[5]).toHaveLength(2);
    expect(emu.counters().faults).toBeGreaterThan(3);
  });
  it('retries PATCH and DELETE through errors, drops and lost answers, and the state converges', async () => {
    const c = client();
    const grants = (await c.listGrants({ type: 'project', id: 'prj-0' })).slice(0, 20);
    emu.setFaults({ errorRate: 0.2, dropRate: 0.1, lostAnswerRate: 0.3 });
    await Promise.all(grants.slice(0, 10).map((g) => c.updateGrant('team-projects', g.id, { access: 'maintain' })));
    await Promise.all(grants.slice(10).map((g) => c.removeGrant('team-projects', g.id)));
    const faults = emu.requests.filter((r) => r.fault !== undefined).map((r) => r.fault);
    expect(faults).toContain('lost-answer');
    emu.setFaults({});
    const after = await c.listGrants({ type: 'project', id: 'prj-0' });
    expect(after).toHaveLength(BIG_PROJECT_GRANTS - 10);
    for (const g of grants.slice(0, 10)) expect(after.find((a) => a.id === g.id)?.access.access).toBe('maintain');
  });
  it.each([
    ['a 5xx', { errorRate: 1 }, false],
    ['a dropped connection', { dropRate: 1 }, false],
    ['a lost answer', { lostAnswerRate: 1 }, true],
  ])('never resends a POST after %s; the target can be re-read to learn the outcome', async (_name, faults, created) => {
    const c = client();
    emu.setFaults(faults);
    const error = await failure(() => c.addGrant({ type: 'workspace', id: 'ws-9' }, 'team-9', { access: 'read' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(emu.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    emu.setFaults({});
    const found = (await c.listGrants({ type: 'workspace', id: 'ws-9' })).find((g) => g.teamId === 'team-9');
    expect(found !== undefined).toBe(created);
    if (found) await c.removeGrant('team-workspaces', found.id);
  });
});
