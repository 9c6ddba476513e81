// The provenance of an evidence bundle (docs/evidence.md, "Evidence bundle"), the parts that are a
// function of their input: the operator from the environment's CI variables, the combined digest of
// the desired-state files, and the register of the policies' exceptions at the extraction's start.
// Pure: pipeline/disk/provenance.ts reads the files, the OS user and the build.
import type { InputFile, Operator, RegisteredException } from '../core/evidence.js';
import { isExpired } from '../core/expiry.js';
import type { DesiredPolicy } from '../core/policy.js';
import { sha256Hex } from '../core/sha256.js';

type Env = Readonly<Record<string, string | undefined>>;

const given = (env: Env, name: string): string | null => (env[name] === undefined || env[name] === '' ? null : (env[name] as string));

/**
 * The CI job and run the environment names (GitHub Actions, GitLab CI), else undefined (the caller
 * names the OS user). Only these identifiers are read: never a token the CI also sets.
 */
export function ciOperator(env: Env): Operator | undefined {
  if (env.GITHUB_ACTIONS === 'true')
    return {
      type: 'github-actions',
      repository: given(env, 'GITHUB_REPOSITORY'),
      workflow: given(env, 'GITHUB_WORKFLOW'),
      job: given(env, 'GITHUB_JOB'),
      runId: given(env, 'GITHUB_RUN_ID'),
    };
  if (env.GITLAB_CI === 'true')
    return { type: 'gitlab-ci', project: given(env, 'CI_PROJECT_PATH'), pipelineId: given(env, 'CI_PIPELINE_ID'), jobId: given(env, 'CI_JOB_ID') };
  return undefined;
}

/** The SHA-256 of the files' `sha256sum` lines in their order: `sha256sum FILES | sha256sum` gives it again. */
export function combinedSha256(files: readonly InputFile[]): string | null {
  return files.length === 0 ? null : sha256Hex(files.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
}

/** Every exception of every policy, in the files' order; lapsed from its end on, as the policies judge it (core/expiry.ts). */
export function exceptionRegister(policies: readonly DesiredPolicy[], now: number): RegisteredException[] {
  return policies.flatMap((policy) =>
    (policy.exceptions ?? []).map((e) => ({
      policy: policy.name,
      team: e.team ?? null,
      person: e.person ?? null,
      workspace: e.workspace ?? null,
      project: e.project ?? null,
      reason: e.reason,
      expires: e.expires,
      status: isExpired(e.expires, now) ? ('lapsed' as const) : ('active' as const),
    })),
  );
}
