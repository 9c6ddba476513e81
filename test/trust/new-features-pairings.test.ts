// Issues 40, 41 and 42 crossed with who reads and how (issue 24; House, third round): `recommend`
// and the reach `--can` give the same answers read by team and by target (the strategy asserted on
// the requests); with a token that is not an owner's, `recommend` proposes nothing about the grants
// it cannot see and says so (complete false, the reasons), a token that may not list the memberships
// is one line, the reach answer is incomplete with the gap named, and a scoped plan is as partial as
// the full plan there. The emulator's current profile, the CLI in process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { recommendSchema } from '../../src/render/schemas/recommend-schema.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { runCli } from '../support/cli.js';

const OWNER = 'pairs-owner-token';
/** A team token with manage-membership and the organization-wide reads: sees every list, no secret team. */
const MANAGER = 'pairs-manager-token';
/** A team token with manage-workspaces: reads the variable sets, sees no secret team. */
const WORKSPACES = 'pairs-workspaces-token';
/** A team token with the reads alone: may not list the memberships. */
const CI = 'pairs-ci-token';

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'pairs',
      token: OWNER,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'security', id: 'team-security', visibility: 'secret' },
        { name: 'dev', id: 'team-dev' },
        {
          name: 'manager',
          id: 'team-manager',
          tokens: [MANAGER],
          'organization-access': { 'read-projects': true, 'read-workspaces': true, 'manage-membership': true },
        },
        { name: 'wsadmin', id: 'team-wsadmin', tokens: [WORKSPACES], 'organization-access': { 'manage-workspaces': true } },
        { name: 'ci', id: 'team-ci', tokens: [CI], 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
      ],
      projects: [{ name: 'platform', id: 'prj-platform' }],
      workspaces: [
        { name: 'web', id: 'ws-web', project: 'platform' },
        { name: 'api', id: 'ws-api', project: 'platform' },
      ],
      varsets: [{ name: 'creds', global: true }],
      'team-projects': [{ team: 'dev', project: 'platform', access: 'read' }],
      'team-workspaces': [
        { team: 'security', workspace: 'web', access: 'write' },
        { team: 'dev', workspace: 'api', access: 'plan' },
        { team: 'ci', workspace: 'api', access: 'read' },
      ],
      people: [{ email: 'ana@pairs.test', username: 'ana', 'user-id': 'user-ana', teams: ['dev', 'security'] }],
    },
  ],
};

let emulator: RunningEmulator;
let dir: string;
const env = (token: string): Record<string, string> => ({ TFE_TOKEN: token, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: 'pairs' });
const validRecommendation = new Ajv2020({ allErrors: true, strict: false }).compile(recommendSchema());
const validReport = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-new-pairs-'));
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The lists of workspace grants read since the log was reset, by the filter they were read with (project grants are read by project either way). */
function grantListsBy(): { team: number; target: number } {
  const lists = emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/team-workspaces')).map((r) => decodeURIComponent(r.query));
  return { team: lists.filter((q) => q.includes('filter[team][id]')).length, target: lists.filter((q) => q.includes('filter[workspace][id]')).length };
}

async function json(args: string[], token: string): Promise<any> {
  const run = await runCli([...args, '--format', 'json'], { env: env(token) });
  expect(run.code, run.err).toBe(0);
  return JSON.parse(run.out);
}

/** Each proposal as target, team, verdict and access proposed. */
const verdicts = (doc: any): string[] =>
  doc.proposals.map((p: any) => `${p.target.type}:${p.target.name} ${p.team.name} ${p.proposal} ${p.proposed === null ? 'none' : p.proposed.access}`);
/** Each holder of a reach answer as team and the workspace it reaches through. */
const holders = (doc: any): string[] => doc.can.holders.map((h: any) => `${h.team.name}@${h.target.name}`).sort();

describe('--read-by team and target: the same answers', () => {
  it.each([
    ['recommend', ['recommend']],
    ['report --can varset:creds', ['report', '--can', 'varset:creds']],
  ])('%s: the same answer both ways, each read as asked', async (_name, args) => {
    const answers = [];
    for (const how of ['team', 'target'] as const) {
      emulator.resetLog();
      const doc = await json([...args, '--read-by', how], OWNER);
      const by = grantListsBy();
      // Read the way asked: by team, no list per target; by target, no list per team.
      if (how === 'team') expect(by).toMatchObject({ target: 0 });
      else expect(by).toMatchObject({ team: 0 });
      expect(by[how]).toBeGreaterThan(0);
      answers.push(args[0] === 'recommend' ? verdicts(doc) : holders(doc));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.length).toBeGreaterThan(0);
  });
});

