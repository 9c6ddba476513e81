// Issue 27 end to end, against both emulator profiles: onboarding (invited by email into two teams,
// pending until accepted, then a clean plan), offboarding (removed from every team; with
// prune-people, from the organization), an additive team, a person added by hand to an
// authoritative team is drift and a pending invitation is not, a saved plan with member changes
// applies, the guards refuse at plan time, and a team the identity provider owns is refused at the
// place of its `members:` with nothing changed.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES, type ProfileName } from '../../src/emulator/profile.js';
import { DEFAULT_ADMIN_TOKEN } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { FAST, writeDesired, writesOf } from '../apply/scenario.js';
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
    { name: 'ops', id: 'team-ops' },
    { name: 'contractors', id: 'team-con' },
    { name: 'saml', id: 'team-saml', 'sso-team-id': 'grp-7' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners', 'sre'], id: 'ou-ana' },
    { email: 'bo@acme.test', username: 'bo', teams: ['sre', 'ops'], id: 'ou-bo' },
    { email: 'cy@acme.test', username: 'cy', teams: ['sre', 'ops'], id: 'ou-cy' },
    { email: 'dee@vendor.test', username: 'dee', teams: ['contractors'], id: 'ou-dee' },
    { email: 'robot@acme.test', 'service-account': true, teams: ['sre', 'owners'] },
    { username: 'hc-support', hidden: true, teams: ['owners'] },
  ],
  workspaces: [{ name: 'web', id: 'ws-web' }],
};

const held = perTest();

async function start(profile: ProfileName, text: string): Promise<{ env: Record<string, string>; files: string }> {
  const world = await startWorld(held, oneOrganization(ORGANIZATION, profile), text);
  return { env: world.env(TOKEN), files: world.dir };
}

