// The GitLab helper's drift-mr, run as the scheduled job runs it (node, a spawned process, in the
// job's checkout after `tfe-access drift --adopt` edited the files), one run after the other,
// against a fake GitLab API on loopback and a real bare repository on this machine as the project's
// repository. Exactly one merge request per drift, updated on the next run, closed when access
// matches again; the branch pushed with the edits; nothing touched when drift fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { BOT, type FakeGitlab, GITLAB_TOKEN, PROJECT, startFakeGitlab } from './fake-gitlab.js';
import { FILE, FILES, gitEnv, makeOrigin, type Origin, SEED } from './git-fixture.js';
import { GITLAB_HELPER } from './recipes.js';

const run = promisify(execFile);
const REPORT =
  '<!-- tfe-access-drift organization=acme -->\n### tfe-access drift in acme\n\n| who | what | when |\n|---|---|---|\n| alice | sre: admin -> write | 2026-11-20 |\n\n```diff\n-    teams: { sre: admin }\n+    teams: { sre: write }\n```\n';
const ADOPTED = SEED.replace('sre: admin', 'sre: write');
const ADOPTED_AGAIN = `${ADOPTED}  - name: app-dev\n    teams: { dev: write }\n`;
const PIPELINE = 'https://gitlab.example/acme/access/-/pipelines/';

let dir: string;
let gitlab: FakeGitlab;
let origin: Origin;
let pipeline = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-gitlab-drift-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  gitlab = await startFakeGitlab();
  origin = makeOrigin(dir);
});
afterEach(() => gitlab.stop());

/** One scheduled job: a fresh checkout, the files as adopt left them (or untouched), drift-mr. */
async function job(exit: string, adopted?: string, env: Record<string, string> = {}) {
  pipeline += 1;
  const checkout = origin.clone();
  if (adopted !== undefined) writeFileSync(join(checkout, FILE), adopted);
  writeFileSync(join(checkout, 'tfe-access.drift.md'), REPORT);
  const vars = {
    ...gitEnv(origin.root),
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: PROJECT,
    CI_PIPELINE_URL: `${PIPELINE}${pipeline}`,
    // The project's repository: here the bare one, over file:// (GitLab's is CI_SERVER_URL/CI_PROJECT_PATH.git).
    CI_SERVER_URL: `file://${origin.root}`,
    CI_PROJECT_PATH: 'origin',
    CI_DEFAULT_BRANCH: 'main',
    CI_COMMIT_BRANCH: 'main',
    TFE_ACCESS_FILES: FILES,
    GITLAB_API_TOKEN: GITLAB_TOKEN,
    ...env,
  };
  try {
    const { stdout, stderr } = await run('node', [`${ROOT}${GITLAB_HELPER}`, 'drift-mr', 'tfe-access.drift.md', exit], { env: vars, cwd: checkout });
    return { code: 0, out: stdout, err: stderr };
  } catch (error: any) {
    return { code: error.code as number, out: error.stdout as string, err: error.stderr as string };
  }
}

const mrs = () => gitlab.mergeRequests;

