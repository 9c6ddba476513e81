// `tfe-access recommend` end to end on the emulator (docs/recommend.md): the runs of the window set
// up through the emulator's route, the CLI run in process. A team with admin that only planned is
// lowered to plan; a team whose token applied keeps apply; an unused grant is removed or lowered to
// its reads; a person in two teams gives ambiguous proposals naming them; the JSON validates
// against its schema; bad input is one line and exit 1.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runsProgressLine } from '../../src/cli/commands/recommend.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { listenOnLoopback } from '../support/loopback.js';
import { emulatorAndFolder } from '../support/world.js';

const DAY = 86_400_000;
const ago = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: 'acme-org-token',
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'admins', id: 'team-admins' },
        { name: 'deployers', id: 'team-deployers' },
        { name: 'idle', id: 'team-idle' },
        { name: 'dev', id: 'team-dev' },
        { name: 'ops', id: 'team-ops' },
      ],
      workspaces: [
        { name: 'app', id: 'ws-app' },
        { name: 'net', id: 'ws-net' },
      ],
      'team-workspaces': [
        { team: 'admins', workspace: 'app', access: 'admin', id: 'tws-admins' },
        { team: 'deployers', workspace: 'app', access: 'admin', id: 'tws-deployers' },
        { team: 'idle', workspace: 'app', access: 'custom', runs: 'apply', variables: 'none', 'state-versions': 'none', id: 'tws-idle' },
        { team: 'idle', workspace: 'net', access: 'write', id: 'tws-idle-net' },
        { team: 'dev', workspace: 'net', access: 'plan', id: 'tws-dev' },
        { team: 'ops', workspace: 'net', access: 'admin', id: 'tws-ops' },
      ],
      people: [
        { email: 'ana@acme.test', username: 'ana', id: 'ou-ana', 'user-id': 'user-ana', teams: ['admins'] },
        { email: 'bo@acme.test', username: 'bo', id: 'ou-bo', 'user-id': 'user-bo', teams: ['dev', 'ops'] },
      ],
    },
  ],
};

const RUNS = [
  { workspace: 'app', 'created-by': 'ana', 'created-at': ago(5), 'plan-only': true },
  { workspace: 'app', 'created-by': 'ana', 'created-at': ago(40), 'plan-only': true },
  { workspace: 'app', 'created-by': 'team:deployers', 'created-at': ago(3), 'auto-apply': true },
  { workspace: 'net', 'created-by': 'bo', 'created-at': ago(2), 'plan-only': true },
  { workspace: 'app', 'created-by': 'ana', 'created-at': ago(200), status: 'applied', 'confirmed-by': 'ana' },
];

const world = emulatorAndFolder({ seed: SEED, token: 'acme-org-token', prefix: 'tfe-access-recommend-', env: { TFE_ORGANIZATION: 'acme' } });

async function addRuns(runs: unknown[] = RUNS): Promise<void> {
  const res = await fetch(`${world.emulator.url}/api/v2/emulator/organizations/acme/runs`, {
    method: 'POST',
    headers: { Authorization: 'Bearer tfe-access-emulator-admin', 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ runs }),
  });
  expect(res.status).toBe(201);
}

const runsRequests = (): number => world.emulator.requests.filter((r) => r.path === '/api/v2/organizations/acme/runs').length;

async function recommendJson(extra: string[] = []): Promise<any> {
  const run = await runCli(['recommend', '--format', 'json', ...extra], { env: world.env });
  expect(run.err + run.code).toBe('0');
  return JSON.parse(run.out);
}

const verdicts = (doc: any): string[][] =>
  doc.proposals.map((p: any) => [p.target.name, p.team.name, p.proposal, p.proposed === null ? 'none' : p.proposed.access]);

