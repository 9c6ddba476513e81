// Issue 36, finding 5 and three items of finding 9: the guards at apply are re-made from the read,
// never from a saved plan's word. A saved plan resealed without TFE_ACCESS_PLAN_KEY (integrity and
// checksum recomputed: the documented keyless threat model) cannot loosen the member guards' limits
// or figures, nor slip in a change to a service account, a hidden member or the token's own user;
// a team deletion says the organization powers it takes away; deleting the team whose token runs
// the plan is refused; an authoritative team that leaves out the token's own user says so.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MemberChange, PersonRef } from '../../src/core/people.js';
import { grantChanges, managedChanges, planChanges } from '../../src/core/plan.js';
import { checksumOf, policiesDigestOf } from '../../src/diff/checksum.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { checkGuards } from '../../src/guard/guards.js';
import { refusalsOf } from '../../src/guard/plan-refusals.js';
import { unsealedLimits } from '../../src/guard/saved-limits.js';
import { writeSavedPlan } from '../../src/pipeline/disk/saved-plan-file.js';
import { readSavedPlan } from '../../src/saved-plan/file.js';
import { basisGuardInputs, type SavedPlan } from '../../src/saved-plan/saved-plan.js';
import { FAST, writesOf } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { startWorld } from '../support/world.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', String(FAST)];

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'sre', id: 'team-sre', tokens: ['sre-token'] },
    { name: 'platform', id: 'team-plat', 'organization-access': { 'manage-workspaces': true, 'read-workspaces': true } },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners', 'sre'], id: 'ou-ana', tokens: ['ana-token'] },
    { email: 'bo@acme.test', username: 'bo', teams: ['owners', 'sre'], id: 'ou-bo' },
    { email: 'cy@acme.test', username: 'cy', teams: ['sre'], id: 'ou-cy', tokens: ['cy-token'] },
    { email: 'robot@acme.test', username: 'api-team_ROBOT1', 'service-account': true, teams: ['owners', 'sre'], id: 'ou-robot' },
    { username: 'hc-support', hidden: true, teams: ['owners'] },
  ],
  workspaces: [{ name: 'web', id: 'ws-web' }],
};

const held = perTest();

async function start(text: string, token = TOKEN): Promise<{ env: Record<string, string>; files: string }> {
  const world = await startWorld(held, oneOrganization(ORGANIZATION), text);
  return { env: world.env(token), files: world.dir };
}

/**
 * What someone who can write the saved plan and knows how tfe-access seals it writes, without the
 * key: `edit` applied to the plan read back, the checksum over everything it covers (teams and
 * members included) and the refusals recomputed from the edited basis, the integrity sealed again.
 */
async function forge(path: string, edit: (saved: SavedPlan) => SavedPlan): Promise<void> {
  const edited = edit(await readSavedPlan(path));
  const { organization, violations } = edited.plan;
  const changes = grantChanges(edited.plan);
  const teamChanges = managedChanges(edited.plan, 'team');
  const memberChanges = managedChanges(edited.plan, 'member');
  const { memberGuards, ...guards } = basisGuardInputs(edited.basis);
  const teams = teamChanges && edited.basis.teams ? { teams: { changes: teamChanges, maxTeamDeletions: edited.basis.teams.maxTeamDeletions } } : {};
  const members = memberChanges && memberGuards ? { members: { changes: memberChanges, guards: memberGuards } } : {};
  const checksum = checksumOf({
    organization,
    changes,
    ...guards,
    policies: policiesDigestOf(edited.basis.policies),
    violations: violations ?? [],
    ...teams,
    ...members,
  });
  const refusals = refusalsOf(edited.plan.changes, {
    maxRemovals: guards.maxRemovals,
    incompleteTargets: new Set(guards.incompleteTargets),
    ...(guards.maxTeamDeletions === undefined ? {} : { maxTeamDeletions: guards.maxTeamDeletions }),
    ...(memberGuards ? { members: memberGuards } : {}),
  });
  await writeSavedPlan(path, { ...edited, plan: { ...edited.plan, checksum, refusals } });
}

