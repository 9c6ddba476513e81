// Reading workspace grants by team (docs/connecting.md, "Reading by team"; issue 18, item 1), through the plan
// use case against the emulator's `current` profile, and through a proxy for the servers it is
// not: one that drops `filter[team][id]`, one whose pages stop adding up, one that answers a grant
// of another organization. Whatever happens, the plan is the one a read by target gives (its
// checksum), or the run fails cleanly: never a plan from part of an answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_TOKEN, desiredYaml, type GeneratedOrganization, generateOrganization, seedOf } from '../../bench/generate/index.js';
import { TfeClient } from '../../src/api/client.js';
import { liveRequestOf } from '../../src/core/live-request.js';
import type { ReadBy } from '../../src/core/model.js';
import { grantChanges } from '../../src/core/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { TeamReadError } from '../../src/live/live-read-error.js';
import { readLive } from '../../src/live/read-live.js';
import { desiredFromFiles } from '../../src/pipeline/disk/files.js';
import { resolveFrom } from '../../src/pipeline/reads/names.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import { failure } from '../api/script-server.js';
import { fewTeamsOnMany } from '../support/bench-organizations.js';
import { type Proxy, type ProxyHooks, startProxy, type Tampered } from './proxy.js';

// About 110 workspace grants per team: every team's list has two pages.
const SPEC = fewTeamsOnMany({ projects: 4, workspaces: 150, seed: 18 });
const TEAM_FILTER = 'filter[team][id]';

let org: GeneratedOrganization;
let current: RunningEmulator;
let dir: string;
let byTarget: { checksum: string; requests: number };
const proxies: Proxy[] = [];

async function planAt(address: string, readBy?: ReadBy) {
  const notices: string[] = [];
  const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: address };
  const result = await planFromFiles({
    paths: [dir],
    cwd: dir,
    connection: { env, homeDir: dir, rateLimit: 0, concurrency: 4 },
    run: { onNotice: (line) => notices.push(line) },
    read: { concurrency: 4, ...(readBy ? { readBy } : {}) },
  });
  return { plan: result.plan, notices };
}

async function proxied(hooks: ProxyHooks): Promise<Proxy> {
  const proxy = await startProxy(current.url, hooks);
  proxies.push(proxy);
  return proxy;
}

/** The workspace grants each team has live, by team name: one page per 100, one for a team without any. */
function teamPages(): number {
  const counts = new Map<string, number>();
  for (const g of org.grants) if (g.live && g.resource === 'team-workspaces') counts.set(g.team, (counts.get(g.team) ?? 0) + 1);
  const owners = 1;
  return owners + [...counts.values()].reduce((n, c) => n + Math.ceil(c / 100), 0);
}

const byTeamPage = (request: { query: URLSearchParams }, team: string, page: string): boolean =>
  request.query.get(TEAM_FILTER) === team && request.query.get('page[number]') === page && request.query.get('page[size]') === '100';

