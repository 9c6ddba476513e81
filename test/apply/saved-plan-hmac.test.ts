// The keyed seal of saved plans (issue 24, Build 2; docs/apply.md, "Saved plans": who can change one):
// with TFE_ACCESS_PLAN_KEY, `plan --out` writes an HMAC that `apply --plan` and `show` verify, so a
// plan edited and sealed again by whoever can only edit the file is refused. The key is never
// printed or saved.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantChanges, planChanges } from '../../src/core/plan.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, forge, GUARDED_DESIRED, openGuardedWorld } from './support.js';

const KEY = 'k3y-of-the-ci-secret-0123456789abcdef';
const KEYED = { TFE_ACCESS_PLAN_KEY: KEY };

let emulator: RunningEmulator;
let dir: string;
let file: string;
let planFile: string;
let env: Record<string, string>;

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-hmac-', GUARDED_DESIRED));
  planFile = join(dir, 'reviewed.plan.json');
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

const run = (args: string[], extra: Record<string, string> = {}) => runCli([...args, '--rate-limit', String(FAST)], { env: { ...env, ...extra } });
const plan = (extra: Record<string, string> = {}) => run(['plan', file, '--out', planFile], extra);
const apply = (extra: Record<string, string> = {}) => run(['apply', '--plan', planFile, '--auto-approve'], extra);
const show = (extra: Record<string, string> = {}) => runCli(['show', planFile], { env: extra });
const hmacOf = async (): Promise<unknown> => (JSON.parse(await readFile(planFile, 'utf8')) as { hmac?: unknown }).hmac;
/** Dev made admin of project `other` in the file, sealed again without the key. */
const escalate = () =>
  forge(planFile, (saved) => ({
    ...saved,
    plan: { ...saved.plan, ...planChanges({ grant: grantChanges(saved.plan).map((c) => (c.action === 'remove' ? c : { ...c, after: { access: 'admin' } })) }) },
  }));

describe('saved plans sealed with TFE_ACCESS_PLAN_KEY', () => {
  it('plan --out adds an HMAC, apply --plan and show verify it and go on; the key is in no file and no output', async () => {
    const planned = await plan(KEYED);
    expect(planned.code, planned.err).toBe(0);
    expect(planned.err).toContain(`Saved the plan to ${planFile}, with its HMAC (TFE_ACCESS_PLAN_KEY)`);
    expect(await hmacOf()).toMatch(/^[0-9a-f]{64}$/);
    const shown = await show(KEYED);
    expect(shown.code).toBe(0);
    expect(shown.err).toBe("show: the plan's HMAC was verified with TFE_ACCESS_PLAN_KEY.\n");
    emulator.resetLog();
    const applied = await apply(KEYED);
    expect(applied.code, applied.err).toBe(0);
    expect(writesOf(emulator).length).toBeGreaterThan(0);
    const outputs = [await readFile(planFile, 'utf8'), planned.out, planned.err, shown.out, shown.err, applied.out, applied.err].join('\n');
    expect(outputs).not.toContain(KEY);
  });

  it('acceptance: with TFE_ACCESS_PLAN_KEY, a re-sealed plan is refused (no HMAC, or the HMAC of the file before the edit), exit 1, nothing written', async () => {
    expect((await plan(KEYED)).code).toBe(0);
    const original = await hmacOf();
    await escalate();
    emulator.resetLog();
    const stripped = await apply(KEYED);
    expect(stripped.code).toBe(1);
    expect(stripped.err).toBe(
      `tfe-access apply: ${planFile} is not a usable saved plan: it carries no HMAC, and TFE_ACCESS_PLAN_KEY is set: it was not written by \`plan --out\` with the key (or its HMAC was removed). Plan again with \`tfe-access plan --out ${planFile}\`.\n`,
    );
    const document = JSON.parse(await readFile(planFile, 'utf8')) as Record<string, unknown>;
    await writeFile(planFile, JSON.stringify({ ...document, hmac: original }));
    const kept = await apply(KEYED);
    expect(kept.code).toBe(1);
    expect(kept.err).toMatch(
      /^tfe-access apply: [^\n]* is not a usable saved plan: its HMAC does not match TFE_ACCESS_PLAN_KEY \(the file was edited and sealed again, or written with another key\)[^\n]*\n$/,
    );
    expect(writesOf(emulator)).toEqual([]);
    expect((await show(KEYED)).code).toBe(1);
    // Only the key tells it apart: where it is not set, the same file passes every public check.
    const unkeyed = await apply();
    expect(unkeyed.code, unkeyed.err).toBe(0);
    expect(writesOf(emulator)).toContain('PATCH /api/v2/team-projects/tprj-dev-other');
  });

  it('where the key is set, a plan saved without it, or with another key, is refused', async () => {
    expect((await plan()).code).toBe(0);
    expect(await hmacOf()).toBeUndefined();
    expect((await apply(KEYED)).err).toContain('it carries no HMAC, and TFE_ACCESS_PLAN_KEY is set');
    expect((await plan({ TFE_ACCESS_PLAN_KEY: 'another-secret-0123456789' })).code).toBe(0);
    emulator.resetLog();
    const other = await apply(KEYED);
    expect(other.code).toBe(1);
    expect(other.err).toContain('its HMAC does not match TFE_ACCESS_PLAN_KEY');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('without the key, a plan that carries an HMAC is applied after one line saying it was not verified; show says the same, or that there is none', async () => {
    expect((await plan(KEYED)).code).toBe(0);
    expect((await show()).err).toBe('show: the plan carries an HMAC that was not verified: TFE_ACCESS_PLAN_KEY is not set.\n');
    const applied = await apply();
    expect(applied.code, applied.err).toBe(0);
    expect(applied.err).toContain(`tfe-access: the saved plan ${planFile} carries an HMAC that was not verified: TFE_ACCESS_PLAN_KEY is not set.\n`);
    expect((await plan()).code).toBe(0);
    expect((await show()).err).toBe(
      'show: the plan has no HMAC (TFE_ACCESS_PLAN_KEY was not set when it was saved): its public seal and checksum were checked.\n',
    );
  });

  it('a key set empty or too short is one line, exit 1, before any request', async () => {
    emulator.resetLog();
    const empty = await plan({ TFE_ACCESS_PLAN_KEY: '' });
    expect(empty).toMatchObject({
      code: 1,
      err: 'tfe-access plan: TFE_ACCESS_PLAN_KEY is set but empty: set it to the secret that seals saved plans, or unset it.\n',
    });
    const short = await plan({ TFE_ACCESS_PLAN_KEY: 'abc' });
    expect(short.code).toBe(1);
    expect(short.err).toBe('tfe-access plan: TFE_ACCESS_PLAN_KEY is shorter than 16 characters: use a long random secret (`openssl rand -hex 32`).\n');
    expect(emulator.requests).toEqual([]);
    expect((await apply({ TFE_ACCESS_PLAN_KEY: '' })).code).toBe(1);
  });
});
