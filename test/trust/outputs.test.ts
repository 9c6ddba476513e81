// Issue 36, finding 6: no `--out` writes over an input of its run, nor over an existing file the
// tool did not write, unless --force (and --force never over an input). One rule for plan --out,
// report --out, report diff --out and review start --out (pipeline/disk/output-guard.ts).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { type CliRun, runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'acme-org-token';

const ORGANIZATION: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
  ],
  people: [{ email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] }],
  projects: [{ name: 'billing' }],
  workspaces: [{ name: 'bill-api', id: 'ws-billapi', project: 'billing' }],
  'team-workspaces': [{ team: 'dev', workspace: 'bill-api', access: 'write' }],
};

const FILES = `organization: acme
review-owners:
  billing-leads:
    reviewers: [ana@acme.test]
    projects: [billing]
workspaces:
  bill-api:
    teams:
      dev: write
`;

const FOREIGN = 'my notes, not written by tfe-access\n';

const held = perTest();

async function world(): Promise<{ dir: string; file: string; env: Record<string, string> }> {
  held.emulator = await startEmulator({ seed: oneOrganization(ORGANIZATION, 'current'), rateLimit: 0 });
  held.dir = await writeDesired(FILES);
  return { dir: held.dir, file: join(held.dir, 'tfe-access.yaml'), env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator.url } };
}

/** Refused on one line, exit 1, before any request. */
function expectRefused(run: CliRun, reason: RegExp): void {
  expect(run.code, run.err).toBe(1);
  expect(run.err).toMatch(/^tfe-access [a-z ]+: refusing to write [^\n]+\n$/);
  expect(run.err).toMatch(reason);
}

describe('finding 6: no --out writes over an input or a file the tool did not write', () => {
  it('finding 6: report --out onto its own input YAML is refused, the file kept, even with --force', async () => {
    const { file, env } = await world();
    const run = await runCli(['report', file, '--out', file], { env });
    expectRefused(run, /one of the desired-state files this run reads/);
    expect(held.emulator?.requests).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe(FILES);
    expectRefused(await runCli(['report', file, '--out', file, '--force'], { env }), /one of the desired-state files/);
    expect(await readFile(file, 'utf8')).toBe(FILES);
  });

  it('finding 6: report --out over a foreign file is refused; over a report of its own it writes; --force replaces the foreign one', async () => {
    const { dir, file, env } = await world();
    const notes = join(dir, 'notes.csv');
    await writeFile(notes, FOREIGN);
    expectRefused(await runCli(['report', file, '--format', 'csv', '--out', notes], { env }), /exists and is not a report of tfe-access \(pass --force/);
    expect(await readFile(notes, 'utf8')).toBe(FOREIGN);
    for (const format of ['json', 'csv', 'html']) {
      const out = join(dir, `report.${format}`);
      for (const time of [1, 2]) expect((await runCli(['report', file, '--format', format, '--out', out], { env })).code, `${format} ${time}`).toBe(0);
    }
    // Every CSV the report writes is its own: by person, and who can.
    for (const [name, extra] of [
      ['people.csv', ['--by', 'person']],
      ['can.csv', ['--can', 'runs:apply']],
    ] as const) {
      const out = join(dir, name);
      for (const time of [1, 2]) expect((await runCli(['report', file, '--format', 'csv', ...extra, '--out', out], { env })).code, `${name} ${time}`).toBe(0);
    }
    const forced = await runCli(['report', file, '--format', 'csv', '--out', notes, '--force'], { env });
    expect(forced.code, forced.err).toBe(0);
    expect(await readFile(notes, 'utf8')).not.toBe(FOREIGN);
  });

  it('finding 6: report diff --out FILE over a foreign file, or over OLD, is refused; --force replaces the foreign one', async () => {
    const { dir, file, env } = await world();
    const old = join(dir, 'old.json');
    expect((await runCli(['report', file, '--format', 'json', '--out', old], { env })).code).toBe(0);
    const oldText = await readFile(old, 'utf8');
    const notes = join(dir, 'notes.md');
    await writeFile(notes, FOREIGN);
    const diff = (...args: string[]) => runCli(['report', 'diff', old, old, ...args], { cwd: dir });
    expectRefused(await diff('--format', 'markdown', '--out', notes), /exists and is not a report comparison of tfe-access/);
    expect(await readFile(notes, 'utf8')).toBe(FOREIGN);
    expectRefused(await diff('--format', 'json', '--out', old, '--force'), /one of the files this run reads/);
    expect(await readFile(old, 'utf8')).toBe(oldText);
    for (const format of ['json', 'csv', 'html']) {
      const own = join(dir, `diff.${format}`);
      for (const time of [1, 2]) expect((await diff('--format', format, '--out', own)).code, `${format} ${time}`).toBe(0);
    }
    const forced = await diff('--format', 'markdown', '--out', notes, '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(await readFile(notes, 'utf8')).toMatch(/^## /);
  });

  it('finding 6: review start --out DIR over foreign files is refused before any is written; --force writes them', async () => {
    const { dir, env } = await world();
    const out = join(dir, 'round');
    await mkdir(out);
    const sheet = join(out, 'review-billing-leads.csv');
    await writeFile(sheet, FOREIGN);
    await writeFile(join(out, 'review-unowned.csv'), FOREIGN);
    const run = await runCli(['review', 'start', dir, '--out', out], { env });
    expectRefused(run, /review-billing-leads\.csv: the file exists and is not a review sheet/);
    expect(run.err).toMatch(/; review-unowned\.csv: the file exists and is not a review sheet/);
    expect((await readdir(out)).sort()).toEqual(['review-billing-leads.csv', 'review-unowned.csv']);
    expect(await readFile(sheet, 'utf8')).toBe(FOREIGN);
    const forced = await runCli(['review', 'start', dir, '--out', out, '--force'], { env });
    expect(forced.code, forced.err).toBe(0);
    expect(await readFile(sheet, 'utf8')).toMatch(/^review,/);
  });

  it('finding 6: --force without --out is a one-line error', async () => {
    const { file, env } = await world();
    const run = await runCli(['report', file, '--force'], { env });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^tfe-access report: --force lets --out replace a file[^\n]*\n$/);
  });
});
