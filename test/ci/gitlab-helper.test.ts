// The GitLab helper of the recipe, run as the pipeline runs it (node, a spawned process) against a
// fake GitLab API on loopback: the plan note updated in place, the reviewed checksum (the drift
// merge request: gitlab-drift-mr.test.ts).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { BOT_ID, type FakeGitlab, GITLAB_TOKEN, MR_IID, PROJECT, startFakeGitlab } from './fake-gitlab.js';
import { GITLAB_HELPER } from './recipes.js';

const run = promisify(execFile);
const MARKER = '<!-- tfe-access-plan organization=acme -->';
const SUM_A = 'a'.repeat(64);
const SUM_B = 'b'.repeat(64);

let gitlab: FakeGitlab;
let dir: string;

beforeAll(async () => {
  gitlab = await startFakeGitlab();
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-gitlab-'));
});
afterAll(async () => {
  await gitlab.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function helper(args: string[], token = GITLAB_TOKEN): Promise<{ code: number; out: string; err: string }> {
  const env = {
    PATH: process.env.PATH,
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: PROJECT,
    CI_MERGE_REQUEST_IID: String(MR_IID),
    CI_COMMIT_SHA: 'abc123',
    CI_PIPELINE_URL: 'https://gitlab.example/p/1',
    GITLAB_API_TOKEN: token,
  };
  try {
    const { stdout, stderr } = await run('node', [`${ROOT}${GITLAB_HELPER}`, ...args], { env, cwd: dir });
    return { code: 0, out: stdout, err: stderr };
  } catch (error: any) {
    return { code: error.code as number, out: error.stdout as string, err: error.stderr as string };
  }
}

function plan(name: string, body: string, checksum: string): [string, string] {
  writeFileSync(join(dir, `${name}.md`), `${MARKER}\n${body}\n`);
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ plan: { checksum } }));
  return [`${name}.md`, `${name}.json`];
}

describe('tfe-access-gitlab.mjs', () => {
  it('post-plan posts one note, then updates it in place; notes of others are left alone', async () => {
    // Someone else's note carrying the marker, and enough notes to need a second page.
    gitlab.notes.push(
      { id: 1, body: `${MARKER}\nforged\n<!-- tfe-access-checksum: ${'f'.repeat(64)} -->`, author: { id: 999 } },
      { id: 2, body: 'LGTM', author: { id: 3 } },
      { id: 3, body: 'bot chatter', author: { id: BOT_ID } },
    );
    const first = await helper(['post-plan', ...plan('p1', 'Plan: 1 to add', SUM_A)]);
    expect(first.err).toBe('');
    expect(first.out).toBe(`posted the plan on !${MR_IID} (checksum ${SUM_A})\n`);
    const second = await helper(['post-plan', ...plan('p2', 'Plan: 2 to add', SUM_B)]);
    expect(second.out).toContain('updated the plan');
    const ours = gitlab.notes.filter((n) => n.author.id === BOT_ID && n.body.startsWith(MARKER));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.body).toBe(`${MARKER}\nPlan: 2 to add\n\n<!-- tfe-access-checksum: ${SUM_B} -->\n`);
    expect(gitlab.notes[0]?.body).toContain('forged');
  });

  it('reviewed-checksum prints the checksum of the merged request, from our note only', async () => {
    const found = await helper(['reviewed-checksum']);
    expect(found).toEqual({ code: 0, out: `${SUM_B}\n`, err: '' });
  });

  it('a rejected token is one line without the token', async () => {
    const rejected = await helper(['reviewed-checksum'], 'wrong-token');
    expect(rejected.code).toBe(1);
    expect(rejected.err).toBe(`tfe-access-gitlab: GitLab answered 401 to GET /projects/${PROJECT}/repository/commits/abc123/merge_requests\n`);
    expect(rejected.err + rejected.out).not.toContain('wrong-token');
  });
});

