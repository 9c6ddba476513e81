// Issue 28's acceptance, against the emulator: grants and members changed by hand under three people's
// tokens and a team's token are each attributed to the right actor and time; a team setting changed
// by hand says the trail records no team events; the tool's own earlier apply says `self`; and the
// kept log attributes what the service has forgotten, in one audit request per run.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { type Client, client, MEDIA, workspaceGrantBody } from '../emulator/helpers.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'acme-org-token';
const AUDIT = 'acme-audit-token';
const START = Date.parse('2026-11-20T10:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WORKSPACES = Array.from({ length: 12 }, (_, i) => `w${String(i).padStart(2, '0')}`);

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  'audit-token': AUDIT,
  'created-at': '2026-01-02T03:04:05.000Z',
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
    { name: 'qa', id: 'team-qa' },
    { name: 'ops', id: 'team-ops', tokens: ['ops-token'], 'organization-access': { 'manage-workspaces': true } },
    { name: 'sre', id: 'team-sre' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] },
    { email: 'bo@acme.test', username: 'bo', 'user-id': 'user-bo', teams: ['owners'], tokens: ['bo-token'] },
    { email: 'cy@acme.test', username: 'cy', 'user-id': 'user-cy', teams: ['owners'], tokens: ['cy-token'] },
    { email: 'dee@acme.test', username: 'dee', 'user-id': 'user-dee', teams: ['sre'] },
    { email: 'eve@acme.test', username: 'eve', 'user-id': 'user-eve' },
  ],
  workspaces: WORKSPACES.map((name) => ({ name, id: `ws-${name}` })),
};

const FILES = [
  'organization: acme',
  'teams:',
  '  qa:',
  '    allow-member-token-management: true',
  '  sre:',
  '    members: [dee@acme.test]',
  'workspaces:',
  ...WORKSPACES.flatMap((name) => [`  ${name}:`, '    teams:', '      dev: read']),
  '',
].join('\n');

const held = perTest();

interface World {
  readonly api: Client;
  readonly clock: { now: number };
  readonly env: () => Record<string, string>;
  readonly files: string;
}

async function world(createdAt = ORGANIZATION['created-at']): Promise<World> {
  const clock = { now: START };
  const seed = oneOrganization({ ...ORGANIZATION, 'created-at': createdAt }, 'current');
  held.emulator = await startEmulator({ seed, rateLimit: 0, now: () => clock.now });
  held.dir = await writeDesired(FILES);
  const url = held.emulator.url;
  const env = () => ({ TFE_TOKEN: TOKEN, TFE_ADDRESS: url, TFE_ACCESS_NOW: new Date(clock.now).toISOString() });
  return { api: client(held.emulator), clock, env, files: held.dir };
}

/** The id of `team`'s grant on workspace `name`. */
async function grantId(api: Client, name: string, team: string): Promise<string> {
  const listed = await api.get(`/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-${name}`, TOKEN);
  const grant = (listed.body.data as { id: string; relationships: { team: { data: { id: string } } } }[]).find((g) => g.relationships.team.data.id === team);
  if (!grant) throw new Error(`no grant of ${team} on ${name}`);
  return grant.id;
}

async function members(api: Client, method: 'POST' | 'DELETE', team: string, usernames: string[], token: string): Promise<number> {
  const reply = await api.raw(`/teams/${team}/relationships/users`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': MEDIA },
    body: JSON.stringify({ data: usernames.map((id) => ({ type: 'users', id })) }),
  });
  return reply.status;
}

interface Expected {
  readonly key: string;
  readonly actor: string;
  readonly at: string;
}

