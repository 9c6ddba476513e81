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
//   node tfe-access-gitlab.mjs post-plan PLAN.md SAVED_PLAN.json [EXIT_CODE STDERR_FILE]
//       merge request pipelines: post the markdown plan as ONE note on the merge request, updated
//       in place (found by the plan's hidden first line), recording the plan's checksum. On every
//       exit of the plan: 0 and 2 post the plan; 3 the refusal with the plan, 1 the error, with
//       no checksum, so the note never shows an earlier plan. Then exits as the plan did (0 for 2)
//   node tfe-access-gitlab.mjs reviewed-checksum
//       default-branch pipelines: print the checksum recorded on the merged merge request
//   node tfe-access-gitlab.mjs drift-mr REPORT.md EXIT_CODE
//       schedules, after `tfe-access drift --adopt`: drift exit 2 commits the edited files
//       (TFE_ACCESS_FILES) on the branch tfe-access/drift, rebuilt from the default branch and
//       force-pushed, and opens ONE merge request with the report, or updates the open one; exit 0
//       closes it and deletes the branch; drift nothing can adopt closes it too and fails; any
//       other exit leaves everything alone and fails. Then exits 2 on drift (an allowed failure)
//
// Environment: GITLAB_API_TOKEN (a project access token with the `api` scope and the Developer
// role, as a masked CI/CD variable; the job token may not write notes or merge requests, nor push
// unless a maintainer allows it), and GitLab's own CI_API_V4_URL, CI_PROJECT_ID,
// CI_MERGE_REQUEST_IID, CI_COMMIT_SHA, CI_PIPELINE_URL, CI_SERVER_URL, CI_PROJECT_PATH,
// CI_DEFAULT_BRANCH, CI_COMMIT_BRANCH.
/* global process, console, fetch, Buffer, URL -- Node 20 globals; the repository lints plain JS without them */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CHECKSUM_MARKER = /^<!-- tfe-access-checksum: ([0-9a-f]{64}) -->$/m;
// Every plan note starts with it; the plan's own marker adds ` organization=ORG -->`.
const PLAN_PREFIX = '<!-- tfe-access-plan';
const BARE_MARKER = `${PLAN_PREFIX} -->`;
const ERROR_LINES = 40;
const DRIFT_BRANCH = 'tfe-access/drift';
const DRIFT_TITLE = 'Access changed outside the files';
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

