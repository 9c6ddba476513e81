// Secrets (issue 9, build 4): every command, in success and in every failure path we can provoke,
// run with a canary token from each of its three sources and TFE_ACCESS_DEBUG=1. The canary is in
// no stdout, no stderr, no saved plan and no exported file; saved plans are owner-only.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { drop, empty, json, type ScriptServer, type Step, scriptServer } from '../api/script-server.js';
import { randomScenario, writeDesired } from '../apply/scenario.js';
import { type CliRun, runCli } from '../support/cli.js';
import { BAD_CANARY, CANARY, envFor, expectClean, modeOf, removeAll, SOURCES, type Source } from './canary.js';

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A random organization whose organization token is the canary, and its desired-state file, on the given emulator profile. */
async function world(profile: ProfileName): Promise<{ emulator: RunningEmulator; dir: string; yaml: string }> {
  const scenario = randomScenario(77, { teams: 5, projects: 2, workspaces: 2, density: 0.6, profile });
  const org = scenario.seed.organizations[0];
  if (org) org.token = CANARY;
  const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
  const dir = await writeDesired(scenario.yaml);
  cleanup.push(
    () => emulator.stop(),
    () => removeAll(dir),
  );
  return { emulator, dir, yaml: scenario.yaml };
}

async function desiredDir(yaml: string): Promise<string> {
  const dir = await writeDesired(yaml);
  cleanup.push(() => removeAll(dir));
  return dir;
}

interface Expected {
  readonly args: string[];
  readonly code: number;
  /** What stderr must say: shows the path really was the failure it is named after. */
  readonly says?: RegExp;
}

async function runAll(source: Source, address: string, token: string, runs: readonly Expected[], dirs: readonly string[]): Promise<CliRun[]> {
  const { env, home } = await envFor(source, token, address);
  cleanup.push(() => removeAll(home));
  const results: CliRun[] = [];
  for (const run of runs) {
    const result = await runCli(run.args, { env });
    const what = `${source}: tfe-access ${run.args.join(' ')}`;
    expect(result.code, `${what}\n${result.out}\n${result.err}`).toBe(run.code);
    if (run.says) expect(result.err + result.out, what).toMatch(run.says);
    await expectClean(what, [result.out, result.err], [...dirs, home]);
    results.push(result);
  }
  return results;
}