describe('tfe-access recommend', () => {
  it('lowers admin that only planned to plan, keeps apply for the team whose token applied, removes or lowers unused grants, marks two teams ambiguous', async () => {
    await addRuns();
    const doc = await recommendJson();
    expect(verdicts(doc)).toEqual([
      ['app', 'admins', 'lower', 'plan'],
      ['app', 'deployers', 'lower', 'write'],
      ['app', 'idle', 'remove', 'none'],
      ['net', 'dev', 'keep', 'plan'],
      ['net', 'idle', 'lower', 'read'],
      ['net', 'ops', 'lower', 'plan'],
    ]);
    const admins = doc.proposals[0];
    expect(admins.evidence).toMatchObject({ actions: { plan: 2, apply: 0 }, people: ['ana'], tokens: [] });
    expect(admins.evidence.last_use).toBe(RUNS[0]?.['created-at']);
    expect(doc.proposals[1].evidence.tokens).toHaveLength(1);
    expect(doc.proposals[1].evidence.tokens[0]).toMatch(/^api-team_/);
    expect(doc.proposals.filter((p: any) => p.ambiguous).map((p: any) => [p.team.name, p.evidence.ambiguous_with])).toEqual([
      ['dev', ['bo']],
      ['ops', ['bo']],
    ]);
    expect(doc.sources).toMatchObject({ runs_index: { pages: 1, runs: 4 }, not_read: ['reads', 'grant-ages'], unattributed_runs: 0 });
    expect(doc.window.days).toBe(90);
  });

  it('--window 30d counts only the runs of 30 days; --custom gives the exact vector', async () => {
    await addRuns();
    const doc = await recommendJson(['--window', '30d', '--custom']);
    const admins = doc.proposals.find((p: any) => p.team.name === 'admins');
    expect(admins.evidence.actions.plan).toBe(1);
    expect(admins.proposed).toEqual({
      access: 'custom',
      permissions: {
        runs: 'plan',
        variables: 'read',
        'state-versions': 'read',
        'sentinel-mocks': 'none',
        'workspace-locking': false,
        'run-tasks': false,
        'policy-overrides': false,
      },
    });
  });

  it('the JSON validates against schemas/recommend.schema.json; text, markdown and csv say the same proposals', async () => {
    await addRuns();
    const schema = JSON.parse(readFileSync(new URL('../../schemas/recommend.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const doc = await recommendJson();
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...doc, proposals: [{ ...doc.proposals[0], proposal: 'shrink' }] })).toBe(false);
    const text = (await runCli(['recommend'], { env: world.env })).out;
    expect(text).toContain('workspace "app", team "admins": lower admin to plan');
    expect(text).toContain('used: 2 plans, last');
    expect(text).toContain('ambiguous: bo');
    expect(text).toContain('Not read: reads of state and variables');
    const markdown = (await runCli(['recommend', '--format', 'markdown'], { env: world.env })).out;
    expect(markdown).toContain('| workspace app | admins | lower admin to plan | 2 plans |');
    const csv = (await runCli(['recommend', '--format', 'csv'], { env: world.env })).out.split('\r\n');
    expect(csv[0]).toBe(
      'target_type,target,team,proposal,current,proposed,plan_count,apply_count,read-state_count,read-variables_count,last_use,people,tokens,ambiguous,reasons,complete',
    );
    expect(csv[1]).toMatch(/^workspace,app,admins,lower,admin,plan,2,0,0,0,/);
    expect(csv[1]).toMatch(/,true$/);
  });

  it('with files: only the grants they list, a min-access policy a floor', async () => {
    await addRuns();
    const file = world.file(
      [
        'organization: acme',
        'settings:',
        '  ignore-teams: [deployers]',
        'workspaces:',
        '  app:',
        '    teams:',
        '      admins: admin',
        '      idle: {access: custom, runs: apply}',
        '  net:',
        '    teams:',
        '      ops: admin',
        'policies:',
        '  - name: ops-writes-net',
        '    workspaces: {names: [net]}',
        '    min-access: {team: ops, access: write}',
        '',
      ].join('\n'),
    );
    const doc = await recommendJson([file]);
    expect(doc.proposals.map((p: any) => [p.target.name, p.team.name, p.proposal, p.proposed?.access, p.reasons])).toEqual([
      ['app', 'admins', 'lower', 'plan', ['used', 'reads-unknown']],
      ['app', 'idle', 'remove', undefined, []],
      ['net', 'ops', 'lower', 'write', ['used', 'reads-unknown', 'min-access']],
    ]);
  });
});

