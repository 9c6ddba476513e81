// Issue 26's property: random team settings and grant files, against a random organization on
// either emulator profile: plan, apply, and the next plan is clean; and the files given in another
// order give the same plan (the same team changes, grant changes and checksum).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { impliedBy, TEAM_FLAGS } from '../../src/core/team-flags.js';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedTeam } from '../../src/emulator/types.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'prop-org-token';
const RATE = ['--rate-limit', String(FAST)];
const LIVE = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
const NEW = ['zeta', 'eta'];

const flagsOf = (profile: ProfileName): string[] => TEAM_FLAGS.filter((f) => profile === 'current' || f.newer === undefined).map((f) => f.key);

/** A valid organization-access map: flags set true, some others false, none false that a true one brings. */
function accessMap(profile: ProfileName, on: readonly number[], off: readonly number[]): Record<string, boolean> {
  const flags = flagsOf(profile);
  const map: Record<string, boolean> = {};
  for (const i of on) map[flags[i % flags.length]!] = true;
  if (map['access-secret-teams'] && !map['manage-membership'] && !map['manage-teams'] && !map['manage-organization-access']) map['manage-membership'] = true;
  const implied = new Set(Object.keys(map).flatMap(impliedBy));
  for (const i of off) {
    const key = flags[i % flags.length]!;
    if (map[key] === undefined && !implied.has(key)) map[key] = false;
  }
  return map;
}

const arbSettings = fc.record({
  visibility: fc.option(fc.constantFrom('secret', 'organization'), { nil: undefined }),
  sso: fc.option(fc.option(fc.constantFrom('idp-a', 'idp-b'), { nil: null }), { nil: undefined }),
  tokens: fc.option(fc.boolean(), { nil: undefined }),
  on: fc.option(fc.array(fc.nat(20), { maxLength: 4 }), { nil: undefined }),
  off: fc.array(fc.nat(20), { maxLength: 3 }),
});
type Settings = typeof arbSettings extends fc.Arbitrary<infer T> ? T : never;

const arbWorld = fc.record({
  profile: fc.constantFrom(...PROFILE_NAMES),
  live: fc.array(fc.record({ visibility: fc.constantFrom('secret', 'organization' as const), on: fc.array(fc.nat(20), { maxLength: 3 }), sso: fc.boolean() }), {
    minLength: LIVE.length,
    maxLength: LIVE.length,
  }),
  managed: fc.subarray([...LIVE, ...NEW]),
  settings: fc.array(arbSettings, { minLength: LIVE.length + NEW.length, maxLength: LIVE.length + NEW.length }),
  rename: fc.boolean(),
  pruneTeams: fc.boolean(),
  grants: fc.array(fc.tuple(fc.constantFrom(...LIVE, ...NEW, 'renamed'), fc.constantFrom('read', 'write', 'admin')), { maxLength: 5 }),
});
type World = typeof arbWorld extends fc.Arbitrary<infer T> ? T : never;

function teamYaml(name: string, profile: ProfileName, s: Settings, previously?: string): string {
  const lines: string[] = [];
  if (s.visibility) lines.push(`visibility: ${s.visibility}`);
  if (s.sso !== undefined) lines.push(`sso-team-id: ${s.sso ?? 'null'}`);
  if (s.tokens !== undefined) lines.push(`allow-member-token-management: ${s.tokens}`);
  if (s.on) lines.push(`organization-access: ${JSON.stringify(accessMap(profile, s.on, s.off))}`);
  if (previously) lines.push(`previously: [${previously}]`);
  return `  ${name}: { ${lines.join(', ')} }`;
}