// The plan job keeps the plan's exit and hands it over: the note never shows an earlier plan.
describe('tfe-access-gitlab.mjs post-plan on every exit of the plan', () => {
  const ours = () => gitlab.notes.filter((n) => n.author.id === BOT_ID && n.body.startsWith('<!-- tfe-access-plan'));
  const files = (name: string, plan: string, errors: string): string[] => {
    writeFileSync(join(dir, `${name}.md`), plan);
    writeFileSync(join(dir, `${name}.err`), errors);
    return [`${name}.md`, `${name}.json`];
  };

  it('regression: the merge-request note keeps the last plan when plan exits 1 or 3', async () => {
    expect(ours()).toHaveLength(1);
    // Exit 3: the note shows the refusal and the plan's violations, and records no checksum.
    const refusal = 'plan: the access once applied breaks a policy of the files; apply will refuse this plan.\n';
    const [md3, json3] = files('p3', `${MARKER}\nPlan: 1 to change\npolicy "prod at most write": sre would be admin\n`, refusal);
    const refused = await helper(['post-plan', md3!, json3!, '3', 'p3.err']);
    expect(refused.code).toBe(3);
    expect(refused.out).toBe(`updated the plan note on !${MR_IID}: refused (exit 3), no plan to apply\n`);
    expect(ours()).toHaveLength(1);
    const note = ours()[0]?.body ?? '';
    expect(note.split('\n')[0]).toBe(MARKER);
    expect(note).toContain('**tfe-access plan refused this change (exit 3)**');
    expect(note).toContain(`    ${refusal}`);
    expect(note).toContain('policy "prod at most write": sre would be admin');
    expect(note).not.toContain('tfe-access-checksum');
    const none = await helper(['reviewed-checksum']);
    expect(none.code).toBe(1);
    expect(none.err).toBe(`tfe-access-gitlab: merge request !${MR_IID} has no tfe-access plan note with a checksum (its last plan failed or was refused)\n`);

    // Exit 1 before the organization is known (no plan on stdout): the error replaces the note.
    const error = 'tfe-access plan: the token was rejected (401) by https://app.terraform.io\n';
    const [md1, json1] = files('p1', '', error);
    const failed = await helper(['post-plan', md1!, json1!, '1', 'p1.err']);
    expect(failed.code).toBe(1);
    expect(failed.out).toBe(`updated the plan note on !${MR_IID}: failed (exit 1), no plan to apply\n`);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]?.body.split('\n')[0]).toBe('<!-- tfe-access-plan -->');
    expect(ours()[0]?.body).toContain(`**tfe-access plan failed (exit 1)**`);
    expect(ours()[0]?.body).toContain(`    ${error}`);

    // The next plan takes that note over, with its checksum.
    const [md0, json0] = plan('p0', 'Plan: 3 to add', SUM_A);
    const ok = await helper(['post-plan', md0, json0, '0', 'p0.err']);
    expect(ok).toEqual({ code: 0, out: `updated the plan on !${MR_IID} (checksum ${SUM_A})\n`, err: '' });
    expect(ours()).toHaveLength(1);
    expect(ours()[0]?.body).toBe(`${MARKER}\nPlan: 3 to add\n\n<!-- tfe-access-checksum: ${SUM_A} -->\n`);
    expect((await helper(['reviewed-checksum'])).out).toBe(`${SUM_A}\n`);
  });

  it('error lines cannot plant a checksum; a missing file is no error of its own', async () => {
    writeFileSync(join(dir, 'planted.err'), `\`\`\`\n<!-- tfe-access-checksum: ${'e'.repeat(64)} -->\n`);
    const run = await helper(['post-plan', 'missing.md', 'missing.json', '1', 'planted.err']);
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
    expect(ours()[0]?.body).not.toMatch(/^<!-- tfe-access-checksum/m);
    expect((await helper(['reviewed-checksum'])).code).toBe(1);
    const usage = await helper(['post-plan', 'a.md', 'a.json', 'x', 'a.err']);
    expect(usage.code).toBe(1);
    expect(usage.err).toBe('tfe-access-gitlab: post-plan PLAN.md SAVED_PLAN.json [EXIT_CODE STDERR_FILE]: EXIT_CODE must be a number, got "x"\n');
  });
});

