// tfe-access export end to end: a seeded emulator over real HTTP, the CLI in-process.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ADMIN_TEAM_TOKEN, ORG_TOKEN, SEED } from './seed.js';

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-export-', env: { TFE_ORGANIZATION: 'globex' }, per: 'file' });
beforeAll(() => {
  // A project that installs tfe-access, as docs/adopting.md recommends: the schema is where it installs it.
  writeFileSync(join(world.dir, 'package.json'), '{"private": true}\n');
  cpSync(join(ROOT, 'schemas'), join(world.dir, 'node_modules', 'tfe-access', 'schemas'), { recursive: true });
});

const EXPECTED_ALL = `organization: globex
projects:
  Data Lake:
    teams:
      developers: maintain
  platform:
    teams:
      auditors:
        access: custom
        project-access:
          teams: read
        workspace-access:
          state-versions: read-outputs
      platform-admins: admin
      vault: write
workspaces:
  lake-etl:
    teams:
      auditors:
        access: custom
        variables: read
        workspace-locking: true
  net-prod:
    teams:
      developers: plan
`;

async function planIsClean(paths: string[]): Promise<void> {
  const plan = await runCli(['plan', ...paths, '--detailed-exitcode', '--format', 'json'], { env: world.env, cwd: world.dir });
  expect(plan.err).toBe('');
  expect(plan.code).toBe(0);
  expect((JSON.parse(plan.out) as { changes: unknown[] }).changes).toEqual([]);
}