/** What the real service does outside its API, through the emulator's own routes (docs/emulator.md, "People by hand"). */
async function byHand(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${held.emulator!.url}/api/v2/emulator${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEFAULT_ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

interface PlanJson {
  member_changes: { action: string; person: { email: string; membership_id: string | null }; team?: { name: string }; teams?: { name: string }[] }[];
  pending_invites: { person: { email: string }; teams: { name: string }[] }[];
  refusals: { guard: string; message: string }[];
}

async function planJson(files: string, env: Record<string, string>): Promise<PlanJson> {
  const run = await runCli(['plan', files, '--format', 'json', ...RATE], { env });
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out) as PlanJson;
}

const said = (plan: PlanJson): string[] =>
  plan.member_changes.map(
    (c) => `${c.action} ${c.person.email}${c.team ? ` ${c.team.name}` : ''}${c.teams ? ` [${c.teams.map((t) => t.name).join(',')}]` : ''}`,
  );

const SAME = `  owners: { members: [ana@acme.test, admin@tfe-access.test] }
  sre: { members: [ana@acme.test, bo@acme.test, cy@acme.test] }
  ops: { members: [bo@acme.test, cy@acme.test] }
`;

describe.each(PROFILE_NAMES)('people as code against the %s profile', (profile) => {
  it('onboarding: invited by email into two teams, pending (no drift) until accepted, then a clean plan', async () => {
    const file = `organization: acme
settings: { invite: true }
teams:
${SAME.replace('cy@acme.test]', 'cy@acme.test, New.Hire@acme.test]').replace('ops: { members: [bo@acme.test, cy@acme.test]', 'ops: { members: [bo@acme.test, cy@acme.test, new.hire@acme.test]')}`;
    const { env, files } = await start(profile, file);
    const plan = await planJson(files, env);
    expect(said(plan)).toEqual(['invite new.hire@acme.test [ops,sre]']);
    held.emulator!.resetLog();
    const applied = await runCli(['apply', files, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    expect(writesOf(held.emulator!)).toEqual(['POST /api/v2/organizations/acme/organization-memberships']);
    // Not a member until they accept: a pending invitation, no change, no drift.
    const pending = await planJson(files, env);
    expect(pending.member_changes).toEqual([]);
    expect(pending.pending_invites.map((p) => `${p.person.email} ${p.teams.map((t) => t.name).join(',')}`)).toEqual(['new.hire@acme.test ops,sre']);
    const drift = await runCli(['drift', files, ...RATE], { env });
    expect(drift.code, drift.out).toBe(0);
    expect(drift.out).toContain('1 invitation pending');
    const membership = (
      JSON.parse((await runCli(['plan', files, '--format', 'json', ...RATE], { env })).out) as { pending_invites: { person: { membership_id: string } }[] }
    ).pending_invites[0]!.person.membership_id;
    await byHand(`/organization-memberships/${membership}/accept`, { username: 'newhire' });
    const clean = await runCli(['plan', files, '--detailed-exitcode', ...RATE], { env });
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toContain('No changes');
    expect(clean.out).not.toContain('pending');
  }, 60_000);

  it('offboarding: removed from every team in one request per team; with prune-people, from the organization', async () => {
    const gone = SAME.replace(', cy@acme.test]', ']').replace(', cy@acme.test]', ']');
    const { env, files } = await start(profile, `organization: acme\nsettings: { max-member-removals: 1 }\nteams:\n${gone}`);
    expect(said(await planJson(files, env))).toEqual(['remove cy@acme.test ops', 'remove cy@acme.test sre']);
    held.emulator!.resetLog();
    const applied = await runCli(['apply', files, '--auto-approve', ...RATE], { env });
    expect(applied.code, `${applied.out}${applied.err}`).toBe(0);
    expect(writesOf(held.emulator!).sort()).toEqual([
      'DELETE /api/v2/teams/team-ops/relationships/organization-memberships',
      'DELETE /api/v2/teams/team-sre/relationships/organization-memberships',
    ]);
    expect((await runCli(['plan', files, '--detailed-exitcode', ...RATE], { env })).code).toBe(0);
    // cy is in no team now: prune-people removes them from the organization, once max-people-removals allows it.
    await rm(files, { recursive: true, force: true });
    const dir = await writeDesired(`organization: acme\nsettings: { prune-people: true }\nteams:\n${gone}`);
    held.dir = dir;
    const refused = await runCli(['plan', dir, ...RATE], { env });
    expect(refused.out).toContain(
      '[max-people-removals] the plan removes 1 person from the organization (settings.prune-people), more than settings.max-people-removals (0)',
    );
    expect((await runCli(['apply', dir, '--auto-approve', ...RATE], { env })).code).toBe(3);
    held.emulator!.resetLog();
    const forced = await runCli(['apply', dir, '--auto-approve', '--force', ...RATE], { env });
    expect(forced.code, `${forced.out}${forced.err}`).toBe(0);
    expect(writesOf(held.emulator!)).toEqual(['DELETE /api/v2/organization-memberships/ou-cy']);
    expect((await runCli(['plan', dir, '--detailed-exitcode', ...RATE], { env })).code).toBe(0);
  }, 60_000);

  it('adds several people to a team in one request, and only adds to an additive team', async () => {
    const file = `organization: acme
teams:
  contractors: { members: [ana@acme.test, bo@acme.test, cy@acme.test], members-prune: false }
`;
    const { env, files } = await start(profile, file);
    expect(said(await planJson(files, env))).toEqual(['add ana@acme.test contractors', 'add bo@acme.test contractors', 'add cy@acme.test contractors']);
    held.emulator!.resetLog();
    expect((await runCli(['apply', files, '--auto-approve', ...RATE], { env })).code).toBe(0);
    expect(writesOf(held.emulator!)).toEqual(['POST /api/v2/teams/team-con/relationships/organization-memberships']);
    // dee stays: the list is additive.
    expect((await runCli(['drift', files, ...RATE], { env })).code).toBe(0);
  }, 60_000);

  it('a person added by hand to an authoritative team is drift; service accounts and hidden members never are', async () => {
    const { env, files } = await start(profile, `organization: acme\nteams:\n${SAME}`);
    expect((await runCli(['drift', files, ...RATE], { env })).code).toBe(0);
    await byHand('/teams/team-ops/members', { email: 'ana@acme.test' });
    const drift = await runCli(['drift', files, ...RATE], { env });
    expect(drift.code).toBe(2);
    expect(drift.err).toContain('(0 missing, 0 different, 1 not in the files; 1 member differs)');
    expect(drift.out).toContain('- ana@acme.test  live has them in ops; the files do not list them');
  }, 60_000);

  it('a saved plan with member changes applies, and is refused once the people moved', async () => {
    const { env, files } = await start(
      profile,
      `organization: acme\nteams:\n${SAME.replace('ops: { members: [bo@acme.test, cy@acme.test] }', 'ops: { members: [ana@acme.test, bo@acme.test, cy@acme.test] }')}`,
    );
    const out = `${files}/plan.json`;
    expect((await runCli(['plan', files, '--out', out, ...RATE], { env })).code).toBe(0);
    const shown = await runCli(['show', out]);
    expect(shown.out).toContain('+ ana@acme.test  add to ops');
    await byHand('/teams/team-ops/members', { email: 'ana@acme.test' });
    const stale = await runCli(['apply', '--plan', out, '--auto-approve', ...RATE], { env });
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('the saved plan is stale: the people changed since it was planned');
    await rm(out);
    expect((await runCli(['plan', files, '--out', out, ...RATE], { env })).code).toBe(0);
    expect((await runCli(['apply', '--plan', out, '--auto-approve', ...RATE], { env })).code).toBe(0);
  }, 60_000);

  it('refuses members: on a team the identity provider owns, at its place, with nothing changed', async () => {
    const { env, files } = await start(profile, `organization: acme\nteams:\n  saml:\n    members: [ana@acme.test]\n`);
    const planned = await runCli(['plan', files, ...RATE], { env });
    expect(planned.code).toBe(1);
    expect(planned.err).toMatch(
      /tfe-access\.yaml:4:5: teams\.saml\.members: team "saml" belongs to the identity provider: it has sso-team-id "grp-7" on the service/,
    );
    expect(planned.err.trim().split('\n')).toHaveLength(1);
    expect((await runCli(['apply', files, '--auto-approve', ...RATE], { env })).code).toBe(1);
    expect(writesOf(held.emulator!)).toEqual([]);
  }, 60_000);
});

describe('a team linked to a SCIM group', () => {
  it.each(PROFILE_NAMES)(
    'refuses members: at its place, with nothing changed (%s)',
    async (profile) => {
      const linked: SeedOrganization = {
        ...ORGANIZATION,
        teams: [...(ORGANIZATION.teams ?? []), { name: 'Engineering', id: 'team-eng', 'scim-linked': true }],
      };
      const { dir, emulator, env } = await startWorld(
        held,
        oneOrganization(linked, profile),
        'organization: acme\nteams:\n  Engineering:\n    members: [ana@acme.test]\n',
      );
      const planned = await runCli(['plan', dir, ...RATE], { env: env(TOKEN) });
      expect(planned.code).toBe(1);
      expect(planned.err).toMatch(
        /tfe-access\.yaml:4:5: teams\.Engineering\.members: team "Engineering" belongs to the identity provider: it is linked to a SCIM group/,
      );
      expect(planned.err.trim().split('\n')).toHaveLength(1);
      expect(writesOf(emulator)).toEqual([]);
    },
    60_000,
  );
});

describe('a token that may not list the organization’s people', () => {
  it('fails a plan of members in one line naming what it lacks, with nothing changed', async () => {
    const { env, files } = await start('current', `organization: acme\nteams:\n  sre: { members: [ana@acme.test] }\n`);
    const planned = await runCli(['plan', files, ...RATE], { env: { ...env, TFE_TOKEN: 'sre-token' } });
    expect(planned.code).toBe(1);
    expect(planned.err.trim().split('\n')).toHaveLength(1);
    expect(planned.err).toMatch(
      /^tfe-access plan: the files manage members \(teams\.sre\.members at \S*tfe-access\.yaml:3:10\), and the server answered 404 to GET \/organizations\/acme\/organization-memberships: the server has no organization-membership list, or the token may not read it/,
    );
    expect(writesOf(held.emulator!)).toEqual([]);
  }, 60_000);
});

describe('the token’s own user and the guards', () => {
  it('min-owners refuses at plan time with its figures, and --force never empties owners', async () => {
    const { env, files } = await start('current', `organization: acme\nsettings: { max-member-removals: 5 }\nteams:\n  owners: { members: [] }\n`);
    const planned = await runCli(['plan', files, ...RATE], { env });
    expect(planned.out).toContain(
      '[min-owners] the plan leaves 0 human members in the "owners" team (of 2; 2 removals, 0 added), fewer than one, the floor that holds even with --force.',
    );
    const forced = await runCli(['apply', files, '--auto-approve', '--force', ...RATE], { env });
    expect(forced.code).toBe(3);
    expect(writesOf(held.emulator!)).toEqual([]);
  }, 60_000);

  it('a --target plan makes no member changes, says so and reads no people; nor does a plan whose files list no members', async () => {
    const { env, files } = await start('current', `organization: acme\nteams:\n  ops: { members: [] }\nworkspaces:\n  web: { teams: { ops: read } }\n`);
    const planned = await runCli(['plan', files, '--target', 'workspace:web', '--format', 'json', ...RATE], { env });
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { member_changes?: unknown; warnings: { code: string; message: string }[] };
    expect(plan.member_changes).toBeUndefined();
    expect(plan.warnings).toContainEqual({
      code: 'members-not-planned',
      message: 'this --target plan makes no member changes: people belong to the organization, not to a target; plan without --target to change members',
    });
    const reads = () => held.emulator!.requests.filter((r) => r.path.includes('organization-memberships'));
    expect(reads()).toEqual([]);
    await rm(files, { recursive: true, force: true });
    let dir = await writeDesired('organization: acme\nteams:\n  ops: {}\nworkspaces:\n  web: { teams: { ops: read } }\n');
    held.dir = dir;
    expect((await runCli(['plan', dir, ...RATE], { env })).code).toBe(0);
    expect(reads()).toEqual([]);
    // With members, the one list (its pages), and for the authoritative team its service accounts as
    // the service filters them (issue 39, Build 5: docs/api.md, "Identity-provider lifecycles").
    await rm(dir, { recursive: true, force: true });
    dir = await writeDesired('organization: acme\nteams:\n  ops: { members: [bo@acme.test, cy@acme.test] }\nworkspaces:\n  web: { teams: { ops: read } }\n');
    held.dir = dir;
    expect((await runCli(['plan', dir, '--detailed-exitcode', ...RATE], { env })).code).toBe(2);
    expect(reads().map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /api/v2/organizations/acme/organization-memberships',
      'GET /api/v2/teams/team-ops/relationships/organization-memberships',
    ]);
    expect(decodeURIComponent(reads()[1]?.query ?? '')).toContain('filter[is_service_account]=true');
  }, 60_000);
});
