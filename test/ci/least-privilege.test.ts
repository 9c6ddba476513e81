// Least privilege in the CI recipes (issue 24, finding 6): pull requests plan with a read-only
// token of their own, apply alone holds the write token in a protected environment, and the plan
// comment (note) is replaced on every exit of the plan. What the recipes' YAML says; their scripts
// run in workflow-scripts.test.ts and gitlab-helper.test.ts, the tokens against the emulator in
// plan-contract.test.ts.
import { describe, expect, it } from 'vitest';
import { ACTION, GITHUB_WORKFLOWS, GITLAB_CI, readText, readYaml } from './recipes.js';

type Obj = Record<string, any>;

const action = readYaml(ACTION) as Obj;
const workflows = Object.fromEntries(GITHUB_WORKFLOWS.map((path) => [path, readYaml(path) as Obj]));
const gitlab = readYaml(GITLAB_CI) as Obj;

const steps = (workflow: Obj): Obj[] => Object.values(workflow.jobs as Obj).flatMap((job: Obj) => job.steps as Obj[]);
const actionSteps = (): { path: string; step: Obj }[] =>
  GITHUB_WORKFLOWS.flatMap((path) =>
    steps(workflows[path]!)
      .filter((s) => /\/tfe-access@/.test(String(s.uses ?? '')))
      .map((step) => ({ path, step })),
  );

describe('the tokens of the GitHub recipe', () => {
  const [planPath, applyPath, driftPath] = GITHUB_WORKFLOWS as [string, string, string];
  const tokenOf = (path: string, command: string) => actionSteps().find((s) => s.path === path && s.step.with.command === command)?.step.with.token;
  const jobOf = (path: string) => Object.values(workflows[path]!.jobs as Obj)[0] as Obj;

  it('regression: the GitHub recipe puts a write token in pull requests', () => {
    // Plan (every pull request) and drift read with their own secret; only apply holds the write one.
    expect(tokenOf(planPath, 'plan')).toBe('${{ secrets.TFE_PLAN_TOKEN }}');
    expect(tokenOf(driftPath, 'drift')).toBe('${{ secrets.TFE_PLAN_TOKEN }}');
    expect(tokenOf(applyPath, 'apply')).toBe('${{ secrets.TFE_APPLY_TOKEN }}');
    for (const path of [planPath, driftPath]) expect(readText(path), path).not.toContain('TFE_APPLY_TOKEN');
    // No secret both could use: one TFE_TOKEN for all was the write token in every pull request.
    for (const path of GITHUB_WORKFLOWS) expect(readText(path), path).not.toMatch(/secrets\.TFE_TOKEN\b/);
    // The write token is an environment secret: only a job of that environment, after its
    // required reviewers and on its deployment branch (main), gets it.
    expect(jobOf(applyPath).environment).toBe('tfe-access');
    for (const path of [planPath, driftPath]) expect(jobOf(path).environment, path).toBeUndefined();
  });

  it('the drift job alone may push its branch and open its pull request; the workflow grants nothing else', () => {
    const drift = workflows[driftPath]!;
    // Nothing for the whole workflow: a job added to it later starts with no rights.
    expect(drift.permissions).toEqual({});
    expect(Object.keys(drift.jobs as Obj)).toEqual(['drift']);
    expect(jobOf(driftPath).permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    // No issues, no workflows, no write for the other two workflows' whole runs but what they had.
    expect(workflows[planPath]!.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(workflows[applyPath]!.permissions).toEqual({ contents: 'read', 'pull-requests': 'read' });
    for (const path of [planPath, applyPath]) expect(jobOf(path).permissions, path).toBeUndefined();
    // The audit token only reaches the drift step, and is optional there (no `required` anywhere).
    const withAudit = steps(drift).filter((s) => JSON.stringify(s).includes('TFE_AUDIT_TOKEN'));
    expect(withAudit.map((s) => s.with?.command)).toEqual(['drift']);
    for (const path of [planPath, applyPath]) expect(readText(path), path).not.toContain('TFE_AUDIT_TOKEN');
  });

  it('each workflow says which token it needs and with what rights', () => {
    // The comment on top, its lines joined: what a reader copying the file reads first.
    const header = (path: string) => (readText(path).split('\nname:')[0] ?? '').replace(/\n#\s*/g, ' ');
    expect(header(planPath)).toMatch(/Secret TFE_PLAN_TOKEN: a token that can only READ team access/);
    expect(header(driftPath)).toMatch(/Secret TFE_PLAN_TOKEN: a token that can only READ team access/);
    expect(header(applyPath)).toMatch(/Environment secret TFE_APPLY_TOKEN of the environment tfe-access/);
    expect(header(applyPath)).toMatch(/required reviewers/);
  });
});

describe('the plan comment on every exit', () => {
  const workflow = () => workflows['examples/ci/github/tfe-access-plan.yml']!;
  const post = () => steps(workflow()).find((s) => String(s.run ?? '').includes('GITHUB_STEP_SUMMARY'))!;

  it('regression: the PR comment is not updated when plan exits 1 or 3', () => {
    // GitHub skips the steps after a failed one unless their `if` says otherwise: the plan runs even
    // when validate failed, and the comment is replaced whatever the plan's exit.
    const plan = steps(workflow()).find((s) => s.with?.command === 'plan')!;
    expect(String(plan.if)).toBe('${{ !cancelled() }}');
    expect(String(post().if)).toBe("${{ !cancelled() && steps.pr.outputs.number != '' }}");
    expect(post().env).toMatchObject({ CODE: `\${{ steps.${plan.id}.outputs.exit-code }}`, ERRORS: `\${{ steps.${plan.id}.outputs.error-file }}` });
    // GitLab: the plan's exit is kept, the note replaced, then the job ends as the plan did.
    const script = (gitlab['tfe-access-plan'].script as string[]).join('\n');
    expect(script).toMatch(/tfe-access plan .*2> tfe-access\.plan\.err \|\| code=\$\?/);
    expect(script).toContain('node "$TFE_ACCESS_HELPER" post-plan tfe-access.plan.md tfe-access.plan.json "$code" tfe-access.plan.err');
    expect(gitlab['tfe-access-plan'].artifacts.when).toBe('always');
  });

  it("the action exposes the command's stderr, for the failure the comment shows", () => {
    expect(action.outputs['error-file'].value).toBe('${{ steps.run.outputs.error-file }}');
  });
});

describe('the GitLab recipe', () => {
  it('applies in the protected environment tfe-access, whose scope holds the write token', () => {
    expect(gitlab['tfe-access-apply'].environment).toMatchObject({ name: 'tfe-access' });
    for (const job of ['tfe-access-plan', 'tfe-access-drift']) expect(gitlab[job].environment, job).toBeUndefined();
    const header = readText(GITLAB_CI).split('\nvariables:')[0] ?? '';
    expect(header).toMatch(/environment scope tfe-access/);
    expect(header).toMatch(/Protected environments/);
  });
});
