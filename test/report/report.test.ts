// tfe-access report end to end: the seeded emulator over real HTTP, the CLI in-process. The JSON
// report is checked cell by cell against an expectation written by hand from docs/api.md (not
// computed by the code under test); CSV and text are checked against the same data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { reportSchema } from '../../src/render/schemas/report-schema.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

// The rows of docs/api.md, "Seed: access levels" and "Implied permission values per fixed level".
const P = {
  read: {
    'project-access': { settings: 'read', teams: 'none' },
    'workspace-access': {
      runs: 'read',
      'sentinel-mocks': 'none',
      'state-versions': 'read',
      variables: 'read',
      create: false,
      locking: false,
      delete: false,
      move: false,
      'run-tasks': false,
    },
  },
  write: {
    'project-access': { settings: 'read', teams: 'none' },
    'workspace-access': {
      runs: 'apply',
      'sentinel-mocks': 'read',
      'state-versions': 'write',
      variables: 'write',
      create: false,
      locking: true,
      delete: false,
      move: false,
      'run-tasks': false,
    },
  },
  maintain: {
    'project-access': { settings: 'read', teams: 'none' },
    'workspace-access': {
      runs: 'apply',
      'sentinel-mocks': 'read',
      'state-versions': 'write',
      variables: 'write',
      create: true,
      locking: true,
      delete: true,
      move: false,
      'run-tasks': true,
    },
  },
  admin: {
    'project-access': { settings: 'delete', teams: 'manage' },
    'workspace-access': {
      runs: 'apply',
      'sentinel-mocks': 'read',
      'state-versions': 'write',
      variables: 'write',
      create: true,
      locking: true,
      delete: true,
      move: true,
      'run-tasks': true,
    },
  },
};
const W = {
  read: { runs: 'read', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
  // policy-overrides: the one value the sources give a fixed level for a newer permission (docs/api.md, "Newer permissions").
  write: {
    runs: 'apply',
    variables: 'write',
    'state-versions': 'write',
    'sentinel-mocks': 'read',
    'workspace-locking': true,
    'run-tasks': false,
    'policy-overrides': false,
  },
  admin: { runs: 'apply', variables: 'write', 'state-versions': 'write', 'sentinel-mocks': 'read', 'workspace-locking': true, 'run-tasks': true },
};
// docs/evidence.md, "Correct cells": organization-wide sources are marked, moot grants say what shadows them.
const OWNERS = { kind: 'owners', organization_wide: true };
const org = (permission: string) => ({ kind: 'organization', permission, organization_wide: true });
const plain = ({ organization_wide: _wide, ...source }: Record<string, unknown>) => source;
const shadowed = (grant: Record<string, unknown>, ...by: Record<string, unknown>[]) => ({ ...grant, shadowed_by: by.map(plain) });
const prj = (name: string, access: string) => ({ kind: 'project', name, id: `prj-${name}`, access });
const ws = (access: string) => ({ kind: 'workspace', access });

type Expected = Record<string, Record<string, { access: string; permissions: unknown; sources: unknown[] }>>;

const EXPECTED_PROJECTS: Expected = {
  data: {
    auditors: {
      access: 'custom',
      permissions: {
        'project-access': { settings: 'read', teams: 'read' },
        'workspace-access': {
          runs: 'plan',
          'sentinel-mocks': 'none',
          'state-versions': 'read-outputs',
          variables: 'none',
          create: false,
          locking: false,
          delete: false,
          move: false,
          'run-tasks': false,
        },
      },
      sources: [prj('data', 'custom')],
    },
    owners: { access: 'admin', permissions: P.admin, sources: [OWNERS] },
    sre: { access: 'admin', permissions: P.admin, sources: [org('manage-projects')] },
    vault: { access: 'maintain', permissions: P.maintain, sources: [prj('data', 'maintain')] },
    viewers: { access: 'read', permissions: P.read, sources: [org('read-projects')] },
  },
  'Default Project': {
    owners: { access: 'admin', permissions: P.admin, sources: [OWNERS] },
    sre: { access: 'admin', permissions: P.admin, sources: [org('manage-projects')] },
    viewers: { access: 'read', permissions: P.read, sources: [org('read-projects')] },
  },
  platform: {
    developers: { access: 'write', permissions: P.write, sources: [prj('platform', 'write')] },
    owners: { access: 'admin', permissions: P.admin, sources: [OWNERS] },
    sre: { access: 'admin', permissions: P.admin, sources: [org('manage-projects'), shadowed(prj('platform', 'read'), org('manage-projects'))] },
    viewers: { access: 'read', permissions: P.read, sources: [org('read-projects')] },
  },
};

// Teams every workspace has: owners, sre (manage-projects and manage-workspaces), ops
// (manage-workspaces), viewers (read-projects and read-workspaces), auditors (read-workspaces).
const EVERY_WORKSPACE = {
  owners: { access: 'admin', permissions: W.admin, sources: [OWNERS] },
  sre: { access: 'admin', permissions: W.admin, sources: [org('manage-projects'), org('manage-workspaces')] },
  ops: { access: 'admin', permissions: W.admin, sources: [org('manage-workspaces')] },
  viewers: { access: 'read', permissions: W.read, sources: [org('read-projects'), org('read-workspaces')] },
  auditors: { access: 'read', permissions: W.read, sources: [org('read-workspaces')] },
};
const EXPECTED_WORKSPACES: Expected = {
  lake: {
    ...EVERY_WORKSPACE,
    // read-workspaces (read) and the custom project grant (runs: plan): the maximum is the plan row.
    auditors: { access: 'plan', permissions: { ...W.read, runs: 'plan' }, sources: [org('read-workspaces'), prj('data', 'custom')] },
    ops: { access: 'admin', permissions: W.admin, sources: [org('manage-workspaces'), shadowed(ws('read'), org('manage-workspaces'))] },
    vault: { access: 'admin', permissions: W.admin, sources: [prj('data', 'maintain')] },
  },
  'networking-dev': {
    ...EVERY_WORKSPACE,
    sre: {
      access: 'admin',
      permissions: W.admin,
      sources: [org('manage-projects'), org('manage-workspaces'), shadowed(prj('platform', 'read'), org('manage-projects'), org('manage-workspaces'))],
    },
    developers: { access: 'write', permissions: W.write, sources: [prj('platform', 'write')] },
  },
  'networking-prod': {
    ...EVERY_WORKSPACE,
    sre: {
      access: 'admin',
      permissions: W.admin,
      sources: [org('manage-projects'), org('manage-workspaces'), shadowed(prj('platform', 'read'), org('manage-projects'), org('manage-workspaces'))],
    },
    developers: { access: 'write', permissions: W.write, sources: [prj('platform', 'write'), shadowed(ws('plan'), prj('platform', 'write'))] },
    vault: { access: 'admin', permissions: W.admin, sources: [ws('admin')] },
  },
  sandbox: {
    ...EVERY_WORKSPACE,
    developers: {
      access: 'custom',
      permissions: { runs: 'apply', variables: 'none', 'state-versions': 'none', 'sentinel-mocks': 'none', 'workspace-locking': true, 'run-tasks': false },
      sources: [ws('custom')],
    },
  },
};

interface TargetDocument {
  name: string;
  id: string;
  project?: { name: string } | null;
  teams: { name: string; access: string; permissions: unknown; sources: unknown[] }[];
}

/** The document's targets in the expectation's shape: target name -> team name -> cell. */
function cellsOf(targets: TargetDocument[]): Expected {
  return Object.fromEntries(
    targets.map((t) => [t.name, Object.fromEntries(t.teams.map((c) => [c.name, { access: c.access, permissions: c.permissions, sources: c.sources }]))]),
  );
}

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-report-', env: { TFE_ORGANIZATION: 'acme' }, per: 'file' });

async function jsonReport(args: string[] = []): Promise<{ projects: TargetDocument[]; workspaces: TargetDocument[] } & Record<string, unknown>> {
  const run = await runCli(['report', '--no-indirect', '--format', 'json', ...args], { env: world.env, cwd: world.dir });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.out);
}

