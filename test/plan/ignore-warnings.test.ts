// Warnings silenced on purpose (issue 19, item 7): `settings.ignore-warnings` and `ignore-warnings`
// under a project or workspace, through the built CLI; an unknown code is a problem at its place
// with "did you mean".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { spawnCli } from '../support/spawn-cli.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'initech-token';
const SEED: SeedDocument = {
  organizations: [
    {
      name: 'initech',
      token: TOKEN,
      teams: [
        { name: 'sre', id: 'team-sre', 'organization-access': { 'manage-workspaces': true } },
        { name: 'dev', id: 'team-dev' },
      ],
      projects: [{ name: 'platform', id: 'prj-platform' }],
      workspaces: [
        { name: 'app-dev', id: 'ws-appdev', project: 'platform' },
        { name: 'net-prod', id: 'ws-netprod', project: 'platform' },
      ],
    },
  ],
};

// sre is shadowed on both workspaces; dev's read on net-prod is below its project's write.
const files = (settings: string, netProd: string): string => `organization: initech
${settings}projects:
  platform:
    teams: { dev: write }
workspaces:
  app-dev:
    teams: { sre: write }
  net-prod:
${netProd}    teams: { sre: write, dev: read }
`;

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-ignore-warnings-', per: 'file' });

/** The warnings of `plan --format json` of these files, as `code target`. */
async function warningsOf(text: string): Promise<string[]> {
  writeFileSync(join(world.dir, 'tfe-access.yaml'), text);
  const run = await spawnCli(['plan', '--format', 'json'], { env: world.env, cwd: world.dir });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return (JSON.parse(run.out) as { warnings: Array<{ code: string; target: { name: string } }> }).warnings.map((w) => `${w.code} ${w.target.name}`);
}

describe('ignore-warnings', () => {
  it('without it, every warning is shown', async () => {
    expect((await warningsOf(files('', ''))).sort()).toEqual([
      'below-project-access net-prod',
      'shadowed-by-organization-access app-dev',
      'shadowed-by-organization-access net-prod',
    ]);
  });

  it('settings.ignore-warnings silences a code everywhere', async () => {
    const shown = await warningsOf(files('settings:\n  ignore-warnings: [shadowed-by-organization-access]\n', ''));
    expect(shown).toEqual(['below-project-access net-prod']);
  });

  it('ignore-warnings under a target silences a code there only, and the text plan says nothing of it', async () => {
    const text = files('', '    ignore-warnings: [shadowed-by-organization-access, below-project-access]\n');
    expect(await warningsOf(text)).toEqual(['shadowed-by-organization-access app-dev']);
    const plain = await spawnCli(['plan'], { env: world.env, cwd: world.dir });
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('! workspace app-dev: team sre has the organization permission manage-workspaces');
    expect(plain.out).not.toContain('workspace net-prod: team');
  });

  it('an unknown code is a problem at its place, with did you mean; validate exits 1', async () => {
    const text = files('settings:\n  ignore-warnings: [custom-equals-levle]\n', '    ignore-warnings: [shadowed-by-org]\n');
    writeFileSync(join(world.dir, 'bad.yaml'), text);
    const run = await spawnCli(['validate', 'bad.yaml'], { cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
    expect(run.out.split('\n')).toEqual([
      'bad.yaml:3:21: settings.ignore-warnings[0]: "custom-equals-levle" is not one of shadowed-by-organization-access, custom-equals-level, below-project-access, permission-support-unknown, grant-expires-soon, grant-expired, set-matches-nothing, key-value-tags-not-read, policy-matches-nothing, name-normalisation, team-setting-ignored, members-not-planned, team-near-miss, team-looks-renamed or team-recreated. Did you mean "custom-equals-level"?',
      'bad.yaml:11:23: workspaces.net-prod.ignore-warnings[0]: "shadowed-by-org" is not one of shadowed-by-organization-access, custom-equals-level, below-project-access, permission-support-unknown, grant-expires-soon or grant-expired. Did you mean "shadowed-by-organization-access"?',
      '2 problems in 1 file.',
      '',
    ]);
    // plan refuses the same files before any request.
    const plan = await spawnCli(['plan', 'bad.yaml'], { env: world.env, cwd: world.dir });
    expect(plan.code).toBe(1);
  });

  it('a target sets ignore-warnings once across files', async () => {
    writeFileSync(
      join(world.dir, 'one.yaml'),
      'organization: initech\nworkspaces:\n  net-prod:\n    ignore-warnings: [below-project-access]\n    teams: { dev: read }\n',
    );
    writeFileSync(
      join(world.dir, 'two.yaml'),
      'organization: initech\nworkspaces:\n  net-prod:\n    ignore-warnings: [below-project-access]\n    teams: { sre: write }\n',
    );
    const run = await spawnCli(['validate', 'one.yaml', 'two.yaml'], { cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      'two.yaml:4:5: workspaces.net-prod.ignore-warnings: "ignore-warnings" of workspace "net-prod" is set twice; first defined at one.yaml:4:5',
    );
  });
});