/** The hand changes, a minute apart, each under its token; what each drift item should then say. */
async function changeByHand(w: World): Promise<Expected[]> {
  // The tool's own apply first (its grants are `self` events), then the hand changes.
  const applied = await runCli(['apply', w.files, '--auto-approve'], { env: w.env() });
  expect(applied.code, applied.err).toBe(0);
  const expected: Expected[] = [];
  const at = async (key: string, actor: string, write: () => Promise<number>) => {
    w.clock.now += MINUTE;
    expect(await write()).toBeLessThan(300);
    expected.push({ key, actor, at: new Date(w.clock.now).toISOString() });
  };
  const { api } = w;
  const body = (name: string, team: string, access: string) => workspaceGrantBody(`ws-${name}`, team, { access });
  const patch = (id: string, access: string) => ({ data: { type: 'team-workspaces', attributes: { access } } });
  // Three people and a team token, each adding, changing and removing grants.
  await at('remove w00 qa', 'ana', async () => (await api.post('/team-workspaces', body('w00', 'team-qa', 'write'), 'ana-token')).status);
  await at('remove w01 qa', 'ana', async () => (await api.post('/team-workspaces', body('w01', 'team-qa', 'read'), 'ana-token')).status);
  await at(
    'update w02 dev',
    'bo',
    async () => (await api.patch(`/team-workspaces/${await grantId(api, 'w02', 'team-dev')}`, patch('', 'write'), 'bo-token')).status,
  );
  await at(
    'update w03 dev',
    'bo',
    async () => (await api.patch(`/team-workspaces/${await grantId(api, 'w03', 'team-dev')}`, patch('', 'admin'), 'bo-token')).status,
  );
  await at('add w04 dev', 'cy', async () => (await api.del(`/team-workspaces/${await grantId(api, 'w04', 'team-dev')}`, 'cy-token')).status);
  await at('add w05 dev', 'cy', async () => (await api.del(`/team-workspaces/${await grantId(api, 'w05', 'team-dev')}`, 'cy-token')).status);
  const ops = (await api.get('/account/details', 'ops-token')).body.data.attributes.username as string;
  await at('remove w06 ops', ops, async () => (await api.post('/team-workspaces', body('w06', 'team-ops', 'read'), 'ops-token')).status);
  await at('remove w07 ops', ops, async () => (await api.post('/team-workspaces', body('w07', 'team-ops', 'plan'), 'ops-token')).status);
  await at(
    'update w08 dev',
    ops,
    async () => (await api.patch(`/team-workspaces/${await grantId(api, 'w08', 'team-dev')}`, patch('', 'plan'), 'ops-token')).status,
  );
  // Members: one added and one removed by hand.
  await at('member remove sre eve', 'ana', () => members(api, 'POST', 'team-sre', ['eve'], 'ana-token'));
  await at('member add sre dee', 'bo', () => members(api, 'DELETE', 'team-sre', ['dee'], 'bo-token'));
  // A team setting: the trail records no team events.
  w.clock.now += MINUTE;
  const setting = { data: { type: 'teams', attributes: { 'allow-member-token-management': false } } };
  expect((await api.patch('/teams/team-qa', setting, 'cy-token')).status).toBe(200);
  return expected;
}

type Attribution = { actor?: string; at?: string; self?: boolean; type?: string; event?: string; unattributed?: string };
interface DriftJson {
  changes: { action: string; team: { name: string }; target: { name: string }; attribution: Attribution }[];
  member_changes?: { action: string; team: { name: string }; person: { email: string }; attribution: Attribution }[];
  team_changes?: { action: string; name: string; attribution: Attribution }[];
  audit: { events: number; pages: number; unavailable: string | null; since: string | null; logged: number | null };
}

/** Each drift item by the key `changeByHand` gives it. */
function itemsOf(plan: DriftJson): Map<string, Attribution> {
  const items = new Map<string, Attribution>();
  for (const c of plan.changes) items.set(`${c.action} ${c.target.name} ${c.team.name}`, c.attribution);
  for (const m of plan.member_changes ?? []) items.set(`member ${m.action} ${m.team.name} ${m.person.email.split('@')[0]}`, m.attribution);
  for (const t of plan.team_changes ?? []) items.set(`team ${t.action} ${t.name}`, t.attribution);
  return items;
}

async function drift(w: World, extra: string[] = [], audit: string | null = AUDIT): Promise<{ code: number; plan: DriftJson; out: string; err: string }> {
  const env = { ...w.env(), ...(audit === null ? {} : { TFE_AUDIT_TOKEN: audit }) };
  const run = await runCli(['drift', w.files, '--format', 'json', ...extra], { env });
  expect(run.err).not.toContain(AUDIT);
  return { code: run.code, plan: JSON.parse(run.out) as DriftJson, out: run.out, err: run.err };
}

