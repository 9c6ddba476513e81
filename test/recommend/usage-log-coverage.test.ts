// `recommend --usage-log` and what the log's read could see (issue 41; docs/recommend.md, "Keep what
// was read"): the runs index lists only the runs of the workspaces a token sees, so a log written
// with a narrower token is not reused by a read that sees more: the whole window is read again, one
// line says so, and the proposals are those of a fresh read (never lowered by missing runs). A log
// reused by a token that sees less counts only the runs on the workspaces it sees; an owner's log
// reused by the owner still reads only what is new; a log of the older format is read again whole.
// The emulator's current profile, the CLI in process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const DAY = 86_400_000;
const ago = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

const OWNER = 'cover-owner-token';
/** A team token that may list the memberships and sees only the workspace its team is granted (app). */
const NARROW = 'cover-narrow-token';

const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: OWNER,
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'narrow', id: 'team-narrow', tokens: [NARROW], 'organization-access': { 'manage-membership': true } },
        { name: 'admins', id: 'team-admins' },
        { name: 'ops', id: 'team-ops' },
      ],
      workspaces: [
        { name: 'app', id: 'ws-app' },
        { name: 'net', id: 'ws-net' },
      ],
      'team-workspaces': [
        { team: 'narrow', workspace: 'app', access: 'admin', id: 'tws-narrow' },
        { team: 'admins', workspace: 'app', access: 'admin', id: 'tws-admins' },
        { team: 'ops', workspace: 'net', access: 'admin', id: 'tws-ops' },
      ],
      people: [
        { email: 'ana@acme.test', username: 'ana', id: 'ou-ana', 'user-id': 'user-ana', teams: ['admins'] },
        { email: 'bo@acme.test', username: 'bo', id: 'ou-bo', 'user-id': 'user-bo', teams: ['ops'] },
      ],
    },
  ],
};

/** 250 applies by bo on net (which the narrow token cannot see), 3 plans by ana on app. */
const RUNS = [
  ...Array.from({ length: 250 }, (_, i) => ({
    workspace: 'net',
    'created-by': 'bo',
    'created-at': ago(10 + i / 1000),
    status: 'applied',
    'confirmed-by': 'bo',
  })),
  ...Array.from({ length: 3 }, (_, i) => ({ workspace: 'app', 'created-by': 'ana', 'created-at': ago(5 + i), 'plan-only': true })),
];

const world = emulatorAndFolder({ seed: SEED, token: OWNER, prefix: 'tfe-access-usage-cover-', env: { TFE_ORGANIZATION: 'acme' } });

async function addRuns(runs: unknown[]): Promise<void> {
  const res = await fetch(`${world.emulator.url}/api/v2/emulator/organizations/acme/runs`, {
    method: 'POST',
    headers: { Authorization: 'Bearer tfe-access-emulator-admin', 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ runs }),
  });
  expect(res.status).toBe(201);
}

const runsRequests = (): number => world.emulator.requests.filter((r) => r.path === '/api/v2/organizations/acme/runs').length;

/** The recommendation in JSON with `token`, the runs index's requests it made, and its stderr. */
async function recommend(token: string, extra: string[] = []): Promise<{ doc: any; requests: number; err: string }> {
  const before = runsRequests();
  const run = await runCli(['recommend', '--format', 'json', ...extra], { env: { ...world.env, TFE_TOKEN: token } });
  expect(run.code, run.err).toBe(0);
  return { doc: JSON.parse(run.out), requests: runsRequests() - before, err: run.err };
}

const header = (log: string): any => JSON.parse(readFileSync(log, 'utf8').split('\n')[0] ?? '');
const verdicts = (doc: any): string[][] =>
  doc.proposals.map((p: any) => [p.target.name, p.team.name, p.proposal, p.proposed === null ? 'none' : p.proposed.access]);
const NARROWER = 'usage log written by a narrower read: reading the whole window again';

describe('--usage-log records what its read could see', () => {
  it("a narrow token's log says partial with the workspaces it saw; an owner's says complete; never a token", async () => {
    await addRuns(RUNS);
    const log = join(world.dir, 'usage.jsonl');
    await recommend(NARROW, ['--usage-log', log]);
    expect(header(log)).toMatchObject({ 'usage-log': 2, organization: 'acme', runs_index: 'partial', workspaces: ['ws-app'] });
    expect(Date.parse(header(log).read_to) - Date.parse(header(log).covers_from)).toBe(90 * DAY);
    expect(readFileSync(log, 'utf8').split('\n')).toHaveLength(5); // the header, 3 runs on app, the last newline
    const owner = join(world.dir, 'owner.jsonl');
    await recommend(OWNER, ['--usage-log', owner]);
    expect(header(owner)).toEqual(expect.objectContaining({ runs_index: 'complete' }));
    expect(header(owner)).not.toHaveProperty('workspaces');
    for (const file of [log, owner]) expect(readFileSync(file, 'utf8')).not.toMatch(/cover-(owner|narrow)-token/);
  });
});

