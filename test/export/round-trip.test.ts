// The round trip: for any live state, `plan` of what `export` wrote shows no changes; the same for
// `--split-by project`, whose files also validate. Random organizations, one emulator per run.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { type CliRun, runCli } from '../support/cli.js';
import { ORGANIZATION, randomOrganization, TEAM_TOKEN, TOKEN } from './random-org.js';

/** Each run starts a server and runs four commands: a modest count keeps the suite fast. */
const RUNS = 10;

function expectNoChanges(run: CliRun, what: string): void {
  expect(run.err, what).toBe('');
  expect(run.code, what).toBe(0);
  expect((JSON.parse(run.out) as { changes: unknown[] }).changes, what).toEqual([]);
}

describe('export round trip', () => {
  it('plan of an export (one file, and split by project) shows no changes, for random organizations and tokens', async () => {
    await fc.assert(
      // The organization token sees everything; a team token only part (docs/api.md, "Effective access").
      fc.asyncProperty(randomOrganization, fc.constantFrom(TOKEN, TEAM_TOKEN), async (seed, token) => {
        const emulator = await startEmulator({ seed, rateLimit: 0 });
        const dir = mkdtempSync(join(tmpdir(), 'tfe-access-round-trip-'));
        try {
          const env = { TFE_TOKEN: token, TFE_ADDRESS: emulator.url, TFE_ORGANIZATION: ORGANIZATION };
          const exported = await runCli(['export', '--all'], { env, cwd: dir });
          expect(exported.code, exported.err).toBe(0);
          writeFileSync(join(dir, 'all.yaml'), exported.out);
          expectNoChanges(await runCli(['plan', 'all.yaml', '--format', 'json', '--detailed-exitcode'], { env, cwd: dir }), exported.out);

          const split = await runCli(['export', '--all', '--split-by', 'project', '--out', 'split'], { env, cwd: dir });
          expect(split.code, split.err).toBe(0);
          if (!exported.out.includes('\nprojects:') && !exported.out.includes('\nworkspaces:')) {
            // Nothing to manage: one file naming only the organization, and no split files at all.
            expect(readdirSync(join(dir, 'split'))).toEqual([]);
            expect(split.err).toContain('nothing to manage yet');
            return;
          }
          const validate = await runCli(['validate', 'split'], { cwd: dir });
          expect(validate.code, validate.out + validate.err).toBe(0);
          expectNoChanges(await runCli(['plan', 'split', '--format', 'json', '--detailed-exitcode'], { env, cwd: dir }), 'split');
        } finally {
          rmSync(dir, { recursive: true, force: true });
          await emulator.stop();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the generator makes organizations worth testing: custom grants of both kinds, secret teams, owners grants', () => {
    const orgs = fc.sample(randomOrganization, { numRuns: 50, seed: 7 }).map((d) => d.organizations[0]!);
    expect(orgs.some((o) => o['team-projects']?.some((g) => g.access === 'custom' && g['workspace-access']))).toBe(true);
    expect(orgs.some((o) => o['team-workspaces']?.some((g) => g.access === 'custom'))).toBe(true);
    expect(orgs.some((o) => o.teams?.some((t) => t.visibility === 'secret'))).toBe(true);
    expect(orgs.some((o) => o['team-projects']?.some((g) => g.team === 'owners'))).toBe(true);
  });

  it('splits the runs between the emulator profiles; only the current one uses the newer permissions', () => {
    const docs = fc.sample(randomOrganization, { numRuns: 60, seed: 7 });
    const newer = (d: SeedDocument): boolean => JSON.stringify(d).includes('variable-sets') || JSON.stringify(d).includes('policy-overrides');
    expect(docs.some((d) => d.profile === 'seed')).toBe(true);
    expect(docs.some((d) => d.profile === 'current' && newer(d))).toBe(true);
    expect(docs.filter((d) => d.profile === 'seed').some(newer)).toBe(false);
  });
});
