// Property, end to end: `report PATHS --after` (the plan of the files applied in memory) equals the
// live report taken after `apply PATHS`, for random desired states of the report organization.
// Each run starts its own emulator from the same seed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator } from '../../src/emulator/start.js';
import { runCli } from '../support/cli.js';
import { ORG_TOKEN, SEED } from './seed.js';

const TEAMS = ['developers', 'vault', 'ops', 'auditors', 'viewers', 'sre'];
const PROJECTS = ['platform', 'data'];
const WORKSPACES = ['networking-prod', 'networking-dev', 'lake', 'sandbox'];

const arbTeams = (levels: readonly string[]) =>
  fc
    .uniqueArray(fc.record({ team: fc.constantFrom(...TEAMS), access: fc.constantFrom(...levels) }), { selector: (g) => g.team, maxLength: 4 })
    .map((grants) => Object.fromEntries(grants.map((g) => [g.team, g.access])));

/** A desired state over some of the seed's targets: fixed levels, and one custom level per kind. */
const arbDesired = fc.record({
  projects: fc.dictionary(fc.constantFrom(...PROJECTS), arbTeams(['read', 'write', 'maintain', 'admin', 'custom-runs'])),
  workspaces: fc.dictionary(fc.constantFrom(...WORKSPACES), arbTeams(['read', 'plan', 'write', 'admin', 'custom-vars'])),
});

function yamlOf(desired: { projects: Record<string, Record<string, string>>; workspaces: Record<string, Record<string, string>> }): string {
  const grants = (teams: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(teams).map(([team, access]) => [
        team,
        access === 'custom-runs'
          ? { access: 'custom', 'workspace-access': { runs: 'apply', 'state-versions': 'read' } }
          : access === 'custom-vars'
            ? { access: 'custom', variables: 'write', runs: 'plan' }
            : access,
      ]),
    );
  const section = (targets: Record<string, Record<string, string>>) =>
    Object.fromEntries(Object.entries(targets).map(([name, teams]) => [name, { teams: grants(teams) }]));
  return stringify({ organization: 'acme', projects: section(desired.projects), workspaces: section(desired.workspaces) });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The report without what differs by design: its state, the time it was read and (--after) what the plan changes. */
function comparable(out: string): unknown {
  const { state: _state, generated_at: _at, changed: _changed, ...rest } = JSON.parse(out) as Record<string, unknown>;
  return rest;
}

type Side = { access: string; permissions: unknown } | null;
type TargetDoc = { id: string; teams: { id: string; access: string; permissions: unknown }[] };

/** Every cell of a JSON report by (team id, target id): its level and permissions. */
function cellsOf(out: string): Map<string, Side> {
  const doc = JSON.parse(out) as { projects: TargetDoc[]; workspaces: TargetDoc[] };
  const cells = new Map<string, Side>();
  for (const target of [...doc.projects, ...doc.workspaces])
    for (const t of target.teams) cells.set(`${t.id} ${target.id}`, { access: t.access, permissions: t.permissions });
  return cells;
}

/** docs/evidence.md, "Changes marked": the cells that differ between two live reports, before and after. */
function differences(before: string, after: string): Record<string, [Side, Side]> {
  const was = cellsOf(before);
  const now = cellsOf(after);
  const out: Record<string, [Side, Side]> = {};
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const [a, b] = [was.get(key) ?? null, now.get(key) ?? null];
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = [a, b];
  }
  return out;
}

/** The report's own `changed`, in the same shape. */
function changedOf(out: string): Record<string, [Side, Side]> {
  type Change = { team: { id: string }; target: { id: string }; before: Side & { sources?: unknown }; after: Side & { sources?: unknown } };
  const side = (s: Change['before']): Side => (s ? { access: s.access, permissions: s.permissions } : null);
  const changes = (JSON.parse(out) as { changed: Change[] }).changed;
  return Object.fromEntries(changes.map((c) => [`${c.team.id} ${c.target.id}`, [side(c.before), side(c.after)]]));
}