/** A kind's changes as planChanges takes them, when the plan manages it. */
const optionalKind = (plan: SavedPlan['plan'], kind: 'team') => {
  const changes = managedChanges(plan, kind);
  return changes ? { [kind]: changes } : {};
};

const ref = (email: string, membershipId: string, username: string): PersonRef => ({ email, membershipId, username, status: 'active' });
const remove = (team: string, id: string, person: PersonRef): MemberChange => ({ action: 'remove', team: { name: team, id }, person });

/** The saved plan with `changes` and guards that would let anything through. */
const loosened =
  (changes: MemberChange[]) =>
  (saved: SavedPlan): SavedPlan => ({
    ...saved,
    plan: {
      ...saved.plan,
      ...planChanges({ grant: grantChanges(saved.plan), ...optionalKind(saved.plan, 'team'), member: changes }),
    },
    basis: {
      ...saved.basis,
      members: {
        fingerprint: saved.basis.members?.fingerprint ?? '',
        guards: {
          maxMemberRemovals: 99,
          minOwners: 0,
          maxPeopleRemovals: 99,
          owners: 99,
          teamSizes: new Map([
            ['team-owners', 99],
            ['team-sre', 99],
          ]),
        },
      },
    },
  });

const FILES = `organization: acme
settings: { max-member-removals: 1 }
teams:
  owners: { members: [ana@acme.test, bo@acme.test] }
  sre: { members: [ana@acme.test, bo@acme.test] }
`;

async function savedPlanOfFiles(files: string, env: Record<string, string>): Promise<string> {
  const out = join(files, 'saved.plan.json');
  const planned = await runCli(['plan', join(files, 'tfe-access.yaml'), '--out', out, ...RATE], { env });
  expect(planned.code, `${planned.out}${planned.err}`).toBe(0);
  expect(planned.out).toContain('remove from sre');
  return out;
}

