#!/usr/bin/env node
// The GitLab side of the tfe-access CI recipe (.gitlab-ci.yml beside this file): what GitHub does
// with `gh`, here with the GitLab REST API and Node's fetch, no dependencies. Copy it into your
// repository (the recipe expects ci/tfe-access-gitlab.mjs).
//
//   node tfe-access-gitlab.mjs install
//       every job, first: install tfe-access exactly as pinned, never by a registry name:
//       TFE_ACCESS_REPOSITORY at TFE_ACCESS_COMMIT (a full commit sha), built with its lockfile; or
//       TFE_ACCESS_TARBALL (a tarball you publish yourself, `npm pack`: an https URL or a path),
//       installed only if its sha256 is TFE_ACCESS_TARBALL_SHA256
//   node tfe-access-gitlab.mjs post-plan PLAN.md SAVED_PLAN.json
//       merge request pipelines: post the markdown plan as ONE note on the merge request, updated
//       in place (found by the plan's hidden first line), recording the plan's checksum
//   node tfe-access-gitlab.mjs reviewed-checksum
//       default-branch pipelines: print the checksum recorded on the merged merge request
//   node tfe-access-gitlab.mjs drift-issue REPORT.md EXIT_CODE
//       schedules: drift exit 2 opens or updates the drift issue, exit 0 closes it
//
// Environment: GITLAB_API_TOKEN (a project access token with the `api` scope, as a masked CI/CD
// variable; the job token may not write notes), and GitLab's own CI_API_V4_URL, CI_PROJECT_ID,
// CI_MERGE_REQUEST_IID, CI_COMMIT_SHA, CI_PIPELINE_URL.
/* global process, console, fetch, Buffer -- Node 20 globals; the repository lints plain JS without them */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CHECKSUM_MARKER = /^<!-- tfe-access-checksum: ([0-9a-f]{64}) -->$/m;
const DRIFT_LABEL = 'tfe-access-drift';
const DRIFT_TITLE = 'tfe-access: live team access drifted from the files';
const PAGE_SIZE = 100;

class UsageError extends Error {}

function env(name) {
  const value = process.env[name];
  if (!value) throw new UsageError(`${name} is not set`);
  return value;
}

/** One GitLab API call; the token goes in a header and never into a message. */
async function api(method, path, body) {
  const response = await fetch(`${env('CI_API_V4_URL')}${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': env('GITLAB_API_TOKEN'), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`GitLab answered ${response.status} to ${method} ${path.split('?')[0]}`);
  return { data: await response.json(), next: response.headers.get('x-next-page') };
}

/** Every item of a paginated list. */
async function all(path) {
  const items = [];
  for (let page = '1'; page; ) {
    const separator = path.includes('?') ? '&' : '?';
    const { data, next } = await api('GET', `${path}${separator}per_page=${PAGE_SIZE}&page=${page}`);
    items.push(...data);
    page = next;
  }
  return items;
}

const project = () => `/projects/${encodeURIComponent(env('CI_PROJECT_ID'))}`;

/** Notes this token's user wrote: nobody else can plant a plan or a checksum. */
async function ownNotes(mergeRequestIid) {
  const [{ data: me }, notes] = await Promise.all([api('GET', '/user'), all(`${project()}/merge_requests/${mergeRequestIid}/notes?sort=asc`)]);
  return notes.filter((note) => note.author && note.author.id === me.id);
}

async function postPlan(planFile, savedPlanFile) {
  const plan = readFileSync(planFile, 'utf8');
  const checksum = JSON.parse(readFileSync(savedPlanFile, 'utf8')).plan.checksum;
  const marker = plan.split('\n', 1)[0];
  const body = `${plan}\n<!-- tfe-access-checksum: ${checksum} -->\n`;
  const iid = env('CI_MERGE_REQUEST_IID');
  const existing = (await ownNotes(iid)).find((note) => note.body.startsWith(marker));
  if (existing) await api('PUT', `${project()}/merge_requests/${iid}/notes/${existing.id}`, { body });
  else await api('POST', `${project()}/merge_requests/${iid}/notes`, { body });
  console.log(`${existing ? 'updated' : 'posted'} the plan on !${iid} (checksum ${checksum})`);
}

async function reviewedChecksum() {
  const sha = env('CI_COMMIT_SHA');
  const { data: requests } = await api('GET', `${project()}/repository/commits/${sha}/merge_requests`);
  const merged = requests.find((mr) => mr.state === 'merged') ?? requests[0];
  if (!merged) throw new UsageError(`${sha} is not the merge of a merge request; tfe-access applies reviewed plans only`);
  const found = (await ownNotes(merged.iid)).map((note) => CHECKSUM_MARKER.exec(note.body)?.[1]).filter(Boolean);
  if (found.length === 0) throw new UsageError(`merge request !${merged.iid} has no tfe-access plan note`);
  console.log(found[found.length - 1]);
}

async function driftIssue(reportFile, exitCode) {
  const open = await all(`${project()}/issues?state=opened&labels=${DRIFT_LABEL}`);
  const pipeline = process.env.CI_PIPELINE_URL ?? 'this pipeline';
  if (exitCode === '2') {
    const description = readFileSync(reportFile, 'utf8');
    const issue = open[0];
    if (issue) {
      await api('PUT', `${project()}/issues/${issue.iid}`, { description });
      await api('POST', `${project()}/issues/${issue.iid}/notes`, { body: `Still drifted: ${pipeline}` });
      console.log(`updated drift issue #${issue.iid}`);
    } else {
      const { data } = await api('POST', `${project()}/issues`, { title: DRIFT_TITLE, labels: DRIFT_LABEL, description });
      console.log(`opened drift issue #${data.iid}`);
    }
    return 2;
  }
  if (exitCode !== '0') throw new UsageError(`tfe-access drift failed (exit ${exitCode}); the drift issue is left as it is`);
  for (const issue of open) {
    await api('POST', `${project()}/issues/${issue.iid}/notes`, { body: `No drift any more: ${pipeline}` });
    await api('PUT', `${project()}/issues/${issue.iid}`, { state_event: 'close' });
    console.log(`closed drift issue #${issue.iid}`);
  }
  return 0;
}

