// The CI recipes parse as YAML, hang together, and call only commands and flags that exist: a test
// fails when a recipe uses a flag no command's --help documents.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/registry.js';
import { MARKER_PREFIX } from '../../src/render/plan/markdown.js';
import { readManual } from '../support/manual.js';
import {
  ACTION,
  flagsOf,
  GITHUB_WORKFLOWS,
  GITLAB_CI,
  GITLAB_HELPER,
  type Invocation,
  invocationsIn,
  readText,
  readYaml,
  registryInstalls,
  unknownFlags,
} from './recipes.js';

type Obj = Record<string, any>;

const action = readYaml(ACTION) as Obj;
const workflows = Object.fromEntries(GITHUB_WORKFLOWS.map((path) => [path, readYaml(path) as Obj]));
const gitlab = readYaml(GITLAB_CI) as Obj;

const ACTION_USE = /^[\w.-]+\/tfe-access@[\w.-]+$/;

function steps(workflow: Obj): Obj[] {
  return Object.values(workflow.jobs as Obj).flatMap((job: Obj) => job.steps as Obj[]);
}

function actionSteps(): { path: string; step: Obj }[] {
  return GITHUB_WORKFLOWS.flatMap((path) =>
    steps(workflows[path]!)
      .filter((s) => ACTION_USE.test(String(s.uses ?? '')))
      .map((step) => ({ path, step })),
  );
}

/** Every tfe-access call of every recipe: action inputs, the action's own extra flags, scripts. */
function allInvocations(): Invocation[] {
  const fromInputs = actionSteps().map(({ path, step }) => ({
    where: `${path}: ${step.name}`,
    command: String(step.with.command),
    flags: flagsOf(String(step.with.args ?? '')),
  }));
  const runScript = (action.runs.steps as Obj[]).map((s) => String(s.run ?? '')).join('\n');
  const fromAction = [...runScript.matchAll(/"\$COMMAND" = (\w+) \]; then extra=\(([^)]*)\)/g)].map((m) => ({
    where: `${ACTION}: extra flags`,
    command: m[1] ?? '',
    flags: flagsOf(m[2] ?? ''),
  }));
  const scripts = Object.values(gitlab).flatMap((job: any) => (Array.isArray(job?.script) ? (job.script as string[]) : []));
  const fromGitlab = scripts.flatMap((line) => invocationsIn(line, GITLAB_CI));
  return [...fromInputs, ...fromAction, ...fromGitlab];
}

describe('the GitHub Action (action.yml)', () => {
  it('is a composite action whose steps all name a shell and whose inputs all exist', () => {
    expect(action.runs.using).toBe('composite');
    for (const step of action.runs.steps as Obj[]) if (step.run) expect(step.shell, step.name).toBe('bash');
    const used = [...readText(ACTION).matchAll(/inputs\.([\w-]+)/g)].map((m) => m[1]);
    expect(used.filter((name) => !(String(name) in action.inputs))).toEqual([]);
    expect(action.inputs.command.required).toBe(true);
  });

  it('exposes exit-code, changes, output-file, error-file, checksum and plan-file from the run step', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(['changes', 'checksum', 'error-file', 'exit-code', 'output-file', 'plan-file']);
    for (const [name, output] of Object.entries(action.outputs as Obj)) expect(output.value).toBe(`\${{ steps.run.outputs.${name} }}`);
  });
});

