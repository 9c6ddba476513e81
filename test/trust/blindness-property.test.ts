// Issue 36, acceptance: over random organizations (teams some secret, grants), tokens (an owner's; a
// team's with manage-workspaces; a read-only team's with read-projects and read-workspaces; a user's
// in one team) and random files (a `teams:` section naming live, secret and new teams, with and
// without visibility, and grants of them), no plan, drift or apply made with a token that does not
// see every team names, creates, changes or deletes a team it cannot see or a grant of one (checked
// on the plans and on the emulator's state before and after, read with the owner's token); and the
// owner's plan of the files `drift --adopt` edited, made with any token, has no change the plan of
// the files before it lacked (adopt never brings a change). Review close is not crossed here.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';

const ORG = 'prop';
const TOKENS = { owner: 'blind-owner', mw: 'blind-mw', ro: 'blind-ro', user: 'blind-user' } as const;
type Who = keyof typeof TOKENS;
/** The team each token that is not an owner's acts through: none of them secret. */
const OWN_TEAM: Record<Exclude<Who, 'owner'>, string> = { mw: 'mw', ro: 'ro', user: 'crew' };
const PROJECT_LEVELS = ['read', 'write', 'maintain', 'admin'] as const;
const WORKSPACE_LEVELS = ['read', 'plan', 'write', 'admin'] as const;
const TARGETS = [
  { type: 'project', name: 'p0', id: 'prj-p0' },
  { type: 'project', name: 'p1', id: 'prj-p1' },
  { type: 'workspace', name: 'w0', id: 'ws-w0' },
  { type: 'workspace', name: 'w1', id: 'ws-w1' },
] as const;

const arbWorld = fc.record({
  secret: fc.array(fc.boolean(), { minLength: 2, maxLength: 5 }), // team tI, secret or not
  live: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 12 }), // team, target, level
  // The files: each `teams:` entry (a live team by index, or a new one), its visibility; the grants.
  teams: fc.array(fc.record({ team: fc.nat(), isNew: fc.boolean(), visibility: fc.constantFrom(undefined, 'secret', 'organization') }), { maxLength: 4 }),
  desired: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.boolean()), { maxLength: 8 }), // team, target, level, a new team's
  who: fc.constantFrom<Who>('owner', 'mw', 'ro', 'user'),
});
type World = typeof arbWorld extends fc.Arbitrary<infer T> ? T : never;

const teamName = (i: number, o: World): string => `t${i % o.secret.length}`;
const newName = (i: number): string => `n${i % 2}`;

