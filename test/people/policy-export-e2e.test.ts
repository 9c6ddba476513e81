// People end to end against the emulator, both profiles: the `max-members` policy in plan, drift and
// report (docs/effective-access.md, "Team size: `max-members`"), its people read once; and
// `export --teams --members` (docs/adopting.md, "Members: `export --teams --members`"): each team's
// people by email, never a service account or a hidden member, none for a team the identity
// provider owns, at the cost of one membership list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { ADMIN_EMAIL } from '../../src/emulator/service-users.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { idpTeam, peopleOfEachKind } from '../support/people-seeds.js';
import { violationsOf } from '../support/violations.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'acme-people-org-token';

function seedOf(profile: ProfileName): SeedDocument {
  return {
    profile,
    organizations: [
      {
        name: 'acme',
        token: TOKEN,
        teams: [{ name: 'owners', id: 'team-owners' }, { name: 'developers', id: 'team-dev' }, idpTeam()],
        workspaces: [{ name: 'web', id: 'ws-web' }],
        'team-workspaces': [{ team: 'developers', workspace: 'web', access: 'write' }],
        people: peopleOfEachKind(),
      },
    ],
  };
}

const POLICY = (count: number): string => `organization: acme
workspaces:
  web:
    teams: { developers: write }
policies:
  - name: small developers team
    max-members: { team: developers, count: ${count} }
`;

describe.each(PROFILE_NAMES)('people against the %s profile', (profile) => {
  const world = emulatorAndFolder({
    seed: () => seedOf(profile),
    token: TOKEN,
    prefix: 'tfe-access-people-e2e-',
    env: { TFE_ORGANIZATION: 'acme' },
    per: 'file',
  });

  const memberships = (from: number): number => world.emulator.requests.slice(from).filter((r) => r.path.includes('organization-memberships')).length;

  it('max-members: plan names the people counted (not the service account, not the hidden member; the invitee yes), live already so not blocking, one membership list', async () => {
    const files = await writeDesired(POLICY(2));
    const before = world.emulator.requests.length;
    const planned = await runCli(['plan', files, '--format', 'json'], { env: world.env });
    // docs/evidence.md, "New and live violations": the team is this big already, not by the plan's change: listed, exit 0.
    expect(planned.code, planned.err).toBe(0);
    expect(violationsOf(planned.out)).toEqual([
      {
        policy: 'small developers team',
        target: null,
        team: { name: 'developers', id: 'team-dev' },
        message: 'team "developers" has 3 members, more than 2: ana@example.com, Bo@Example.com, cy@vendor.example',
        status: 'live',
      },
    ]);
    // Checked after the plan and as it is, on the one membership list.
    expect(memberships(before)).toBe(1);
    const drift = await runCli(['drift', files], { env: world.env });
    expect(drift.code).toBe(2);
    const report = await runCli(['report', files], { env: world.env });
    expect(report.code, report.err).toBe(0);
    expect(report.out).toContain('[small developers team] team "developers" has 3 members, more than 2');
    const fine = await runCli(['plan', await writeDesired(POLICY(3)), '--detailed-exitcode'], { env: world.env });
    expect(fine.code, fine.out + fine.err).toBe(0);
  });

  it('export --teams --members: each team its people by email; none for the team the identity provider owns; one membership list more', async () => {
    const before = world.emulator.requests.length;
    const out = join(world.dir, `${profile}.yaml`);
    const run = await runCli(['export', '--teams', '--members', '--out', out], { env: world.env });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('and the teams with their members');
    expect(memberships(before)).toBe(1);
    const teams = (parse(readFileSync(out, 'utf8')) as { teams: Record<string, { members?: string[] }> }).teams;
    expect(teams.owners?.members).toEqual([ADMIN_EMAIL, 'ana@example.com']);
    expect(teams.developers?.members).toEqual(['ana@example.com', 'Bo@Example.com', 'cy@vendor.example']);
    expect(teams.idp).not.toHaveProperty('members');
    const text = readFileSync(out, 'utf8');
    expect(text).not.toMatch(/robot@|hc-support|api-team/);
    const plain = await runCli(['export', '--members'], { env: world.env });
    expect(plain.code).toBe(1);
    expect(plain.err.trim()).toBe('tfe-access export: --members writes the members of each team under `teams:`; use it with --teams.');
  });
});