describe('--write: the proposals as edits of the files', () => {
  const FILES = [
    '# access of acme, kept by hand',
    'organization: acme',
    'workspaces:',
    '  app:',
    '    teams:',
    '      admins: admin      # ana plans here',
    '      deployers: admin',
    '      idle: {access: custom, runs: apply}',
    '  net:',
    '    teams:',
    '      dev: plan',
    '      idle: write',
    '      ops: admin',
    '',
  ].join('\n');

  it('edits only the values proposed, every other byte kept, and prints the plan those edits make', async () => {
    await addRuns();
    const file = world.file(FILES);
    const run = await runCli(['recommend', file, '--write'], { env: world.env });
    expect(run.code, run.err).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      FILES.replace('admins: admin      #', 'admins: plan      #')
        .replace('deployers: admin', 'deployers: write')
        .replace('      idle: {access: custom, runs: apply}\n', '')
        .replace('idle: write', 'idle: read')
        .replace('ops: admin', 'ops: plan'),
    );
    expect(run.err).toContain(`recommend: edited ${file}.`);
    const plan = run.out.slice(run.out.indexOf('Not read:'));
    for (const change of ['admins', 'deployers', 'idle', 'ops']) expect(plan).toContain(change);
    const again = await runCli(['plan', file, '--format', 'json'], { env: world.env });
    const changes = JSON.parse(again.out).changes.map((c: any) => [c.target.name, c.team.name, c.action, c.after?.access ?? null]);
    expect(changes.sort()).toEqual(
      [
        ['app', 'admins', 'update', 'plan'],
        ['app', 'deployers', 'update', 'write'],
        ['app', 'idle', 'remove', null],
        ['net', 'idle', 'update', 'read'],
        ['net', 'ops', 'update', 'plan'],
      ].sort(),
    );
  });

  it('a dismissal in the files is honoured until it ends, and raised again when new evidence lowers further', async () => {
    await addRuns();
    const until = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const dismissals = (extra: string): string =>
      [
        'dismissals:',
        `  - {team: admins, workspace: app, reason: "on call for app", until: "${until}"${extra}}`,
        '  - {team: ops, workspace: net, reason: "ended", until: "2020-01-01"}',
        '',
      ].join('\n');
    const verdict = async (extra: string): Promise<string[][]> => {
      const file = world.file(`${FILES}${dismissals(extra)}`);
      const doc = await recommendJson([file]);
      return doc.proposals.filter((p: any) => ['admins', 'ops'].includes(p.team.name)).map((p: any) => [p.team.name, p.proposal, p.reasons[0]]);
    };
    expect(await verdict('')).toEqual([
      ['admins', 'keep', 'dismissed'],
      ['ops', 'lower', 'used'],
    ]);
    expect(await verdict(', access: plan')).toEqual([
      ['admins', 'keep', 'dismissed'],
      ['ops', 'lower', 'used'],
    ]);
    expect(await verdict(', access: write')).toEqual([
      ['admins', 'lower', 'used'],
      ['ops', 'lower', 'used'],
    ]);
  });

  it('--write without files, or with json to stdout: one line, exit 1, nothing read', async () => {
    const bare = await runCli(['recommend', '--write'], { env: world.env });
    expect([bare.code, bare.err.trim()]).toEqual([1, 'tfe-access recommend: --write edits the desired-state files: name them (PATHS).']);
    const json = await runCli(['recommend', world.file(FILES), '--write', '--format', 'json'], { env: world.env });
    expect(json.code).toBe(1);
    expect(json.err).toContain('give --out FILE for the recommendation');
    expect(world.emulator.requests).toHaveLength(0);
  });
});

describe('grants younger than the window (the audit trail)', () => {
  it('a grant the trail shows made inside the window is kept, too recent to judge; the rest judged as before, and the evidence says how far ages are known', async () => {
    await addRuns();
    const made = await fetch(`${world.emulator.url}/api/v2/team-workspaces`, {
      method: 'POST',
      headers: { Authorization: 'Bearer acme-org-token', 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'team-workspaces',
          attributes: { access: 'admin' },
          relationships: { workspace: { data: { type: 'workspaces', id: 'ws-app' } }, team: { data: { type: 'teams', id: 'team-dev' } } },
        },
      }),
    });
    expect(made.status).toBe(201);
    const env = { ...world.env, TFE_AUDIT_TOKEN: 'acme-org-token' };
    const run = await runCli(['recommend', '--format', 'json'], { env });
    const doc = JSON.parse(run.out);
    expect(verdicts(doc)).toContainEqual(['app', 'dev', 'keep', 'admin']);
    expect(doc.proposals.find((p: any) => p.team.name === 'dev' && p.target.name === 'app').reasons).toEqual(['too-recent']);
    expect(verdicts(doc)).toContainEqual(['app', 'admins', 'lower', 'plan']);
    expect(doc.sources.not_read).toEqual(['reads-before-trail', 'grant-ages-before-trail']);
    const within = JSON.parse((await runCli(['recommend', '--format', 'json', '--window', '14d'], { env })).out);
    expect(within.sources.not_read).toEqual([]);
    expect(verdicts(within)).toContainEqual(['app', 'dev', 'keep', 'admin']);
  });
});

