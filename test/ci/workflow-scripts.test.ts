// The shell of the example workflows, run by bash as GitHub runs it, with a stand-in `gh` on PATH
// that records its calls and answers as the GitHub API would (after --jq). GitHub itself can't run
// here; the scripts' logic (find or create, update in place, the checksum hand-over) can.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_WORKFLOWS, readYaml } from './recipes.js';

const CHECKSUM = 'd'.repeat(64);
const MARKER = '<!-- tfe-access-plan organization=acme -->';
// Logs each call as a JSON line; answers with the `out` of the first rule whose `match` is in the call.
const FAKE_GH = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
const call = args.join(' ');
fs.appendFileSync(process.env.GH_LOG, JSON.stringify({ args, prefix: process.env.PREFIX ?? null }) + '\\n');
const rule = JSON.parse(process.env.GH_RULES).find((r) => call.includes(r.match));
if (rule) process.stdout.write(rule.out);
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-workflows-'));
  writeFileSync(join(dir, 'gh'), FAKE_GH);
  chmodSync(join(dir, 'gh'), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Step = { name?: string; id?: string; run?: string };

function stepOf(workflow: string, predicate: (s: Step) => boolean): Step {
  const doc = readYaml(workflow) as { jobs: Record<string, { steps: Step[] }> };
  const step = Object.values(doc.jobs)
    .flatMap((j) => j.steps)
    .find(predicate);
  if (!step?.run) throw new Error(`no such step in ${workflow}`);
  return step;
}

function runScript(step: Step, env: Record<string, string>, rules: { match: string; out: string }[]) {
  const log = join(dir, `gh-${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(log, '');
  const output = join(dir, 'github-output');
  const summary = join(dir, 'step-summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const script = join(dir, 'step.sh');
  writeFileSync(script, step.run ?? '');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: `${dir}:${process.env.PATH}`,
      GH_LOG: log,
      GH_RULES: JSON.stringify(rules),
      RUNNER_TEMP: dir,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_REPOSITORY: 'acme/access',
      GITHUB_SHA: 'abc123',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '77',
      ...env,
    },
  });
  const calls = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { args: string[]; prefix: string | null });
  return {
    status: result.status,
    stderr: result.stderr,
    stdout: result.stdout,
    calls,
    output: readFileSync(output, 'utf8'),
    summary: readFileSync(summary, 'utf8'),
  };
}

describe('the pull-request workflow posts the plan', () => {
  const post = () => stepOf(GITHUB_WORKFLOWS[0]!, (s) => String(s.run).includes('gh api') && String(s.run).includes('GITHUB_STEP_SUMMARY'));
  const env = (code = '0', plan = `${MARKER}\n### tfe-access plan\n`, errors = '') => {
    writeFileSync(join(dir, 'plan.md'), plan);
    writeFileSync(join(dir, 'plan.err'), errors);
    return { PLAN: join(dir, 'plan.md'), ERRORS: join(dir, 'plan.err'), CODE: code, CHECKSUM, PR: '12', GH_TOKEN: 'x' };
  };
  const body = () => readFileSync(join(dir, 'tfe-access-comment.md'), 'utf8');
  const edited = (run: { calls: { args: string[] }[] }) => run.calls.filter((c) => c.args.includes('PATCH')).map((c) => c.args[3]);
  // What `gh api --paginate --jq` prints for the bot's plan comments: the id, then the first line.
  const comments = (...lines: string[]) => [{ match: '--paginate', out: lines.map((l) => `${l}\n`).join('') }];

  it('creates the comment when there is none, with the checksum line, and fills the job summary', () => {
    const run = runScript(post(), env(), []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.calls.map((c) => c.args.slice(0, 3).join(' '))).toEqual(['api repos/acme/access/issues/12/comments --paginate', 'api --method POST']);
    expect(run.calls[0]?.prefix).toBe('<!-- tfe-access-plan');
    expect(body()).toBe(`${MARKER}\n### tfe-access plan\n\n<!-- tfe-access-checksum: ${CHECKSUM} -->\n`);
    expect(run.calls[1]?.args).toEqual([
      'api',
      '--method',
      'POST',
      'repos/acme/access/issues/12/comments',
      '-F',
      `body=@${join(dir, 'tfe-access-comment.md')}`,
    ]);
    expect(run.summary).toBe(body());
  });

  it("edits the first existing comment of the plan's organization in place", () => {
    const run = runScript(post(), env('2'), comments('900 <!-- tfe-access-plan organization=other -->', `901 ${MARKER}`, `902 ${MARKER}`));
    expect(run.status, run.stderr).toBe(0);
    expect(run.calls[1]?.args.slice(0, 4)).toEqual(['api', '--method', 'PATCH', 'repos/acme/access/issues/comments/901']);
    expect(run.calls).toHaveLength(2);
    expect(body()).toContain(`<!-- tfe-access-checksum: ${CHECKSUM} -->`);
  });

  it('exit 3: the comment shows the refusal and the plan, and records no checksum to apply', () => {
    const plan = `${MARKER}\n### tfe-access plan\n> [!CAUTION]\n> policy "prod at most write": sre would be admin\n`;
    const refusal = 'plan: the access once applied breaks a policy of the files; apply will refuse this plan.\n';
    const run = runScript(post(), env('3', plan, refusal), comments(`901 ${MARKER}`));
    expect(run.status, run.stderr).toBe(0);
    expect(edited(run)).toEqual(['repos/acme/access/issues/comments/901']);
    const text = body();
    expect(text.split('\n')[0]).toBe(MARKER);
    expect(text).toContain('**tfe-access plan refused this change (exit 3)**');
    expect(text).toContain(`    ${refusal}`);
    expect(text).toContain('policy "prod at most write": sre would be admin');
    expect(text).not.toContain('tfe-access-checksum');
    expect(run.summary).toBe(text);
  });

  it('exit 1 before the organization is known: every plan comment of the bot shows the error instead', () => {
    const error = 'tfe-access plan: No API token for app.terraform.io. Tried, in order: TFE_TOKEN (not set)\n';
    const run = runScript(post(), env('1', '', error), comments(`901 ${MARKER}`, '905 <!-- tfe-access-plan organization=other -->'));
    expect(run.status, run.stderr).toBe(0);
    expect(edited(run)).toEqual(['repos/acme/access/issues/comments/901', 'repos/acme/access/issues/comments/905']);
    const text = body();
    expect(text.split('\n')[0]).toBe('<!-- tfe-access-plan -->');
    expect(text).toContain('**tfe-access plan failed (exit 1)**');
    expect(text).toContain(`    ${error}`);
    expect(text).not.toContain('tfe-access-checksum');
  });

  it('the comment a failure left is the one the next plan takes over', () => {
    const failed = runScript(post(), env('1', '', 'tfe-access plan: files/a.yaml:3:5: unknown key "tems"\n'), []);
    expect(failed.calls.map((c) => c.args.slice(0, 3).join(' '))).toEqual(['api repos/acme/access/issues/12/comments --paginate', 'api --method POST']);
    const run = runScript(post(), env('0'), comments('907 <!-- tfe-access-plan -->'));
    expect(edited(run)).toEqual(['repos/acme/access/issues/comments/907']);
    expect(body().split('\n')[0]).toBe(MARKER);
  });

  it('error lines stay inside their code block: no checksum, no markup can be planted through them', () => {
    const planted = `\`\`\`\n<!-- tfe-access-checksum: ${'e'.repeat(64)} -->\n`;
    runScript(post(), env('1', '', planted), []);
    expect(body()).not.toMatch(/^<!-- tfe-access-checksum/m);
    expect(body()).not.toMatch(/^```/m);
    // At most the last 40 lines: the comment stays readable, the full output is in the job log.
    runScript(post(), env('1', '', Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join('')), []);
    expect(body()).toContain('    line 99\n');
    expect(body()).not.toContain('line 59\n');
  });

  it('a plan that never ran (the action failed first) says so, with no plan to apply', () => {
    const run = runScript(post(), { PLAN: '', ERRORS: '', CODE: '', CHECKSUM: '', PR: '12', GH_TOKEN: 'x' }, comments(`901 ${MARKER}`));
    expect(run.status, run.stderr).toBe(0);
    expect(edited(run)).toEqual(['repos/acme/access/issues/comments/901']);
    expect(body()).toContain('**tfe-access plan did not run**');
    expect(body()).not.toContain('tfe-access-checksum');
  });
});

describe('the apply workflow finds the reviewed checksum', () => {
  const find = () => stepOf(GITHUB_WORKFLOWS[1]!, (s) => s.id === 'reviewed');

  it('reads it from the plan comment of the merged pull request', () => {
    const comment = `${MARKER}\nplan\n\n<!-- tfe-access-checksum: ${CHECKSUM} -->\n`;
    const run = runScript(find(), { GH_TOKEN: 'x' }, [
      { match: 'commits/abc123/pulls', out: '12\n' },
      { match: 'issues/12/comments', out: `thanks!\n${comment}` },
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toBe(`checksum=${CHECKSUM}\n`);
  });

  it('fails without a pull request, or without a plan comment', () => {
    const none = runScript(find(), { GH_TOKEN: 'x' }, []);
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('::error::abc123 is not the merge of a pull request');
    const silent = runScript(find(), { GH_TOKEN: 'x' }, [
      { match: 'commits/abc123/pulls', out: '12\n' },
      { match: 'issues/12/comments', out: 'LGTM\n' },
    ]);
    expect(silent.status).toBe(1);
    expect(silent.stdout).toContain('::error::Pull request #12 has no tfe-access plan comment');
    expect(silent.output).toBe('');
  });
});

describe('the plan workflow run by hand renews the comment of a merged pull request', () => {
  const which = () => stepOf(GITHUB_WORKFLOWS[0]!, (s) => s.id === 'pr');
  const merged = (answer: string) => [{ match: 'pulls/12 --jq .merged', out: `${answer}\n` }];

  it('a pull_request run takes its own number and asks nothing', () => {
    const run = runScript(which(), { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REF: 'refs/pull/12/merge', EVENT_PR: '12', INPUT_PR: '', GH_TOKEN: 'x' }, []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toBe('number=12\n');
    expect(run.calls).toEqual([]);
  });

  it('by hand on main: a merged pull request is taken; an open one, a non-number or another branch is refused', () => {
    const env = { GITHUB_EVENT_NAME: 'workflow_dispatch', EVENT_PR: '', GH_TOKEN: 'x' };
    const ok = runScript(which(), { ...env, INPUT_PR: '12' }, merged('true'));
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.output).toBe('number=12\n');
    const open = runScript(which(), { ...env, INPUT_PR: '12' }, merged('false'));
    expect(open.status).toBe(1);
    expect(open.stdout).toContain('::error::Pull request #12 is not merged');
    const text = runScript(which(), { ...env, INPUT_PR: '12; rm -rf /' }, merged('true'));
    expect(text.status).toBe(1);
    expect(text.calls).toEqual([]);
    const branch = runScript(which(), { ...env, INPUT_PR: '12', GITHUB_REF: 'refs/heads/feature' }, merged('true'));
    expect(branch.status).toBe(1);
    expect(branch.stdout).toContain('::error::Run this workflow by hand on main');
    expect(open.output + text.output + branch.output).toBe('');
  });
});

describe('the apply workflow run by hand', () => {
  const find = () => stepOf(GITHUB_WORKFLOWS[1]!, (s) => s.id === 'reviewed');
  const comment = `${MARKER}\nplan\n\n<!-- tfe-access-checksum: ${CHECKSUM} -->\n`;

  it('reads the renewed checksum of the merged pull request it is given', () => {
    const run = runScript(find(), { GH_TOKEN: 'x', INPUT_PR: '12', GITHUB_EVENT_NAME: 'workflow_dispatch' }, [
      { match: 'pulls/12 --jq .merged', out: 'true\n' },
      { match: 'issues/12/comments', out: comment },
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toBe(`checksum=${CHECKSUM}\n`);
    expect(run.calls.some((c) => c.args.join(' ').includes('commits/'))).toBe(false);
  });

  it('refuses a pull request that is not merged, and any branch but main', () => {
    const open = runScript(find(), { GH_TOKEN: 'x', INPUT_PR: '12' }, [
      { match: 'pulls/12 --jq .merged', out: 'false\n' },
      { match: 'issues/12/comments', out: comment },
    ]);
    expect(open.status).toBe(1);
    expect(open.output).toBe('');
    const branch = runScript(find(), { GH_TOKEN: 'x', GITHUB_REF: 'refs/heads/feature' }, [
      { match: 'commits/abc123/pulls', out: '12\n' },
      { match: 'issues/12/comments', out: comment },
    ]);
    expect(branch.status).toBe(1);
    expect(branch.stdout).toContain('::error::tfe-access applies the files of main only');
    expect(branch.output).toBe('');
  });
});

// The drift workflow's steps (a pull request opened, updated, closed) run in drift-pull-request.test.ts.
