// Issue 24, acceptance: over random organizations, tokens (an owner's: the organization's, the
// owners team's or a user's in the owners team; a team with manage-workspaces; a read-only team,
// with or without admin grants of its own) and secret teams, reading by team and by target give the
// same plan, the same refusals and the same checksum, and the same warnings, policy violations and
// word of what the read could not see (Build 1: one record, whichever way it reads).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadBy } from '../../src/core/model.js';
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument, SeedTeamProject, SeedTeamWorkspace } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';

const ORG_TOKEN = 'prop-org-token';
const READER_TOKEN = 'prop-reader-token';
const OWNERS_TEAM_TOKEN = 'prop-owners-token';
/** Who reads: an owner three ways (the organization's token, the owners team's, the emulator's admin user, in the owners team), or team 0. */
const TOKENS = { organization: ORG_TOKEN, 'owners-team': OWNERS_TEAM_TOKEN, 'owner-user': DEFAULT_ADMIN_TOKEN, reader: READER_TOKEN } as const;
const PROJECT_LEVELS = ['read', 'write', 'maintain', 'admin'] as const;
const WORKSPACE_LEVELS = ['read', 'plan', 'write', 'admin'] as const;
const READER_ACCESS = [
  { 'read-workspaces': true },
  { 'read-workspaces': true, 'read-projects': true },
  { 'manage-workspaces': true, 'read-workspaces': true },
] as const;

const arbOrganization = fc.record({
  teams: fc.array(fc.boolean(), { minLength: 2, maxLength: 5 }), // true: secret
  projects: fc.integer({ min: 1, max: 3 }),
  workspaces: fc.integer({ min: 2, max: 10 }),
  readerAccess: fc.integer({ min: 0, max: READER_ACCESS.length - 1 }),
  live: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 40 }), // team, target, level
  desired: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 30 }),
  token: fc.constantFrom<keyof typeof TOKENS>('organization', 'owners-team', 'owner-user', 'reader', 'reader', 'reader'),
  // A policy on every workspace: its violations, and what its reads could not see, are part of the record too.
  policy: fc.option(fc.nat(), { nil: undefined }),
  // Biases toward the cases that matter: the reader is admin of a workspace, or maintains a project, where a secret team holds a grant.
  readerAdmin: fc.option(fc.nat(), { nil: undefined }),
  readerMaintains: fc.boolean(),
  secretOn: fc.nat(),
});
type Organization = typeof arbOrganization extends fc.Arbitrary<infer T> ? T : never;

const teamName = (i: number) => `t${i}`;
const projectName = (i: number) => `p${i}`;
const workspaceName = (i: number) => `w${i}`;

function world(o: Organization): { seed: SeedDocument; yaml: string } {
  // Team 0 is the reader; targets 0..P-1 are projects, then the workspaces.
  const teams = o.teams.map((secret, i) => ({
    name: teamName(i),
    ...(i > 0 && secret ? { visibility: 'secret' as const } : {}),
    ...(i === 0 ? { tokens: [READER_TOKEN], 'organization-access': { ...READER_ACCESS[o.readerAccess] } } : {}),
  }));
  const targets = o.projects + o.workspaces;
  const seen = new Set<string>();
  const projectGrants: SeedTeamProject[] = [];
  const workspaceGrants: SeedTeamWorkspace[] = [];
  const secret = teams.find((t) => 'visibility' in t)?.name;
  const biased: [number, number, number][] = [
    ...(o.readerAdmin === undefined ? [] : [[0, o.projects + (o.readerAdmin % o.workspaces), 3] as [number, number, number]]),
    ...(o.readerMaintains ? [[0, 0, 2] as [number, number, number]] : []),
    ...(secret ? [[teams.findIndex((t) => t.name === secret), o.projects + (o.secretOn % o.workspaces), 1] as [number, number, number]] : []),
  ];
  for (const [t, x, l] of [...biased, ...o.live]) {
    const team = teamName(t % teams.length);
    const target = x % targets;
    if (seen.has(`${team}/${target}`)) continue;
    seen.add(`${team}/${target}`);
    if (target < o.projects) projectGrants.push({ team, project: projectName(target), access: PROJECT_LEVELS[l % 4] as string });
    else workspaceGrants.push({ team, workspace: workspaceName(target - o.projects), access: WORKSPACE_LEVELS[l % 4] as string });
  }
  const seed = {
    organizations: [
      {
        name: 'prop',
        token: ORG_TOKEN,
        teams: [...teams, { name: 'owners', tokens: [OWNERS_TEAM_TOKEN] }],
        projects: Array.from({ length: o.projects }, (_, i) => ({ name: projectName(i) })),
        workspaces: Array.from({ length: o.workspaces }, (_, i) => ({ name: workspaceName(i), project: projectName(i % o.projects) })),
        'team-projects': projectGrants,
        'team-workspaces': workspaceGrants,
      },
    ],
  } as SeedDocument;
  // The files name only teams every token here sees (the reader's own and the visible ones), and manage every workspace.
  const named = teams.filter((t, i) => i === 0 || !('visibility' in t)).map((t) => t.name);
  const entries = new Map<number, Map<string, string>>(Array.from({ length: o.workspaces }, (_, i) => [i, new Map()]));
  for (const [t, x, l] of o.desired) entries.get(x % o.workspaces)?.set(named[t % named.length] as string, WORKSPACE_LEVELS[l % 4] as string);
  const lines = ['organization: prop', 'settings:', '  max-removals: 1000', 'workspaces:'];
  for (const [i, grants] of entries) {
    lines.push(`  ${workspaceName(i)}:`, grants.size === 0 ? '    teams: {}' : '    teams:');
    for (const [team, level] of grants) lines.push(`      ${team}: ${level}`);
  }
  if (o.policy !== undefined)
    lines.push('policies:', '  - name: cap', '    workspaces: { names: ["*"] }', `    max-access: ${WORKSPACE_LEVELS[o.policy % 4] as string}`);
  return { seed, yaml: `${lines.join('\n')}\n` };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-read-property-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('reading by team and by target', () => {
  it('give the same plan, refusals and checksum, and the same warnings, violations and coverage, for every token', async () => {
    await fc.assert(
      fc.asyncProperty(arbOrganization, async (o) => {
        const { seed, yaml } = world(o);
        const emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current' });
        try {
          await writeFile(join(dir, 'tfe-access.yaml'), yaml);
          const env = { TFE_ADDRESS: emulator.url, TFE_TOKEN: TOKENS[o.token] };
          const plan = async (readBy: ReadBy) => {
            const result = await planFromFiles({
              paths: [dir],
              cwd: dir,
              connection: { env, homeDir: dir, rateLimit: 0, concurrency: 4 },
              run: { now: 0 },
              read: { concurrency: 4, readBy },
            });
            return result.plan;
          };
          const [byTarget, byTeam, auto] = [await plan('target'), await plan('team'), await plan('auto')];
          // An owner sees every team: its read is whole, whichever token stands for it.
          if (o.token !== 'reader') expect(byTarget.coverage).toEqual({ complete: true, reasons: [] });
          for (const other of [byTeam, auto]) {
            expect(other.changes).toEqual(byTarget.changes);
            expect(other.refusals).toEqual(byTarget.refusals);
            expect(other.checksum).toBe(byTarget.checksum);
            expect(other.warnings).toEqual(byTarget.warnings);
            expect(other.violations).toEqual(byTarget.violations);
            expect(other.coverage).toEqual(byTarget.coverage);
          }
        } finally {
          await emulator.stop();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