describe.each(SOURCES)('the canary token from %s', (source) => {
  // The token sources take turns at the emulator's profiles: both kinds of server, no more runs.
  const profile: ProfileName = SOURCES.indexOf(source) % 2 === 0 ? 'seed' : 'current';

  it(`appears in no output or file of any command, in success and failure, and saved plans are 0600 (${profile} profile)`, async () => {
    const { emulator, dir, yaml } = await world(profile);
    const guarded = await desiredDir(yaml.replace('max-removals: 100000', 'max-removals: 0'));
    const invalid = await desiredDir('organization: chaos\nprojects:\n  p:\n    teams:\n      t: sudo\n');
    const missingOrg = await desiredDir(yaml.replace('organization: chaos', 'organization: no-such-org'));
    // Beside the desired-state directory, not in it: a directory PATH is read recursively, and the
    // exported files would be read as desired-state files of `dir`.
    const out = await mkdtemp(join(tmpdir(), 'tfe-access-secrets-out-'));
    cleanup.push(() => removeAll(out));
    const planFile = join(out, 'plan.json');
    const runs: Expected[] = [
      { args: ['validate', dir], code: 0 },
      { args: ['validate', invalid], code: 1, says: /sudo/ },
      { args: ['plan', dir], code: 0 },
      { args: ['plan', dir, '--format', 'json'], code: 0 },
      { args: ['plan', dir, '--format', 'markdown', '--out', planFile], code: 0 },
      { args: ['drift', dir], code: 2 },
      { args: ['export', '--all', '--organization', 'chaos'], code: 0 },
      { args: ['export', '--all', '--organization', 'chaos', '--out', join(out, 'export', 'all.yaml')], code: 0 },
      { args: ['export', '--all', '--organization', 'chaos', '--split-by', 'project', '--out', join(out, 'split')], code: 0 },
      { args: ['apply', guarded, '--auto-approve'], code: 3, says: /max-removals|removals/ },
      { args: ['apply', dir], code: 1, says: /--auto-approve/ },
      { args: ['plan', dir, '--concurrency', 'many'], code: 1, says: /--concurrency/ },
      { args: ['plan', dir, '--format', 'yaml'], code: 1, says: /--format/ },
      { args: ['export'], code: 1, says: /what to export/ },
      { args: ['plan', missingOrg], code: 1, says: /404|not found/i },
      { args: ['export', '--workspace', 'no-such-workspace', '--organization', 'chaos'], code: 1 },
      { args: ['apply', dir, '--auto-approve', '--format', 'json'], code: 0 },
      { args: ['apply', '--plan', planFile, '--auto-approve'], code: 1, says: /stale/ },
      { args: ['drift', dir, '--format', 'json'], code: 0 },
    ];
    await runAll(source, emulator.url, CANARY, runs, [dir, out]);
    expect(await modeOf(planFile)).toBe(0o600);

    const rejected: Expected[] = ['plan', 'drift', 'apply'].map((command) => ({
      args: [command, dir, '--auto-approve'].slice(0, command === 'apply' ? 3 : 2),
      code: 1,
      says: /401|token/,
    }));
    rejected.push({ args: ['export', '--all', '--organization', 'chaos'], code: 1, says: /401|token/ });
    await runAll(source, emulator.url, BAD_CANARY, rejected, [dir]);
  });

  it('appears nowhere when a server echoes it back in an error, a body or after a dropped connection', async () => {
    const echo = `Bearer ${CANARY} is not allowed here`;
    const scripts: Array<{ steps: Step[]; says: RegExp }> = [
      { steps: [json(422, { errors: [{ status: '422', title: 'invalid', detail: echo }] })], says: /422.*\[redacted\]/ },
      { steps: [json(400, { errors: [echo] })], says: /400/ },
      { steps: [json(200, { data: [{ type: 'teams', id: CANARY, attributes: { name: CANARY } }], meta: CANARY })], says: /Unreadable answer/ },
      { steps: [drop, json(501, { errors: [{ detail: echo }] })], says: /501/ },
      // The ping's headers, echoed: never printed, never recorded in the plan.
      {
        steps: [
          json(204, {}, { 'X-TFE-Version': CANARY, 'TFP-AppName': CANARY, 'TFP-API-Version': CANARY }),
          json(422, { errors: [{ status: '422', title: 'invalid', detail: echo }] }),
        ],
        says: /422.*\[redacted\]/,
      },
    ];
    const dir = await desiredDir('organization: acme\nprojects:\n  platform:\n    teams:\n      developers: read\n');
    for (const script of scripts) {
      const server: ScriptServer = await scriptServer(script.steps);
      cleanup.push(() => server.close());
      await runAll(source, server.url, CANARY, [{ args: ['plan', dir, '--rate-limit', '0'], code: 1, says: script.says }], [dir]);
    }
  });

  it('a ping that echoes the token in its version headers: the plan records nothing of them', async () => {
    const server = await scriptServer([empty(204, { 'X-TFE-Version': CANARY, 'TFP-AppName': CANARY, 'TFP-API-Version': '2.6.0' }), json(200, { data: [] })]);
    cleanup.push(() => server.close());
    const dir = await desiredDir('organization: acme\n');
    const [run] = await runAll(source, server.url, CANARY, [{ args: ['plan', dir, '--format', 'json', '--rate-limit', '0'], code: 0 }], [dir]);
    expect(JSON.parse(run?.out ?? '{}')).toMatchObject({ server: { app: null, version: null, api_version: '2.6.0' } });
  });

  it('regression: a token echoed into a value of a 200 answer was quoted in the unreadable-answer message', async () => {
    const server = await scriptServer([json(200, { data: [{ type: CANARY, id: 'team-1', attributes: { name: 'dev' } }] })]);
    cleanup.push(() => server.close());
    const dir = await desiredDir('organization: acme\nprojects:\n  platform:\n    teams:\n      developers: read\n');
    const [run] = await runAll(
      source,
      server.url,
      CANARY,
      [{ args: ['plan', dir, '--rate-limit', '0'], code: 1, says: /data\[0\]\.type is "\[redacted\]"/ }],
      [dir],
    );
    expect(run?.err).toContain('[redacted]');
  });
});

