// Issue 37, acceptance (docs/evidence.md, "What complete means"): over random organizations (teams
// some secret, some holding organization powers; projects, workspaces, grants) and tokens (the
// organization's, a user's in owners, a team's and a user's with random organization powers), a
// report's JSON and its evidence manifest say `complete: true` only when the brute-force population
// (the emulator's own state, the seed it holds: every team with its visibility and powers, every
// project and workspace, every grant) equals what the report extracted.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_FLAG_KEYS } from '../../src/core/team-flags.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';

const ORG = 'whole';
const TOKENS = { org: 'whole-org', owner: 'whole-owner-user', team: 'whole-team', user: 'whole-user' } as const;
type Who = keyof typeof TOKENS;
// Organization powers as the service sets them, companions included (docs/api.md, "Effective access").
const POWERS: readonly Record<string, boolean>[] = [
  {},
  { 'manage-organization-access': true },
  { 'read-workspaces': true },
  { 'read-projects': true, 'read-workspaces': true },
  { 'manage-workspaces': true, 'read-workspaces': true },
  { 'manage-projects': true, 'manage-workspaces': true, 'read-projects': true, 'read-workspaces': true },
  { 'access-secret-teams': true, 'manage-teams': true },
  { 'access-secret-teams': true, 'manage-membership': true, 'read-projects': true, 'read-workspaces': true },
  { 'access-secret-teams': true, 'manage-teams': true, 'manage-projects': true, 'manage-workspaces': true, 'read-projects': true, 'read-workspaces': true },
];
const PROJECTS = [
  { name: 'Default Project', id: 'prj-default' },
  { name: 'p0', id: 'prj-p0' },
  { name: 'p1', id: 'prj-p1' },
];
const WORKSPACES = [
  { name: 'w0', id: 'ws-w0', project: 'p0' },
  { name: 'w1', id: 'ws-w1', project: 'p1' },
  { name: 'w2', id: 'ws-w2', project: 'Default Project' },
];
const LEVELS = { project: ['read', 'write', 'maintain', 'admin'], workspace: ['read', 'plan', 'write', 'admin'] } as const;

const arbWorld = fc.record({
  teams: fc.array(fc.record({ secret: fc.boolean(), powers: fc.nat(POWERS.length - 1) }), { minLength: 1, maxLength: 4 }),
  // The token's own team (team `tok`, or the user's team `crew`): secret or not, its powers.
  own: fc.record({ secret: fc.boolean(), powers: fc.nat(POWERS.length - 1) }),
  grants: fc.array(fc.tuple(fc.nat(), fc.nat(PROJECTS.length + WORKSPACES.length - 1), fc.nat(3)), { maxLength: 12 }),
  who: fc.constantFrom<Who>('org', 'owner', 'team', 'team', 'user'),
});
type World = typeof arbWorld extends fc.Arbitrary<infer T> ? T : never;

interface Population {
  readonly teams: string[]; // `name visibility powers-on`
  readonly projects: string[];
  readonly workspaces: string[];
  readonly grants: string[]; // `team type:target access`
}

function seedAndPopulation(o: World): { seed: SeedDocument; population: Population } {
  const teams = [
    { name: 'owners', id: 'team-owners', visibility: 'organization', powers: {} },
    ...o.teams.map((t, i) => ({ name: `t${i}`, id: `team-t${i}`, visibility: t.secret ? 'secret' : 'organization', powers: POWERS[t.powers] ?? {} })),
    { name: 'tok', id: 'team-tok', visibility: o.own.secret ? 'secret' : 'organization', powers: POWERS[o.own.powers] ?? {} },
    { name: 'crew', id: 'team-crew', visibility: o.own.secret ? 'secret' : 'organization', powers: POWERS[o.own.powers] ?? {} },
  ];
  const grantable = teams.filter((t) => t.name !== 'owners');
  const seen = new Map<string, { team: string; type: 'project' | 'workspace'; target: string; access: string }>();
  for (const [t, x, l] of o.grants) {
    const team = grantable[t % grantable.length]!.name;
    const type = x < PROJECTS.length ? 'project' : 'workspace';
    const target = type === 'project' ? PROJECTS[x]!.name : WORKSPACES[x - PROJECTS.length]!.name;
    seen.set(`${team} ${type}:${target}`, { team, type, target, access: LEVELS[type][l]! });
  }
  const grants = [...seen.values()];
  const seed: SeedDocument = {
    organizations: [
      {
        name: ORG,
        token: TOKENS.org,
        teams: teams.map((t) => ({
          name: t.name,
          id: t.id,
          ...(t.visibility === 'secret' ? { visibility: 'secret' as const } : {}),
          ...(Object.keys(t.powers).length > 0 ? { 'organization-access': t.powers } : {}),
          ...(t.name === 'tok' ? { tokens: [TOKENS.team] } : {}),
        })),
        people: [
          { email: 'olga@whole.test', teams: ['owners'], tokens: [TOKENS.owner] },
          { email: 'uma@whole.test', teams: ['crew'], tokens: [TOKENS.user] },
        ],
        projects: PROJECTS,
        workspaces: WORKSPACES,
        'team-projects': grants.filter((g) => g.type === 'project').map((g) => ({ team: g.team, project: g.target, access: g.access })),
        'team-workspaces': grants.filter((g) => g.type === 'workspace').map((g) => ({ team: g.team, workspace: g.target, access: g.access })),
      },
    ],
  };
  const on = (powers: Record<string, boolean>): string =>
    Object.keys(powers)
      .filter((k) => powers[k])
      .sort()
      .join(',');
  return {
    seed,
    population: {
      // The owners team holds every power, whatever flags the service lists for it (docs/evidence.md, "Who can").
      teams: teams.map((t) => `${t.name} ${t.visibility} ${t.name === 'owners' ? [...TEAM_FLAG_KEYS].sort().join(',') : on(t.powers)}`).sort(),
      projects: PROJECTS.map((p) => p.name).sort(),
      workspaces: WORKSPACES.map((w) => w.name).sort(),
      grants: grants.map((g) => `${g.team} ${g.type}:${g.target} ${g.access}`).sort(),
    },
  };
}

