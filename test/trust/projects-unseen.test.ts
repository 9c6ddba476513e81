// Issue 24, Build 1 ("what it could not see: ... targets it could not read"): a token whose team
// manages workspaces but has no access to projects (manage-workspaces gives nothing on projects:
// docs/api.md, "Effective access") cannot list a project at all. A report made with it left out
// every grant of that project (a visible team's admin included) and said `complete: true`; a plan's
// policy over the project's workspaces found none of the violations those grants make, and said the
// same. Now both say which workspaces' project the token cannot see, in every format, and a saved
// plan keeps it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { FAST } from '../apply/scenario.js';
import { runCli } from '../support/cli.js';

const ORG_TOKEN = 'punseen-org-token';
const WSADMIN_TOKEN = 'punseen-wsadmin-token';

const SEED = {
  organizations: [
    {
      name: 'punseen',
      token: ORG_TOKEN,
      teams: [{ name: 'wsadmins', tokens: [WSADMIN_TOKEN], 'organization-access': { 'manage-workspaces': true } }, { name: 'dev' }, { name: 'ops' }],
      projects: [{ name: 'p' }],
      workspaces: [
        { name: 'a', project: 'p' },
        { name: 'b', project: 'p' },
      ],
      'team-projects': [{ team: 'ops', project: 'p', access: 'admin' }],
      'team-workspaces': [
        { team: 'dev', workspace: 'a', access: 'read' },
        { team: 'dev', workspace: 'b', access: 'read' },
      ],
    },
  ],
} as SeedDocument;

const UNSEEN = 'the token cannot see the project of workspace "a", workspace "b", so the access a project grant gives there is not counted';
const MANAGED = 'organization: punseen\nworkspaces:\n  a:\n    teams:\n      dev: read\n';
const POLICY = 'policies:\n  - name: at most write\n    workspaces: { names: ["*"] }\n    max-access: write\n    except-teams: [wsadmins]\n';

let emulator: RunningEmulator;
let dir: string;
const env = (token: string) => ({ HOME: dir, TFE_ADDRESS: emulator.url, TFE_TOKEN: token, TFE_ORGANIZATION: 'punseen' });
const validReport = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());
const validPlan = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema());

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0, profile: 'current' });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-projects-unseen-'));
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('workspaces in a project the token cannot see', () => {
  it("a report says partial, naming them, in JSON (valid), text, HTML and CSV; an owner's is whole", async () => {
    // --no-indirect: the grants' coverage, as before the edges were read by default (their own: test/report/indirect-e2e.test.ts).
    const report = (token: string, ...args: string[]) => runCli(['report', '--no-indirect', '--rate-limit', String(FAST), ...args], { env: env(token) });
    const json = await report(WSADMIN_TOKEN, '--format', 'json');
    expect(json.code, json.err).toBe(0);
    const document = JSON.parse(json.out) as Record<string, unknown>;
    expect(validReport(document), JSON.stringify(validReport.errors)).toBe(true);
    expect(document).toMatchObject({
      complete: false,
      // Issue 37, finding 1: a manage-workspaces token proves neither every team nor every project.
      incomplete: [
        { code: 'projects-unseen', workspaces: ['workspace "a"', 'workspace "b"'], message: UNSEEN },
        { code: 'teams-not-proven' },
        { code: 'targets-not-proven', lists: ['projects'] },
      ],
    });
    const [title, banner] = (await report(WSADMIN_TOKEN)).out.split('\n');
    expect(title).toMatch(/; partial\): /);
    expect(banner?.startsWith(`Partial: ${UNSEEN}; `), banner).toBe(true);
    expect(banner).toContain("the token's list of teams is not proven whole");
    expect(banner).toContain('the token cannot read every project of the organization');
    expect((await report(WSADMIN_TOKEN, '--format', 'html')).out).toContain(
      '<p class="coverage partial" role="alert">Partial: the token cannot see the project of workspace &quot;a&quot;',
    );
    for (const row of (await report(WSADMIN_TOKEN, '--format', 'csv')).out
      .split('\r\n')
      .filter((l) => l !== '')
      .slice(1))
      expect(row).toMatch(/,false,$/);
    // Narrowed to a, it names a alone.
    expect(JSON.parse((await report(WSADMIN_TOKEN, '--workspace', 'a', '--format', 'json')).out)).toMatchObject({
      incomplete: [{ code: 'projects-unseen', workspaces: ['workspace "a"'] }, { code: 'teams-not-proven' }, { code: 'targets-not-proven' }],
    });
    const owner = JSON.parse((await report(ORG_TOKEN, '--format', 'json')).out) as {
      complete: boolean;
      workspaces: { name: string; teams: { name: string; access: string }[] }[];
    };
    expect(owner.complete).toBe(true);
    expect(owner.workspaces.find((w) => w.name === 'a')?.teams).toContainEqual(expect.objectContaining({ name: 'ops', access: 'admin' }));
  });

  it('a plan whose policy selects them says partial (and a saved plan keeps it); without the policy, nothing needs the project and the plan is whole', async () => {
    const file = join(dir, 'tfe-access.yaml');
    await writeFile(file, MANAGED + POLICY);
    const owner = await runCli(['plan', file, '--format', 'json', '--rate-limit', String(FAST)], { env: env(ORG_TOKEN) });
    // ops admin on a and b: already live, so listed and not blocking (docs/evidence.md, "New and live violations").
    expect(owner.code, owner.err).toBe(0);
    const violations = (JSON.parse(owner.out) as { violations: { status: string }[] }).violations;
    expect(violations.map((v) => v.status)).toEqual(['live', 'live']);
    const saved = join(dir, 'ws.plan.json');
    const run = await runCli(['plan', file, '--format', 'json', '--out', saved, '--rate-limit', String(FAST)], { env: env(WSADMIN_TOKEN) });
    expect(run.code, run.err).toBe(0);
    const document = JSON.parse(run.out) as Record<string, unknown>;
    expect(validPlan(document), JSON.stringify(validPlan.errors)).toBe(true);
    expect(document).toMatchObject({
      complete: false,
      incomplete: [{ code: 'projects-unseen', workspaces: ['workspace "a"', 'workspace "b"'] }],
      violations: [],
    });
    const shown = await runCli(['show', saved]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out.split('\n')[1]).toBe(`Partial: ${UNSEEN}.`);
    await writeFile(file, MANAGED);
    const whole = await runCli(['plan', file, '--format', 'json', '--rate-limit', String(FAST)], { env: env(WSADMIN_TOKEN) });
    expect(JSON.parse(whole.out)).toMatchObject({ complete: true, incomplete: [] });
  });
});