describe('tfe-access export', () => {
  it('--all writes the canonical file to stdout, and plan of it shows no changes', async () => {
    const run = await runCli(['export', '--all'], { env: world.env, cwd: world.dir });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [comment, header, ...rest] = run.out.split('\n');
    expect(comment).toMatch(/^# yaml-language-server: \$schema=\S+tfe-access\.schema\.json$/);
    // The line that lets a later `export --out` replace this file (test/export/overwrite.test.ts).
    expect(header).toMatch(
      /^# Written by tfe-access export \(sha256 of the other lines: [0-9a-f]{64}\)\. Once edited, export replaces it only with --force\.$/,
    );
    expect(rest.join('\n')).toBe(EXPECTED_ALL);
    // The quiet workspace and the Default Project have no grants: --all leaves them out.
    expect(run.out).not.toContain('quiet');
    writeFileSync(join(world.dir, 'all.yaml'), run.out);
    await planIsClean(['all.yaml']);
  });

  it('--out FILE writes atomically, with a schema reference that resolves from the file', async () => {
    const run = await runCli(['export', '--project', 'platform', '--workspace', 'quiet', '--out', 'sub/../named.yaml', '--organization', 'globex'], {
      env: { ...world.env, TFE_ORGANIZATION: '' },
      cwd: world.dir,
    });
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.err).toBe('export: wrote 2 projects and workspaces of "globex" to sub/../named.yaml.\n');
    const text = readFileSync(join(world.dir, 'named.yaml'), 'utf8');
    const ref = /\$schema=(\S+)/.exec(text)?.[1] ?? '';
    expect(existsSync(resolve(world.dir, ref))).toBe(true);
    // A named target without grants is written, as "no team has direct access here".
    expect(parse(text)).toMatchObject({ organization: 'globex', workspaces: { quiet: { teams: {} } } });
    expect(Object.keys(parse(text) as object)).toEqual(['organization', 'projects', 'workspaces']);
    expect(readdirSync(world.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await planIsClean(['named.yaml']);
  });

  it('--schema sets the reference; without it, stdout points at the installed schema from the working directory', async () => {
    const custom = await runCli(['export', '--workspace', 'net-prod', '--schema', 'https://example.com/tfe-access.schema.json'], {
      env: world.env,
      cwd: world.dir,
    });
    expect(custom.out.split('\n')[0]).toBe('# yaml-language-server: $schema=https://example.com/tfe-access.schema.json');
    const plain = await runCli(['export', '--workspace', 'net-prod'], { env: world.env, cwd: world.dir });
    const ref = /\$schema=(\S+)/.exec(plain.out)?.[1] ?? '';
    expect(readFileSync(resolve(world.dir, ref), 'utf8')).toContain('"title": "tfe-access desired-state file (version 1)"');
  });

  it('--split-by project writes one file per project that validates and plans clean', async () => {
    const run = await runCli(['export', '--all', '--split-by', 'project', '--out', 'split'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(0);
    expect(readdirSync(join(world.dir, 'split')).sort()).toEqual(['Data-Lake.yaml', 'platform.yaml']);
    const dataLake = parse(readFileSync(join(world.dir, 'split', 'Data-Lake.yaml'), 'utf8')) as object;
    expect(dataLake).toEqual({
      organization: 'globex',
      projects: { 'Data Lake': { teams: { developers: 'maintain' } } },
      workspaces: { 'lake-etl': { teams: { auditors: { access: 'custom', variables: 'read', 'workspace-locking': true } } } },
    });
    const validate = await runCli(['validate', 'split'], { cwd: world.dir });
    expect(validate.code).toBe(0);
    await planIsClean(['split']);
  });

  it('leaves out, and names on stderr, the grant of a team the token cannot see; the file still plans clean', async () => {
    const teamEnv = { ...world.env, TFE_TOKEN: ADMIN_TEAM_TOKEN };
    const run = await runCli(['export', '--project', 'platform'], { env: teamEnv, cwd: world.dir });
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('vault');
    expect(run.err).toMatch(/^export: project "platform": left out grant tprj-\S+ of team team-vault, which the token cannot see/);
    writeFileSync(join(world.dir, 'partial.yaml'), run.out);
    const plan = await runCli(['plan', 'partial.yaml', '--detailed-exitcode'], { env: teamEnv, cwd: world.dir });
    expect(plan.code).toBe(0);
  });

  it('an unknown name is one clear line with near misses, exit 1', async () => {
    const run = await runCli(['export', '--project', 'platfrom'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe('tfe-access export: project "platfrom" in organization "globex": not found, or the token may not see it. Did you mean "platform"?\n');
    const two = await runCli(['export', '--project', 'nope', '--workspace', 'net-prd'], { env: world.env, cwd: world.dir });
    expect(two.code).toBe(1);
    expect(two.err).toContain('2 names were not found');
    expect(two.err).toContain('workspace "net-prd" in organization "globex": not found, or the token may not see it. Did you mean "net-prod"?');
  });

  it('without an organization, exit 1 naming both ways to give one', async () => {
    const run = await runCli(['export', '--all'], { env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: world.emulator.url }, cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.err).toBe('tfe-access export: which organization? Pass --organization ORG or set TFE_ORGANIZATION.\n');
  });

  it('a rejected token: exit 1, one line, no stack, never the token', async () => {
    const run = await runCli(['export', '--all'], { env: { ...world.env, TFE_TOKEN: 'canary-token-4711' }, cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err.trimEnd().split('\n')).toHaveLength(1);
    expect(run.err).toContain('token was rejected');
    expect(run.err).not.toContain('canary-token-4711');
  });

  it('refuses contradictory or missing selections and a split without a directory', async () => {
    const cases: [string[], string][] = [
      [['export'], 'what to export? Pass --project NAME, --workspace NAME (repeatable), --all or --teams.'],
      [['export', '--all', '--project', 'platform'], '--all exports everything; leave out --project and --workspace, or --all.'],
      [['export', '--all', '--split-by', 'project'], '--split-by project writes several files: name their directory with --out DIR.'],
      [['export', '--all', '--split-by', 'team', '--out', 'x'], '--split-by must be one of project, got "team".'],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { env: world.env, cwd: world.dir });
      expect(run.code).toBe(1);
      expect(run.err).toBe(`tfe-access export: ${message}\n`);
    }
  });

  it('--out creates missing directories', async () => {
    const run = await runCli(['export', '--project', 'platform', '--out', 'new/deeper/platform.yaml'], { env: world.env, cwd: world.dir });
    expect(run.code, run.err).toBe(0);
    expect(parse(readFileSync(join(world.dir, 'new', 'deeper', 'platform.yaml'), 'utf8'))).toMatchObject({
      organization: 'globex',
      projects: { platform: {} },
    });
  });

  it('--out naming a directory without --split-by is refused, nothing written', async () => {
    const run = await runCli(['export', '--all', '--out', 'split'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(1);
    expect(run.err).toContain('is a directory');
    expect(readdirSync(join(world.dir, 'split')).sort()).toEqual(['Data-Lake.yaml', 'platform.yaml']);
  });
});