describe('the example workflows', () => {
  it('use the action with inputs it has, and commands that exist', () => {
    const uses = actionSteps();
    expect(uses.length).toBe(5);
    for (const { path, step } of uses) {
      expect(
        Object.keys(step.with).filter((k) => !(k in action.inputs)),
        path,
      ).toEqual([]);
      expect(Object.keys(COMMANDS), path).toContain(step.with.command);
    }
  });

  it('pull requests: validate as annotations, plan as markdown, one comment updated in place, the job summary, the checksum', () => {
    const workflow = workflows['examples/ci/github/tfe-access-plan.yml']!;
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'workflow_dispatch']);
    expect(workflow.permissions['pull-requests']).toBe('write');
    const [validate, plan] = actionSteps()
      .filter((s) => s.path.endsWith('plan.yml'))
      .map((s) => s.step);
    expect(validate?.with).toMatchObject({ command: 'validate', args: expect.stringContaining('--format github') });
    expect(plan?.with).toMatchObject({ command: 'plan', args: expect.stringContaining('--format markdown') });
    const post = steps(workflow).find((s) => String(s.run ?? '').includes('GITHUB_STEP_SUMMARY'))!;
    expect(post.env.CHECKSUM).toBe(`\${{ steps.${plan?.id}.outputs.checksum }}`);
    expect(post.run).toContain('GITHUB_STEP_SUMMARY');
    expect(post.run).toContain('--method PATCH');
    expect(post.run).toContain('startswith(env.PREFIX)');
    // Run by hand for a merged pull request (the way back after a refused apply): the comment it renews.
    expect(workflow.on.workflow_dispatch.inputs['pull-request'].required).toBe(true);
    expect(post.env.PR).toBe('${{ steps.pr.outputs.number }}');
    expect(steps(workflow)[0]?.id).toBe('pr');
  });

  it('merge: apply --auto-approve --checksum with the checksum the plan comment recorded', async () => {
    const workflow = workflows['examples/ci/github/tfe-access-apply.yml']!;
    expect(workflow.on.push.branches).toEqual(['main']);
    const apply = actionSteps().find((s) => s.path.endsWith('apply.yml'))!.step;
    expect(apply.with.command).toBe('apply');
    expect(apply.with.args).toMatch(/--auto-approve --checksum \$\{\{ steps\.reviewed\.outputs\.checksum \}\}/);
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    // Runnable by hand, for the merged pull request whose plan comment was renewed.
    expect(Object.keys(workflow.on)).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.on.workflow_dispatch.inputs['pull-request'].required).toBe(false);
    expect(steps(workflow).find((s) => s.id === 'reviewed')?.env.INPUT_PR).toBe('${{ inputs.pull-request }}');
  });

  it('scoped (docs/ci.md, "Scoped plans in CI"): pull requests plan --changed-from the base, the push applies --changed-from the commit before, by hand both are full', () => {
    const plan = actionSteps().find((s) => s.path.endsWith('plan.yml') && s.step.with.command === 'plan')!.step;
    expect(plan.with.args).toContain("${{ github.event_name == 'pull_request' && '--changed-from HEAD^1' || '' }}");
    const planCheckout = steps(workflows['examples/ci/github/tfe-access-plan.yml']!).find((s) => s.uses === 'actions/checkout@v4');
    expect(planCheckout?.with).toEqual({ 'fetch-depth': 2 });
    const apply = actionSteps().find((s) => s.path.endsWith('apply.yml'))!.step;
    expect(apply.with.args).toContain("${{ github.event_name == 'push' && format('--changed-from {0}', github.event.before) || '' }}");
    const applyCheckout = steps(workflows['examples/ci/github/tfe-access-apply.yml']!).find((s) => s.uses === 'actions/checkout@v4');
    expect(applyCheckout?.with).toEqual({ 'fetch-depth': 0 });
    expect(gitlab['tfe-access-plan'].script.join('\n')).toContain('--changed-from "$CI_MERGE_REQUEST_DIFF_BASE_SHA" --out tfe-access.plan.json');
    expect(gitlab['tfe-access-apply'].script.join('\n')).toContain('--checksum "$CHECKSUM" --changed-from "$CI_COMMIT_BEFORE_SHA"');
    for (const job of ['tfe-access-plan', 'tfe-access-apply']) expect(gitlab[job].variables.GIT_DEPTH, job).toBe(0);
    // The scheduled drift stays full: no --changed-from.
    expect(gitlab['tfe-access-drift'].script.join('\n')).not.toContain('--changed-from');
  });

  it('schedule: drift adopted into the files, then one pull request opened or updated on drift (exit 2) and closed without', () => {
    const workflow = workflows['examples/ci/github/tfe-access-drift.yml']!;
    expect(workflow.on.schedule[0].cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    const all = steps(workflow);
    const drift = all.find((s) => s.with?.command === 'drift')!;
    expect(drift.with.args).toBe('${{ env.FILES }} --adopt --audit-log ${{ env.AUDIT_LOG }} --format markdown');
    expect(drift.env).toEqual({ TFE_AUDIT_TOKEN: '${{ secrets.TFE_AUDIT_TOKEN }}' });
    expect(all.find((s) => String(s.run ?? '').includes('gh pr create'))?.if).toBe(`steps.${drift.id}.outputs.exit-code == '2'`);
    expect(all.find((s) => String(s.run ?? '').includes('gh pr close "$number" --comment "Live access'))?.if).toBe(
      `steps.${drift.id}.outputs.exit-code == '0'`,
    );
    // The audit log: restored before drift (the latest of this organization), saved after it.
    const restore = all.findIndex((s) => s.uses === 'actions/cache/restore@v4');
    const save = all.findIndex((s) => s.uses === 'actions/cache/save@v4');
    expect(restore).toBeGreaterThan(-1);
    expect(restore).toBeLessThan(all.indexOf(drift));
    expect(save).toBeGreaterThan(all.indexOf(drift));
    expect(all[restore]?.with).toEqual({
      path: '${{ env.AUDIT_LOG }}',
      key: '${{ steps.audit.outputs.prefix }}${{ github.run_id }}',
      'restore-keys': '${{ steps.audit.outputs.prefix }}',
    });
    expect(all[save]?.with).toEqual({ path: '${{ env.AUDIT_LOG }}', key: '${{ steps.audit.outputs.prefix }}${{ github.run_id }}' });
  });
});