interface Source {
  kind: string;
  id?: string;
  access?: string;
}
interface ReportJson {
  complete: boolean;
  teams: { name: string; visibility: string; organization_access: Record<string, boolean | null> }[];
  projects: { name: string; id: string; teams: { name: string; sources: Source[] }[] }[];
  workspaces: { name: string; teams: { name: string; sources: Source[] }[] }[];
}

/** The population as the report extracted it: its teams, targets, and the grants its cells name as their sources. */
function extracted(report: ReportJson): Population {
  const grants = [
    ...report.projects.flatMap((p) =>
      p.teams.flatMap((t) => t.sources.filter((s) => s.kind === 'project' && s.id === p.id).map((s) => `${t.name} project:${p.name} ${s.access}`)),
    ),
    ...report.workspaces.flatMap((w) =>
      w.teams.flatMap((t) => t.sources.filter((s) => s.kind === 'workspace').map((s) => `${t.name} workspace:${w.name} ${s.access}`)),
    ),
  ];
  const on = (flags: Record<string, boolean | null>): string =>
    Object.keys(flags)
      .filter((k) => flags[k] === true)
      .sort()
      .join(',');
  return {
    teams: report.teams.map((t) => `${t.name} ${t.visibility} ${on(t.organization_access)}`).sort(),
    projects: report.projects.map((p) => p.name).sort(),
    workspaces: report.workspaces.map((w) => w.name).sort(),
    grants: grants.sort(),
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-complete-property-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const tally = { complete: 0, incomplete: 0, partialButEqual: 0 };

describe('complete: true', () => {
  it('appears in the report JSON and the evidence manifest only when the extracted population is the emulator’s own', async () => {
    await fc.assert(
      fc.asyncProperty(arbWorld, async (o) => {
        const { seed, population } = seedAndPopulation(o);
        const emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current' });
        const bundle = join(dir, String(Math.random()).slice(2));
        try {
          const env = { TFE_TOKEN: TOKENS[o.who], TFE_ADDRESS: emulator.url };
          const run = await runCli(['report', '--organization', ORG, '--evidence', bundle, '--rate-limit', '0'], { env });
          expect(run.code, run.err).toBe(0);
          const report = JSON.parse(await readFile(join(bundle, 'report.json'), 'utf8')) as ReportJson;
          const manifest = JSON.parse(await readFile(join(bundle, 'manifest.json'), 'utf8')) as { complete: boolean };
          const seenPopulation = extracted(report);
          expect(manifest.complete).toBe(report.complete);
          if (report.complete) {
            tally.complete += 1;
            expect(seenPopulation, `${o.who} ${JSON.stringify(o)}`).toEqual(population);
          } else {
            tally.incomplete += 1;
            if (JSON.stringify(seenPopulation) === JSON.stringify(population)) tally.partialButEqual += 1;
          }
        } finally {
          await emulator.stop();
          await rm(bundle, { recursive: true, force: true });
        }
      }),
      { seed: 20261129, numRuns: 40 },
    );
    // The runs drew both sides: complete reads (owners, and teams proving every list) and partial ones.
    expect(tally.complete).toBeGreaterThan(5);
    expect(tally.incomplete).toBeGreaterThan(5);
  }, 60_000);
});
