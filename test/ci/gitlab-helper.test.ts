// The GitLab helper of the recipe, run as the pipeline runs it (node, a spawned process) against a
// fake GitLab API on loopback: the plan note updated in place, the reviewed checksum, the drift issue.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { BOT_ID, GITLAB_TOKEN, MR_IID, PROJECT, startFakeGitlab, type FakeGitlab } from './fake-gitlab.js';
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
  const env = { PATH: process.env.PATH, CI_API_V4_URL: gitlab.url, CI_PROJECT_ID: PROJECT, CI_MERGE_REQUEST_IID: String(MR_IID), CI_COMMIT_SHA: 'abc123', CI_PIPELINE_URL: 'https://gitlab.example/p/1', GITLAB_API_TOKEN: token };
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
    gitlab.notes.push({ id: 1, body: `${MARKER}\nforged\n<!-- tfe-access-checksum: ${'f'.repeat(64)} -->`, author: { id: 999 } }, { id: 2, body: 'LGTM', author: { id: 3 } }, { id: 3, body: 'bot chatter', author: { id: BOT_ID } });
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

  it('drift-issue: exit 2 opens the issue, then updates it; exit 0 closes it', async () => {
    writeFileSync(join(dir, 'drift.md'), `${MARKER}\nPlan for acme: 1 to remove.\n`);
    const opened = await helper(['drift-issue', 'drift.md', '2']);
    expect(opened.code).toBe(2);
    expect(opened.out).toBe('opened drift issue #1\n');
    writeFileSync(join(dir, 'drift.md'), `${MARKER}\nPlan for acme: 2 to remove.\n`);
    expect((await helper(['drift-issue', 'drift.md', '2'])).out).toBe('updated drift issue #1\n');
    expect(gitlab.issues).toHaveLength(1);
    expect(gitlab.issues[0]).toMatchObject({ labels: ['tfe-access-drift'], state: 'opened', description: `${MARKER}\nPlan for acme: 2 to remove.\n`, notes: ['Still drifted: https://gitlab.example/p/1'] });
    const closed = await helper(['drift-issue', 'drift.md', '0']);
    expect(closed).toEqual({ code: 0, out: 'closed drift issue #1\n', err: '' });
    expect(gitlab.issues[0]?.state).toBe('closed');
  });

  it('a failed drift run leaves the issue alone; a rejected token is one line without the token', async () => {
    const failed = await helper(['drift-issue', 'drift.md', '1']);
    expect(failed.code).toBe(1);
    expect(failed.err).toBe('tfe-access-gitlab: tfe-access drift failed (exit 1); the drift issue is left as it is\n');
    const rejected = await helper(['reviewed-checksum'], 'wrong-token');
    expect(rejected.code).toBe(1);
    expect(rejected.err).toBe(`tfe-access-gitlab: GitLab answered 401 to GET /projects/${PROJECT}/repository/commits/abc123/merge_requests\n`);
    expect(rejected.err + rejected.out).not.toContain('wrong-token');
  });
});
