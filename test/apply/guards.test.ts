// The safety guards end to end: each refusal with exit code 3 and its message, checked before the
// first call (the emulator's log holds no write), and --force lifting the removal-count guard only.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantChanges, planChanges, type RemoveChange } from '../../src/core/plan.js';
import { checksumOf, policiesDigestOf } from '../../src/diff/checksum.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { refusalsOf as guardRefusals } from '../../src/guard/plan-refusals.js';
import { writeSavedPlan } from '../../src/pipeline/disk/saved-plan-file.js';
import { readSavedPlan } from '../../src/saved-plan/file.js';
import { basisGuardInputs } from '../../src/saved-plan/saved-plan.js';
import { ROOT, runCli } from '../support/cli.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, GUARDED_TOKEN, openGuardedWorld, PADMIN_TOKEN, savePlan } from './support.js';

const OTHER_ONLY_DEV = `organization: guarded
settings:
  max-removals: 2
projects:
  other:
    teams:
      dev: read
`;

const PLATFORM_ONLY_PADMIN = `organization: guarded
projects:
  platform:
    teams:
      padmin: admin
`;

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

async function desired(yaml: string): Promise<string> {
  const file = join(dir, 'tfe-access.yaml');
  await writeFile(file, yaml);
  return file;
}

const apply = (args: string[], token = GUARDED_TOKEN) =>
  runCli(['apply', ...args, '--auto-approve', '--rate-limit', String(FAST)], { env: { ...env, TFE_TOKEN: token } });

