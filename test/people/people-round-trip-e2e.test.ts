// Needs the plan of members (people-plan) and the wiring of pipeline/use-cases/plan.ts (pipeline-plan.patch):
// `export --teams --members` then `plan` is clean against both emulator profiles (an invitee
// pending, service accounts and hidden members untouched); and a plan that adds a person to a team
// names who gains what in its effective changes (docs/effective-access.md, "People").
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { idpTeam, peopleOfEachKind } from '../support/people-seeds.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'acme-people-trip-token';

function seedOf(profile: ProfileName): SeedDocument {
  return {
    profile,
    organizations: [
      {
        name: 'acme',
        token: TOKEN,
        teams: [{ name: 'owners', id: 'team-owners' }, { name: 'developers', id: 'team-dev' }, { name: 'sre', id: 'team-sre' }, idpTeam()],
        workspaces: [
          { name: 'web', id: 'ws-web' },
          { name: 'api', id: 'ws-api' },
        ],
        'team-workspaces': [
          { team: 'developers', workspace: 'web', access: 'write' },
          { team: 'sre', workspace: 'web', access: 'admin' },
          { team: 'sre', workspace: 'api', access: 'admin' },
        ],
        people: peopleOfEachKind(),
      },
    ],
  };
}

describe.each(PROFILE_NAMES)('people round trips against the %s profile', (profile) => {
  const world = emulatorAndFolder({
    seed: () => seedOf(profile),
    token: TOKEN,
    prefix: 'tfe-access-people-trip-',
    env: { TFE_ORGANIZATION: 'acme' },
    per: 'file',
  });

  it('export --teams --members, then plan: no change (the invitee pending)', async () => {
    const out = join(world.dir, `${profile}.yaml`);
    const exported = await runCli(['export', '--teams', '--members', '--all', '--out', out], { env: world.env });
    expect(exported.code, exported.err).toBe(0);
    const plan = await runCli(['plan', out, '--format', 'json', '--detailed-exitcode'], { env: world.env });
    expect(plan.code, plan.out + plan.err).toBe(0);
    const document = JSON.parse(plan.out) as { member_changes?: unknown[]; pending_invites?: { person: { email: string } }[] };
    expect(document.member_changes ?? []).toEqual([]);
    expect((document.pending_invites ?? []).map((p) => p.person.email)).toEqual(['cy@vendor.example']);
  });

  it('a person added to a team gains its access on the targets the plan reads: the effective changes name them', async () => {
    // The effective changes are computed on the targets the plan reads: the files' own.
    const files = await writeDesired(`organization: acme
teams:
  sre:
    members: [bo@example.com]
workspaces:
  web:
    teams: { developers: write, sre: admin }
  api:
    teams: { sre: admin }
`);
    const plan = await runCli(['plan', files, '--format', 'json'], { env: world.env });
    expect([0, 2]).toContain(plan.code);
    const effective = (
      JSON.parse(plan.out) as {
        effective_changes: { team: { name: string }; target: { name: string }; after: string; member?: { action: string; email: string } }[];
      }
    ).effective_changes;
    expect(effective.filter((e) => e.member).map((e) => [e.member?.action, e.member?.email, e.team.name, e.target.name, e.after])).toEqual([
      ['add', 'Bo@Example.com', 'sre', 'api', 'admin'],
      ['add', 'Bo@Example.com', 'sre', 'web', 'admin'],
    ]);
  });
});