describe('reusing a log written by a narrower read', () => {
  it("the owner reusing a narrow token's log reads the whole window again, says so in one line, and proposes what a fresh read does", async () => {
    await addRuns(RUNS);
    const log = join(world.dir, 'usage.jsonl');
    await recommend(NARROW, ['--usage-log', log]);
    const fresh = await recommend(OWNER);
    expect(fresh.requests).toBe(3);
    const reused = await recommend(OWNER, ['--usage-log', log]);
    expect(reused.err).toBe(`tfe-access: --usage-log ${log}: ${NARROWER}.\n`);
    expect(reused.requests).toBe(fresh.requests);
    expect(reused.doc.sources.runs_index).toEqual({ pages: 3, runs: 253 });
    expect(reused.doc.proposals).toEqual(fresh.doc.proposals);
    // ops applied on net: kept at apply, never lowered by the runs the narrow log could not hold.
    expect(verdicts(reused.doc)).toContainEqual(['net', 'ops', 'lower', 'write']);
    expect(header(log)).toMatchObject({ runs_index: 'complete' });
    // The log is now the owner's: the next read is incremental again, with no line.
    const again = await recommend(OWNER, ['--usage-log', log]);
    expect([again.err, again.requests]).toEqual(['', 1]);
    expect(again.doc.proposals).toEqual(fresh.doc.proposals);
  });

  it("a narrow token reusing an owner's log counts only the runs on the workspaces it sees, and keeps the log as its read saw it", async () => {
    await addRuns(RUNS);
    const log = join(world.dir, 'usage.jsonl');
    await recommend(OWNER, ['--usage-log', log]);
    const fresh = await recommend(NARROW);
    const reused = await recommend(NARROW, ['--usage-log', log]);
    expect([reused.err, reused.requests]).toEqual(['', 1]);
    expect(reused.doc.sources.runs_index).toEqual({ pages: 1, runs: 3, logged: 3 });
    expect(reused.doc.proposals).toEqual(fresh.doc.proposals);
    expect(header(log)).toMatchObject({ runs_index: 'partial', workspaces: ['ws-app'] });
  });
});

describe('reusing a log of the same reach, or of the older format', () => {
  it("an owner's log reused by the owner reads only what is new: at most 3 requests after 100 new runs, the same proposals as a whole read", async () => {
    await addRuns(RUNS);
    const log = join(world.dir, 'usage.jsonl');
    await recommend(OWNER, ['--usage-log', log]);
    await addRuns(Array.from({ length: 100 }, (_, i) => ({ workspace: 'app', 'created-by': 'ana', 'created-at': ago(1 + i / 1000), 'plan-only': true })));
    const second = await recommend(OWNER, ['--usage-log', log]);
    expect(second.err).toBe('');
    expect(second.requests).toBeLessThanOrEqual(3);
    expect(second.doc.sources.runs_index).toMatchObject({ runs: 353, logged: 253 });
    expect(second.doc.proposals).toEqual((await recommend(OWNER)).doc.proposals);
  });

  it('a log of version 1 (no word of what its read saw) is read again whole, saying so; then kept in the new format', async () => {
    await addRuns(RUNS);
    const log = join(world.dir, 'usage.jsonl');
    await recommend(NARROW, ['--usage-log', log]);
    const { covers_from, checkpoint } = header(log);
    const runs = readFileSync(log, 'utf8').split('\n').slice(1);
    writeFileSync(log, [JSON.stringify({ 'usage-log': 1, organization: 'acme', covers_from, checkpoint }), ...runs].join('\n'));
    const fresh = await recommend(OWNER);
    const reused = await recommend(OWNER, ['--usage-log', log]);
    expect(reused.err).toBe(
      `tfe-access: --usage-log ${log}: usage log of an older format, which does not say what its read could see: reading the whole window again.\n`,
    );
    expect(reused.requests).toBe(3);
    expect(reused.doc.sources.runs_index).not.toHaveProperty('logged');
    expect(reused.doc.proposals).toEqual(fresh.doc.proposals);
    expect(header(log)).toMatchObject({ 'usage-log': 2, runs_index: 'complete' });
  });

  it('a header of version 2 that does not say what its read saw is not a usage log: one line, exit 1, nothing read', async () => {
    const log = join(world.dir, 'usage.jsonl');
    const head = { 'usage-log': 2, organization: 'acme', covers_from: ago(90), read_to: ago(0), checkpoint: null };
    for (const bad of [head, { ...head, runs_index: 'partial' }, { ...head, runs_index: 'some' }]) {
      writeFileSync(log, `${JSON.stringify(bad)}\n`);
      const run = await runCli(['recommend', '--usage-log', log], { env: world.env });
      expect([run.code, run.err.trim().split('\n').length]).toEqual([1, 1]);
      expect(run.err).toContain(`--usage-log ${log}:1: not a usage log of tfe-access`);
    }
    expect(world.emulator.requests).toHaveLength(0);
  });
});
