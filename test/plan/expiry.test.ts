// Grants that expire, end to end against the emulator with the clock injected (TFE_ACCESS_NOW,
// docs/files.md, "Grants that expire"): an expired grant is removed whatever prune says, an unexpired one
// added with its end; validate warns; a saved plan whose grant expired since is refused at apply.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { FAST, writesOf } from '../apply/scenario.js';
import { closeGuardedWorld, openGuardedWorld } from '../apply/support.js';
import { ROOT, runCli } from '../support/cli.js';

// interns reads project `other` (live, tprj-interns-other) until the end of 2026-11-30 UTC; ops may
// plan on workspace `net` (not live) until 2026-12-10T16:00:00Z. The project does not prune.
const DESIRED = `organization: guarded
projects:
  other:
    prune: false
    teams:
      interns: { access: read, expires: 2026-11-30 }
      dev: read
workspaces:
  net:
    teams:
      dev: admin
      ops: { access: plan, expires: "2026-12-10T18:00:00+02:00" }
`;

const NOW = '2026-12-03T12:00:00Z';
const AFTER_OPS = '2026-12-10T16:00:00Z';

let emulator: RunningEmulator;
let dir: string;
let file: string;
let env: Record<string, string>;

const at = (now: string) => ({ env: { ...env, TFE_ACCESS_NOW: now } });
const cli = (args: string[], now: string) => runCli([...args, '--rate-limit', String(FAST)], at(now));

interface JsonChange {
  action: string;
  team: { name: string };
  target: { name: string };
  expires?: string;
  reason?: string;
}

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-expiry-', DESIRED));
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

describe('plan and apply with grants that expire', () => {
  it('plans the removal of the expired grant (reason expired) and the addition of the unexpired one, in every format', async () => {
    const json = await cli(['plan', file, '--format', 'json'], NOW);
    expect(json.code, json.err).toBe(0);
    const document = JSON.parse(json.out) as { changes: JsonChange[]; warnings: Array<{ code: string }> };
    expect(document.changes.map((c) => [c.action, c.target.name, c.team.name, c.expires, c.reason])).toEqual([
      ['remove', 'other', 'interns', '2026-12-01T00:00:00Z', 'expired'],
      ['add', 'net', 'ops', '2026-12-10T16:00:00Z', undefined],
    ]);
    const schema = JSON.parse(readFileSync(`${ROOT}schemas/plan.schema.json`, 'utf8')) as object;
    expect(new Ajv2020({ strict: false }).compile(schema)(document)).toBe(true);

    const text = await cli(['plan', file], NOW);
    expect(text.out).toMatch(/^ {2}- interns +read \(expired, end of 2026-11-30 UTC\)$/m);
    expect(text.out).toMatch(/^ {2}\+ ops +plan \(expires in 7 days, 2026-12-10T16:00:00Z\)$/m);
    const markdown = await cli(['plan', file, '--format', 'markdown'], NOW);
    expect(markdown.out).toContain('- interns: read (expired, end of 2026-11-30 UTC)');
  });

  it('before the expiry the same files keep the grant: nothing to remove', async () => {
    const run = await cli(['plan', file, '--format', 'json'], '2026-11-30T23:59:59Z');
    const document = JSON.parse(run.out) as { changes: JsonChange[] };
    expect(document.changes.map((c) => [c.action, c.team.name])).toEqual([['add', 'ops']]);
  });

  it('apply removes the expired grant and adds the unexpired one; a later clock removes that one too', async () => {
    emulator.resetLog();
    const applied = await cli(['apply', file, '--auto-approve'], NOW);
    expect(applied.code, applied.err).toBe(0);
    expect(writesOf(emulator).sort()).toEqual(['DELETE /api/v2/team-projects/tprj-interns-other', 'POST /api/v2/team-workspaces']);
    expect((await cli(['plan', file, '--detailed-exitcode'], NOW)).code).toBe(0);
    // From ops's expiry on, drift finds its grant and the plan removes it.
    const drift = await cli(['drift', file, '--format', 'json'], AFTER_OPS);
    expect(drift.code).toBe(2);
    expect((JSON.parse(drift.out) as { changes: JsonChange[] }).changes.map((c) => [c.action, c.team.name, c.reason])).toEqual([['remove', 'ops', 'expired']]);
  });

  it('a bad TFE_ACCESS_NOW is one line and exit 1, before any request', async () => {
    emulator.resetLog();
    const run = await cli(['plan', file], '2026-12-03');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access plan: TFE_ACCESS_NOW "2026-12-03" is not an RFC 3339 time [^\n]*\n$/);
    expect(emulator.requests).toEqual([]);
  });
});

