// Issue 37, finding 8: the manifest's SHA-256, what proves the manifest itself unchanged, is printed
// on stderr, so a closed stdout (a reader that left, `> /dev/full`) does not lose it, by `report
// --evidence` and by `review close --bundle` alike; recorded, it authenticates the bundle.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { writeDesired } from '../apply/scenario.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';
import { withStdoutClosed } from '../support/spawn.js';

const held = perTest();
const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('issue 37, finding 8: the manifest SHA-256 line', () => {
  it('finding 8: report --evidence prints the manifest SHA-256 on stderr, kept with a closed stdout', async () => {
    held.emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-manifest-line-'));
    const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z' };
    const bundle = join(held.dir, 'bundle');
    const run = await withStdoutClosed(['report', '--organization', 'acme', '--evidence', bundle, '--rate-limit', '0', '--no-indirect'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      `report: wrote the evidence bundle of "acme" to ${bundle}: 3 files and manifest.json, SHA-256 ${sha256(join(bundle, 'manifest.json'))}\n`,
    );
  });

  it('finding 8: review close --bundle prints the manifest SHA-256 on stderr, and the bundle verifies with it', async () => {
    const organization: SeedOrganization = {
      name: 'acme',
      token: 'acme-org-token',
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'dev', id: 'team-dev' },
      ],
      people: [{ email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] }],
      projects: [{ name: 'apps' }],
      workspaces: [{ name: 'app', id: 'ws-app', project: 'apps' }],
      'team-workspaces': [{ team: 'dev', workspace: 'app', access: 'read' }],
    };
    const start = Date.parse('2026-11-20T10:00:00.000Z');
    held.emulator = await startEmulator({ seed: oneOrganization(organization, 'current'), rateLimit: 0, now: () => start });
    const files =
      'organization: acme\nreview-owners:\n  leads:\n    reviewers: [ana@acme.test]\n    projects: [apps]\nworkspaces:\n  app:\n    teams:\n      dev: read\n';
    held.dir = await writeDesired(files);
    const dir = held.dir;
    const env = { TFE_TOKEN: 'acme-org-token', TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: '2026-11-20T10:00:00.000Z' };
    const round = join(dir, 'round');
    const started = await runCli(['review', 'start', dir, '--out', round], { env });
    expect(started.code, started.err).toBe(0);
    const sheets = (await import('node:fs')).readdirSync(round).filter((n) => n.endsWith('.csv'));
    for (const sheet of sheets) {
      const path = join(round, sheet);
      const [header, ...records] = parse(await readFile(path, 'utf8')) as string[][];
      const columns = header as string[];
      const filled = { decision: 'keep', reviewer: 'ana@acme.test', rationale: 'needed', 'decided-at': '2026-11-20T11:00:00Z' };
      const lines = records.map((r) => columns.map((c, i) => (c in filled ? filled[c as keyof typeof filled] : (r[i] ?? ''))).join(','));
      await writeFile(path, [columns.join(','), ...lines].join('\r\n') + '\r\n');
    }
    const bundle = join(dir, 'bundle');
    const closed = await runCli(['review', 'close', ...sheets.map((s) => join(round, s)), '--files', dir, '--bundle', bundle], {
      env: { ...env, TFE_ACCESS_NOW: '2026-11-20T12:00:00.000Z' },
    });
    expect(closed.code, closed.err).toBe(0);
    expect(closed.out).toBe('');
    const hex = sha256(join(bundle, 'manifest.json'));
    // The sheets, review.json, decisions.csv, decisions.json and plan.json.
    expect(closed.err.split('\n')).toContain(`review: wrote the evidence bundle to ${bundle}: ${sheets.length + 4} files and manifest.json, SHA-256 ${hex}`);
    const verified = await runCli(['report', 'verify', bundle, '--manifest-sha256', hex], { cwd: dir });
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toMatch(/ and manifest\.json by its SHA-256\n$/);
  });
});