async function setUp(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${world.emulator.url}/api/v2/emulator/organizations/acme/${path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer tfe-access-emulator-admin', 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return res.json();
}

describe('reads of state and variables from the audit trail (docs/recommend.md, "Reads from the audit trail")', () => {
  const env = (): Record<string, string> => ({ ...world.env, TFE_AUDIT_TOKEN: 'acme-org-token' });
  const readEvent = (type: string, id: string, user: string) => ({
    resource: { id, type, action: 'show' },
    auth: { accessor_id: `user-${user}`, description: user },
    timestamp: ago(1),
  });

  it("over 14 days with the trail on: an unused grant is removed, a state read counts (its version asked once, then kept in the log), a variable read keeps variables: read on its reader's teams; over 90 days lowered to read, saying why", async () => {
    await addRuns();
    const made = await setUp('state-versions', { 'state-versions': [{ workspace: 'app' }] });
    const sv = made.data[0].id as string;
    await setUp('audit-events', { events: [readEvent('state_version', sv, 'ana'), readEvent('var', 'var-secret', 'bo')] });
    const log = join(world.dir, 'usage.jsonl');
    const start = world.emulator.requests.length;
    const run = await runCli(['recommend', '--format', 'json', '--window', '14d', '--usage-log', log], { env: env() });
    expect(run.code, run.err).toBe(0);
    const doc = JSON.parse(run.out);
    expect(doc.proposals.map((p: any) => [p.target.name, p.team.name, p.proposal, p.proposed?.access ?? null, p.reasons])).toEqual([
      ['app', 'admins', 'lower', 'plan', ['used']],
      ['app', 'deployers', 'lower', 'write', ['used']],
      ['app', 'idle', 'remove', null, []],
      ['net', 'dev', 'keep', 'plan', ['used', 'reads-unknown']],
      ['net', 'idle', 'remove', null, []],
      ['net', 'ops', 'lower', 'plan', ['used', 'reads-unknown']],
    ]);
    expect(doc.proposals[0].evidence.actions).toMatchObject({ plan: 1, 'read-state': 1 });
    expect(doc.sources.not_read).toEqual(['reads-unmapped']);
    const asked = (from: number) => world.emulator.requests.slice(from).filter((r) => r.path.startsWith('/api/v2/state-versions/'));
    expect(asked(start).map((r) => r.path)).toEqual([`/api/v2/state-versions/${sv}`]);
    expect(readFileSync(log, 'utf8')).toContain(JSON.stringify({ state_version: sv, workspace: 'ws-app' }));
    const again = world.emulator.requests.length;
    const second = JSON.parse((await runCli(['recommend', '--format', 'json', '--window', '14d', '--usage-log', log], { env: env() })).out);
    expect(asked(again)).toEqual([]);
    expect(second.proposals).toEqual(doc.proposals);
    const wide = await runCli(['recommend', '--window', '90d'], { env: env() });
    expect(wide.out).toContain('workspace "net", team "idle": lower write to read');
    expect(wide.out).toContain("Not read: reads of state and variables: the window is longer than the audit trail's 14 days");
  });

  it('without the audit token the same grants keep their reads: lowered to read, never removed', async () => {
    await addRuns();
    const doc = await recommendJson(['--window', '14d']);
    expect(verdicts(doc)).toContainEqual(['net', 'idle', 'lower', 'read']);
    expect(doc.sources.not_read).toEqual(['reads', 'grant-ages']);
  });
});

/** The requests of the emulator's log by path, the query left out. */
const requestsByPath = (from = 0): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const r of world.emulator.requests.slice(from)) out[r.path] = (out[r.path] ?? 0) + 1;
  return out;
};

