// Errors that say where (issue 19, item 2): a wrong `organization:` is one line at its place, with
// a did-you-mean when the token may list organizations, never the raw 404 of a teams URL; every
// name-resolution problem is sorted by file and line. The built CLI against the emulator, and the
// resolver with a token that may not list organizations.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/api/errors/remote-error.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import type { NameReader } from '../../src/lookup/names.js';
import { resolveFrom } from '../../src/pipeline/reads/names.js';
import { desired, OWNER_TOKEN, SEED, target } from '../live/seed.js';
import { runBuilt } from '../support/spawn.js';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-names-'));
  env = { TFE_TOKEN: OWNER_TOKEN, TFE_ADDRESS: emulator.url };
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a wrong organization', () => {
  it('is a FILE:LINE problem with a did-you-mean, not a 404 of a teams URL', async () => {
    await writeFile(join(dir, 'a.yaml'), 'organization: acm\nprojects:\n  platform:\n    teams:\n      developers: read\n');
    await writeFile(join(dir, 'b.yaml'), '# the workspaces\norganization: acm\nworkspaces:\n  standalone:\n    teams: {}\n');
    const run = await runBuilt(['plan', 'a.yaml', 'b.yaml'], { cwd: dir, env });
    expect(run).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access plan: a.yaml:1:15: organization "acm" not found (or not visible to this token). Did you mean "acme"?\n',
    });
  });

  it('regression: report and export --organization with a typo printed the raw 404 of a teams URL', async () => {
    for (const args of [
      ['report', '--organization', 'acm'],
      ['export', '--organization', 'acm', '--all'],
    ]) {
      const run = await runBuilt(args, { cwd: dir, env });
      expect(run).toEqual({
        code: 1,
        out: '',
        err: `tfe-access ${args[0]}: organization "acm" not found (or not visible to this token). Did you mean "acme"?\n`,
      });
    }
  });

  it('without a list of organizations to suggest from, says the same without a guess', async () => {
    const notFound = new RemoteError('GET', '/organizations/acm/teams?page[number]=1&page[size]=100', 404);
    const reader: NameReader = {
      listTeams: () => Promise.reject(notFound),
      showsOrganization: () => Promise.resolve(false),
      listProjects: () => Promise.reject(notFound),
      showWorkspace: () => Promise.resolve(undefined),
      showWorkspaceByName: () => Promise.resolve(undefined),
      firstWorkspacePage: () => Promise.reject(notFound),
      restOfWorkspaces: () => Promise.reject(notFound),
      listOrganizations: () => Promise.reject(new RemoteError('GET', '/organizations', 404)),
    };
    const state = { ...desired([target('project', 'platform', [])]), organization: 'acm', organizationSource: { file: 'a.yaml', line: 1, col: 15 } };
    await expect(resolveFrom(reader, state)).rejects.toThrow('a.yaml:1:15: organization "acm" not found (or not visible to this token).');
    const { listOrganizations: _none, ...withoutList } = reader;
    const message = await resolveFrom(withoutList, state).catch((error: unknown) => (error as Error).message);
    expect(message).toBe('a.yaml:1:15: organization "acm" not found (or not visible to this token).');
  });
});

describe('name-resolution problems', () => {
  it('are sorted by file, then line, whatever kind each is', async () => {
    await writeFile(join(dir, 'c.yaml'), 'organization: acme\nprojects:\n  platfrom:\n    teams: {}\n  platform:\n    teams:\n      develpers: read\n');
    await writeFile(join(dir, 'd.yaml'), 'organization: acme\nworkspaces:\n  standalone:\n    teams:\n      vaul: read\n');
    const run = await runBuilt(['plan', 'd.yaml', 'c.yaml'], { cwd: dir, env });
    expect(run.code).toBe(1);
    const lines = run.err.trimEnd().split('\n');
    expect(lines[0]).toBe('tfe-access plan: Name resolution: 3 problems in 2 files:');
    expect(lines.slice(1).map((line) => line.split(': ')[0])).toEqual(['  c.yaml:3:3', '  c.yaml:7:7', '  d.yaml:5:7']);
    expect(lines[1]).toContain('project "platfrom": not found, or the token may not see it. Did you mean "platform"?');
  });

  it('finding 9: come in one run whatever stage finds them: an entry, a set, a policy and a grant of a renamed team', async () => {
    const files = [
      'organization: acme',
      'teams:',
      '  developer-team:',
      '    previously: [developers]',
      'projects:',
      '  platfrom:',
      '    teams: {}',
      'workspace-sets:',
      '  prod:',
      '    match: { projects: [hiden] }',
      '    teams: { vault: read }',
      'policies:',
      '  - name: at most write',
      '    workspaces: { projects: [plaform] }',
      '    max-access: write',
      'workspaces:',
      '  standalone:',
      '    teams:',
      '      developers: read',
      '',
    ].join('\n');
    await writeFile(join(dir, 'all.yaml'), files);
    const run = await runBuilt(['plan', 'all.yaml'], { cwd: dir, env });
    expect(run.code).toBe(1);
    const lines = run.err.trimEnd().split('\n');
    expect(lines[0]).toBe('tfe-access plan: Name resolution: 4 problems in 1 file:');
    expect(lines.slice(1).map((line) => line.split(': ')[0])).toEqual(['  all.yaml:6:3', '  all.yaml:10:25', '  all.yaml:14:30', '  all.yaml:19:7']);
    expect(lines[2]).toContain('workspace set "prod": project "hiden"');
    expect(lines[3]).toContain('policy "at most write": project "plaform"');
    expect(lines[4]).toContain('team "developers" is renamed to "developer-team" by teams:');
  });
});
