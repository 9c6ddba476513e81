// Issue 37, finding 9 (Build 6): the manifest names where the bundle comes from: the tool's build
// (the commit of a build from a git checkout, else the hash of dist/cli), the operator (the CI job
// and run, else the OS user), the SHA-256 of each desired-state file, of them together and of the
// policies, and the register of the policies' exceptions, active or lapsed at the extraction. The
// seeded emulator over real HTTP; the in-process CLI, and the built one for the commit.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { ROOT, runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { spawnCli } from '../support/spawn-cli.js';

const held = perTest();
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

const FILES = `organization: acme
policies:
  - name: small viewers
    max-members: { team: viewers, count: 0 }
    exceptions:
      - { person: ana@acme.test, reason: "cover until the hire starts", expires: "2026-12-31T00:00:00Z" }
  - name: no admin on networking
    workspaces: { names: [networking-prod] }
    max-access: write
    exceptions:
      - { team: sre, workspace: networking-prod, reason: "migration INC-42", expires: "2026-11-01T00:00:00Z" }
`;

async function bundleOf(env: Record<string, string>, spawned = false): Promise<{ manifest: Record<string, any>; text: string; dir: string }> {
  held.emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  held.dir = mkdtempSync(join(tmpdir(), 'tfe-access-provenance-'));
  const dir = held.dir;
  writeFileSync(join(dir, 'access.yaml'), FILES);
  const bundle = join(dir, 'bundle');
  const all = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: held.emulator.url, TFE_ACCESS_NOW: '2026-11-26T12:00:00Z', ...env };
  const args = ['report', join(dir, 'access.yaml'), '--evidence', bundle, '--rate-limit', '0', '--no-indirect'];
  const run = spawned ? await spawnCli(args, { env: all, cwd: dir }) : await runCli(args, { env: all, cwd: dir });
  expect(run.code, run.err).toBe(0);
  const text = readFileSync(join(bundle, 'manifest.json'), 'utf8');
  return { manifest: JSON.parse(text), text, dir };
}

describe('issue 37, finding 9: the provenance of an evidence bundle', () => {
  it('finding 9: the manifest names the CI job and run, the files and policies by SHA-256, and the exception register; never the token', async () => {
    const github = {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'acme/access',
      GITHUB_WORKFLOW: 'quarterly evidence',
      GITHUB_JOB: 'extract',
      GITHUB_RUN_ID: '4242',
      GITHUB_TOKEN: 'ghs_secret',
    };
    const { manifest, text, dir } = await bundleOf(github);
    expect(manifest.format_version).toBe(2);
    expect(manifest.operator).toEqual({ type: 'github-actions', repository: 'acme/access', workflow: 'quarterly evidence', job: 'extract', run_id: '4242' });
    const fileSha = sha256(readFileSync(join(dir, 'access.yaml')));
    // As the run names files (relative to its directory, cwd here): what sha256sum prints when run there.
    const path = 'access.yaml';
    expect(manifest.inputs.files).toEqual([{ path, sha256: fileSha }]);
    // `sha256sum FILES | sha256sum` gives the combined digest again.
    expect(manifest.inputs.sha256).toBe(sha256(`${fileSha}  ${path}\n`));
    expect(manifest.inputs.policies_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.exceptions).toEqual([
      {
        policy: 'small viewers',
        team: null,
        person: 'ana@acme.test',
        workspace: null,
        project: null,
        reason: 'cover until the hire starts',
        expires: '2026-12-31T00:00:00Z',
        status: 'active',
      },
      {
        policy: 'no admin on networking',
        team: 'sre',
        person: null,
        workspace: 'networking-prod',
        project: null,
        reason: 'migration INC-42',
        expires: '2026-11-01T00:00:00Z',
        status: 'lapsed',
      },
    ]);
    const build = manifest.tool.build;
    expect(build.commit === null ? build.content_sha256 : build.commit).toMatch(/^[0-9a-f]{40}([0-9a-f]{24})?$/);
    expect(text).not.toContain(ORG_TOKEN);
    expect(text).not.toContain('ghs_secret');
    expect((await runCli(['report', 'verify', join(dir, 'bundle')], { cwd: dir })).code).toBe(0);
  });

  it('finding 9: without a CI the operator is the OS user; GitLab CI names its project, pipeline and job', async () => {
    expect((await bundleOf({})).manifest.operator).toEqual({ type: 'user', name: userInfo().username });
    await held.emulator?.stop();
    held.emulator = undefined;
    const gitlab = { GITLAB_CI: 'true', CI_PROJECT_PATH: 'acme/access', CI_PIPELINE_ID: '77', CI_JOB_ID: '901', CI_JOB_TOKEN: 'glcbt-secret' };
    const { manifest, text } = await bundleOf(gitlab);
    expect(manifest.operator).toEqual({ type: 'gitlab-ci', project: 'acme/access', pipeline_id: '77', job_id: '901' });
    expect(text).not.toContain('glcbt-secret');
  });

  it('finding 9: the built tool names the git commit it was built from', async () => {
    const { manifest } = await bundleOf({}, true);
    const commit = manifest.tool.build.commit as string;
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof manifest.tool.build.modified).toBe('boolean');
    expect(manifest.tool.build.content_sha256).toBeNull();
    expect(spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT }).status).toBe(0);
  });
});
