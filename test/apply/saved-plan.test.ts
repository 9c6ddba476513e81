// Saved plans and --checksum end to end: a fresh saved plan applies exactly its changes (the
// emulator's log shows no other write), a stale one is refused naming the targets that moved, and
// --checksum refuses a plan that is not the reviewed one.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { apiUrl } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { readSavedPlan } from '../../src/saved-plan/file.js';
import { runCli } from '../support/cli.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, GUARDED_DESIRED, GUARDED_TOKEN, openGuardedWorld, savePlan } from './support.js';

const DESIRED = `${GUARDED_DESIRED}      padmin: maintain
workspaces:
  net:
    teams:
      ops: plan
`;

let emulator: RunningEmulator;
let dir: string;
let file: string;
let planFile: string;
let env: Record<string, string>;

const apply = (args: string[]) => runCli(['apply', ...args, '--auto-approve', '--rate-limit', String(FAST)], { env });

/** Someone changes access by hand: a new grant on workspace `net`. */
async function moveReality(): Promise<void> {
  const client = new TfeClient({ baseUrl: apiUrl(emulator), token: GUARDED_TOKEN, rateLimit: FAST });
  await client.addGrant({ type: 'workspace', id: 'ws-net' }, 'team-qa', { access: 'read' });
  await client.close();
}

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-saved-', DESIRED));
  planFile = join(dir, 'reviewed.plan.json');
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