beforeEach(async () => {
  ({ emulator, dir, env } = await openGuardedWorld('tfe-access-guards-'));
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

describe('apply guards', () => {
  it('refuses more removals than settings.max-removals with exit 3, before any write', async () => {
    const run = await apply([await desired(OTHER_ONLY_DEV)]);
    expect(run.code).toBe(3);
    expect(run.err).toContain('refused by a safety guard; nothing was changed.');
    expect(run.err).toContain('[max-removals] the plan removes 3 grants, more than settings.max-removals (2).');
    expect(run.err).toContain('To proceed: review the removals in the plan; if they are intended, run again with --force');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('--force lifts the removal-count guard', async () => {
    const run = await apply([await desired(OTHER_ONLY_DEV), '--force']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Apply complete: 3 applied, 0 already so, 0 failed, of 3 changes in guarded.');
    expect(writesOf(emulator).sort()).toEqual([
      'DELETE /api/v2/team-projects/tprj-interns-other',
      'DELETE /api/v2/team-projects/tprj-ops-other',
      'DELETE /api/v2/team-projects/tprj-qa-other',
    ]);
  });

  it('refuses a removal from a target read partially, even with --force', async () => {
    const file = await desired(PLATFORM_ONLY_PADMIN);
    for (const extra of [[], ['--force']]) {
      const run = await apply([file, ...extra], PADMIN_TOKEN);
      expect(run.code).toBe(3);
      expect(run.err).toContain('[incomplete-read] the plan removes 1 grant from project "platform", whose team access could not be read completely');
      expect(run.err).toContain('--force does not lift this guard');
      expect(run.err).not.toContain('[max-removals]');
    }
    expect(writesOf(emulator)).toEqual([]);
  });

  it('the same removal with a token that sees every team is applied', async () => {
    const run = await apply([await desired(PLATFORM_ONLY_PADMIN)]);
    expect(run.code, run.err).toBe(0);
    // The secret team's grant is removed too: an organization token sees it, and the file does not list it.
    expect(writesOf(emulator).sort()).toEqual(['DELETE /api/v2/team-projects/tprj-interns-platform', 'DELETE /api/v2/team-projects/tprj-vault']);
  });

  it('never removes the owners team, even from a saved plan edited to do so, even with --force', async () => {
    const planFile = join(dir, 'plan.json');
    await savePlan([await desired(OTHER_ONLY_DEV)], planFile, env);
    const saved = await readSavedPlan(planFile);
    const owners: RemoveChange = {
      action: 'remove',
      resource: 'team-projects',
      id: 'tprj-owners-other',
      team: { name: 'owners', id: 'team-owners' },
      target: { type: 'project', name: 'other', id: 'prj-other' },
      before: { access: 'admin', permissions: {} },
    };
    const changes = [...grantChanges(saved.plan), owners];
    // Edited by someone who can also recompute the checksum and the seal (docs/apply.md, "Saved plans").
    const guards = basisGuardInputs(saved.basis);
    const checksum = checksumOf({
      organization: saved.plan.organization,
      changes,
      ...guards,
      policies: policiesDigestOf(saved.basis.policies),
      violations: [],
    });
    const refusals = guardRefusals(planChanges({ grant: changes }).changes, {
      maxRemovals: guards.maxRemovals,
      incompleteTargets: new Set(guards.incompleteTargets),
    });
    await writeSavedPlan(planFile, { ...saved, plan: { ...saved.plan, changes: planChanges({ grant: changes }).changes, checksum, refusals } });
    const run = await apply(['--plan', planFile, '--force']);
    expect(run.code).toBe(3);
    expect(run.err).toContain('[owners-team] the plan removes the access of the "owners" team to project "other"; that team is never removed.');
    expect(run.err).not.toContain('[max-removals]');
    expect(writesOf(emulator)).toEqual([]);
  });
});

describe('plan reports what the guards of apply will refuse', () => {
  const plan = (args: string[], token = GUARDED_TOKEN) => runCli(['plan', ...args, '--rate-limit', String(FAST)], { env: { ...env, TFE_TOKEN: token } });
  type Refusal = { guard: string; message: string; how_to_proceed: string };
  const refusalsOf = (out: string): Refusal[] => (JSON.parse(out) as { refusals: Refusal[] }).refusals;

  it('regression: plan shows removals that apply will refuse', async () => {
    // A team token that cannot see the secret team `vault`, whose grant on platform it reads.
    const file = await desired(PLATFORM_ONLY_PADMIN);
    const json = await plan([file, '--format', 'json'], PADMIN_TOKEN);
    expect(json.code, json.err).toBe(0);
    const schema = JSON.parse(await readFile(join(ROOT, 'schemas/plan.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(JSON.parse(json.out)), JSON.stringify(validate.errors)).toBe(true);
    expect(refusalsOf(json.out)).toEqual([
      {
        guard: 'incomplete-read',
        message: expect.stringContaining('the plan removes 1 grant from project "platform", whose team access could not be read completely'),
        how_to_proceed: expect.stringContaining('--force does not lift this guard'),
      },
    ]);
    const text = await plan([file], PADMIN_TOKEN);
    expect(text.out.split('\n').slice(0, 4).join('\n')).toMatch(
      /^Plan for guarded: 0 to add, 0 to change, 1 to remove\.\nPartial: grants on project "platform" name teams the token cannot see\.\nApply will refuse this plan \(1 safety guard\); nothing would be changed:\n {2}\[incomplete-read\] the plan removes 1 grant/,
    );
    const markdown = await plan([file, '--format', 'markdown'], PADMIN_TOKEN);
    expect(markdown.out).toContain('> [!CAUTION]\n> **Apply will refuse this plan** (1 safety guard); nothing would be changed:');
    expect(markdown.out).toContain('> - `incomplete-read`: the plan removes 1 grant from project "platform"');
    // And apply refuses exactly that.
    const run = await apply([file], PADMIN_TOKEN);
    expect(run.code).toBe(3);
    expect(run.err).toContain('[incomplete-read] the plan removes 1 grant from project "platform"');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('the removal count is reported as apply without --force sees it; a plan apply accepts has none', async () => {
    const json = await plan([await desired(OTHER_ONLY_DEV), '--format', 'json']);
    expect(refusalsOf(json.out)).toEqual([
      {
        guard: 'max-removals',
        message: 'the plan removes 3 grants, more than settings.max-removals (2).',
        how_to_proceed: expect.stringContaining('run again with --force'),
      },
    ]);
    // apply shows the plan with what it refuses itself: with --force, the removal count is no refusal.
    const refused = await apply([await desired(OTHER_ONLY_DEV)]);
    expect(refused.code).toBe(3);
    expect(refused.out).toContain('Apply will refuse this plan (1 safety guard)');
    expect(writesOf(emulator)).toEqual([]);
    const forced = await apply([await desired(OTHER_ONLY_DEV), '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).not.toContain('Apply will refuse');
    const clean = await plan([await desired(PLATFORM_ONLY_PADMIN), '--format', 'json']);
    expect(refusalsOf(clean.out)).toEqual([]);
    expect((await plan([await desired(PLATFORM_ONLY_PADMIN)])).out).not.toContain('Apply will refuse');
  });

  it('a saved plan carries its refusals, and apply --plan decides as the plan said', async () => {
    const refused = join(dir, 'refused.plan.json');
    const run = await plan([await desired(OTHER_ONLY_DEV), '--out', refused, '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    const saved = JSON.parse(await readFile(refused, 'utf8')) as { plan: { refusals: Refusal[] } };
    expect(saved.plan.refusals).toHaveLength(1);
    expect(saved.plan.refusals).toEqual(refusalsOf(run.out));
    expect((await readSavedPlan(refused)).plan.refusals.map((r) => r.guard)).toEqual(['max-removals']);
    expect((await apply(['--plan', refused])).code).toBe(3);
    const accepted = join(dir, 'accepted.plan.json');
    expect((await plan([await desired(PLATFORM_ONLY_PADMIN), '--out', accepted])).code).toBe(0);
    const applied = await apply(['--plan', accepted]);
    expect(applied.code, applied.err).toBe(0);
    expect(writesOf(emulator).length).toBe(2);
  });
});