// Each run with --no-indirect: these are the grants' cells and coverage, as before the edges were read by default (the seed profile has none of their lists: test/report/indirect-e2e.test.ts).
describe('tfe-access report against an organization with every kind of source', () => {
  it('json: valid against schemas/report.schema.json, and every cell as written by hand', async () => {
    const document = await jsonReport();
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(reportSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document).toMatchObject({ format_version: 1, organization: 'acme', state: 'live', violations: [] });
    expect(cellsOf(document.projects)).toEqual(EXPECTED_PROJECTS);
    expect(cellsOf(document.workspaces)).toEqual(EXPECTED_WORKSPACES);
    expect(document.workspaces.map((w) => [w.name, w.project?.name])).toEqual([
      ['lake', 'data'],
      ['networking-dev', 'platform'],
      ['networking-prod', 'platform'],
      ['sandbox', 'Default Project'],
    ]);
  });

  it('csv: one row per (team, target) of the same data, a column per permission, the sources in one column', async () => {
    const run = await runCli(['report', '--no-indirect', '--format', 'csv'], { env: world.env, cwd: world.dir });
    expect(run.code).toBe(0);
    const lines = run.out.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(
      'team,team_id,target_type,target,target_id,project,access,access_short,runs,variables,state-versions,sentinel-mocks,workspace-locking,run-tasks,policy-overrides,settings,team-access,variable-sets,create-workspaces,delete-workspaces,move-workspaces,organization_access,sources,violations,complete,scope',
    );
    const cells = Object.values(EXPECTED_PROJECTS)
      .concat(Object.values(EXPECTED_WORKSPACES))
      .reduce((n, teams) => n + Object.keys(teams).length, 0);
    // First, one row per team the token sees (the seed's and the owners team): its organization powers.
    const teams = (SEED.organizations[0]?.teams ?? []).length + 1;
    expect(lines).toHaveLength(1 + teams + cells);
    expect(lines.slice(1, 1 + teams).every((l) => /^[a-z]+,team-[^,]+,organization,acme,,,,/.test(l))).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(/^vault,team-vault,organization,acme,,,,,,,,,,,,,,,,,,manage-policies=false; .*,"organization access, secret team",,true,$/),
    );
    expect(lines).toContain(
      'developers,team-dev,workspace,networking-prod,ws-netprod,platform,write,write,apply,write,write,read,true,false,false,,,,,,,,"project platform: write, workspace grant: plan [moot: shadowed by project platform: write]",,true,',
    );
    expect(lines).toContain(
      'vault,team-vault,project,data,prj-data,data,maintain,maintain,apply,write,write,read,true,true,,read,none,,true,true,false,,project grant: maintain,,true,',
    );
  });

  it('text: grouped by target; with --team, by team', async () => {
    const byTarget = await runCli(['report', '--no-indirect'], { env: world.env, cwd: world.dir });
    expect(byTarget.out).toContain('workspace networking-prod (ws-netprod) in project platform\n');
    expect(byTarget.out).toMatch(/^ {2}developers +write +project platform: write, workspace grant: plan \[moot: shadowed by project platform: write\]$/m);
    expect(byTarget.out).toMatch(/^ {2}auditors +plan +organization read-workspaces \[organization-wide\], project data: custom$/m);
    const byTeam = await runCli(['report', '--no-indirect', '--team', 'developers'], { env: world.env, cwd: world.dir });
    expect(byTeam.out.split('\n')[1]).toBe('Filtered: team developers; the rest of the organization is not shown.');
    expect(byTeam.out.split('\n').slice(3, 8)).toEqual([
      'team developers (team-dev)',
      '  project platform           write                project grant: write',
      '  workspace networking-dev   write                project platform: write',
      '  workspace networking-prod  write                project platform: write, workspace grant: plan [moot: shadowed by project platform: write]',
      '  workspace sandbox          custom: apply, lock  workspace grant: custom',
    ]);
  });

  it('--project and --workspace narrow the targets, --team the teams; --out writes the file', async () => {
    const run = await runCli(
      [
        'report',
        '--no-indirect',
        '--format',
        'json',
        '--project',
        'data',
        '--workspace',
        'sandbox',
        '--team',
        'vault',
        '--team',
        'developers',
        '--out',
        'r.json',
      ],
      { env: world.env, cwd: world.dir },
    );
    expect(run).toMatchObject({ code: 0, out: '', err: 'report: wrote the json report of "acme" to r.json.\n' });
    const written = JSON.parse(readFileSync(join(world.dir, 'r.json'), 'utf8')) as { projects: TargetDocument[]; workspaces: TargetDocument[] };
    expect(cellsOf(written.projects)).toEqual({ data: { vault: EXPECTED_PROJECTS.data!.vault } });
    expect(cellsOf(written.workspaces)).toEqual({
      lake: { vault: EXPECTED_WORKSPACES.lake!.vault },
      sandbox: { developers: EXPECTED_WORKSPACES.sandbox!.developers },
    });
  });

  it('bad input is one line and exit 1: an unknown name (with a near miss), --after without files, no organization', async () => {
    const unknown = await runCli(['report', '--no-indirect', '--team', 'develpers'], { env: world.env, cwd: world.dir });
    expect(unknown.code).toBe(1);
    expect(unknown.err.trim()).toMatch(
      /^tfe-access report: team "develpers" in organization "acme": not found, or the token may not see it\. Did you mean "developers"\?$/,
    );
    const after = await runCli(['report', '--no-indirect', '--after'], { env: world.env, cwd: world.dir });
    expect(after.code).toBe(1);
    expect(after.err.trim().split('\n')).toHaveLength(1);
    expect(after.err).toContain('--after');
    const { TFE_ORGANIZATION: _none, ...without } = world.env;
    const nowhere = await runCli(['report', '--no-indirect'], { env: without, cwd: world.dir });
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toContain('which organization?');
  });
});