describe('finding 5: the guards at apply are re-made from the read, whatever a resealed saved plan says', () => {
  it('finding 5: a keyless reseal that loosens the member guards and removes owners and a service account is refused (exit 3), with no write', async () => {
    const { env, files } = await start(FILES);
    const out = await savedPlanOfFiles(files, env);
    const ana = ref('ana@acme.test', 'ou-ana', 'ana');
    const bo = ref('bo@acme.test', 'ou-bo', 'bo');
    const robot = ref('robot@acme.test', 'ou-robot', 'api-team_ROBOT1');
    const cy = ref('cy@acme.test', 'ou-cy', 'cy');
    // The hidden member has no membership: a forged one names one the read does not show.
    const hidden = ref('hc-support@hashicorp.test', 'ou-hidden', 'hc-support');
    await forge(
      out,
      loosened([
        remove('owners', 'team-owners', ana),
        remove('owners', 'team-owners', bo),
        remove('owners', 'team-owners', hidden),
        remove('sre', 'team-sre', robot),
        remove('sre', 'team-sre', cy),
      ]),
    );
    held.emulator!.resetLog();
    const applied = await runCli(['apply', '--plan', out, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
    // The figures are the read's (3 human owners: ana, bo and the emulator's admin; not the file's
    // 99), the limits never looser than the defaults (min-owners 2, not the file's 0).
    expect(applied.err).toContain(
      '[min-owners] the plan leaves 1 human member in the "owners" team (of 3; 2 removals, 0 added), fewer than settings.min-owners (2)',
    );
    expect(applied.err).toMatch(/\[max-member-removals\] the plan removes 3 members of team "owners" \(of 3; at most 1\)/);
    expect(applied.err).toContain('[untouchable-member]');
    expect(applied.err).toContain('robot@acme.test');
    expect(applied.err).toContain('robot@acme.test (remove from team "sre") is a service account');
    expect(applied.err).toContain('hc-support@hashicorp.test (remove from team "owners") is not among the people read (a hidden member');
  }, 60_000);

  it('finding 5: an unsealed limit looser than the default does not hold; the default does, and stderr says why', async () => {
    const { env, files } = await start(FILES);
    const out = await savedPlanOfFiles(files, env);
    const bo = ref('bo@acme.test', 'ou-bo', 'bo');
    const cy = ref('cy@acme.test', 'ou-cy', 'cy');
    // sre has 3 human members read: the default 25% lets 1 go; the file's own 99 is not sealed.
    await forge(out, loosened([remove('sre', 'team-sre', bo), remove('sre', 'team-sre', cy)]));
    held.emulator!.resetLog();
    const applied = await runCli(['apply', '--plan', out, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
    expect(applied.err).toContain(
      '[max-member-removals] the plan removes 2 members of team "sre" (of 3; at most 1), more than settings.max-member-removals (25%)',
    );
    expect(applied.err).toMatch(/settings\.max-member-removals \(99\) of the saved plan \S+ is looser than the default \(25%\)/);
  }, 60_000);

  it("finding 5: with the files given as PATHS, the limits are the files' own, whatever the saved plan says", async () => {
    const { env, files } = await start(FILES);
    const out = await savedPlanOfFiles(files, env);
    await forge(out, loosened([remove('sre', 'team-sre', ref('bo@acme.test', 'ou-bo', 'bo')), remove('sre', 'team-sre', ref('cy@acme.test', 'ou-cy', 'cy'))]));
    held.emulator!.resetLog();
    const applied = await runCli(['apply', '--plan', out, join(files, 'tfe-access.yaml'), '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
    expect(applied.err).toContain(
      '[max-member-removals] the plan removes 2 members of team "sre" (of 3; at most 1), more than settings.max-member-removals (1)',
    );
    expect(applied.err).not.toContain('looser than the default');
  }, 60_000);

  it("finding 5: a keyless reseal that removes the token's own user from its team is refused (exit 3), with no write", async () => {
    const { env, files } = await start(FILES, 'ana-token');
    const out = await savedPlanOfFiles(files, env);
    const ana = ref('ana@acme.test', 'ou-ana', 'ana');
    await forge(out, loosened([remove('sre', 'team-sre', ana)]));
    held.emulator!.resetLog();
    const applied = await runCli(['apply', '--plan', out, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
    expect(applied.err).toContain('[untouchable-member]');
    expect(applied.err).toMatch(/ana@acme\.test.*the token's own user/);
  }, 60_000);
});

const PRUNE = (names: string[]): string => `organization: acme
settings: { prune-teams: true, max-team-deletions: 5 }
teams:
${names.map((n) => `  ${n}: {}`).join('\n')}
`;

describe('finding 9: team deletions and the token itself', () => {
  it('finding 9: deleting a team with organization powers says the powers lost in every format, and the plan JSON carries them', async () => {
    const { env, files } = await start(PRUNE(['sre']));
    const text = await runCli(['plan', files, ...RATE], { env });
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain(
      '- platform  delete (team-plat), with 0 grants on the targets read and the organization powers manage-workspaces, read-workspaces',
    );
    expect(text.out).toContain('- organization-access.manage-workspaces: true');
    const markdown = await runCli(['plan', files, '--format', 'markdown', ...RATE], { env });
    expect(markdown.out).toContain('the organization powers manage-workspaces, read-workspaces');
    const json = JSON.parse((await runCli(['plan', files, '--format', 'json', ...RATE], { env })).out) as {
      team_changes: { action: string; name: string; powers?: string[] }[];
    };
    expect(json.team_changes.find((c) => c.name === 'platform')).toMatchObject({ action: 'delete', powers: ['manage-workspaces', 'read-workspaces'] });
  }, 60_000);

  it("finding 9: deleting the team whose token runs the plan is refused by a guard (apply exits 3, even with --force), a team token and a user token alike (not an owner's)", async () => {
    const { env, files } = await start(PRUNE(['platform']), 'sre-token');
    // plan reports the refusals apply will make (docs/apply.md, "Safety guards"); only apply exits 3.
    const byTeam = await runCli(['plan', files, ...RATE], { env });
    expect(byTeam.code, `${byTeam.out}${byTeam.err}`).toBe(0);
    expect(byTeam.out).toContain('[own-team]');
    expect(byTeam.out).toContain('team "sre"');
    held.emulator!.resetLog();
    const applied = await runCli(['apply', files, '--auto-approve', '--force', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
    // Saved, the refusal reads back (it is not in the basis: apply makes it again from its own read).
    const out = join(files, 'own.plan.json');
    expect((await runCli(['plan', files, '--out', out, ...RATE], { env })).code).toBe(0);
    const savedApply = await runCli(['apply', '--plan', out, '--auto-approve', '--force', ...RATE], { env });
    expect(savedApply.code, `${savedApply.out}${savedApply.err}`).toBe(3);
    expect(savedApply.err).toContain('[own-team] the plan deletes team "sre", whose token runs it');
    expect(writesOf(held.emulator!)).toEqual([]);
    const guardsFor = async (token: string): Promise<string[]> => {
      const run = await runCli(['plan', files, '--format', 'json', ...RATE], { env: { ...env, TFE_TOKEN: token } });
      expect(run.code, run.err).toBe(0);
      return (JSON.parse(run.out) as { refusals: { guard: string }[] }).refusals.map((r) => r.guard);
    };
    // A user's token acts through the user's teams; an owner's keeps every power through owners.
    expect(await guardsFor('cy-token')).toContain('own-team');
    expect(await guardsFor('ana-token')).not.toContain('own-team');
  }, 60_000);

  it("finding 9: files that leave out the token's own user from an authoritative team say so in every format (members-not-planned)", async () => {
    const { env, files } = await start(
      `organization: acme
teams:
  sre: { members: [bo@acme.test, cy@acme.test] }
`,
      'ana-token',
    );
    const text = await runCli(['plan', files, ...RATE], { env });
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/team sre: ana@acme\.test is not removed: it is the token's own user/);
    const markdown = await runCli(['plan', files, '--format', 'markdown', ...RATE], { env });
    expect(markdown.out).toMatch(/team sre: ana@acme\.test is not removed: it is the token(&#39;|')s own user.*\(`members-not-planned`\)/);
    const json = JSON.parse((await runCli(['plan', files, '--format', 'json', ...RATE], { env })).out) as { warnings: { code: string; message: string }[] };
    expect(json.warnings.filter((w) => w.message.includes('ana@acme.test')).map((w) => w.code)).toEqual(['members-not-planned']);
  }, 60_000);
});

describe('the limits of an unsealed saved plan (guard/saved-limits.ts)', () => {
  it('finding 5: each limit is no looser than its default, a stricter one is kept, and the looser ones are named', () => {
    const { limits, loose } = unsealedLimits({
      maxRemovals: 3,
      maxTeamDeletions: 4,
      members: { maxMemberRemovals: { percent: 10 }, minOwners: 3, maxPeopleRemovals: 5 },
    });
    expect(limits).toEqual({ maxRemovals: 3, maxTeamDeletions: 0, members: { maxMemberRemovals: { percent: 10 }, minOwners: 3, maxPeopleRemovals: 0 } });
    expect(loose.map((l) => `${l.setting} ${l.saved} -> ${l.used}`)).toEqual(['max-team-deletions 4 -> 0', 'max-people-removals 5 -> 0']);
    // A count of 1 never lets more go than the default percentage (at least 1); a count of 2 may.
    expect(unsealedLimits({ maxRemovals: 10, members: { maxMemberRemovals: 1, minOwners: 2, maxPeopleRemovals: 0 } }).loose).toEqual([]);
    expect(
      unsealedLimits({ maxRemovals: 10, members: { maxMemberRemovals: 2, minOwners: 2, maxPeopleRemovals: 0 } }).limits.members?.maxMemberRemovals,
    ).toEqual({
      percent: 25,
    });
  });
});

describe('max-team-deletions names the powers a deletion takes away', () => {
  it('finding 9: a deleted team with no grant and organization powers is not "0 grants" alone in the refusal', () => {
    const deletion = { action: 'delete', id: 'team-plat', name: 'platform', grants: [], powers: ['manage-workspaces', 'read-workspaces'] } as const;
    const refusals = checkGuards(planChanges({ grant: [], team: [deletion] }).changes, { maxRemovals: 10, incompleteTargets: new Set(), force: false });
    expect(refusals.map((r) => r.message)).toEqual([
      'the plan deletes 1 team ("platform"), more than settings.max-team-deletions (0); a deleted team\'s members and grants go with it (0 grants listed in the plan; the organization powers of "platform": manage-workspaces, read-workspaces).',
    ]);
  });
});
