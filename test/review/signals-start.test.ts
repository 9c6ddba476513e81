// `review start` crossed with Ctrl-C and a closed stdout: a signal while it reads live access ends
// it in one line with the signal's exit code, and the round's directory is not made (no sheet, no
// review.json: a half round would be closed against a population nobody saw). Its words go to
// stderr, so a closed stdout changes nothing: the round is written whole. The built CLI, real
// signals, an emulator whose every answer takes 50 ms, at --concurrency 1.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { fillSheet } from '../support/review-sheets.js';
import { interruptedWhen, withStdoutClosed } from '../support/spawn.js';

const N = 30;
const TOKEN = 'review-signals-token';
const pad = (i: number): string => String(i).padStart(2, '0');

let emulator: RunningEmulator;
let dir: string;
let files: string;

beforeAll(async () => {
  const seed: SeedDocument = {
    organizations: [
      {
        name: 'acme',
        token: TOKEN,
        teams: [{ name: 'owners', id: 'team-owners' }, ...Array.from({ length: N }, (_, i) => ({ name: `t${pad(i)}`, id: `team-${i}` }))],
        projects: [{ name: 'platform', id: 'prj-platform' }],
        workspaces: Array.from({ length: N }, (_, i) => ({ name: `w${pad(i)}`, id: `ws-w${i}`, project: 'platform' })),
        'team-workspaces': Array.from({ length: N }, (_, i) => ({ team: `t${pad(i)}`, workspace: `w${pad(i)}`, access: 'read' })),
      },
    ],
  };
  emulator = await startEmulator({ seed, rateLimit: 0, profile: 'current', faults: { latencyMs: 50 } });
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-review-signals-'));
  files = join(dir, 'access.yaml');
  writeFileSync(files, 'organization: acme\nreview-owners:\n  leads:\n    reviewers: [bo@acme.test]\n    projects: [platform]\n');
});
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const env = (): Record<string, string> => ({ TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url });
const reads = (): number => emulator.requests.filter((r) => r.method === 'GET').length;

describe('review start, stopped or with stdout closed', () => {
  it('SIGINT while it reads: one line, exit 130, and no round directory', async () => {
    emulator.resetLog();
    const out = join(dir, 'stopped');
    const run = await interruptedWhen(['review', 'start', files, '--out', out, '--concurrency', '1', '--rate-limit', '0'], env(), 'SIGINT', () => reads() >= 8);
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(130);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^tfe-access review: stopped by SIGINT/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  }, 60_000);

  it('SIGINT while close reads: one line, exit 130, the files and the round untouched, no bundle', async () => {
    const round = join(dir, 'to-close');
    const started = await withStdoutClosed(['review', 'start', files, '--out', round, '--rate-limit', '0'], env());
    expect(started.code, started.stderr).toBe(0);
    const sheet = join(round, 'review-leads.csv');
    await fillSheet(sheet, () => ({ decision: 'keep', reviewer: 'bo@acme.test', rationale: 'needed', 'decided-at': '2026-11-29T09:00:00Z' }));
    const before = [readFileSync(files, 'utf8'), readFileSync(sheet, 'utf8'), readFileSync(join(round, 'review.json'), 'utf8')];
    emulator.resetLog();
    const bundle = join(dir, 'bundle');
    const sheets = [sheet, join(round, 'review-unowned.csv')];
    const run = await interruptedWhen(
      ['review', 'close', ...sheets, '--files', files, '--bundle', bundle, '--concurrency', '1', '--rate-limit', '0'],
      env(),
      'SIGINT',
      () => reads() >= 8,
    );
    expect(run.signal).toBeNull();
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^tfe-access review: stopped by SIGINT/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect([readFileSync(files, 'utf8'), readFileSync(sheet, 'utf8'), readFileSync(join(round, 'review.json'), 'utf8')]).toEqual(before);
    expect(existsSync(bundle)).toBe(false);
  }, 60_000);

  it('a closed stdout: the round is written whole, exit 0', async () => {
    const out = join(dir, 'closed');
    const run = await withStdoutClosed(['review', 'start', files, '--out', out, '--rate-limit', '0'], env());
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['review-leads.csv', 'review-unowned.csv', 'review.json']);
    expect(run.stderr).toMatch(/review: started acme@/);
  }, 60_000);
});
