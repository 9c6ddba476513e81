// Every decision a saved plan carries is sealed and re-made (issue 24, finding 2): the checksum
// covers the refusals, the policy violations and the policies' digest; `apply --plan` checks the
// policies again on the access it reads before its first write, never trusting the file's
// violations; with TFE_ACCESS_PLAN_KEY, a plan re-sealed by whoever can edit the file is refused.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { apiUrl } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { INTEGRITY_KEY, integrityOf } from '../../src/saved-plan/fingerprint.js';
import { runCli } from '../support/cli.js';
import { FAST, writesOf } from './scenario.js';
import { closeGuardedWorld, forge, GUARDED_DESIRED, GUARDED_TOKEN, openGuardedWorld } from './support.js';

/** dev made a writer of project `other`, which a policy of the same files forbids. */
const FORBIDDEN = `${GUARDED_DESIRED}policies:
  - name: nobody writes other
    projects: { names: [other] }
    max-access: read
`;

/** The same project, allowed; a policy on the workspaces of `other`, which the files do not manage. */
const ALLOWED = `${GUARDED_DESIRED}policies:
  - name: net at most write
    workspaces: { projects: [other] }
    max-access: write
    except-teams: [dev]
`;

let emulator: RunningEmulator;
let dir: string;
let file: string;
let planFile: string;
let env: Record<string, string>;

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-seal-', FORBIDDEN));
  planFile = join(dir, 'reviewed.plan.json');
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

type Doc = Record<string, unknown> & { plan: { checksum: string; violations: unknown[] } };
const readDoc = async (): Promise<Doc> => JSON.parse(await readFile(planFile, 'utf8')) as Doc;
/** What someone who edits the file and recomputes its public seal writes. */
async function writeResealed(document: Doc): Promise<void> {
  const { [INTEGRITY_KEY]: _old, ...rest } = document;
  await writeFile(planFile, JSON.stringify({ ...rest, [INTEGRITY_KEY]: integrityOf(rest) }, null, 2));
}
/** Someone changes access by hand on workspace `net`, which the files do not manage: qa made admin there (or that grant taken away). */
async function qaOnNet(grant: boolean): Promise<void> {
  const client = new TfeClient({ baseUrl: apiUrl(emulator), token: GUARDED_TOKEN, rateLimit: FAST });
  if (grant) await client.addGrant({ type: 'workspace', id: 'ws-net' }, 'team-qa', { access: 'admin' });
  else {
    const qa = (await client.listGrants({ type: 'workspace', id: 'ws-net' })).find((g) => g.teamId === 'team-qa');
    if (qa) await client.removeGrant('team-workspaces', qa.id);
  }
  await client.close();
}
const plan = (args: string[]) => runCli(['plan', ...args, '--rate-limit', String(FAST)], { env });
const apply = (args: string[], extra: Record<string, string> = {}) =>
  runCli(['apply', ...args, '--auto-approve', '--rate-limit', String(FAST)], { env: { ...env, ...extra } });