function seedOf(o: World): SeedDocument {
  const teams = o.secret.map((secret, i) => ({ name: `t${i}`, id: `team-t${i}`, ...(secret ? { visibility: 'secret' as const } : {}) }));
  const seen = new Set<string>();
  const grants = o.live.flatMap(([t, x, l]) => {
    const team = teamName(t, o);
    const target = TARGETS[x % TARGETS.length] as (typeof TARGETS)[number];
    if (seen.has(`${team} ${target.id}`)) return [];
    seen.add(`${team} ${target.id}`);
    return [{ team, target, access: (target.type === 'project' ? PROJECT_LEVELS : WORKSPACE_LEVELS)[l % 4] as string }];
  });
  return {
    organizations: [
      {
        name: ORG,
        token: TOKENS.owner,
        teams: [
          { name: 'owners', id: 'team-owners' },
          ...teams,
          { name: 'mw', id: 'team-mw', tokens: [TOKENS.mw], 'organization-access': { 'manage-workspaces': true, 'read-workspaces': true } },
          { name: 'ro', id: 'team-ro', tokens: [TOKENS.ro], 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
          { name: 'crew', id: 'team-crew', 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
        ],
        people: [{ email: 'ana@prop.test', teams: ['crew'], tokens: [TOKENS.user] }],
        projects: [
          { name: 'p0', id: 'prj-p0' },
          { name: 'p1', id: 'prj-p1' },
        ],
        workspaces: [
          { name: 'w0', id: 'ws-w0', project: 'p0' },
          { name: 'w1', id: 'ws-w1', project: 'p1' },
        ],
        'team-projects': grants.filter((g) => g.target.type === 'project').map((g) => ({ team: g.team, project: g.target.name, access: g.access })),
        'team-workspaces': grants.filter((g) => g.target.type === 'workspace').map((g) => ({ team: g.team, workspace: g.target.name, access: g.access })),
      },
    ],
  };
}

function filesOf(o: World): string {
  const lines = [`organization: ${ORG}`, 'settings:', '  max-removals: 1000'];
  const entries = new Map<string, string | undefined>();
  for (const t of o.teams) entries.set(t.isNew ? newName(t.team) : teamName(t.team, o), t.visibility);
  if (entries.size > 0) lines.push('teams:');
  for (const [name, visibility] of entries) lines.push(visibility ? `  ${name}: { visibility: ${visibility} }` : `  ${name}: {}`);
  const byTarget = new Map<string, Map<string, string>>();
  for (const [t, x, l, isNew] of o.desired) {
    const target = TARGETS[x % TARGETS.length] as (typeof TARGETS)[number];
    const team = isNew && entries.has(newName(t)) ? newName(t) : teamName(t, o);
    const grants = byTarget.get(target.name) ?? byTarget.set(target.name, new Map()).get(target.name);
    grants?.set(team, (target.type === 'project' ? PROJECT_LEVELS : WORKSPACE_LEVELS)[l % 4] as string);
  }
  for (const type of ['project', 'workspace'] as const) {
    const mine = TARGETS.filter((t) => t.type === type && byTarget.has(t.name));
    if (mine.length === 0) continue;
    lines.push(`${type}s:`);
    for (const target of mine) {
      lines.push(`  ${target.name}:`, '    teams:');
      for (const [team, level] of byTarget.get(target.name) ?? []) lines.push(`      ${team}: ${level}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

interface Snapshot {
  readonly teams: Map<string, string>; // name -> the team as read, whole
  readonly grants: Map<string, string>; // `team target` -> access
}

/** The organization as the owner's token reads it: every team, every grant on the four targets. */
async function snapshot(url: string): Promise<Snapshot> {
  const get = async (path: string) =>
    (await (await fetch(`${url}/api/v2${path}`, { headers: { authorization: `Bearer ${TOKENS.owner}` } })).json()) as {
      data: { id: string; attributes: Record<string, unknown>; relationships?: Record<string, { data?: { id: string } }> }[];
    };
  const teams = new Map<string, string>();
  for (const t of (await get(`/organizations/${ORG}/teams?page%5Bsize%5D=100`)).data) {
    const { name, visibility } = t.attributes as { name: string; visibility: string };
    teams.set(name, JSON.stringify([t.id, visibility, t.attributes['organization-access'] ?? {}]));
  }
  const grants = new Map<string, string>();
  for (const target of TARGETS) {
    const [resource, filter] = target.type === 'project' ? ['team-projects', 'project'] : ['team-workspaces', 'workspace'];
    for (const g of (await get(`/${resource}?filter%5B${filter}%5D%5Bid%5D=${target.id}`)).data)
      grants.set(`${g.relationships?.team?.data?.id ?? '?'} ${target.id}`, String(g.attributes.access));
  }
  return { teams, grants };
}

interface PlanJson {
  changes?: { action: string; team: { name: string }; target: { type: string; name: string }; after?: unknown }[];
  team_changes?: { action: string; name: string; fields?: unknown }[];
}

/** Every change of a plan, as a key: what and to what. */
const changeKeys = (plan: PlanJson): string[] => [
  ...(plan.changes ?? []).map((c) => `grant ${c.action} ${c.target.type}:${c.target.name} ${c.team.name} ${JSON.stringify(c.after ?? null)}`),
  ...(plan.team_changes ?? []).map((c) => `team ${c.action} ${c.name} ${JSON.stringify(c.fields ?? null)}`),
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-blindness-property-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const counts = { partialRuns: 0, refused: 0, adopted: 0, applied: 0 };

describe('what a token cannot see', () => {
  it('never becomes a change, and an adopt never brings one to the owner plan', async () => {
    await fc.assert(
      fc.asyncProperty(arbWorld, async (o) => {
        const emulator = await startEmulator({ seed: seedOf(o), rateLimit: 0 });
        const run = join(dir, String(Math.random()).slice(2));
        try {
          const [files, adopted] = [join(run, 'files'), join(run, 'adopted')];
          await mkdir(files, { recursive: true });
          await writeFile(join(files, 'tfe-access.yaml'), filesOf(o));
          await cp(files, adopted, { recursive: true });
          const env = (who: Who) => ({ TFE_TOKEN: TOKENS[who], TFE_ADDRESS: emulator.url });
          const secret = new Set(o.secret.flatMap((s, i) => (s ? [`t${i}`] : [])));
          const unseen = o.who === 'owner' ? new Set<string>() : new Set([...secret].filter((t) => t !== OWN_TEAM[o.who as Exclude<Who, 'owner'>]));
          const before = await snapshot(emulator.url);

          // Plan and drift with the token: nothing about a team it cannot see, and no create unless it lists every team.
          for (const command of ['plan', 'drift']) {
            const result = await runCli([command, files, '--format', 'json'], { env: env(o.who) });
            if (result.code === 1) {
              if (o.who !== 'owner') counts.refused += 1;
              continue;
            }
            const plan = JSON.parse(result.out) as PlanJson;
            for (const key of changeKeys(plan)) for (const name of unseen) expect(key, key).not.toMatch(new RegExp(` ${name} `));
            if (o.who !== 'owner') expect((plan.team_changes ?? []).filter((c) => c.action === 'create')).toEqual([]);
          }

          // drift --adopt with the token, then the owner's plans of the files before and after it.
          const ownerPlan = async (path: string): Promise<string[] | undefined> => {
            const result = await runCli(['plan', path, '--format', 'json'], { env: env('owner') });
            return result.code === 1 ? undefined : changeKeys(JSON.parse(result.out) as PlanJson);
          };
          const ownerBefore = await ownerPlan(files);
          const adopt = await runCli(['drift', adopted, '--adopt', '--format', 'json'], { env: env(o.who) });
          if (adopt.code !== 1 && ownerBefore !== undefined) {
            counts.adopted += 1;
            const ownerAfter = (await ownerPlan(adopted)) ?? [];
            const was = new Set(ownerBefore);
            expect(
              ownerAfter.filter((k) => !was.has(k)),
              `${filesOf(o)}\n${adopt.out}`,
            ).toEqual([]);
          }

          // apply with the token: the teams it cannot see, and their grants, are as they were; it creates no team unless it lists every team.
          const applied = await runCli(['apply', files, '--auto-approve'], { env: env(o.who) });
          if (applied.code === 0) counts.applied += 1;
          const after = await snapshot(emulator.url);
          if (o.who !== 'owner') {
            counts.partialRuns += 1;
            expect([...after.teams.keys()].sort()).toEqual([...before.teams.keys()].sort());
            for (const name of unseen) {
              expect(after.teams.get(name)).toBe(before.teams.get(name));
              const id = `team-${name}`;
              const grantsOf = (s: Snapshot) => [...s.grants].filter(([key]) => key.startsWith(`${id} `)).sort();
              expect(grantsOf(after)).toEqual(grantsOf(before));
            }
          }
        } finally {
          await emulator.stop();
          await rm(run, { recursive: true, force: true });
        }
      }),
      { seed: 20261129, numRuns: 20 },
    );
    // The runs drew the cases that matter: partial tokens, refused plans, adopts and applies.
    expect(counts.partialRuns).toBeGreaterThan(5);
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.adopted).toBeGreaterThan(5);
    expect(counts.applied).toBeGreaterThan(0);
  }, 120_000);
});