/** A program with its arguments as data (no shell); its output goes to the job log. */
function exec(program, args) {
  execFileSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

const NPM_QUIET = ['--no-fund', '--no-audit'];

/** The repository at one commit: a branch or a tag can move, a commit sha cannot. */
function installCommit() {
  const commit = env('TFE_ACCESS_COMMIT');
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new UsageError(`TFE_ACCESS_COMMIT must be a full 40-character commit sha (a branch or a tag can move), got "${commit}"`);
  const repository = env('TFE_ACCESS_REPOSITORY');
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-'));
  exec('git', ['init', '--quiet', dir]);
  exec('git', ['-C', dir, 'fetch', '--quiet', '--depth', '1', repository, commit]);
  exec('git', ['-C', dir, 'checkout', '--quiet', '--detach', 'FETCH_HEAD']);
  const head = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (head !== commit) throw new Error(`fetched ${head}, not ${commit}; nothing was installed`);
  // The lockfile's dependencies; the package's prepare script builds dist/.
  exec('npm', ['ci', '--prefix', dir, ...NPM_QUIET]);
  exec('npm', ['install', '--global', ...NPM_QUIET, dir]);
  console.log(`installed tfe-access ${commit} of ${repository}`);
}

/** A tarball the user publishes, installed only when its bytes are the pinned ones. */
async function installTarball(source) {
  const sha256 = env('TFE_ACCESS_TARBALL_SHA256');
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new UsageError('TFE_ACCESS_TARBALL_SHA256 must be the sha256 of the tarball (64 hex digits)');
  let file = resolve(source);
  if (/^[a-z][a-z0-9+.-]*:/i.test(source)) {
    if (!source.startsWith('https://')) throw new UsageError('TFE_ACCESS_TARBALL must be a path or an https URL');
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source} answered ${response.status}; nothing was installed`);
    file = join(mkdtempSync(join(tmpdir(), 'tfe-access-')), 'tfe-access.tgz');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  }
  const actual = createHash('sha256').update(readFileSync(file)).digest('hex');
  if (actual !== sha256) throw new UsageError(`the tarball's sha256 is ${actual}, not TFE_ACCESS_TARBALL_SHA256 (${sha256}); nothing was installed`);
  exec('npm', ['install', '--global', ...NPM_QUIET, file]);
  console.log(`installed tfe-access from ${source} (sha256 ${sha256})`);
}

async function run([command, ...args]) {
  switch (command) {
    case 'install':
      // Never `npm install tfe-access`: no package of that name is published by this project, and
      // whoever claims the name would run with TFE_TOKEN in every pipeline.
      if (process.env.TFE_ACCESS_TARBALL) await installTarball(process.env.TFE_ACCESS_TARBALL);
      else installCommit();
      return 0;
    case 'post-plan':
      if (args.length !== 2) throw new UsageError('post-plan PLAN.md SAVED_PLAN.json');
      await postPlan(args[0], args[1]);
      return 0;
    case 'reviewed-checksum':
      await reviewedChecksum();
      return 0;
    case 'drift-issue':
      if (args.length !== 2) throw new UsageError('drift-issue REPORT.md EXIT_CODE');
      // Exit 2 again on drift, so the job (allow_failure: exit_codes: 2) shows it.
      return driftIssue(args[0], args[1]);
    default:
      throw new UsageError('usage: tfe-access-gitlab.mjs install | post-plan | reviewed-checksum | drift-issue');
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`tfe-access-gitlab: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