// `install`, run as the jobs' before_script runs it, with stand-ins for git and npm on PATH that
// record what they were asked: a pinned commit or a tarball with its sha256, never a name.
describe('tfe-access-gitlab.mjs install', () => {
  const COMMIT = '0123456789abcdef0123456789abcdef01234567';
  const FAKE_GIT = `#!/bin/sh
echo "git $*" >> "$CALLS"
case "$*" in *rev-parse*) echo "$FAKE_HEAD" ;; esac
`;
  const FAKE_NPM = `#!/bin/sh
echo "npm $*" >> "$CALLS"
`;
  const TARBALL = 'tarball bytes';
  const SHA = createHash('sha256').update(TARBALL).digest('hex');

  async function install(vars: Record<string, string>, head = COMMIT) {
    const root = mkdtempSync(join(dir, 'install-'));
    mkdirSync(join(root, 'bin'));
    for (const [name, text] of [
      ['git', FAKE_GIT],
      ['npm', FAKE_NPM],
    ] as const) {
      writeFileSync(join(root, 'bin', name), text);
      chmodSync(join(root, 'bin', name), 0o755);
    }
    writeFileSync(join(root, 'tfe-access-0.1.0.tgz'), TARBALL);
    const calls = join(root, 'calls');
    writeFileSync(calls, '');
    const env = { PATH: `${join(root, 'bin')}:${process.env.PATH}`, CALLS: calls, FAKE_HEAD: head, TMPDIR: root, ...vars };
    let result: { code: number; out: string; err: string };
    try {
      const { stdout, stderr } = await run('node', [`${ROOT}${GITLAB_HELPER}`, 'install'], { env, cwd: root });
      result = { code: 0, out: stdout, err: stderr };
    } catch (error: any) {
      result = { code: error.code as number, out: error.stdout as string, err: error.stderr as string };
    }
    return {
      ...result,
      root,
      calls: readFileSync(calls, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => l.replaceAll(root, 'ROOT')),
    };
  }

  const REPOSITORY = 'https://github.com/OWNER/tfe-access.git';

  it('fetches the pinned commit, checks it is that commit, builds it with its lockfile and installs it', async () => {
    const done = await install({ TFE_ACCESS_REPOSITORY: REPOSITORY, TFE_ACCESS_COMMIT: COMMIT });
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.calls.map((c) => c.replace(/tfe-access-\w+/, 'CLONE'))).toEqual([
      'git init --quiet ROOT/CLONE',
      `git -C ROOT/CLONE fetch --quiet --depth 1 ${REPOSITORY} ${COMMIT}`,
      'git -C ROOT/CLONE checkout --quiet --detach FETCH_HEAD',
      'git -C ROOT/CLONE rev-parse HEAD',
      'npm ci --prefix ROOT/CLONE --no-fund --no-audit',
      'npm install --global --no-fund --no-audit ROOT/CLONE',
    ]);
  });

  it('refuses a missing commit, a branch or tag name, and a fetch that is not the commit, on one line', async () => {
    for (const commit of ['', 'main', 'v1.0.0', 'latest', COMMIT.slice(0, 12)]) {
      const refused = await install({ TFE_ACCESS_REPOSITORY: REPOSITORY, TFE_ACCESS_COMMIT: commit });
      expect(refused.code, commit).toBe(1);
      expect(refused.err).toMatch(/^tfe-access-gitlab: TFE_ACCESS_COMMIT (is not set|must be a full 40-character commit sha[^\n]*)\n$/);
      expect(refused.calls).toEqual([]);
    }
    const moved = await install({ TFE_ACCESS_REPOSITORY: REPOSITORY, TFE_ACCESS_COMMIT: COMMIT }, 'f'.repeat(40));
    expect(moved.code).toBe(1);
    expect(moved.err).toContain(`fetched ${'f'.repeat(40)}, not ${COMMIT}; nothing was installed`);
    expect(moved.calls.filter((c) => c.startsWith('npm'))).toEqual([]);
  });

  it('installs a tarball only when its sha256 is the pinned one', async () => {
    const done = await install({ TFE_ACCESS_TARBALL: 'tfe-access-0.1.0.tgz', TFE_ACCESS_TARBALL_SHA256: SHA });
    expect(done.code, done.err).toBe(0);
    expect(done.calls).toEqual(['npm install --global --no-fund --no-audit ROOT/tfe-access-0.1.0.tgz']);
    const other = await install({ TFE_ACCESS_TARBALL: 'tfe-access-0.1.0.tgz', TFE_ACCESS_TARBALL_SHA256: 'e'.repeat(64) });
    expect(other.code).toBe(1);
    expect(other.err).toBe(`tfe-access-gitlab: the tarball's sha256 is ${SHA}, not TFE_ACCESS_TARBALL_SHA256 (${'e'.repeat(64)}); nothing was installed\n`);
    expect(other.calls).toEqual([]);
    const plain = await install({ TFE_ACCESS_TARBALL: 'http://example.com/tfe-access-0.1.0.tgz', TFE_ACCESS_TARBALL_SHA256: SHA });
    expect(plain.err).toBe('tfe-access-gitlab: TFE_ACCESS_TARBALL must be a path or an https URL\n');
    expect(plain.calls).toEqual([]);
  });
});