describe('saved plans and expiry', () => {
  it('applies a saved plan with its expired removal; refuses one whose added grant expired since it was planned', async () => {
    const planFile = join(dir, 'reviewed.plan.json');
    expect((await cli(['plan', file, '--out', planFile], NOW)).code).toBe(0);
    emulator.resetLog();
    const late = await cli(['apply', '--plan', planFile, '--auto-approve'], AFTER_OPS);
    expect(late.code).toBe(1);
    expect(late.err).toContain(
      'the saved plan is stale: it grants access that has expired since it was planned: team "ops" on workspace "net" (2026-12-10T16:00:00Z)',
    );
    expect(writesOf(emulator)).toEqual([]);
    // show counts from when it is run: the reviewer sees the grant has already ended.
    const shown = await runCli(['show', planFile], at(AFTER_OPS));
    expect(shown.out).toMatch(/^ {2}\+ ops +plan \(expired less than a day ago, 2026-12-10T16:00:00Z\)$/m);
    const inTime = await cli(['apply', '--plan', planFile, '--auto-approve'], NOW);
    expect(inTime.code, inTime.err).toBe(0);
    expect(writesOf(emulator).sort()).toEqual(['DELETE /api/v2/team-projects/tprj-interns-other', 'POST /api/v2/team-workspaces']);
  });

  it('with the files named, a grant that expired since the plan makes it stale, even one the plan did not change', async () => {
    const planFile = join(dir, 'reviewed.plan.json');
    expect((await cli(['apply', file, '--auto-approve'], NOW)).code).toBe(0);
    // Nothing to change at NOW; at AFTER_OPS the files mean something else (ops's grant has ended).
    expect((await cli(['plan', file, '--out', planFile], NOW)).code).toBe(0);
    emulator.resetLog();
    const run = await cli(['apply', file, '--plan', planFile, '--auto-approve'], AFTER_OPS);
    expect(run.code).toBe(1);
    expect(run.err).toContain('the desired-state files changed since it was planned');
    expect(writesOf(emulator)).toEqual([]);
  });
});

describe('validate with grants that expire', () => {
  it('warns of the expired grant and the one expiring within the warning days; still valid, exit 0', async () => {
    // ops's grant ends in 6 days and 4 hours: within the default 7.
    const clock = { env: { TFE_ACCESS_NOW: '2026-12-04T12:00:00Z' }, cwd: dir };
    const run = await runCli(['validate'], clock);
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      [
        'tfe-access.yaml:6:41: warning: projects.other.teams.interns.expires: the grant of team interns expired 3 days ago (end of 2026-11-30 UTC): take it out of the file (until then, plan removes its live grant)',
        'tfe-access.yaml:12:37: warning: workspaces.net.teams.ops.expires: the grant of team ops expires in 6 days (2026-12-10T16:00:00Z)',
        'valid: 1 file, organization "guarded": 1 project, 1 workspace, 4 grants; 2 warnings.',
        '',
      ].join('\n'),
    );
    const github = await runCli(['validate', '--format', 'github'], clock);
    expect(github.out).toContain('::warning file=tfe-access.yaml,line=6,col=41::');
    const json = JSON.parse((await runCli(['validate', '--format', 'json'], clock)).out) as {
      valid: boolean;
      warnings: Array<{ line: number }>;
      summary: { warnings: number };
    };
    expect([json.valid, json.warnings.map((w) => w.line), json.summary.warnings]).toEqual([true, [6, 12], 2]);
    // A month earlier nothing is near its end.
    expect((await runCli(['validate'], { env: { TFE_ACCESS_NOW: '2026-11-01T00:00:00Z' }, cwd: dir })).out).not.toContain('warning');
  });
});