describe('report --after', () => {
  it('equals the live report taken after apply, for random desired states', async () => {
    let changed = 0;
    await fc.assert(
      fc.asyncProperty(arbDesired, async (desired) => {
        const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
        const dir = mkdtempSync(join(tmpdir(), 'tfe-access-after-'));
        dirs.push(dir);
        try {
          const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
          writeFileSync(join(dir, 'tfe-access.yaml'), yamlOf(desired));
          const before = await runCli(['report', dir, '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
          const after = await runCli(['report', dir, '--after', '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
          expect(after.err).toBe('');
          expect(JSON.parse(after.out)).toMatchObject({ state: 'after' });
          const applied = await runCli(['apply', dir, '--auto-approve', '--force', '--rate-limit', '0'], { env, cwd: dir });
          expect(applied.code, applied.err).toBe(0);
          const live = await runCli(['report', dir, '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
          expect(comparable(live.out)).toEqual(comparable(after.out));
          // The cells --after marks are exactly those the apply changed, each before and after.
          expect(changedOf(after.out)).toEqual(differences(before.out, live.out));
          if (JSON.stringify(comparable(before.out)) !== JSON.stringify(comparable(live.out))) changed++;
        } finally {
          await emulator.stop();
        }
      }),
      { numRuns: 8, seed: 17 },
    );
    // The property says something only if the applies changed effective access.
    expect(changed).toBeGreaterThan(4);
  }, 120_000);

  it('with sets, an entry over a set, a grant already expired and a policy: the same, the sets expanded over the lists the report read', async () => {
    const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-after-sets-'));
    dirs.push(dir);
    try {
      const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
      const files = `organization: acme
workspace-sets:
  platform-networks:
    match: { projects: [platform], names: ["networking-*"] }
    teams:
      ops: write
      auditors: { access: read, expires: 2000-01-01 }
project-sets:
  every-project:
    match: { names: ["*"] }
    prune: false
    teams: { viewers: read }
workspaces:
  networking-prod:
    teams: { ops: admin, developers: plan }
policies:
  - name: no admin on platform workspaces
    workspaces: { projects: [platform] }
    max-access: write
    except-teams: [sre]
`;
      writeFileSync(join(dir, 'tfe-access.yaml'), files);
      const after = await runCli(['report', dir, '--after', '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
      expect(after.err).toBe('');
      // ops is admin on networking-prod once applied: the policy's violation is reported on the after-state.
      expect(JSON.stringify(JSON.parse(after.out).violations)).toContain('networking-prod');
      const changed = Object.keys(changedOf(after.out)).length;
      expect(changed).toBeGreaterThan(0);
      const text = await runCli(['report', dir, '--after', '--rate-limit', '0'], { env, cwd: dir });
      expect(text.out).toContain(`Changes once applied (${changed}):`);
      // vault's grant on networking-prod is not in the files, which prune it: gone once applied.
      expect(text.out).toMatch(/\n {2}vault +workspace networking-prod +admin -> no access\n/);
      const before = await runCli(['report', dir, '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
      const applied = await runCli(['apply', dir, '--auto-approve', '--force', '--rate-limit', '0'], { env, cwd: dir });
      // ops is admin there live already: the violation is not the plan's, so apply applies it (docs/evidence.md, "New and live violations").
      expect(applied.code, applied.err).toBe(0);
      // Without the policy, the same files have nothing left to apply.
      writeFileSync(join(dir, 'tfe-access.yaml'), files.slice(0, files.indexOf('policies:')));
      const unpoliced = await runCli(['apply', dir, '--auto-approve', '--force', '--rate-limit', '0'], { env, cwd: dir });
      expect(unpoliced.code, unpoliced.err).toBe(0);
      writeFileSync(join(dir, 'tfe-access.yaml'), files);
      const live = await runCli(['report', dir, '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
      expect(comparable(live.out)).toEqual(comparable(after.out));
      expect(changedOf(after.out)).toEqual(differences(before.out, live.out));
    } finally {
      await emulator.stop();
    }
  }, 60_000);
});
