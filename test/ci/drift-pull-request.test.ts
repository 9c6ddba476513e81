// The GitHub drift workflow's steps, run by bash as GitHub runs them, one scheduled run after the
// other: a real git clone of a bare `origin` on this machine (what actions/checkout gives the job),
// the files edited as `drift --adopt` edits them, and a stand-in `gh` that keeps its pull requests
// between runs. Exactly one pull request per drift, updated on the next run, closed when access
// matches again; the branch pushed with the edits; nothing touched when drift fails.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_GH_PULLS, readGhState } from './fake-gh-pulls.js';
import { FILE, FILES, gitEnv, makeOrigin, type Origin, SEED } from './git-fixture.js';
import { GITHUB_WORKFLOWS, readYaml } from './recipes.js';

type Step = { name?: string; id?: string; if?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> };
type Job = { env: Record<string, string>; steps: Step[]; permissions: Record<string, string> };

const DRIFT = GITHUB_WORKFLOWS[2]!;
const job = (): Job => Object.values((readYaml(DRIFT) as { jobs: Record<string, Job> }).jobs)[0]!;
const step = (id: string): Step => job().steps.find((s) => s.id === id)!;
const closeStep = (): Step => job().steps.find((s) => String(s.run ?? '').includes('matches the files again'))!;
const REPORT =
  '<!-- tfe-access-drift organization=acme -->\n### tfe-access drift in acme\n\n| who | what | when |\n|---|---|---|\n| alice | sre: admin -> write | 2026-11-20 |\n\n```diff\n-    teams: { sre: admin }\n+    teams: { sre: write }\n```\n';
const RUN_URL = 'https://github.com/acme/access/actions/runs/';

let dir: string;
let origin: Origin;
let state: string;
let runId = 100;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-drift-pr-'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'gh'), FAKE_GH_PULLS);
  chmodSync(join(dir, 'bin', 'gh'), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  origin = makeOrigin(dir);
  state = join(origin.root, 'gh-state.json');
});