describe('the requests a recommend makes (docs/performance.md, "recommend")', () => {
  it('the runs index one page each; besides, one request per list page, per workspace (2 lists: cheaper than 6 teams and a probe) and per project; a second read with --usage-log the same', async () => {
    await addRuns();
    const log = join(world.dir, 'usage.jsonl');
    const start = world.emulator.requests.length;
    await recommendJson(['--usage-log', log]);
    const first = requestsByPath(start);
    const others = {
      '/api/v2/ping': 1,
      '/api/v2/account/details': 1,
      '/api/v2/organizations/acme/teams': 1,
      '/api/v2/organizations/acme/projects': 1,
      '/api/v2/organizations/acme/workspaces': 1,
      '/api/v2/organizations/acme/organization-memberships': 1,
      // The grants of each workspace, and of the one project (docs/connecting.md, "Reading by team").
      '/api/v2/team-workspaces': 2,
      '/api/v2/team-projects': 1,
    };
    expect(first).toEqual({ ...others, '/api/v2/organizations/acme/runs': 1 });
    await addRuns([{ workspace: 'net', 'created-by': 'bo', 'created-at': ago(0.5), 'plan-only': true }]);
    const at = world.emulator.requests.length;
    expect(world.emulator.requests.slice(start, at).filter((r) => r.status === 429)).toEqual([]);
    await recommendJson(['--usage-log', log]);
    const second = requestsByPath(at);
    expect(second['/api/v2/organizations/acme/runs']).toBe(1);
    expect(second).toEqual(first);
  });
});

describe('--usage-log: reading usage is incremental', () => {
  it('the first read keeps the runs; after 100 new runs the next reads 2 pages of the runs index and counts the same as a whole read', async () => {
    const many = (n: number, days: number) =>
      Array.from({ length: n }, (_, i) => ({ workspace: 'net', 'created-by': 'bo', 'created-at': ago(days + i / 1000), 'plan-only': true }));
    await addRuns([...RUNS, ...many(250, 10)]);
    const log = join(world.dir, 'usage.jsonl');
    const first = await recommendJson(['--usage-log', log]);
    expect(first.sources.runs_index).toEqual({ pages: 3, runs: 254 });
    expect(runsRequests()).toBe(3);
    expect(readFileSync(log, 'utf8').split('\n')).toHaveLength(256);
    await addRuns(many(100, 1));
    const before = runsRequests();
    const second = await recommendJson(['--usage-log', log]);
    expect(runsRequests() - before).toBeLessThanOrEqual(3);
    expect(second.sources.runs_index).toMatchObject({ runs: 354, logged: 254 });
    const whole = await recommendJson();
    expect(second.proposals).toEqual(whole.proposals);
    expect(whole.sources.runs_index.runs).toBe(354);
  });

  it('a file that is not a usage log, or of another organization: one line, exit 1, nothing read or written', async () => {
    const log = join(world.dir, 'usage.jsonl');
    writeFileSync(log, 'hello\n');
    const bad = await runCli(['recommend', '--usage-log', log], { env: world.env });
    expect([bad.code, bad.err.trim().split('\n').length]).toEqual([1, 1]);
    expect(bad.err).toContain(`--usage-log ${log}:1: not a usage log of tfe-access`);
    writeFileSync(log, '{"usage-log":1,"organization":"globex","covers_from":"2026-01-01T00:00:00.000Z","checkpoint":null}\n');
    const other = await runCli(['recommend', '--usage-log', log], { env: world.env });
    expect(other.code).toBe(1);
    expect(other.err).toContain('the log is of "globex", not "acme"');
    expect(world.emulator.requests).toHaveLength(0);
    expect(readFileSync(log, 'utf8')).toContain('globex');
  });
});

describe('--usage-log is never an input of the run nor its --out', () => {
  const FILES = 'organization: acme\nworkspaces:\n  app:\n    teams:\n      admins: admin\n';
  const refused = (run: { code: number; err: string }, log: string, why: string): void => {
    expect([run.code, run.err]).toEqual([1, `tfe-access recommend: --usage-log ${log}: ${why}; nothing was read or written.\n`]);
    expect(world.emulator.requests).toHaveLength(0);
  };

  it('one of the desired-state files, or a YAML file below a directory of PATHS: one line, exit 1, the file as it was', async () => {
    await addRuns();
    const file = world.file(FILES);
    world.emulator.resetLog();
    refused(await runCli(['recommend', file, '--usage-log', file], { env: world.env }), file, 'it is one of the desired-state files this run reads');
    expect(readFileSync(file, 'utf8')).toBe(FILES);
    const below = join(world.dir, 'usage.yaml');
    refused(
      await runCli(['recommend', world.dir, '--usage-log', below], { env: world.env }),
      below,
      `it is below ${world.dir}, a directory given as PATHS, and would be read as a desired-state file`,
    );
    expect(existsSync(below)).toBe(false);
  });

  it('the same file as --out: one line, exit 1, neither written', async () => {
    await addRuns();
    const log = join(world.dir, 'usage.jsonl');
    world.emulator.resetLog();
    for (const force of [[], ['--force']]) {
      const run = await runCli(['recommend', '--usage-log', log, '--out', log, ...force], { env: world.env });
      refused(run, log, 'it is also the --out of this run, which would replace it');
      expect(existsSync(log)).toBe(false);
    }
  });
});