const readIfThere = (file) => (file && existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The last lines of stderr, indented: a code block nothing in them can end, mark up or plant a checksum in. */
function errorBlock(stderrFile) {
  const lines = readIfThere(stderrFile)
    .split('\n')
    .filter((line, i, all) => line !== '' || i < all.length - 1);
  return lines.length === 0
    ? ''
    : `\n${lines
        .slice(-ERROR_LINES)
        .map((line) => `    ${line}`)
        .join('\n')}\n\n`;
}

const caution = (text) => `> [!CAUTION]\n> ${text}\n`;

/** The note for one exit of the plan: its first line, its body, and the checksum it records (if any). */
function noteOf(planFile, savedPlanFile, exitCode, stderrFile) {
  const plan = readIfThere(planFile);
  const head = plan.split('\n', 1)[0];
  const marker = head.startsWith(`${PLAN_PREFIX} `) ? head : undefined;
  const first = marker ?? BARE_MARKER;
  const rest = marker ? plan.slice(head.length + 1) : '';
  if (exitCode === '0' || exitCode === '2') {
    const checksum = JSON.parse(readFileSync(savedPlanFile, 'utf8')).plan.checksum;
    return { first, checksum, body: `${plan}\n<!-- tfe-access-checksum: ${checksum} -->\n` };
  }
  if (exitCode === '3') {
    return {
      first,
      body: `${first}\n${caution('**tfe-access plan refused this change (exit 3)**: apply would refuse it; no plan to apply is recorded.')}${errorBlock(stderrFile)}${rest}`,
    };
  }
  return {
    first,
    body: `${first}\n${caution(`**tfe-access plan failed (exit ${exitCode})**: no plan to apply is recorded; any earlier plan of this merge request is withdrawn.`)}${errorBlock(stderrFile)}`,
  };
}

/**
 * The notes to replace: the one of this organization, else one a failure left; a plan that never
 * knew its organization replaces them all, so none of them shows an earlier plan.
 */
function targetsOf(notes, first) {
  const plans = notes.filter((note) => note.body.startsWith(PLAN_PREFIX));
  if (first === BARE_MARKER) return plans;
  const firstLine = (note) => note.body.split('\n', 1)[0];
  const own = plans.find((note) => firstLine(note) === first) ?? plans.find((note) => firstLine(note) === BARE_MARKER);
  return own ? [own] : [];
}

async function postPlan(planFile, savedPlanFile, exitCode, stderrFile) {
  const note = noteOf(planFile, savedPlanFile, exitCode, stderrFile);
  const iid = env('CI_MERGE_REQUEST_IID');
  const targets = targetsOf(await ownNotes(iid), note.first);
  for (const target of targets) await api('PUT', `${project()}/merge_requests/${iid}/notes/${target.id}`, { body: note.body });
  if (targets.length === 0) await api('POST', `${project()}/merge_requests/${iid}/notes`, { body: note.body });
  const what = targets.length > 0 ? 'updated' : 'posted';
  if (note.checksum) {
    console.log(`${what} the plan on !${iid} (checksum ${note.checksum})`);
    return 0;
  }
  console.log(`${what} the plan note on !${iid}: ${exitCode === '3' ? 'refused' : 'failed'} (exit ${exitCode}), no plan to apply`);
  return Number(exitCode);
}

async function reviewedChecksum() {
  const sha = env('CI_COMMIT_SHA');
  const { data: requests } = await api('GET', `${project()}/repository/commits/${sha}/merge_requests`);
  const merged = requests.find((mr) => mr.state === 'merged') ?? requests[0];
  if (!merged) throw new UsageError(`${sha} is not the merge of a merge request; tfe-access applies reviewed plans only`);
  const found = (await ownNotes(merged.iid)).map((note) => CHECKSUM_MARKER.exec(note.body)?.[1]).filter(Boolean);
  if (found.length === 0)
    throw new UsageError(`merge request !${merged.iid} has no tfe-access plan note with a checksum (its last plan failed or was refused)`);
  console.log(found[found.length - 1]);
}

/**
 * git, with the project access token in a header taken from the environment: never on a command
 * line, in a URL or a message. Its answer, or undefined when `quiet` and git failed.
 */
function git(args, { quiet = false } = {}) {
  const token = env('GITLAB_API_TOKEN');
  const basic = Buffer.from(`oauth2:${token}`).toString('base64');
  const auth = { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...auth } }).trim();
  } catch (error) {
    if (quiet) return undefined;
    // Git's first complaint (its last lines are advice).
    const lines = String(error.stderr ?? '')
      .trim()
      .split('\n');
    const said = lines.find((line) => /^(fatal|error):/.test(line)) ?? lines.pop();
    // Git's own words, with any credential a configuration of the runner added blanked out.
    throw new Error(`git ${args[0]} failed: ${String(said).replaceAll(token, '[MASKED]').replaceAll(basic, '[MASKED]')}`);
  }
}

/** The merge request's description: how to adopt or revert, then drift's report. */
const driftDescription = (report, pipeline) =>
  `Live team access was changed outside the files ([drift check](${pipeline})); this merge request writes it into them.

- **Merge** it to adopt the change: the files then describe access as it is.
- **Close** it to revert the change instead, then apply the files as they are (\`tfe-access apply\`).

The drift job rebuilds the branch \`${DRIFT_BRANCH}\` on every run: change the files in another merge request.

${report}`;

/** Close the open drift merge requests with a note, and delete their branch. */
async function closeDrift(open, remote, why) {
  for (const mr of open) {
    await api('POST', `${project()}/merge_requests/${mr.iid}/notes`, { body: why });
    await api('PUT', `${project()}/merge_requests/${mr.iid}`, { state_event: 'close' });
    console.log(`closed drift merge request !${mr.iid}`);
  }
  if (git(['ls-remote', '--exit-code', '--heads', remote, `refs/heads/${DRIFT_BRANCH}`], { quiet: true }) !== undefined)
    git(['push', '--quiet', remote, '--delete', `refs/heads/${DRIFT_BRANCH}`]);
}

/** The adopted files, committed by the token's user on the drift branch; pushed when they differ from it. */
async function pushAdopted(remote, files, pipeline) {
  const { data: me } = await api('GET', '/user');
  const email = me.commit_email || me.email || `${me.username}@noreply.${new URL(env('CI_SERVER_URL')).hostname}`;
  git(['checkout', '--quiet', '-B', DRIFT_BRANCH]);
  git(['add', '--', files]);
  git([
    '-c',
    `user.name=${me.name || me.username}`,
    '-c',
    `user.email=${email}`,
    'commit',
    '--quiet',
    '-m',
    'tfe-access: adopt access changed outside the files',
    '-m',
    pipeline,
  ]);
  const fetched = git(['fetch', '--quiet', remote, `refs/heads/${DRIFT_BRANCH}`], { quiet: true }) !== undefined;
  if (fetched && git(['rev-parse', 'FETCH_HEAD^{tree}']) === git(['rev-parse', 'HEAD^{tree}'])) {
    console.log(`the branch ${DRIFT_BRANCH} already holds these edits`);
    return;
  }
  git(['push', '--quiet', '--force', remote, `HEAD:refs/heads/${DRIFT_BRANCH}`]);
}