/** One step of one run, in the job's checkout, with the job's env and the step's own. */
function runStep(s: Step, cwd: string, env: Record<string, string> = {}) {
  const temp = mkdtempSync(join(origin.root, 'runner-'));
  const output = join(temp, 'output');
  const summary = join(temp, 'summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  writeFileSync(join(temp, 'step.sh'), s.run ?? '');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(temp, 'step.sh')], {
    cwd,
    encoding: 'utf8',
    env: {
      ...gitEnv(origin.root),
      PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
      ...job().env,
      GH_TOKEN: 'x',
      GH_REPO: 'acme/access',
      GH_STATE: state,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_REPOSITORY: 'acme/access',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: String(runId),
      GITHUB_REF_NAME: 'main',
      ...env,
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: readFileSync(output, 'utf8'), summary: readFileSync(summary, 'utf8') };
}

/** A scheduled run that found drift: a fresh checkout, the files as adopt left them, the PR step. */
function driftRun(adopted: string | undefined, report = REPORT) {
  runId += 1;
  const checkout = origin.clone();
  if (adopted !== undefined) writeFileSync(join(checkout, FILE), adopted);
  writeFileSync(join(origin.root, 'report.md'), report);
  return runStep(step('pr'), checkout, { REPORT: join(origin.root, 'report.md'), BASE: 'main' });
}

function noDriftRun() {
  runId += 1;
  return runStep(closeStep(), origin.clone());
}

const gh = () => readGhState(state);
const verbs = () => gh().calls.map((c) => c.slice(0, 2).join(' '));
const ADOPTED = SEED.replace('sre: admin', 'sre: write');
const ADOPTED_AGAIN = `${ADOPTED}  - name: app-dev\n    teams: { dev: write }\n`;

describe('the drift workflow turns drift into one pull request', () => {
  it('the first drift pushes the branch with the edited files and opens exactly one pull request', () => {
    const main = origin.commit('main');
    const run = driftRun(ADOPTED);
    expect(run.status, run.stderr).toBe(0);
    expect(verbs()).toEqual(['pr list', 'pr create']);
    const [pull] = gh().pulls;
    expect(gh().pulls).toHaveLength(1);
    expect(pull).toMatchObject({ number: 1, state: 'open', head: 'tfe-access/drift', base: 'main', title: 'Access changed outside the files' });
    // The body: how to adopt or revert, then the report with its attribution table and diff.
    expect(pull?.body).toContain('**Merge** it to adopt the change');
    expect(pull?.body).toContain('**Close** it to revert the change instead, then apply the files as they are (`tfe-access apply`)');
    expect(pull?.body).toContain(`${REPORT}`);
    expect(pull?.body).toContain(`${RUN_URL}${runId}`);
    expect(run.output).toBe('number=1\n');
    expect(run.summary).toBe(pull?.body);
    // The branch: one commit on the default branch, by the Actions bot, holding the edits only.
    expect(origin.show('tfe-access/drift', FILE)).toBe(ADOPTED.trimEnd());
    expect(origin.git(['rev-parse', 'tfe-access/drift^'])).toBe(main);
    expect(origin.git(['log', '-1', '--format=%an <%ae>|%s', 'tfe-access/drift'])).toBe(
      'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|tfe-access: adopt access changed outside the files',
    );
    expect(origin.git(['diff', '--name-only', 'main', 'tfe-access/drift'])).toBe(FILE);
    expect(origin.commit('main')).toBe(main);
  });

  it('the next drift updates the same pull request and its branch: no second one', () => {
    driftRun(ADOPTED);
    const again = driftRun(ADOPTED_AGAIN, REPORT.replace('alice', 'bob'));
    expect(again.status, again.stderr).toBe(0);
    expect(verbs()).toEqual(['pr list', 'pr create', 'pr list', 'pr edit', 'pr comment']);
    expect(gh().pulls).toHaveLength(1);
    expect(gh().pulls[0]?.body).toContain('| bob |');
    expect(gh().pulls[0]?.comments).toEqual([`Still drifted: ${RUN_URL}${runId}`]);
    expect(again.output).toBe('number=1\n');
    expect(origin.show('tfe-access/drift', FILE)).toBe(ADOPTED_AGAIN.trimEnd());
    expect(origin.git(['rev-parse', 'tfe-access/drift^'])).toBe(origin.commit('main'));
  });

  it('the same drift again moves nothing: the branch keeps its commit', () => {
    driftRun(ADOPTED);
    const before = origin.commit('tfe-access/drift');
    const same = driftRun(ADOPTED);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toContain('The branch tfe-access/drift already holds these edits.');
    expect(origin.commit('tfe-access/drift')).toBe(before);
    expect(gh().pulls).toHaveLength(1);
  });

  it('no drift opens nothing; once access matches again the open pull request is closed and its branch deleted', () => {
    const quiet = noDriftRun();
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(verbs()).toEqual(['pr list']);
    expect(gh().pulls).toEqual([]);
    driftRun(ADOPTED);
    const closed = noDriftRun();
    expect(closed.status, closed.stderr).toBe(0);
    expect(gh().pulls).toHaveLength(1);
    expect(gh().pulls[0]).toMatchObject({ state: 'closed', comments: [`Live access matches the files again: ${RUN_URL}${runId}`] });
    expect(origin.commit('tfe-access/drift')).toBeUndefined();
    // The next drift opens a new pull request: the closed one is history.
    driftRun(ADOPTED);
    expect(gh().pulls.map((p) => p.state)).toEqual(['closed', 'open']);
  });

  it('drift nothing can adopt fails the job with the report in its summary, and closes a pull request that adopts drift gone', () => {
    driftRun(ADOPTED);
    const none = driftRun(undefined);
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('::error::Live access differs from the files and none of it can be adopted');
    expect(none.summary).toContain('> [!WARNING]');
    expect(none.summary).toContain(REPORT);
    expect(none.output).toBe('');
    expect(gh().pulls).toHaveLength(1);
    expect(gh().pulls[0]?.state).toBe('closed');
    expect(gh().pulls[0]?.comments[0]).toContain('The drift this pull request adopts is gone');
    expect(origin.commit('tfe-access/drift')).toBeUndefined();
    // With no pull request open: nothing opened, nothing pushed.
    const alone = driftRun(undefined);
    expect(alone.status).toBe(1);
    expect(verbs().filter((v) => v === 'pr create')).toHaveLength(1);
    expect(origin.git(['for-each-ref', '--format=%(refname)'])).toBe('refs/heads/main');
  });

  it('a report too long for a pull request body points to the job summary instead', () => {
    const long = `${REPORT}${'x'.repeat(70_000)}\n`;
    const run = driftRun(ADOPTED, long);
    expect(run.status, run.stderr).toBe(0);
    expect(gh().pulls[0]?.body).toContain(`read it in the [job summary](${RUN_URL}${runId})`);
    expect(gh().pulls[0]?.body.length).toBeLessThan(2000);
    expect(run.summary).toBe(`${gh().pulls[0]?.body}${long}`);
  });
});

describe('what runs on each exit of drift', () => {
  // A step's `if`, evaluated for one exit of drift: the expressions the workflow uses, nothing more.
  function runs(s: Step, exit: string, prNumber = ''): boolean {
    if (s.if === undefined) return true;
    const js = String(s.if)
      .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
      .replaceAll('steps.drift.outputs.exit-code', JSON.stringify(exit))
      .replaceAll('steps.pr.outputs.number', JSON.stringify(prNumber))
      .replaceAll('!cancelled()', 'true')
      .replaceAll('hashFiles(env.AUDIT_LOG)', "'h'")
      .replaceAll(/'([^']*)'/g, '"$1"')
      .replaceAll('==', '===')
      .replaceAll('!===', '!==');
    return Boolean(new Function(`return (${js});`)());
  }
  const after = () => job().steps.slice(job().steps.findIndex((s) => s.id === 'drift') + 1);

  it('exit 1 leaves everything alone: every later step is skipped (the failed action step fails the job)', () => {
    // GitHub skips a step after a failed one unless its `if` says otherwise; only `!cancelled()`
    // could run, and it needs a pull request number the skipped pr step never gave.
    const ran = after().filter((s) => String(s.if ?? '').includes('cancelled()') && runs(s, '1'));
    expect(ran).toEqual([]);
    expect(after().filter((s) => s.if === undefined)).toEqual([]);
  });

  it('exit 2 keeps the audit log and opens or updates the pull request, then plans it; exit 0 closes it', () => {
    const names = (exit: string, pr: string) =>
      after()
        .filter((s) => runs(s, exit, pr))
        .map((s) => s.id ?? s.uses ?? s.name);
    expect(names('2', '1')).toEqual(['actions/cache/save@v4', 'pr', 'plan', 'Post the plan, or why there is none, on the pull request and in the job summary']);
    expect(names('2', '')).toEqual(['actions/cache/save@v4', 'pr']);
    expect(names('0', '')).toEqual(['actions/cache/save@v4', 'Close the drift pull request once access matches again']);
  });

  it('the plan comment of the drift pull request is the plan workflow’s, word for word', () => {
    const plan = Object.values((readYaml(GITHUB_WORKFLOWS[0]!) as { jobs: Record<string, Job> }).jobs)[0]!.steps;
    const post = (steps: Step[]) => steps.find((s) => String(s.run ?? '').includes('tfe-access-checksum'))!;
    expect(post(job().steps).run).toBe(post(plan).run);
    expect(post(job().steps).env).toMatchObject({ PR: '${{ steps.pr.outputs.number }}', CHECKSUM: '${{ steps.plan.outputs.checksum }}' });
    expect(step('plan').with).toMatchObject({ command: 'plan', args: '${{ env.FILES }} --format markdown' });
  });
});