/** Two files: the teams, and the grants with the settings. */
function filesOf(world: World): { teams: string; grants: string } {
  const managed = world.managed.filter((n) => !(world.rename && n === 'alpha'));
  const teams = managed.map((name, i) => teamYaml(name, world.profile, world.settings[i]!));
  if (world.rename) teams.push(teamYaml('renamed', world.profile, world.settings[LIVE.length + NEW.length - 1]!, 'alpha'));
  // A grant names a team that exists or that the files create (or rename): other names would fail resolution.
  const known = new Set([...LIVE.filter((n) => !(world.rename && n === 'alpha')), ...managed, ...(world.rename ? ['renamed'] : [])]);
  const grants = new Map(world.grants.filter(([team]) => known.has(team)));
  const grantLines = [...grants].map(([team, level]) => `      ${team}: ${level}`);
  return {
    teams: `organization: prop\nteams:\n${teams.length > 0 ? teams.join('\n') : '  owners: {}'}\n`,
    grants: `organization: prop\nsettings: { prune-teams: ${world.pruneTeams}, max-team-deletions: 100 }\nworkspaces:\n  web:\n    teams:\n${grantLines.length > 0 ? grantLines.join('\n') : '      owners: read'}\n`,
  };
}

function seedOf(world: World) {
  const flags = flagsOf(world.profile);
  const teams: SeedTeam[] = LIVE.map((name, i) => {
    const t = world.live[i]!;
    // As the service keeps them: every flag with its companions.
    const access = Object.fromEntries(
      t.on
        .map((n) => flags[n % flags.length]!)
        .flatMap((k) => [k, ...impliedBy(k)])
        .filter((k) => flags.includes(k))
        .map((k) => [k, true]),
    );
    if (access['access-secret-teams']) access['manage-membership'] = true;
    return { name, id: `team-${name}`, visibility: t.visibility, 'organization-access': access, ...(t.sso ? { 'sso-team-id': 'idp-a' } : {}) };
  });
  return oneOrganization(
    { name: 'prop', token: TOKEN, teams: [{ name: 'owners', id: 'team-owners' }, ...teams], workspaces: [{ name: 'web', id: 'ws-web' }] },
    world.profile,
  );
}

describe('teams as code, property', () => {
  it('plan, apply, plan is clean on both profiles; the order of the files never changes the plan', async () => {
    const profiles = new Set<string>();
    // What the runs planned, so that the property is seen to exercise every kind of team change.
    const actions = new Set<string>();
    await fc.assert(
      fc.asyncProperty(arbWorld, async (world) => {
        profiles.add(world.profile);
        const emulator = await startEmulator({ seed: seedOf(world), rateLimit: 0 });
        const dir = await mkdtemp(join(tmpdir(), 'tfe-access-teams-prop-'));
        try {
          const files = filesOf(world);
          await writeFile(join(dir, 'a-teams.yaml'), files.teams);
          await writeFile(join(dir, 'b-grants.yaml'), files.grants);
          const env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
          const paths = [join(dir, 'a-teams.yaml'), join(dir, 'b-grants.yaml')];
          const one = await runCli(['plan', ...paths, '--format', 'json', ...RATE], { env });
          expect(one.code, `${one.err}\n${files.teams}${files.grants}`).toBe(0);
          const other = await runCli(['plan', ...[...paths].reverse(), '--format', 'json', ...RATE], { env });
          const view = (out: string) => {
            const { changes, team_changes, checksum } = JSON.parse(out) as Record<string, unknown>;
            return { changes, team_changes, checksum };
          };
          expect(view(other.out)).toEqual(view(one.out));
          for (const change of (JSON.parse(one.out) as { team_changes: { action: string }[] }).team_changes) actions.add(change.action);
          const applied = await runCli(['apply', ...paths, '--auto-approve', ...RATE], { env });
          expect(applied.code, `${applied.out}${applied.err}\n${files.teams}${files.grants}`).toBe(0);
          const again = await runCli(['plan', ...paths, '--detailed-exitcode', ...RATE], { env });
          expect(again.code, `${again.out}\n${files.teams}${files.grants}`).toBe(0);
        } finally {
          await emulator.stop();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 16, seed: 26 },
    );
    expect([...profiles].sort()).toEqual(['current', 'seed']);
    expect([...actions].sort()).toEqual(['create', 'delete', 'rename', 'update']);
  }, 180_000);
});
