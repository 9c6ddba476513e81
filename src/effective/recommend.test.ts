// The rule of `recommend` (docs/recommend.md, "The rule") against a brute force: over random
// organizations, memberships and runs, each workspace grant's proposal is the smallest fixed level
// found by trying every level, and with --custom the one least vector among all 576 a workspace
// grant can have; no proposal drops a permission a counted action needed. Examples pin the cases
// the issue names: admin that only planned, a token that applied, unused, two teams, too recent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbAccess, person, TEAM_NAMES, type TestAccess, team, teamId } from '../../test/support/states.js';
import { IMPLIED, LEVEL_RANK, PERMISSIONS, type PermissionSet, type PermissionValue, WORKSPACE_PERMISSIONS } from '../core/access.js';
import type { Project, Team, Workspace } from '../core/model.js';
import { permissionsOf } from '../core/permissions.js';
import type { Person } from '../core/person.js';
import type { Proposal } from '../core/recommendation.js';
import type { UsageRead, UsageRun } from '../core/usage.js';
import { EffectiveIndex, type GrantInput } from './compute.js';
import { type JudgedGrant, type RecommendInput, recommend } from './recommend.js';

const WS = 'team-workspaces' as const;
const PROJECTS: Project[] = [
  { id: 'prj-a', name: 'a' },
  { id: 'prj-b', name: 'b' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-1', name: 'one', projectId: 'prj-a' },
  { id: 'ws-2', name: 'two', projectId: 'prj-a' },
  { id: 'ws-3', name: 'three', projectId: 'prj-b' },
];
const TEAMS = TEAM_NAMES.slice(0, 4);
const USERS = ['ana', 'bo', 'cy', 'dee'];
const tokenUser = (name: string): string => `user-api-team_${name}`;

/** Every value of a permission, lowest first. */
const valuesOf = (key: string): PermissionValue[] => {
  const spec = WORKSPACE_PERMISSIONS.find((s) => s.key === key);
  return spec === undefined ? [] : spec.values === 'boolean' ? [false, true] : [...spec.values];
};
const rankOf = (key: string, value: PermissionValue | undefined): number => (value === undefined ? -1 : valuesOf(key).indexOf(value));

/** Every vector a workspace grant can have (3*3*4*2*2*2*2 = 576). */
const ALL_VECTORS: PermissionSet[] = WORKSPACE_PERMISSIONS.reduce<PermissionSet[]>(
  (vectors, spec) => vectors.flatMap((v) => valuesOf(spec.key).map((value) => ({ ...v, [spec.key]: value }))),
  [{}],
);

interface World {
  readonly teams: Team[];
  readonly grants: (GrantInput & JudgedGrant)[];
  readonly people: Person[];
  readonly runs: UsageRun[];
  /** The reads the audit trail showed, when it covered the window; undefined: reads not known. */
  readonly reads: UsageRead[] | undefined;
}

const arbGrant = fc.oneof(
  fc.record({
    resource: fc.constant(WS),
    teamId: fc.constantFrom(...TEAMS.map(teamId)),
    targetId: fc.constantFrom('ws-1', 'ws-2', 'ws-3'),
    access: arbAccess(WS),
  }),
  fc.record({
    resource: fc.constant('team-projects' as const),
    teamId: fc.constantFrom(...TEAMS.map(teamId)),
    targetId: fc.constantFrom('prj-a', 'prj-b'),
    access: arbAccess('team-projects'),
  }),
);

const arbRun = fc.record({
  id: fc.uuid(),
  workspaceId: fc.constantFrom('ws-1', 'ws-2', 'ws-3'),
  createdAt: fc.integer({ min: 0, max: 89 }).map((d) => new Date(Date.UTC(2026, 8, 1) + d * 86_400_000).toISOString()),
  status: fc.constantFrom('applied', 'planned_and_finished', 'errored', 'discarded', 'planned'),
  planOnly: fc.boolean(),
  autoApply: fc.boolean(),
  source: fc.constantFrom('tfe-ui', 'tfe-api', 'tfe-configuration-version'),
  createdBy: fc.option(fc.constantFrom(...USERS.map((u) => `user-${u}`), ...TEAMS.map(tokenUser), 'user-gone')),
  confirmedBy: fc.option(fc.constantFrom(...USERS.map((u) => `user-${u}`), ...TEAMS.map(tokenUser))),
});

const arbRead: fc.Arbitrary<UsageRead> = fc.record({
  action: fc.constantFrom('read-state' as const, 'read-variables' as const),
  userId: fc.constantFrom(...USERS.map((u) => `user-${u}`), ...TEAMS.map(tokenUser), 'user-gone'),
  at: fc.integer({ min: 0, max: 13 }).map((d) => new Date(Date.UTC(2026, 8, 1) + d * 86_400_000).toISOString()),
  workspaceId: fc.option(fc.constantFrom('ws-1', 'ws-2', 'ws-3'), { freq: 3 }),
});

const arbWorld: fc.Arbitrary<World> = fc
  .record({
    reads: fc.option(fc.array(arbRead, { maxLength: 8 }), { freq: 2 }),
    powers: fc.array(fc.boolean(), { minLength: TEAMS.length, maxLength: TEAMS.length }),
    grants: fc.uniqueArray(arbGrant, { maxLength: 8, selector: (g) => `${g.resource}/${g.teamId}/${g.targetId}` }),
    memberships: fc.array(fc.subarray([...TEAMS]), { minLength: USERS.length, maxLength: USERS.length }),
    runs: fc.array(arbRun, { maxLength: 25 }),
  })
  .map(({ powers, grants, memberships, runs, reads }) => ({
    teams: TEAMS.map((name, i) => team(name, name !== 'owners' && powers[i] === true && i === 3 ? { 'manage-workspaces': true } : {})),
    grants,
    people: [
      ...USERS.map((u, i) => person(`${u}@acme.test`, memberships[i] ?? [], { userId: `user-${u}`, username: u })),
      ...TEAMS.map((t) => person(`${t}-token`, [t], { userId: tokenUser(t), username: `api-team_${t}`, serviceAccount: true })),
    ],
    runs,
    reads: reads ?? undefined,
  }));

const inputOf = (world: World, custom: boolean): RecommendInput => ({
  organization: { teams: world.teams, projects: PROJECTS, workspaces: WORKSPACES, grants: world.grants },
  people: world.people,
  runs: world.runs,
  grants: world.grants,
  custom,
  ...(world.reads ? { reads: world.reads } : {}),
});

// ---- The brute force: each step written out again, without the rule's helpers.

const APPLIED = ['confirmed', 'apply_queued', 'applying', 'applied', 'errored'];

/** [action's runs value, user id] of a run. */
function bruteActions(run: UsageRun): [string, string][] {
  const byPerson = run.source === 'tfe-ui' || run.source === 'tfe-api';
  const out: [string, string][] = [];
  if (run.createdBy && byPerson) out.push(['plan', run.createdBy]);
  if (!run.planOnly && APPLIED.includes(run.status)) {
    const who = run.confirmedBy ?? (byPerson ? run.createdBy : null);
    if (who) out.push(['apply', who]);
  }
  return out;
}

/** A need: a permission and the value an action needed of it. */
type Need = [string, PermissionValue];
const READ_KEY: Record<UsageRead['action'], string> = { 'read-state': 'state-versions', 'read-variables': 'variables' };

/** The needs each workspace grant's counted actions (runs, and reads the trail mapped) needed, by `teamId/workspaceId`. */
function bruteNeeds(world: World): Map<string, Need[]> {
  const index = new EffectiveIndex({ teams: world.teams, projects: PROJECTS, workspaces: WORKSPACES, grants: world.grants });
  const needs = new Map<string, Need[]>();
  const acts: [Need, string, string][] = [
    ...world.runs.flatMap((run) => bruteActions(run).map(([value, userId]): [Need, string, string] => [['runs', value], userId, run.workspaceId])),
    ...(world.reads ?? []).flatMap((r): [Need, string, string][] => (r.workspaceId === null ? [] : [[[READ_KEY[r.action], 'read'], r.userId, r.workspaceId]])),
  ];
  for (const [[key, value], userId, workspaceId] of acts) {
    const who = world.people.find((p) => p.userId === userId);
    if (!who) continue;
    const all = who.teamIds.flatMap((t) => index.sourcesOf(t, 'workspace', workspaceId).map((c) => ({ t, c })));
    const allow = all.filter(({ c }) => c.admin || rankOf(key, c.permissions[key]) >= rankOf(key, value));
    if (allow.some(({ c }) => c.source.kind === 'owners' || c.source.kind === 'organization')) continue;
    for (const { t, c } of allow.length > 0 ? allow : all) {
      if (c.source.kind !== 'workspace') continue;
      const at = `${t}/${workspaceId}`;
      needs.set(at, [...(needs.get(at) ?? []), [key, value]]);
    }
  }
  return needs;
}

/** The reads a grant's team cannot be judged on: all without the trail; with it, those read by a member (or its token) that map to no workspace. */
function bruteUnknown(world: World, grant: JudgedGrant): string[] {
  if (world.reads === undefined) return ['variables', 'state-versions'];
  const readers = world.reads.filter((r) => r.workspaceId === null && world.people.find((p) => p.userId === r.userId)?.teamIds.includes(grant.teamId));
  return [...new Set(readers.map((r) => READ_KEY[r.action]))];
}

/** What the grant must keep: the values its actions needed, and the reads not known that it has now. */
function bruteFloor(world: World, grant: JudgedGrant, needed: readonly Need[]): PermissionSet {
  const now = permissionsOf(WS, grant.access);
  const floor: Record<string, PermissionValue> = {};
  for (const [key, value] of needed) if (rankOf(key, value) > rankOf(key, floor[key])) floor[key] = value;
  for (const key of bruteUnknown(world, grant)) if (rankOf(key, now[key]) >= rankOf(key, 'read') && floor[key] === undefined) floor[key] = 'read';
  return floor;
}

const holds = (v: PermissionSet, floor: PermissionSet): boolean => Object.entries(floor).every(([k, x]) => rankOf(k, v[k]) >= rankOf(k, x));

function bruteFixed(grant: JudgedGrant, floor: PermissionSet): Proposal['kind'] {
  if (Object.keys(floor).length === 0) return 'remove';
  const level = ['read', 'plan', 'write', 'admin'].find((l) => holds(IMPLIED[WS][l] ?? {}, floor));
  if (level === undefined) return 'keep';
  if (grant.access.access !== 'custom') return (LEVEL_RANK[WS][level] ?? 0) < (LEVEL_RANK[WS][grant.access.access] ?? 0) ? 'lower' : 'keep';
  return 'unchecked' as Proposal['kind'];
}

function bruteVector(floor: PermissionSet): PermissionSet {
  const covering = ALL_VECTORS.filter((v) => holds(v, floor));
  const size = (v: PermissionSet): number => Object.entries(v).reduce((sum, [k, x]) => sum + rankOf(k, x), 0);
  const least = Math.min(...covering.map(size));
  const found = covering.filter((v) => size(v) === least);
  expect(found).toHaveLength(1);
  return found[0] as PermissionSet;
}

const proposalOf = (proposals: readonly Proposal[], grant: JudgedGrant): Proposal | undefined =>
  proposals.find((p) => p.team.id === grant.teamId && p.target.id === grant.targetId && (p.target.type === 'workspace') === (grant.resource === WS));

describe('the rule against a brute force', () => {
  it('fixed levels: every workspace grant of a fixed level is lowered exactly when a lower level holds what its actions and reads need', () => {
    fc.assert(
      fc.property(arbWorld, (world) => {
        const { proposals } = recommend(inputOf(world, false));
        const needs = bruteNeeds(world);
        for (const grant of world.grants.filter((g) => g.resource === WS && g.teamId !== teamId('owners'))) {
          const floor = bruteFloor(world, grant, needs.get(`${grant.teamId}/${grant.targetId}`) ?? []);
          const expected = bruteFixed(grant, floor);
          const got = proposalOf(proposals, grant);
          if ((expected as string) !== 'unchecked') expect(got?.kind).toBe(expected);
          if (got?.kind === 'lower') expect(holds(permissionsOf(WS, got.proposed ?? { access: 'read' }), floor)).toBe(true);
          if (got?.kind === 'lower' && got.proposed?.access !== 'custom') {
            const lower = ['read', 'plan', 'write'].filter((l) => (LEVEL_RANK[WS][l] ?? 0) < (LEVEL_RANK[WS][got.proposed?.access ?? 'read'] ?? 0));
            for (const l of lower) expect(holds(IMPLIED[WS][l] ?? {}, floor)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('--custom: a lowered workspace grant gets the one least vector of all 576 that holds its needs', () => {
    fc.assert(
      fc.property(arbWorld, (world) => {
        const { proposals } = recommend(inputOf(world, true));
        const needs = bruteNeeds(world);
        for (const grant of world.grants.filter((g) => g.resource === WS && g.teamId !== teamId('owners'))) {
          const floor = bruteFloor(world, grant, needs.get(`${grant.teamId}/${grant.targetId}`) ?? []);
          const got = proposalOf(proposals, grant);
          if (Object.keys(floor).length === 0) expect(got?.kind).toBe('remove');
          else if (got?.kind === 'lower') expect(got.proposed?.access === 'custom' && got.proposed.permissions).toEqual(bruteVector(floor));
          else expect(got?.kind).toBe('keep');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('no proposal drops a permission a counted action needed, nor removes a grant an action counted for', () => {
    fc.assert(
      fc.property(arbWorld, fc.boolean(), (world, custom) => {
        const { proposals } = recommend(inputOf(world, custom));
        const needs = bruteNeeds(world);
        for (const p of proposals.filter((x) => x.target.type === 'workspace')) {
          const needed = needs.get(`${p.team.id}/${p.target.id}`) ?? [];
          if (p.kind === 'remove') expect(needed).toEqual([]);
          const proposed = permissionsOf(WS, p.proposed ?? { access: 'read' });
          if (p.kind !== 'remove') for (const [key, value] of needed) expect(rankOf(key, proposed[key]) >= rankOf(key, value) || p.kind === 'keep').toBe(true);
          const counted = p.usage.counts.plan + p.usage.counts.apply + p.usage.counts['read-state'] + p.usage.counts['read-variables'];
          expect(counted).toBe(needed.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---- Examples.

const DAY = (d: number): string => new Date(Date.UTC(2026, 8, 1) + d * 86_400_000).toISOString();
const run = (workspaceId: string, createdBy: string | null, extra: Partial<UsageRun> = {}): UsageRun => ({
  id: `run-${Math.random()}`,
  workspaceId,
  createdAt: DAY(10),
  status: 'planned_and_finished',
  planOnly: true,
  autoApply: false,
  source: 'tfe-api',
  createdBy,
  confirmedBy: null,
  ...extra,
});
const fixed = (level: string): TestAccess => ({ access: level, permissions: IMPLIED[WS][level] ?? {} }) as TestAccess;

function example(grants: (GrantInput & JudgedGrant)[], runs: UsageRun[], people: Person[], extra: Partial<RecommendInput> = {}) {
  const teams = [team('owners'), team('dev'), team('ops'), team('sre')];
  return recommend({ organization: { teams, projects: PROJECTS, workspaces: WORKSPACES, grants }, people, runs, grants, custom: false, ...extra }).proposals;
}

describe('the cases of the issue', () => {
  const ana = person('ana@acme.test', ['dev'], { userId: 'user-ana', username: 'ana' });
  const devToken = person('dev-token', ['dev'], { userId: 'user-tok', username: 'api-team_x', serviceAccount: true });

  it('admin that only planned is lowered to plan; the evidence counts the plans, the last use and the person', () => {
    const [p] = example(
      [{ resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: fixed('admin') }],
      [run('ws-1', 'user-ana'), run('ws-1', 'user-ana', { createdAt: DAY(20) })],
      [ana],
    );
    expect(p).toMatchObject({ kind: 'lower', proposed: { access: 'plan' }, reasons: ['used', 'reads-unknown'] });
    expect(p?.usage).toMatchObject({ counts: { plan: 2, apply: 0 }, lastUse: DAY(20), people: ['ana'], tokens: [] });
  });

  it("a team token's apply keeps apply, and counts for that team alone", () => {
    const applied = run('ws-1', 'user-tok', { planOnly: false, status: 'applied', autoApply: true });
    const proposals = example(
      [
        { resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: fixed('write') },
        { resource: WS, teamId: teamId('ops'), targetId: 'ws-1', access: fixed('write') },
      ],
      [applied],
      [devToken],
    );
    expect(proposals.map((p) => [p.team.name, p.kind, p.proposed?.access])).toEqual([
      ['dev', 'keep', 'write'],
      ['ops', 'lower', 'read'],
    ]);
    expect(proposals[0]?.usage.tokens).toEqual(['api-team_x']);
  });

  it('an unused custom grant with no reads is proposed for removal; an unused fixed one keeps its reads (read)', () => {
    const custom = { access: 'custom', permissions: { ...permissionsOf(WS, fixed('plan')), variables: 'none', 'state-versions': 'none' } } as TestAccess;
    const proposals = example(
      [
        { resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: custom },
        { resource: WS, teamId: teamId('ops'), targetId: 'ws-1', access: fixed('write') },
      ],
      [],
      [],
    );
    expect(proposals.map((p) => [p.team.name, p.kind, p.proposed?.access ?? null, p.reasons])).toEqual([
      ['dev', 'remove', null, []],
      ['ops', 'lower', 'read', ['reads-unknown']],
    ]);
  });

  it("with the audit trail over the whole window: an unused fixed grant is removed; a mapped read counts; an unmapped one keeps its permission on its reader's teams only", () => {
    const grants = [
      { resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: fixed('write') },
      { resource: WS, teamId: teamId('ops'), targetId: 'ws-1', access: fixed('write') },
      { resource: WS, teamId: teamId('sre'), targetId: 'ws-2', access: fixed('admin') },
    ];
    const bo = person('bo@acme.test', ['ops'], { userId: 'user-bo', username: 'bo' });
    const verdicts = (reads: UsageRead[] | undefined) =>
      example(grants, [], [ana, bo], reads ? { reads } : {}).map((p) => [p.team.name, p.kind, p.proposed?.access ?? null, p.reasons]);
    expect(verdicts([])).toEqual([
      ['dev', 'remove', null, []],
      ['ops', 'remove', null, []],
      ['sre', 'remove', null, []],
    ]);
    expect(verdicts(undefined).map((v) => v.slice(0, 3))).toEqual([
      ['dev', 'lower', 'read'],
      ['ops', 'lower', 'read'],
      ['sre', 'lower', 'read'],
    ]);
    const reads: UsageRead[] = [
      { action: 'read-state', userId: 'user-ana', at: DAY(3), workspaceId: 'ws-1' },
      { action: 'read-variables', userId: 'user-bo', at: DAY(4), workspaceId: null },
    ];
    const got = example(grants, [], [ana, bo], { reads });
    expect(got.map((p) => [p.team.name, p.kind, p.proposed?.access ?? null, p.reasons])).toEqual([
      ['dev', 'lower', 'read', ['used']],
      ['ops', 'lower', 'read', ['reads-unknown']],
      ['sre', 'remove', null, []],
    ]);
    expect(got[0]?.usage.counts['read-state']).toBe(1);
    expect(got[0]?.usage.people).toEqual(['ana']);
  });

  it('a person in two teams whose grants both allow the plan counts for each, marked ambiguous with their name', () => {
    const bo = person('bo@acme.test', ['dev', 'ops'], { userId: 'user-bo', username: 'bo' });
    const proposals = example(
      [
        { resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: fixed('plan') },
        { resource: WS, teamId: teamId('ops'), targetId: 'ws-1', access: fixed('admin') },
      ],
      [run('ws-1', 'user-bo')],
      [bo],
    );
    expect(proposals.map((p) => [p.team.name, p.kind, p.proposed?.access, p.usage.ambiguous])).toEqual([
      ['dev', 'keep', 'plan', ['bo']],
      ['ops', 'lower', 'plan', ['bo']],
    ]);
  });

  it('an action an organization power allows counts for no grant; owners, ignore-teams, too recent and min-access are kept', () => {
    const cy = person('cy@acme.test', ['sre', 'dev'], { userId: 'user-cy', username: 'cy' });
    const grants = [
      { resource: WS, teamId: teamId('owners'), targetId: 'ws-1', access: fixed('admin') },
      { resource: WS, teamId: teamId('dev'), targetId: 'ws-1', access: fixed('admin') },
      { resource: WS, teamId: teamId('ops'), targetId: 'ws-2', access: fixed('admin') },
      { resource: WS, teamId: teamId('sre'), targetId: 'ws-3', access: fixed('admin') },
      { resource: WS, teamId: teamId('dev'), targetId: 'ws-3', access: fixed('admin') },
    ];
    const teams = [team('owners'), team('dev'), team('ops'), team('sre', { 'manage-workspaces': true })];
    const { proposals } = recommend({
      organization: { teams, projects: PROJECTS, workspaces: WORKSPACES, grants },
      people: [cy],
      runs: [run('ws-3', 'user-cy', { planOnly: false, status: 'applied', confirmedBy: 'user-cy' })],
      grants,
      custom: false,
      ignoreTeams: new Set(['ops']),
      recent: new Set([`team-workspaces\u0000${teamId('dev')}\u0000ws-1`]),
      minAccess: [
        { team: 'sre', resource: WS, level: 'write' },
        { team: 'sre', resource: 'team-projects', level: 'admin' },
      ],
    });
    expect(proposals.map((p) => [p.target.name, p.team.name, p.kind, p.proposed?.access, p.reasons])).toEqual([
      ['one', 'dev', 'keep', 'admin', ['too-recent']],
      ['one', 'owners', 'keep', 'admin', ['owners']],
      ['three', 'dev', 'lower', 'read', ['reads-unknown']],
      ['three', 'sre', 'lower', 'write', ['reads-unknown', 'min-access']],
      ['two', 'ops', 'keep', 'admin', ['ignore-teams']],
    ]);
  });
});

it('the brute force enumerates every vector of the table', () => {
  expect(ALL_VECTORS).toHaveLength(PERMISSIONS[WS].reduce((n, s) => n * (s.values === 'boolean' ? 2 : s.values.length), 1));
});