// Issue 39, Build 4: the report and the evidence bundle list the tokens, never one of their secrets.
describe('team tokens in the report and the evidence bundle', () => {
  it('every format and the bundle name each token, with no secret of any of them (current profile)', async () => {
    const scenario = randomScenario(78, { teams: 3, projects: 1, workspaces: 1, density: 0.5, profile: 'current' });
    const org = scenario.seed.organizations[0];
    if (!org) throw new Error('no organization');
    org.token = CANARY;
    const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
    cleanup.push(() => emulator.stop());
    const api = `${emulator.url}/api/v2`;
    const headers = { authorization: `Bearer ${CANARY}`, 'content-type': 'application/vnd.api+json' };
    const teams = ((await (await fetch(`${api}/organizations/${org.name}/teams`, { headers })).json()) as { data: { id: string }[] }).data;
    const secrets: string[] = [];
    const ids: string[] = [];
    for (const [i, team] of teams.slice(0, 2).entries()) {
      const body = { data: { type: 'authentication-tokens', attributes: { description: `ci ${i}` } } };
      const made = (await (await fetch(`${api}/teams/${team.id}/authentication-tokens`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
        data: { id: string; attributes: { token: string } };
      };
      secrets.push(made.data.attributes.token);
      ids.push(made.data.id);
    }
    const own = (await (await fetch(`${api}/organizations/${org.name}/authentication-token?token=audit-trails`, { method: 'POST', headers })).json()) as {
      data: { id: string; attributes: { token: string } };
    };
    secrets.push(own.data.attributes.token);
    ids.push(own.data.id);
    const out = await mkdtemp(join(tmpdir(), 'tfe-access-secrets-tokens-'));
    cleanup.push(() => removeAll(out));
    const { env, home } = await envFor('TFE_TOKEN', CANARY, emulator.url);
    cleanup.push(() => removeAll(home));
    const texts: string[] = [];
    for (const format of ['text', 'json', 'csv', 'html']) {
      const run = await runCli(['report', '--organization', org.name, '--tokens', '--format', format], { env });
      expect(run.code, run.err).toBe(0);
      for (const id of ids) expect(run.out, `${format} names ${id}`).toContain(id);
      expect(run.out).toContain('ci 0');
      texts.push(run.out, run.err);
      if (format === 'json') {
        const validate = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());
        expect(validate(JSON.parse(run.out)), JSON.stringify(validate.errors)).toBe(true);
      }
    }
    const bundle = join(out, 'bundle');
    const evidence = await runCli(['report', '--organization', org.name, '--evidence', bundle], { env });
    expect(evidence.code, evidence.err).toBe(0);
    texts.push(evidence.out, evidence.err);
    for (const name of ['report.json', 'report.csv', 'report.html']) {
      const text = await readFile(join(bundle, name), 'utf8');
      for (const id of ids) expect(text, `${name} names ${id}`).toContain(id);
    }
    await expectClean('report --tokens and --evidence', texts, [out]);
    for (const secret of secrets) {
      for (const text of texts) expect(text.includes(secret), 'a token secret leaked into the output').toBe(false);
      for (const name of ['report.json', 'report.csv', 'report.html', 'manifest.json'])
        expect((await readFile(join(bundle, name), 'utf8')).includes(secret), `a token secret was written into ${name}`).toBe(false);
    }
  });
});