beforeAll(async () => {
  org = generateOrganization(SPEC);
  current = await startEmulator({ seed: seedOf(org), rateLimit: 0, profile: 'current' });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-by-team-'));
  writeFileSync(join(dir, 'tfe-access.yaml'), desiredYaml(org, 1_000_000));
  const { plan } = await planAt(current.url, 'target');
  byTarget = { checksum: plan.checksum, requests: plan.read!.requests };
  expect(plan.summary).toEqual(org.expected);
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await current.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('reading by team against a server that can (the current profile)', () => {
  it('reads the workspaces by team (projects by project): the same plan in P + 1 + one request per team page', async () => {
    const { plan, notices } = await planAt(current.url);
    expect(plan.read).toMatchObject({ strategy: 'by-team', requests: SPEC.projects + 1 + teamPages() });
    expect(plan.read!.fallback).toBeUndefined();
    expect(plan.read!.estimate.byTeam).toBeLessThan(plan.read!.estimate.byTarget);
    expect(plan.checksum).toBe(byTarget.checksum);
    expect(plan.read!.requests * 5).toBeLessThan(byTarget.requests);
    expect(notices).toEqual([]);
  });

  it("a proxy that drops filter[team][id] (the server answers every team's grants): the client notices, reads by target, and plans exactly", async () => {
    const proxy = await proxied({ query: (q) => (q.delete(TEAM_FILTER), q) });
    const { plan, notices } = await planAt(proxy.url);
    expect(plan.read!.strategy).toBe('by-target');
    expect(plan.read!.fallback).toMatch(/the server did not filter by team/);
    expect(notices).toEqual([`reading the workspace grants by team was given up: ${plan.read!.fallback}; reading one list per workspace instead.`]);
    expect(plan.checksum).toBe(byTarget.checksum);
    expect(plan.summary).toEqual(org.expected);
  });

  const cut = (answer: Tampered): Tampered => ({ ...answer, body: { ...answer.body, data: answer.body.data.slice(0, -1) } });
  const recount = (answer: Tampered): Tampered => {
    const pagination = answer.body.meta.pagination;
    return { ...answer, body: { ...answer.body, meta: { ...answer.body.meta, pagination: { ...pagination, 'total-count': pagination['total-count'] + 1 } } } };
  };
  it.each([
    ['a grant missing from its second page', cut],
    ['a total that changes on its second page', recount],
  ])("one team's pages do not add up mid-read (%s): the read goes back to targets and plans exactly, never from part of an answer", async (_name, tamper) => {
    const team = org.teams[1]!.name;
    const teamId = (await resolvedTeams()).get(team)!;
    const proxy = await proxied({ answer: (request, answer) => (byTeamPage(request, teamId, '2') ? tamper(answer) : answer) });
    const { plan, notices } = await planAt(proxy.url);
    expect(proxy.seen.some((line) => line.includes(`${TEAM_FILTER}=${teamId}&page[number]=2`))).toBe(true);
    expect(plan.read!.strategy).toBe('by-target');
    expect(plan.read!.fallback).toMatch(/filter\[team\]\[id\]=team-/);
    expect(notices).toHaveLength(1);
    expect(plan.checksum).toBe(byTarget.checksum);
  });

  it("a grant on a workspace outside the organization's list: read by target instead", async () => {
    const teamId = (await resolvedTeams()).get(org.teams[2]!.name)!;
    const elsewhere = (answer: Tampered): Tampered => {
      const [first, ...rest] = answer.body.data as any[];
      const moved = { ...first, relationships: { ...first.relationships, workspace: { data: { type: 'workspaces', id: 'ws-Elsewhere0000000' } } } };
      return { ...answer, body: { ...answer.body, data: [moved, ...rest] } };
    };
    const proxy = await proxied({ answer: (request, answer) => (byTeamPage(request, teamId, '1') ? elsewhere(answer) : answer) });
    const { plan } = await planAt(proxy.url);
    expect(plan.read!.fallback).toMatch(/ws-Elsewhere0000000, not a workspace of the organization's list/);
    expect(plan.checksum).toBe(byTarget.checksum);
  });

  it('a failure reading by target would meet too (a 500 after the retries) fails the read, naming the team: no plan', async () => {
    const teamId = (await resolvedTeams()).get(org.teams[0]!.name)!;
    const proxy = await proxied({
      answer: (request, answer) => (byTeamPage(request, teamId, '2') ? { status: 500, body: { errors: [{ status: '500' }] } } : answer),
    });
    const client = new TfeClient({ baseUrl: `${proxy.url}/api/v2`, token: BENCH_TOKEN, rateLimit: 0, retry: { retries: 1, baseDelayMs: 1 } });
    try {
      const desired = await desiredFromFiles([dir], dir, Date.now());
      const resolved = await resolveFrom(client, desired);
      const error = await failure(() => readLive(client, liveRequestOf(resolved)));
      expect(error).toBeInstanceOf(TeamReadError);
      expect(error.message).toMatch(
        /^Could not read the workspace access of team ".+" \(team-\w+\); nothing was planned from it: Request failed with status 500/,
      );
    } finally {
      await client.close();
    }
  });
});

describe('the effective changes of a plan read by team', () => {
  it('take the grants of the workspaces the files do not manage from the read by team: no list per workspace, the same effective changes', async () => {
    const files = mkdtempSync(join(tmpdir(), 'tfe-access-by-team-context-'));
    // A project grant change reaches every workspace of project-0; the files manage two others only.
    writeFileSync(
      join(files, 'tfe-access.yaml'),
      [
        'organization: bench',
        'projects:',
        '  project-0:',
        '    teams:',
        '      owners: admin',
        'workspaces:',
        '  ws-1: { teams: { team-0: read } }',
        '  ws-2: { teams: { team-1: read } }',
        '',
      ].join('\n'),
    );
    const plan = async (address: string, readBy: ReadBy) => {
      const env = { TFE_TOKEN: BENCH_TOKEN, TFE_ADDRESS: address };
      const result = await planFromFiles({
        paths: [files],
        cwd: files,
        connection: { env, homeDir: files, rateLimit: 0, concurrency: 4 },
        read: { concurrency: 4, readBy, effectiveChanges: true },
      });
      return result.plan;
    };
    try {
      const proxy = await proxied({});
      const byTeam = await plan(proxy.url, 'team');
      const lists = proxy.seen.filter((line) => line.includes('filter[workspace][id]'));
      const target = await plan(current.url, 'target');
      expect(byTeam.read!.fallback).toBeUndefined();
      expect(byTeam.read!.strategy).toBe('by-team');
      expect(lists).toEqual([]);
      expect(byTeam.effectiveChanges!.length).toBeGreaterThan(0);
      expect(byTeam.effectiveChanges).toEqual(target.effectiveChanges);
      expect(byTeam.checksum).toBe(target.checksum);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });
});

describe('an estimate the first pages prove wrong', () => {
  it("reads by target when the teams' first pages show more pages left than the lists by target: the same plan", async () => {
    // 600 workspaces, each with the three teams: 6 pages a team. The files manage 12 past the first page
    // of the workspace list (so resolution lists them all), one grant each, so the estimate (about 600 grants, 11 requests by team) is below 12 lists by target; the first pages show 15 more.
    const workspaces = Array.from({ length: 600 }, (_, i) => `ws-${i}`);
    const seed = {
      profile: 'current' as const,
      organizations: [
        {
          name: 'acme',
          token: 'acme-org-token',
          teams: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
          workspaces: workspaces.map((name) => ({ name })),
          'team-workspaces': workspaces.flatMap((workspace) => ['a', 'b', 'c'].map((team) => ({ team, workspace, access: 'read' }))),
        },
      ],
    };
    const emulator = await startEmulator({ seed, rateLimit: 0 });
    const files = mkdtempSync(join(tmpdir(), 'tfe-access-by-team-dearer-'));
    writeFileSync(
      join(files, 'tfe-access.yaml'),
      [
        'organization: acme',
        'settings:',
        '  prune: false',
        'workspaces:',
        ...workspaces.slice(500, 512).map((name) => `  ${name}: { teams: { a: write } }`),
        '',
      ].join('\n'),
    );
    const plan = async (readBy: ReadBy) => {
      const notices: string[] = [];
      const env = { TFE_TOKEN: 'acme-org-token', TFE_ADDRESS: emulator.url };
      const result = await planFromFiles({
        paths: [files],
        cwd: files,
        connection: { env, homeDir: files, rateLimit: 0, concurrency: 4 },
        run: { onNotice: (line) => notices.push(line) },
        read: { concurrency: 4, readBy },
      });
      return { plan: result.plan, notices };
    };
    try {
      const auto = await plan('auto');
      const target = await plan('target');
      expect(auto.plan.read).toMatchObject({
        strategy: 'by-target',
        estimate: { byTarget: 12, byTeam: 11 },
        fallback: "the teams' first pages show 15 more pages to read, more than the 12 lists reading by target takes",
      });
      // The probe and the four teams' first pages (owners included), then the 12 lists.
      expect(auto.plan.read!.requests).toBe(1 + 4 + 12);
      expect(auto.notices).toHaveLength(1);
      expect(auto.plan.checksum).toBe(target.plan.checksum);
      expect(auto.plan.summary).toEqual({ add: 0, update: 12, remove: 0 });
    } finally {
      await emulator.stop();
      rmSync(files, { recursive: true, force: true });
    }
  });
});

describe('reading by team against a server that can not (the seed profile)', () => {
  it('the probe is refused (404): one request more than reading by target, one line on stderr, the same plan', async () => {
    const seed = await startEmulator({ seed: seedOf(org), rateLimit: 0 });
    try {
      const target = await planAt(seed.url, 'target');
      const auto = await planAt(seed.url);
      expect(auto.plan.read).toMatchObject({ strategy: 'by-target', requests: target.plan.read!.requests + 1 });
      expect(auto.notices).toHaveLength(1);
      expect(auto.notices[0]).toBe('reading by target: this server has no by-team listing (404)');
      expect(auto.plan.read!.fallback).toMatch(
        /^the server answered 404 to GET \/team-workspaces\?filter\[team\]\[id\]=team-\w+&page\[number\]=1&page\[size\]=1$/,
      );
      expect(auto.plan.checksum).toBe(target.plan.checksum);
      expect(auto.plan.summary).toEqual(org.expected);
    } finally {
      await seed.stop();
    }
  });
});

describe('a token that does not see every team', () => {
  // The reader sees every workspace (read-workspaces) and every team but the secret one; it is admin nowhere.
  const WORKSPACES = Array.from({ length: 40 }, (_, i) => `ws-${i}`);
  const seed = {
    profile: 'current' as const,
    organizations: [
      {
        name: 'acme',
        token: 'acme-org-token',
        teams: [
          { name: 'readers', tokens: ['reader-token'], 'organization-access': { 'read-workspaces': true } },
          { name: 'dev' },
          { name: 'ops' },
          { name: 'vault', visibility: 'secret' as const },
        ],
        workspaces: WORKSPACES.map((name) => ({ name })),
        'team-workspaces': WORKSPACES.flatMap((workspace, i) => [
          { team: 'dev', workspace, access: 'read' },
          ...(i % 2 === 0 ? [{ team: 'ops', workspace, access: 'write' }] : []),
          ...(i % 3 === 0 ? [{ team: 'vault', workspace, access: 'admin' }] : []),
        ]),
      },
    ],
  };
  const desired = ['organization: acme', 'workspaces:', ...WORKSPACES.flatMap((name) => [`  ${name}:`, '    teams:', '      dev: write'])].join('\n');

  it("reads by team what it reads by target: the grants of the teams it sees; the secret team's are neither read nor removed", async () => {
    const emulator = await startEmulator({ seed, rateLimit: 0 });
    const files = mkdtempSync(join(tmpdir(), 'tfe-access-by-team-reader-'));
    writeFileSync(join(files, 'tfe-access.yaml'), desired);
    const plan = async (readBy: ReadBy) => {
      const env = { TFE_TOKEN: 'reader-token', TFE_ADDRESS: emulator.url };
      const result = await planFromFiles({
        paths: [files],
        cwd: files,
        connection: { env, homeDir: files, rateLimit: 0, concurrency: 4 },
        read: { concurrency: 4, readBy },
      });
      return result.plan;
    };
    try {
      const [byTeam, target] = [await plan('auto'), await plan('target')];
      expect(byTeam.read!.strategy).toBe('by-team');
      expect(byTeam.checksum).toBe(target.checksum);
      expect(byTeam.summary).toEqual({ add: 0, update: 40, remove: 20 });
      expect(
        grantChanges(byTeam)
          .filter((c) => c.action === 'remove')
          .every((c) => c.team.name === 'ops'),
      ).toBe(true);
      expect(byTeam.refusals.map((r) => r.guard)).toEqual(['max-removals']);
    } finally {
      await emulator.stop();
      rmSync(files, { recursive: true, force: true });
    }
  });
});

let teamIds: Map<string, string> | undefined;
/** Team name -> id, as the emulator issued them. */
async function resolvedTeams(): Promise<Map<string, string>> {
  if (teamIds) return teamIds;
  const client = new TfeClient({ baseUrl: `${current.url}/api/v2`, token: BENCH_TOKEN, rateLimit: 0 });
  try {
    teamIds = new Map((await client.listTeams(SPEC.organization)).map((t) => [t.name, t.id]));
    return teamIds;
  } finally {
    await client.close();
  }
}