describe('tfe-access-gitlab.mjs drift-mr', () => {
  it('the first drift pushes the branch with the edited files and opens exactly one merge request', async () => {
    const main = origin.commit('main');
    const opened = await job('2', ADOPTED);
    expect(opened).toEqual({ code: 2, out: 'opened drift merge request !10\n', err: '' });
    expect(mrs()).toHaveLength(1);
    expect(mrs()[0]).toMatchObject({
      source_branch: 'tfe-access/drift',
      target_branch: 'main',
      title: 'Access changed outside the files',
      remove_source_branch: true,
      state: 'opened',
      notes: [],
    });
    const description = mrs()[0]?.description ?? '';
    expect(description).toContain('**Merge** it to adopt the change');
    expect(description).toContain('**Close** it to revert the change instead, then apply the files as they are (`tfe-access apply`)');
    expect(description).toContain(`([drift check](${PIPELINE}${pipeline}))`);
    expect(description.endsWith(REPORT)).toBe(true);
    // One commit on the default branch, by the token's user, holding the edits only.
    expect(origin.show('tfe-access/drift', FILE)).toBe(ADOPTED.trimEnd());
    expect(origin.git(['rev-parse', 'tfe-access/drift^'])).toBe(main);
    expect(origin.git(['log', '-1', '--format=%an <%ae>|%s', 'tfe-access/drift'])).toBe(
      `${BOT.name} <${BOT.email}>|tfe-access: adopt access changed outside the files`,
    );
    expect(origin.git(['diff', '--name-only', 'main', 'tfe-access/drift'])).toBe(FILE);
    expect(origin.commit('main')).toBe(main);
  });

  it('the next drift updates the same merge request and its branch: no second one', async () => {
    await job('2', ADOPTED);
    const again = await job('2', ADOPTED_AGAIN);
    expect(again).toEqual({ code: 2, out: 'updated drift merge request !10\n', err: '' });
    expect(mrs()).toHaveLength(1);
    expect(mrs()[0]?.notes).toEqual([`Still drifted: ${PIPELINE}${pipeline}`]);
    expect(mrs()[0]?.description).toContain(`${PIPELINE}${pipeline}`);
    expect(origin.show('tfe-access/drift', FILE)).toBe(ADOPTED_AGAIN.trimEnd());
    // The same drift once more moves nothing: the branch keeps its commit.
    const before = origin.commit('tfe-access/drift');
    const same = await job('2', ADOPTED_AGAIN);
    expect(same.out).toBe('the branch tfe-access/drift already holds these edits\nupdated drift merge request !10\n');
    expect(origin.commit('tfe-access/drift')).toBe(before);
  });

  it('no drift opens nothing; once access matches again the open merge request is closed and its branch deleted', async () => {
    expect(await job('0')).toEqual({ code: 0, out: '', err: '' });
    expect(mrs()).toEqual([]);
    await job('2', ADOPTED);
    const closed = await job('0');
    expect(closed).toEqual({ code: 0, out: 'closed drift merge request !10\n', err: '' });
    expect(mrs()[0]).toMatchObject({ state: 'closed', notes: [`Live access matches the files again: ${PIPELINE}${pipeline}`] });
    expect(origin.commit('tfe-access/drift')).toBeUndefined();
    // The next drift opens a new one: the closed one is history.
    expect((await job('2', ADOPTED)).out).toBe('opened drift merge request !11\n');
    expect(mrs().map((mr) => mr.state)).toEqual(['closed', 'opened']);
  });

  it('drift nothing can adopt fails, and closes a merge request that adopts drift gone', async () => {
    await job('2', ADOPTED);
    const none = await job('2');
    expect(none.code).toBe(1);
    expect(none.out).toBe('closed drift merge request !10\n');
    expect(none.err).toBe(
      'tfe-access-gitlab: live access differs from the files and none of it can be adopted (the report says why): revert it with tfe-access apply\n',
    );
    expect(mrs()[0]?.notes[0]).toContain('The drift this merge request adopts is gone');
    expect(origin.commit('tfe-access/drift')).toBeUndefined();
    const alone = await job('2');
    expect(alone.code).toBe(1);
    expect(mrs()).toHaveLength(1);
    expect(origin.git(['for-each-ref', '--format=%(refname)'])).toBe('refs/heads/main');
  });

  it('a failed drift (exit 1) or another branch leaves the merge request and the branch alone', async () => {
    await job('2', ADOPTED);
    const branch = origin.commit('tfe-access/drift');
    const failed = await job('1', ADOPTED_AGAIN);
    expect(failed).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access-gitlab: tfe-access drift failed (exit 1); the drift merge request and its branch are left as they are\n',
    });
    const elsewhere = await job('0', undefined, { CI_COMMIT_BRANCH: 'feature' });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.err).toBe('tfe-access-gitlab: run the drift job on main, the branch its merge request adopts into\n');
    expect(mrs()).toHaveLength(1);
    expect(mrs()[0]).toMatchObject({ state: 'opened', notes: [] });
    expect(origin.commit('tfe-access/drift')).toBe(branch);
    const usage = await job('x');
    expect(usage.code).toBe(1);
  });

  it('a push the repository refuses is one line, without the token', async () => {
    // A path git repeats in its complaint, holding the token as a runner's URL could.
    const refused = await job('2', ADOPTED, { CI_PROJECT_PATH: `${GITLAB_TOKEN}/missing` });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^tfe-access-gitlab: git push failed: fatal: [^\n]*\[MASKED\]\/missing\.git[^\n]*\n$/);
    expect(refused.err + refused.out).not.toContain(GITLAB_TOKEN);
    expect(mrs()).toEqual([]);
  });
});