describe('the progress line', () => {
  it('estimates the pages left from how far back the read has reached, at 30 a minute after the first 30', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    const since = now - 90 * DAY;
    expect(runsProgressLine(30, 3000, new Date(now - 9 * DAY).toISOString(), since, now)).toBe(
      'Reading the runs index: 30 pages, 3000 runs; about 270 more (estimated from the dates read), about 9 min at 30 a minute',
    );
    expect(runsProgressLine(1, 40, undefined, since, now)).toBe('Reading the runs index: 1 page, 40 runs');
  });
});

describe('bad input: one line, exit 1', () => {
  it('a window that is not a duration, or past 12 months', async () => {
    for (const window of ['90', 'ninety', '0d', '400d', '12h']) {
      const run = await runCli(['recommend', '--window', window, '--organization', 'acme'], { env: {} });
      expect(run.code).toBe(1);
      expect(run.err.trim().split('\n')).toHaveLength(1);
      expect(run.err).toContain('--window must be a number of days from 1d to 365d');
    }
  });

  it('a usage log with a line that is neither a run nor a state version: one line naming the line, exit 1, nothing read, the file kept', async () => {
    const log = join(world.dir, 'usage.jsonl');
    const text =
      '{"usage-log":1,"organization":"acme","covers_from":"2026-01-01T00:00:00.000Z","checkpoint":null}\n{"state_version":"sv-1","workspace":"ws-app"}\n{"state_version":""}\n';
    writeFileSync(log, text);
    const run = await runCli(['recommend', '--usage-log', log], { env: world.env });
    expect([run.code, run.err.trim().split('\n')]).toEqual([
      1,
      [`tfe-access recommend: --usage-log ${log}:3: not a run or a state version of a usage log; nothing was read or written.`],
    ]);
    expect(world.emulator.requests).toHaveLength(0);
    expect(readFileSync(log, 'utf8')).toBe(text);
  });

  it('a runs index refused with 403 (a token that may not read it): the same one line, exit 1, nothing printed', async () => {
    // In front of the emulator: the runs index answers 403, everything else is passed on.
    const proxy = createServer((req, res) => {
      if ((req.url ?? '').startsWith('/api/v2/organizations/acme/runs')) {
        res.writeHead(403, { 'Content-Type': 'application/vnd.api+json' }).end('{"errors":[{"status":"403","title":"forbidden"}]}');
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k === 'authorization' || k === 'content-type')) as Record<string, string>;
      void fetch(`${world.emulator.url}${req.url ?? ''}`, { method: req.method ?? 'GET', headers }).then(async (answer) => {
        res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
      });
    });
    const listening = await listenOnLoopback(proxy);
    try {
      const run = await runCli(['recommend', '--organization', 'acme'], { env: { TFE_TOKEN: 'acme-org-token', TFE_ADDRESS: listening.url } });
      expect([run.code, run.out]).toEqual([1, '']);
      expect(run.err.trim().split('\n')).toEqual([
        'tfe-access recommend: the runs index of "acme" answered 403 (a server without it, or a token that may not read it): no usage evidence, so no proposal was made (docs/recommend.md, "What it cannot see").',
      ]);
    } finally {
      await listening.close();
    }
  });

  it('a runs index refused (a server without it): no usage evidence, no proposal', async () => {
    const emulator = await startEmulator({ seed: { ...SEED, profile: 'seed' }, rateLimit: 0 });
    try {
      const run = await runCli(['recommend', '--organization', 'acme'], { env: { TFE_TOKEN: 'acme-org-token', TFE_ADDRESS: emulator.url } });
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err.trim().split('\n')).toEqual([
        'tfe-access recommend: the runs index of "acme" answered 404 (a server without it, or a token that may not read it): no usage evidence, so no proposal was made (docs/recommend.md, "What it cannot see").',
      ]);
    } finally {
      await emulator.stop();
    }
  });
});