async function driftMergeRequest(reportFile, exitCode) {
  if (exitCode !== '0' && exitCode !== '2')
    throw new UsageError(`tfe-access drift failed (exit ${exitCode}); the drift merge request and its branch are left as they are`);
  // It adopts into the default branch's files: a run on another branch would propose its own files.
  const base = env('CI_DEFAULT_BRANCH');
  if (process.env.CI_COMMIT_BRANCH !== base) throw new UsageError(`run the drift job on ${base}, the branch its merge request adopts into`);
  const pipeline = process.env.CI_PIPELINE_URL ?? 'this pipeline';
  const remote = `${env('CI_SERVER_URL')}/${env('CI_PROJECT_PATH')}.git`;
  // Found by its branch: there is never a second one.
  const open = await all(`${project()}/merge_requests?state=opened&source_branch=${encodeURIComponent(DRIFT_BRANCH)}`);
  if (exitCode === '0') {
    await closeDrift(open, remote, `Live access matches the files again: ${pipeline}`);
    return 0;
  }
  const files = process.env.TFE_ACCESS_FILES || 'tfe-access/';
  if (git(['status', '--porcelain', '--', files]) === '') {
    // An open merge request adopts drift that is gone (else it would be adopted again).
    await closeDrift(open, remote, `The drift this merge request adopts is gone; what differs now cannot be written into the files: ${pipeline}`);
    throw new UsageError('live access differs from the files and none of it can be adopted (the report says why): revert it with tfe-access apply');
  }
  await pushAdopted(remote, files, pipeline);
  const description = driftDescription(readFileSync(reportFile, 'utf8'), pipeline);
  const mr = open[0];
  if (mr) {
    await api('PUT', `${project()}/merge_requests/${mr.iid}`, { description });
    await api('POST', `${project()}/merge_requests/${mr.iid}/notes`, { body: `Still drifted: ${pipeline}` });
    console.log(`updated drift merge request !${mr.iid}`);
  } else {
    const { data } = await api('POST', `${project()}/merge_requests`, {
      source_branch: DRIFT_BRANCH,
      target_branch: base,
      title: DRIFT_TITLE,
      description,
      remove_source_branch: true,
    });
    console.log(`opened drift merge request !${data.iid}`);
  }
  return 2;
}

/** A program with its arguments as data (no shell); its output goes to the job log. */
function exec(program, args) {
  execFileSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

const NPM_QUIET = ['--no-fund', '--no-audit'];

/** The repository at one commit: a branch or a tag can move, a commit sha cannot. */
function installCommit() {
  const commit = env('TFE_ACCESS_COMMIT');
  if (!/^[0-9a-f]{40}$/.test(commit))
    throw new UsageError(`TFE_ACCESS_COMMIT must be a full 40-character commit sha (a branch or a tag can move), got "${commit}"`);
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
    case 'post-plan': {
      const usage = 'post-plan PLAN.md SAVED_PLAN.json [EXIT_CODE STDERR_FILE]';
      if (args.length !== 2 && args.length !== 4) throw new UsageError(usage);
      const [planFile, savedPlanFile, exitCode = '0', stderrFile] = args;
      if (!/^\d+$/.test(exitCode)) throw new UsageError(`${usage}: EXIT_CODE must be a number, got "${exitCode}"`);
      // Exit as the plan did (2, changes, is an answer): the job fails on 1 and 3, after the note.
      const code = await postPlan(planFile, savedPlanFile, exitCode, stderrFile);
      return code === 2 ? 0 : code;
    }
    case 'reviewed-checksum':
      await reviewedChecksum();
      return 0;
    case 'drift-mr':
      if (args.length !== 2) throw new UsageError('drift-mr REPORT.md EXIT_CODE');
      // Exit 2 again on drift, so the job (allow_failure: exit_codes: 2) shows it.
      return driftMergeRequest(args[0], args[1]);
    default:
      throw new UsageError('usage: tfe-access-gitlab.mjs install | post-plan | reviewed-checksum | drift-mr');
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