describe('apply --plan FILE', () => {
  it('applies exactly the changes saved by plan --out and sends no other write', async () => {
    const planned = await runCli(['plan', file, '--out', planFile, '--rate-limit', String(FAST)], { env });
    expect(planned.code, planned.err).toBe(0);
    expect((await stat(planFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(planFile, 'utf8')).not.toContain(GUARDED_TOKEN);
    emulator.resetLog();
    const run = await apply(['--plan', planFile]);
    expect(run.code, run.err).toBe(0);
    expect(writesOf(emulator).sort()).toEqual([
      'DELETE /api/v2/team-workspaces/tws-dev-net',
      'PATCH /api/v2/team-projects/tprj-dev-other',
      'POST /api/v2/team-projects',
      'POST /api/v2/team-workspaces',
    ]);
    expect(run.out).toContain('Apply complete: 4 applied, 0 already so, 0 failed, of 4 changes in guarded.');
    expect((await runCli(['plan', file, '--detailed-exitcode'], { env })).code).toBe(0);
  });

  it('refuses a stale plan, naming the target that moved, and changes nothing', async () => {
    await savePlan([file], planFile, env);
    await moveReality();
    emulator.resetLog();
    const run = await apply(['--plan', planFile]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('the saved plan is stale: the team access of workspace "net" (ws-net) changed since it was planned; nothing was changed.');
    expect(run.err).not.toContain('project "other"');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('refuses a plan whose files changed, when the files are named', async () => {
    await savePlan([file], planFile, env);
    await writeFile(file, DESIRED.replace('dev: write', 'dev: admin'));
    const run = await apply([file, '--plan', planFile]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('is stale: the desired-state files changed since it was planned');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('refuses a saved plan of another format version', async () => {
    await savePlan([file], planFile, env);
    const document = JSON.parse(await readFile(planFile, 'utf8')) as Record<string, unknown>;
    await writeFile(planFile, JSON.stringify({ ...document, format_version: 99 }));
    const run = await apply(['--plan', planFile]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('format_version is 99, and this tfe-access reads versions 3, 4, 5, 6 and 7 only');
  });

  it('keeps the checksum the plan printed', async () => {
    const checksum = await savePlan([file], planFile, env);
    const printed = JSON.parse((await runCli(['plan', file, '--format', 'json'], { env })).out) as { checksum: string };
    expect((await readSavedPlan(planFile)).plan.checksum).toBe(printed.checksum);
    expect(checksum).toBe(printed.checksum);
  });
});

describe('apply --checksum SUM', () => {
  it('applies when the fresh plan is the reviewed one', async () => {
    const reviewed = JSON.parse((await runCli(['plan', file, '--format', 'json'], { env })).out) as { checksum: string };
    const run = await apply([file, '--checksum', reviewed.checksum]);
    expect(run.code, run.err).toBe(0);
    expect(writesOf(emulator)).toHaveLength(4);
  });

  it('refuses when reality changed since the review', async () => {
    const reviewed = JSON.parse((await runCli(['plan', file, '--format', 'json'], { env })).out) as { checksum: string };
    await moveReality();
    emulator.resetLog();
    const run = await apply([file, '--checksum', reviewed.checksum]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`the plan is not the reviewed one: its checksum is`);
    expect(run.err).toContain(`--checksum is ${reviewed.checksum}; nothing was changed.`);
    expect(writesOf(emulator)).toEqual([]);
  });
});

/** One removal (ops from project `other`) under a removal limit of 0: refused unless the limit is raised. */
const ONE_REMOVAL_GUARDED = `organization: guarded
settings:
  max-removals: 0
projects:
  other:
    teams:
      dev: read
      qa: read
      interns: read
`;

describe('saved-plan integrity (issue 14, finding 2)', () => {
  it('regression: an edited saved plan walks past the removal guard (basis.max_removals raised by hand)', async () => {
    await writeFile(file, ONE_REMOVAL_GUARDED);
    await savePlan([file], planFile, env);
    expect((await apply(['--plan', planFile])).code).toBe(3);
    const document = JSON.parse(await readFile(planFile, 'utf8')) as { basis: { max_removals: number } };
    document.basis.max_removals = 5;
    await writeFile(planFile, JSON.stringify(document, null, 2));
    emulator.resetLog();
    const run = await apply(['--plan', planFile]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access apply: [^\n]*reviewed\.plan\.json is not a usable saved plan: [^\n]*edited[^\n]*\n$/);
    expect(writesOf(emulator)).toEqual([]);
  });

  it('regression: the reviewed checksum does not cover the guard inputs (the same changes under another max-removals)', async () => {
    await writeFile(file, ONE_REMOVAL_GUARDED);
    const strict = JSON.parse((await runCli(['plan', file, '--format', 'json'], { env })).out) as { checksum: string; changes: unknown[] };
    await writeFile(file, ONE_REMOVAL_GUARDED.replace('max-removals: 0', 'max-removals: 5'));
    const lenient = JSON.parse((await runCli(['plan', file, '--format', 'json'], { env })).out) as { checksum: string; changes: unknown[] };
    expect(lenient.changes).toEqual(strict.changes);
    expect(lenient.checksum).not.toBe(strict.checksum);
    // The reviewer approved the strict plan's checksum: the lenient one is refused, nothing written.
    emulator.resetLog();
    const run = await apply([file, '--checksum', strict.checksum]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('the plan is not the reviewed one');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('refuses a saved plan whose address, completeness flag or organization was edited, on one line, writing nothing', async () => {
    await writeFile(file, ONE_REMOVAL_GUARDED.replace('max-removals: 0', 'max-removals: 5'));
    await savePlan([file], planFile, env);
    const original = await readFile(planFile, 'utf8');
    type Doc = { address: string; basis: { targets: Array<{ complete: boolean; grants: string }> }; plan: { organization: string; warnings: unknown[] } };
    const edits: Array<(d: Doc) => void> = [
      (d) => (d.address = `${d.address}/`),
      (d) => (d.basis.targets[0]!.complete = !d.basis.targets[0]!.complete),
      (d) => (d.basis.targets[0]!.grants = '0'.repeat(64)),
      (d) => (d.plan.organization = 'guarded2'),
      (d) => d.plan.warnings.push({ code: 'custom-equals-level', message: 'x' }),
    ];
    for (const edit of edits) {
      const document = JSON.parse(original) as Doc;
      edit(document);
      await writeFile(planFile, JSON.stringify(document));
      emulator.resetLog();
      const run = await apply(['--plan', planFile]);
      expect(run.code, edit.toString()).toBe(1);
      expect(run.err, edit.toString()).toMatch(/^tfe-access apply: [^\n]*edited[^\n]*\n$/);
      expect(writesOf(emulator)).toEqual([]);
    }
  });
});