describe("recommend with a token that is not an owner's", () => {
  it('proposes nothing about the grants it cannot see, and says so in every format', async () => {
    const whole = await json(['recommend'], OWNER);
    expect(whole.complete).toBe(true);
    expect(whole.incomplete).toEqual([]);
    expect(verdicts(whole)).toContain('workspace:web security lower read');

    const partial = await json(['recommend'], MANAGER);
    expect(validRecommendation(partial), JSON.stringify(validRecommendation.errors)).toBe(true);
    expect(partial.complete).toBe(false);
    expect(partial.incomplete.map((r: any) => r.code)).toEqual(['secret-teams-unseen', 'people-teams-unseen', 'teams-not-proven']);
    // What it sees, it proposes as the owner's token does; the secret team's grant not at all.
    expect(verdicts(partial)).toEqual(verdicts(whole).filter((v) => !v.includes(' security ')));

    const text = await runCli(['recommend'], { env: env(MANAGER) });
    expect(text.out.split('\n')[2]).toMatch(/^Partial: the token does not see every team .*; nothing is proposed about a grant the token cannot see\.$/);
    const markdown = await runCli(['recommend', '--format', 'markdown'], { env: env(MANAGER) });
    expect(markdown.out).toMatch(
      /\n> \[!WARNING\]\n> Partial: the token does not see every team [^\n]*nothing is proposed about a grant the token cannot see\.\n/,
    );
    const csv = (await runCli(['recommend', '--format', 'csv'], { env: env(MANAGER) })).out.trim().split('\r\n');
    expect(csv[0]?.split(',').at(-1)).toBe('complete');
    expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(partial.proposals.map(() => 'false'));
    const owners = await runCli(['recommend'], { env: env(OWNER) });
    expect(owners.out).not.toContain('Partial:');
  });

  it('a token that may not list the memberships: one line, exit 1, no proposal', async () => {
    const run = await runCli(['recommend'], { env: env(CI) });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `tfe-access recommend: the memberships of "pairs" answered 404 (a token that may not list them: an owner's, the organization's or one with manage-membership may): a run's user cannot be told to a person or a team, so no proposal was made (docs/recommend.md, "What it cannot see").\n`,
    );
  });
});

describe("the reach --can with a token that is not an owner's", () => {
  it('regression: complete true while the secret team that reaches the set was not seen; now incomplete, the gap named', async () => {
    const whole = await json(['report', '--can', 'varset:creds'], OWNER);
    expect(whole.can.complete).toBe(true);
    expect(holders(whole)).toContain('security@web');

    const partial = await json(['report', '--can', 'varset:creds'], WORKSPACES);
    expect(validReport(partial), JSON.stringify(validReport.errors)).toBe(true);
    expect(holders(partial)).not.toContain('security@web');
    expect(partial.complete).toBe(false);
    expect(partial.can.complete).toBe(false);
    expect(partial.can.gaps).toEqual([
      {
        reason: 'access-partial',
        message: 'the team access it starts from was read in part (Partial, above): a team whose grants or teams the token cannot see is not counted',
      },
    ]);
    const text = await runCli(['report', '--can', 'varset:creds'], { env: env(WORKSPACES) });
    expect(text.out).toContain(
      'Incomplete: the answer may leave out who reaches it through what was not read:\n  the team access it starts from was read in part',
    );
  });

  it('a token not given the list of sets: incomplete for both reasons, never "nobody"', async () => {
    const partial = await json(['report', '--can', 'varset:creds'], MANAGER);
    expect(partial.can.holders).toEqual([]);
    expect(partial.can.complete).toBe(false);
    expect(partial.can.gaps.map((g: any) => g.reason)).toEqual(['not-listed', 'access-partial']);
  });
});

describe("plan --changed-from with a token that is not an owner's", () => {
  it('a touched target the token may hold unseen grants on: the scoped plan is partial there, counting the targets it read, as the full plan is', async () => {
    const repo = mkdtempSync(join(dir, 'repo-'));
    const file = join(repo, 'access.yaml');
    writeFileSync(
      file,
      'organization: pairs\nworkspaces:\n  web:\n    prune: false\n    teams:\n      dev: read\n  api:\n    teams:\n      dev: plan\n      ci: read\n',
    );
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    writeFileSync(
      file,
      'organization: pairs\nworkspaces:\n  web:\n    prune: false\n    teams:\n      dev: write\n  api:\n    teams:\n      dev: plan\n      ci: read\n',
    );
    const plan = async (...more: string[]) => {
      const run = await runCli(['plan', file, '--format', 'json', ...more], { env: env(MANAGER), cwd: repo });
      expect(run.code, run.err).toBe(0);
      return JSON.parse(run.out);
    };
    const full = await plan();
    const scoped = await plan('--changed-from', 'HEAD');
    expect(scoped.scope.changed_from).toMatchObject({ scoped: true, targets: ['workspace:web'], targets_read: 1 });
    // The token manages team access on neither workspace, so a secret team's grant may be on each
    // target read: the scoped plan says so of the one target it read, the full plan of both.
    const codes = (doc: any) => doc.incomplete.map((r: any) => [r.code, r.targets]);
    expect(scoped.complete).toBe(false);
    expect(codes(scoped)).toEqual([['secret-teams-unseen', 1]]);
    expect(codes(full)).toEqual([['secret-teams-unseen', 2]]);
    expect(scoped.changes).toEqual(full.changes.filter((c: any) => c.target.name === 'web'));
  });
});