describe('the GitLab recipe', () => {
  it('has the same three jobs: merge requests, the default branch, schedules', () => {
    const rule = (job: string) => JSON.stringify(gitlab[job].rules);
    expect(rule('tfe-access-plan')).toContain('merge_request_event');
    expect(rule('tfe-access-apply')).toContain('CI_DEFAULT_BRANCH');
    expect(rule('tfe-access-drift')).toContain('schedule');
    expect(gitlab['tfe-access-apply'].script.join('\n')).toContain('--auto-approve --checksum "$CHECKSUM"');
    expect(gitlab['tfe-access-drift'].allow_failure).toEqual({ exit_codes: 2 });
  });

  it('gives plan and drift the read token (seen by merge-request pipelines) and apply its own, protected one', () => {
    // GIT_DEPTH: the history --changed-from reads (the scoped flow).
    expect(gitlab['tfe-access-plan'].variables).toEqual({ TFE_TOKEN: '$TFE_PLAN_TOKEN', GIT_DEPTH: 0 });
    expect(gitlab['tfe-access-drift'].variables).toEqual({ TFE_TOKEN: '$TFE_PLAN_TOKEN' });
    expect(gitlab['tfe-access-apply'].variables).toEqual({ TFE_TOKEN: '$TFE_APPLY_TOKEN', GIT_DEPTH: 0 });
    // No token for every job at once: one defined globally would reach merge requests, or not at all.
    expect(gitlab.variables.TFE_TOKEN).toBeUndefined();
    expect(gitlab['.tfe-access'].variables).toBeUndefined();
    const header = readText(GITLAB_CI).split('\nvariables:')[0] ?? '';
    expect(header).toMatch(/TFE_PLAN_TOKEN {4}a token that can READ team access, for plan and drift\. Not protected/);
    expect(header).toMatch(/TFE_APPLY_TOKEN {3}a token that can MANAGE team access, for apply only\. Protected/);
  });

  it('drift: adopted into the files, the audit log cached per organization, the report and its exit handed to drift-mr', () => {
    const drift = gitlab['tfe-access-drift'] as Obj;
    const script = (drift.script as string[]).join('\n');
    expect(script).toContain(
      'tfe-access drift "$TFE_ACCESS_FILES" --adopt --audit-log .tfe-access/audit-log.jsonl --format markdown > tfe-access.drift.md || code=$?',
    );
    expect(script).toContain('node "$TFE_ACCESS_HELPER" drift-mr tfe-access.drift.md "$code"');
    // The log kept also on exit 2 (an allowed failure), under a key of the organization.
    expect(drift.cache).toEqual({ key: 'tfe-access-audit-log-$TFE_ACCESS_ORGANIZATION', paths: ['.tfe-access/'], when: 'always' });
    expect(Object.keys(gitlab.variables as Obj)).toContain('TFE_ACCESS_ORGANIZATION');
    expect(drift.resource_group).toBe('tfe-access-drift');
    expect(JSON.stringify(drift.rules)).toContain('$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH');
  });

  it('calls only helper subcommands the helper has', () => {
    const helper = readText(GITLAB_HELPER);
    const calls = Object.values(gitlab)
      .flatMap((job: any) => (Array.isArray(job?.script) ? (job.script as string[]) : []))
      .flatMap((line) => [...line.matchAll(/TFE_ACCESS_HELPER" ([\w-]+)/g)].map((m) => m[1]));
    expect(calls.sort()).toEqual(['drift-mr', 'post-plan', 'reviewed-checksum']);
    for (const call of calls) expect(helper).toContain(`case '${call}':`);
  });
});

describe('every tfe-access call in the recipes', () => {
  it('uses only flags its command documents in --help (a removed or misspelt flag fails here)', async () => {
    const calls = allInvocations();
    // The extraction itself: 5 action steps (the drift workflow plans its pull request), the
    // action's plan --out, 3 GitLab calls (plan validates the files itself: a separate validate
    // line would end the job before the note is replaced).
    expect(calls.length).toBe(9);
    const problems: string[] = [];
    for (const call of calls) for (const flag of await unknownFlags(call)) problems.push(`${call.where}: tfe-access ${call.command} ${flag}`);
    expect(problems).toEqual([]);
  });

  it('the checker itself catches a flag that does not exist', async () => {
    expect(await unknownFlags({ where: 'test', command: 'apply', flags: ['--auto-approve', '--yes-really'] })).toEqual(['--yes-really']);
    expect(invocationsIn('x; tfe-access plan dir --format json --nope=1 > f', 't')).toEqual([{ where: 't', command: 'plan', flags: ['--format', '--nope'] }]);
  });

  it('the marker the workflows look for is the one the markdown plan starts with', () => {
    expect(MARKER_PREFIX).toBe('<!-- tfe-access-plan');
    // The checksum line the plan workflow writes is the one the apply workflow reads.
    const written = /printf '\\n(<!-- tfe-access-checksum: %s -->)\\n'/.exec(readText(GITHUB_WORKFLOWS[0]!))?.[1];
    expect(written).toBe('<!-- tfe-access-checksum: %s -->');
    expect(readText(GITHUB_WORKFLOWS[1]!)).toContain("sed -n 's/^<!-- tfe-access-checksum: \\([0-9a-f]\\{64\\}\\) -->$/\\1/p'");
    expect(readText(GITLAB_HELPER)).toContain('<!-- tfe-access-checksum: ${checksum} -->');
  });
});

describe('what the recipes install', () => {
  const RECIPES = [ACTION, ...GITHUB_WORKFLOWS, GITLAB_CI, GITLAB_HELPER];
  /** The manual's code blocks (README.md and docs/): what a reader copies (its prose names the installs it warns against). */
  const manualBlocks = (): string => [...readManual().matchAll(/^```[\w-]*\n([\s\S]*?)^```/gm)].map((m) => m[1]).join('\n');

  it("regression: the GitLab recipe (and the action's version: input) install tfe-access@latest from the npm registry", () => {
    // No package of that name is published by this project: whoever claims it would run with TFE_TOKEN.
    const texts: Array<[string, string]> = [...RECIPES.map((path): [string, string] => [path, readText(path)]), ['the manual (code blocks)', manualBlocks()]];
    const found = texts.flatMap(([path, text]) => registryInstalls(text).map((line) => `${path}: ${line}`));
    expect(found).toEqual([]);
    expect(manualBlocks()).toContain('tfe-access plan --format markdown > plan.md');
  });

  it('the checker catches an install by name, and leaves paths, tarballs and the repository alone', () => {
    expect(registryInstalls('    - npm install --global --no-fund --no-audit "tfe-access@${TFE_ACCESS_VERSION}"')).toHaveLength(1);
    expect(registryInstalls('npm install --global --no-fund --no-audit "tfe-access@$VERSION"')).toHaveLength(1);
    expect(registryInstalls('- run: npx tfe-access validate access/ --format github')).toHaveLength(1);
    expect(registryInstalls('npm i -g tfe-access && tfe-access plan')).toHaveLength(1);
    expect(registryInstalls('pnpm dlx tfe-access@1.2.3 plan')).toHaveLength(1);
    expect(registryInstalls('npm install -g ./tfe-access-0.1.0.tgz')).toEqual([]);
    expect(registryInstalls('npm install --global --no-fund --no-audit /tmp/tfe-access')).toEqual([]);
    expect(registryInstalls('npm ci --prefix "$ACTION_PATH" --no-fund --no-audit')).toEqual([]);
    expect(registryInstalls('npx vitest run test/ci')).toEqual([]);
  });

  it('the example workflows pin the action by a full commit, never a tag that can move', () => {
    const refs = actionSteps().map(({ step }) => String(step.uses).split('@')[1]);
    expect(refs.length).toBe(5);
    for (const ref of refs) expect(ref).toMatch(/^(?:[0-9a-f]{40}|FULL_COMMIT_SHA)$/);
  });

  it('the GitLab jobs install through the helper, which takes a full commit or a tarball with its sha256', () => {
    const install = (gitlab['.tfe-access'] as Obj).before_script as string[];
    expect(install).toEqual(['node "$TFE_ACCESS_HELPER" install']);
    expect(Object.keys(gitlab.variables as Obj)).toEqual(
      expect.arrayContaining(['TFE_ACCESS_REPOSITORY', 'TFE_ACCESS_COMMIT', 'TFE_ACCESS_TARBALL', 'TFE_ACCESS_TARBALL_SHA256']),
    );
    expect((gitlab.variables as Obj).TFE_ACCESS_VERSION).toBeUndefined();
    expect(readText(GITLAB_HELPER)).toContain("case 'install':");
  });
});