describe('before drift runs', () => {
  it('runs on the default branch only', () => {
    const ok = runStep(step('base'), dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.output).toBe('branch=main\n');
    const other = runStep(step('base'), dir, { GITHUB_REF_NAME: 'feature' });
    expect(other.status).toBe(1);
    expect(other.stdout).toContain('::error::Run the drift workflow on main');
    expect(other.output).toBe('');
  });

  it('keys the audit log by the organization the files name, and makes its folder', () => {
    const checkout = origin.clone();
    const run = runStep(step('audit'), checkout);
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toBe('prefix=tfe-access-audit-log-acme-\n');
    expect(existsSync(join(checkout, '.tfe-access'))).toBe(true);
    expect(FILES).toBe(job().env.FILES);
    // Quoted, or not found at all (the drift step then says what is wrong with the files).
    writeFileSync(join(checkout, FILE), SEED.replace('organization: acme', 'organization: "acme-2"'));
    expect(runStep(step('audit'), checkout).output).toBe('prefix=tfe-access-audit-log-acme-2-\n');
    writeFileSync(join(checkout, FILE), 'workspaces: []\n');
    const none = runStep(step('audit'), checkout);
    expect(none.status, none.stderr).toBe(0);
    expect(none.output).toBe('prefix=tfe-access-audit-log-unknown-\n');
  });
});