describe('who changed it, against the emulator', () => {
  it("names the right actor and time for at least 95% of the items changed by hand; a team setting is not-recorded; the tool's own apply is self", async () => {
    const w = await world();
    const expected = await changeByHand(w);
    // The files drop dev on w11, which the tool itself granted: a difference the tool made.
    const without = FILES.replace('  w11:\n    teams:\n      dev: read\n', '  w11:\n    teams: {}\n');
    expect(without).not.toBe(FILES);
    await writeFile(join(w.files, 'tfe-access.yaml'), without);
    w.clock.now += MINUTE;
    const { code, plan } = await drift(w);
    expect(code).toBe(2);
    const items = itemsOf(plan);
    const right = expected.filter((e) => {
      const got = items.get(e.key);
      return got?.actor === e.actor && got.at === e.at && got.self === false;
    });
    // Every one, in fact; the acceptance asks for 95%.
    expect(right.length / expected.length).toBeGreaterThanOrEqual(0.95);
    expect(right.map((e) => e.key)).toEqual(expected.map((e) => e.key));
    expect(items.get('update w03 dev')).toMatchObject({ type: 'Client', event: 'workspace.update_team_permissions' });
    expect(items.get('add w04 dev')).toMatchObject({ event: 'workspace.remove_team' });
    expect(items.get('member remove sre eve')).toMatchObject({ event: 'team.add_member' });
    expect(items.get('team update qa')).toEqual({ unattributed: 'not-recorded' });
    expect(items.get('remove w11 dev')).toMatchObject({ self: true, event: 'workspace.add_team' });
    // Every item says who or why: nothing is left without an attribution.
    expect([...items.values()].every((a) => a !== undefined)).toBe(true);
    expect(items.size).toBe(expected.length + 2);
    expect(plan.audit).toMatchObject({ unavailable: null, pages: 1 });
  });

  it('past the 14 days the service forgets: older-than-retention, unless the kept log remembers (one audit request per run)', async () => {
    const w = await world();
    const expected = await changeByHand(w);
    const log = join(w.files, 'audit-log.jsonl');
    const first = await drift(w, ['--audit-log', log]);
    expect(first.plan.audit.pages).toBe(1);
    // The scheduled job runs every few days and keeps the log: its checkpoints join without a gap.
    for (let day = 5; day < 15; day += 5) {
      w.clock.now += 5 * DAY;
      expect((await drift(w, ['--audit-log', log])).plan.audit.pages).toBe(1);
    }
    w.clock.now += 5 * DAY;
    const forgotten = itemsOf((await drift(w)).plan);
    expect(expected.map((e) => forgotten.get(e.key))).toEqual(expected.map(() => ({ unattributed: 'older-than-retention' })));
    held.emulator!.resetLog();
    const kept = await drift(w, ['--audit-log', log]);
    const remembered = itemsOf(kept.plan);
    expect(expected.map((e) => remembered.get(e.key)?.actor)).toEqual(expected.map((e) => e.actor));
    // Every event the first run read (the tool's apply and the hand changes), none read again.
    expect(first.plan.audit.events).toBe(expected.length + WORKSPACES.length);
    expect(kept.plan.audit).toMatchObject({ logged: first.plan.audit.events, events: 0, pages: 1 });
    expect(held.emulator!.requests.filter((r) => r.path.endsWith('/organization/audit-trail'))).toHaveLength(1);
  });

  it('an organization younger than what was read: an item with no event is no-matching-event', async () => {
    const w = await world(new Date(START - DAY).toISOString());
    // Put in the team through the emulator's own set-up route: a change the trail never saw.
    expect((await w.api.post('/emulator/teams/team-sre/members', { username: 'eve' })).status).toBe(204);
    const { plan } = await drift(w);
    expect(itemsOf(plan).get('member remove sre eve')).toEqual({ unattributed: 'no-matching-event' });
  });

  it("without the audit token every item says no-audit-token; with a person's token, or a server without the trail, not-available with why", async () => {
    const w = await world();
    await changeByHand(w);
    const none = await drift(w, [], null);
    expect([...itemsOf(none.plan).values()].every((a) => a.unattributed === 'no-audit-token')).toBe(true);
    const person = await drift(w, [], 'ana-token');
    expect(person.code).toBe(2);
    expect([...itemsOf(person.plan).values()].every((a) => a.unattributed === 'not-available')).toBe(true);
    expect(person.plan.audit.unavailable).toBe('not-available');
    expect(JSON.stringify(person.plan.audit)).toMatch(/user token/);
    expect(person.err).not.toContain('ana-token');
    // A refused audit token (an audit-trail token expires): drift still reports what differs.
    const expired = await drift(w, [], 'expired-audit-token');
    expect(expired.code).toBe(2);
    expect([...itemsOf(expired.plan).values()].every((a) => a.unattributed === 'not-available')).toBe(true);
    expect(JSON.stringify(expired.plan.audit)).toMatch(/refused by .* \(401\)/);
    expect(expired.out + expired.err).not.toContain('expired-audit-token');
    const why = { tfe: /is Terraform Enterprise, which has no audit trail/, 'no-entitlement': /the organization has no audit trail/ };
    for (const mode of ['tfe', 'no-entitlement'] as const) {
      expect((await w.api.post('/emulator/audit-trail', { mode })).status).toBe(200);
      const refused = await drift(w);
      expect(refused.code).toBe(2);
      expect([...itemsOf(refused.plan).values()].every((a) => a.unattributed === 'not-available')).toBe(true);
      expect(JSON.stringify(refused.plan.audit)).toMatch(why[mode]);
    }
  });

  it('plan attributes only with an audit token; without one its output is as it was', async () => {
    const w = await world();
    const expected = await changeByHand(w);
    const bare = await runCli(['plan', w.files, '--format', 'json'], { env: w.env() });
    const plain = JSON.parse(bare.out) as Partial<DriftJson>;
    expect(plain.audit).toBeUndefined();
    expect(bare.out).not.toContain('"attribution"');
    const told = await runCli(['plan', w.files, '--format', 'json'], { env: { ...w.env(), TFE_AUDIT_TOKEN: AUDIT } });
    const items = itemsOf(JSON.parse(told.out) as DriftJson);
    expect(expected.map((e) => items.get(e.key)?.actor)).toEqual(expected.map((e) => e.actor));
    // The same plan either way: attribution is not part of the checksum.
    expect((JSON.parse(told.out) as { checksum: string }).checksum).toBe((plain as { checksum?: string }).checksum);
  });

  it("costs one audit request per 1,000 events since the kept log's checkpoint, through the CLI", async () => {
    const w = await world();
    await changeByHand(w);
    const log = join(w.files, 'audit-log.jsonl');
    expect((await drift(w, ['--audit-log', log])).plan.audit.pages).toBe(1);
    // 2,500 events after the checkpoint, a second apart, on a workspace the files do not name.
    const resource = { id: 'ws-elsewhere', type: 'workspace', action: 'add_team', meta: { team: 'team-qa' } };
    const events = Array.from({ length: 2500 }, (_, i) => ({ timestamp: new Date(w.clock.now + (i + 1) * 1000).toISOString(), resource }));
    expect((await w.api.post('/emulator/organizations/acme/audit-events', { events })).status).toBe(201);
    w.clock.now += DAY;
    held.emulator!.resetLog();
    const next = await drift(w, ['--audit-log', log]);
    // The read starts a little before the checkpoint (docs/drift.md, "Keep what the service forgets"):
    // the last hand changes are read again, never written twice.
    expect(next.plan.audit.pages).toBe(3);
    expect(next.plan.audit.events).toBeGreaterThanOrEqual(2500);
    expect(next.plan.audit.events).toBeLessThan(2500 + 12);
    expect(held.emulator!.requests.filter((r) => r.path.endsWith('/organization/audit-trail'))).toHaveLength(3);
  });

  it('drift --adopt names who changed each item too (the pull request body of the scheduled job), and plan is clean after', async () => {
    const w = await world();
    const expected = await changeByHand(w);
    const env = { ...w.env(), TFE_AUDIT_TOKEN: AUDIT };
    const adopted = await runCli(['drift', w.files, '--adopt', '--format', 'markdown'], { env });
    expect(adopted.code, adopted.err).toBe(2);
    expect(adopted.out).toContain('| item | who | token type | when | event |');
    expect(adopted.out).toMatch(/\| - workspace w00: qa write \| ana \| Client \| 2026-11-20 10:01 UTC \| `workspace.add_team` \|/);
    expect(adopted.out).toContain('```diff');
    // Adopted: keeping the edits is the adopt, discarding them and applying the revert.
    expect(adopted.out).toContain('- keep live access as it is (adopt): commit these edits');
    expect(adopted.out).toContain(`discard the edits (close the pull request), then \`tfe-access apply ${w.files}\``);
    expect(adopted.out).not.toContain('tfe-access drift --adopt');
    const json = await runCli(['drift', w.files, '--adopt', '--format', 'json'], { env });
    const items = itemsOf(JSON.parse(json.out) as DriftJson);
    // The files now say what live access is: drift adopts nothing more, and names nobody.
    expect(items.size).toBe(0);
    const plan = await runCli(['plan', w.files, '--detailed-exitcode'], { env: w.env() });
    expect(plan.code, plan.out).toBe(0);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('reading by team or by target, drift names the same people; a plan saved with an audit token applies as any other', async () => {
    const w = await world();
    const expected = await changeByHand(w);
    const byTeam = itemsOf((await drift(w, ['--read-by', 'team'])).plan);
    const byTarget = itemsOf((await drift(w, ['--read-by', 'target'])).plan);
    expect(expected.map((e) => byTeam.get(e.key)?.actor)).toEqual(expected.map((e) => e.actor));
    expect([...byTarget.entries()]).toEqual([...byTeam.entries()]);
    // Saved with an audit token (the regression: its checksum no longer matched): the attribution is
    // shown, not kept; apply --plan puts access back.
    const saved = join(held.dir!, 'plan.tfe-access');
    const env = { ...w.env(), TFE_AUDIT_TOKEN: AUDIT };
    const planned = await runCli(['plan', w.files, '--out', saved], { env });
    expect(planned.code, planned.err).toBe(0);
    expect(planned.out).toContain('by ana (Client)');
    const shown = await runCli(['show', saved]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).not.toContain('by ana');
    const applied = await runCli(['apply', '--plan', saved, '--auto-approve'], { env: w.env() });
    expect(applied.code, applied.out + applied.err).toBe(0);
    expect((await runCli(['plan', w.files, '--detailed-exitcode'], { env: w.env() })).code).toBe(0);
  });
});