describe('saved plans: every decision sealed and re-made (issue 24, finding 2)', () => {
  it('regression: policy refusals ride unsealed in saved plans (violations emptied, public seal recomputed, applied with the reviewed --checksum and the files)', async () => {
    const planned = await plan([file, '--out', planFile]);
    expect(planned.code, planned.err).toBe(3);
    const document = await readDoc();
    expect(document.plan.violations).toHaveLength(1);
    const reviewed = document.plan.checksum;
    document.plan.violations = [];
    await writeResealed(document);
    emulator.resetLog();
    const run = await apply([file, '--plan', planFile, '--checksum', reviewed]);
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/^tfe-access apply: [^\n]*\n$/);
    expect(writesOf(emulator)).toEqual([]);
    // show reads it as apply does: the edit is refused, never shown as a plan with no violations.
    const shown = await runCli(['show', planFile]);
    expect(shown.code).toBe(1);
    expect(shown.out).toBe('');
  });

  it('an edited plan whose checksum was recomputed too: refused by the reviewed --checksum, and without it by the policies checked again (exit 3)', async () => {
    expect((await plan([file, '--out', planFile])).code).toBe(3);
    const reviewed = (await readDoc()).plan.checksum;
    await forge(planFile, (saved) => ({ ...saved, plan: { ...saved.plan, violations: [] } }));
    expect((await readDoc()).plan.checksum).not.toBe(reviewed);
    emulator.resetLog();
    const checked = await apply([file, '--plan', planFile, '--checksum', reviewed]);
    expect(checked.code).toBe(1);
    expect(checked.err).toContain('the plan is not the reviewed one');
    const unchecked = await apply(['--plan', planFile]);
    expect(unchecked.code).toBe(3);
    expect(unchecked.err).toContain('refused: the access once applied breaks a policy');
    expect(unchecked.err).toContain('[nobody writes other] team "dev" has write on project "other", above read');
    expect(writesOf(emulator)).toEqual([]);
  });

  it('a plan stripped of its policies too: refused by the reviewed --checksum, and as stale by the files named', async () => {
    expect((await plan([file, '--out', planFile])).code).toBe(3);
    const reviewed = (await readDoc()).plan.checksum;
    await forge(planFile, (saved) => ({ ...saved, basis: { ...saved.basis, policies: [] }, plan: { ...saved.plan, violations: [] } }));
    emulator.resetLog();
    const checked = await apply(['--plan', planFile, '--checksum', reviewed]);
    expect(checked.code).toBe(1);
    expect(checked.err).toContain('the plan is not the reviewed one');
    const named = await apply([file, '--plan', planFile]);
    expect(named.code).toBe(1);
    expect(named.err).toBe(
      `tfe-access apply: the saved plan ${planFile} is stale: the policies of the desired-state files changed since it was planned; nothing was changed. Plan again and review the new plan.\n`,
    );
    expect(writesOf(emulator)).toEqual([]);
  });

  it("apply --plan checks the policies again on the access it reads: a target the files do not manage broke one since, by hand; found and listed, live and not the plan's, it does not refuse it", async () => {
    await writeFile(file, ALLOWED);
    expect((await plan([file, '--out', planFile])).code).toBe(0);
    await qaOnNet(true);
    emulator.resetLog();
    // docs/evidence.md, "New and live violations": only what the plan's change makes refuses it (the FORBIDDEN plan above: exit 3).
    const run = await apply(['--plan', planFile]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(
      'Already live, not caused by this change (1 violation); they do not block:\n  [net at most write] team "qa" has admin on workspace "net", above write (project other: read, workspace grant: admin)\n',
    );
    expect(writesOf(emulator).length).toBeGreaterThan(0);
  });

  it('a plan saved with violations that are no longer found is stale (exit 1): it was reviewed as refused', async () => {
    await writeFile(file, ALLOWED);
    await qaOnNet(true);
    // Planned with a violation live already (listed, exit 0): the plan reviewed showed it.
    const planned = await plan([file, '--out', planFile]);
    expect(planned.code, planned.err).toBe(0);
    expect((await readDoc()).plan.violations).toHaveLength(1);
    await qaOnNet(false);
    emulator.resetLog();
    const run = await apply(['--plan', planFile]);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `tfe-access apply: the saved plan ${planFile} is stale: it was planned breaking policies (1 violation), and the access once applied now breaks none; nothing was changed. Plan again and review the new plan.\n`,
    );
    expect(writesOf(emulator)).toEqual([]);
  });

  it('the checksum covers the violations and the policies: the same plan twice, and read by team or by target, has one checksum', async () => {
    await writeFile(file, ALLOWED);
    const checksum = async (args: string[]) => (JSON.parse((await plan([file, '--format', 'json', ...args])).out) as { checksum: string }).checksum;
    const clean = await checksum([]);
    expect(await checksum([])).toBe(clean);
    expect(await checksum(['--read-by', 'team'])).toBe(clean);
    expect(await checksum(['--read-by', 'target'])).toBe(clean);
    // The same changes, a violation more on a target the files do not manage: another checksum.
    await qaOnNet(true);
    const broken = await checksum([]);
    expect(broken).not.toBe(clean);
    expect(await checksum(['--read-by', 'team'])).toBe(broken);
    // The same changes and no violation, under another policy: another checksum.
    await qaOnNet(false);
    await writeFile(file, ALLOWED.replace('max-access: write', 'max-access: admin'));
    expect(await checksum([])).not.toBe(clean);
  });
});
