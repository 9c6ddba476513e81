// Seed files: the documented format loads; every mistake is one clear error line naming its place.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/emulator/seed-file.js';
import { startEmulator } from '../../src/emulator/start.js';
import { CLIError } from '../../src/errors.js';
import { client, seedError } from './helpers.js';

const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/seed.yaml');
const dir = mkdtempSync(join(tmpdir(), 'tfe-access-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('seed files', () => {
  it('the documented example loads and serves its organizations, tokens and grants', async () => {
    const emu = await startEmulator({ seed: loadSeedFile(FIXTURE), rateLimit: 0 });
    try {
      const dev = client(emu, 'dev-token');
      const grants = await client(emu, 'owners-token').get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform');
      expect(grants.body.data[0].attributes).toMatchObject({ access: 'custom', 'workspace-access': { runs: 'apply', variables: 'none' } });
      expect((await client(emu, 'sre-token').get('/team-projects/tprj-sre-data')).body.data.attributes.access).toBe('maintain');
      const sandbox = (await client(emu).get('/organizations/acme/workspaces/sandbox')).body.data.id;
      const ws = await dev.get(`/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=${sandbox}`);
      expect(ws.body.data[0].attributes).toMatchObject({ access: 'custom', runs: 'plan', 'workspace-locking': true });
      expect((await client(emu, 'acme-org-token').get('/teams/team-owners')).body.data.attributes.name).toBe('owners');
    } finally {
      await emu.stop();
    }
  });

  it("the documented example's team settings: SSO id, token management, a SCIM-linked team", async () => {
    const emu = await startEmulator({ seed: loadSeedFile(FIXTURE), rateLimit: 0 });
    try {
      const teams = (await client(emu).get('/organizations/acme/teams')).body.data;
      const developers = teams.find((t: any) => t.attributes.name === 'developers').attributes;
      expect(developers).toMatchObject({ 'sso-team-id': 'grp-developers', 'allow-member-token-management': false, 'scim-linked': false });
      expect((await client(emu).get('/teams/team-eng')).body.data.attributes).toMatchObject({ 'scim-linked': true, 'scim-group-name': 'Engineering' });
      expect((await client(emu).del('/teams/team-eng')).status).toBe(404);
    } finally {
      await emu.stop();
    }
  });

  it('listing the owners team and the Default Project pins their ids', async () => {
    const seed = { organizations: [{ name: 'a', teams: [{ name: 'owners', id: 'team-own' }], projects: [{ name: 'Default Project', id: 'prj-default' }] }] };
    const emu = await startEmulator({ seed, rateLimit: 0 });
    try {
      expect((await client(emu).get('/teams/team-own')).body.data.attributes.name).toBe('owners');
      expect((await client(emu).get('/projects/prj-default')).body.data.attributes.name).toBe('Default Project');
      expect((await client(emu).get('/organizations/a/projects')).body.data).toHaveLength(1);
    } finally {
      await emu.stop();
    }
  });

  it('JSON is read as well as YAML', () => {
    const path = file('seed.json', JSON.stringify({ organizations: [{ name: 'j' }] }));
    expect(loadSeedFile(path)).toEqual({ organizations: [{ name: 'j' }] });
  });

  it('a missing file, bad YAML and a wrong shape are one-line errors naming the file', () => {
    expect(() => loadSeedFile(join(dir, 'nope.yaml'))).toThrow(/cannot read seed file .*nope\.yaml/);
    expect(() => loadSeedFile(file('bad.yaml', 'organizations: [\n'))).toThrow(/is not valid YAML or JSON/);
    const shape = file('shape.yaml', 'organizations:\n  - name: a\n    colour: blue\n');
    expect(() => loadSeedFile(shape)).toThrow(`${shape}: seed: organizations[0]: unknown key "colour"`);
    for (const path of [join(dir, 'nope.yaml'), shape]) {
      try {
        loadSeedFile(path);
      } catch (error: unknown) {
        expect(error).toBeInstanceOf(CLIError);
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });

  const BAD: [string, unknown, string][] = [
    [
      'unknown team in a grant',
      { organizations: [{ name: 'a', projects: [{ name: 'p' }], 'team-projects': [{ team: 'ghost', project: 'p', access: 'read' }] }] },
      'organizations[0].team-projects[0]: unknown team "ghost"',
    ],
    [
      'unknown project of a workspace',
      { organizations: [{ name: 'a', workspaces: [{ name: 'w', project: 'nope' }] }] },
      'organizations[0].workspaces[0]: unknown project "nope"',
    ],
    [
      'unknown level',
      {
        organizations: [
          { name: 'a', teams: [{ name: 't' }], workspaces: [{ name: 'w' }], 'team-workspaces': [{ team: 't', workspace: 'w', access: 'maintain' }] },
        ],
      },
      'Access is not included in the list',
    ],
    [
      'permission with a fixed level',
      {
        organizations: [
          { name: 'a', teams: [{ name: 't' }], workspaces: [{ name: 'w' }], 'team-workspaces': [{ team: 't', workspace: 'w', access: 'read', runs: 'apply' }] },
        ],
      },
      "Runs is read-only when access level is 'read'",
    ],
    [
      'two grants of one team on one target',
      {
        organizations: [
          {
            name: 'a',
            teams: [{ name: 't' }],
            'team-projects': [
              { team: 't', project: 'Default Project', access: 'read' },
              { team: 't', project: 'Default Project', access: 'write' },
            ],
          },
        ],
      },
      'already has access there',
    ],
    [
      'a duplicated id',
      { organizations: [{ name: 'a', teams: [{ name: 't', id: 'prj-1' }], projects: [{ name: 'p', id: 'prj-1' }] }] },
      'id "prj-1" is used twice',
    ],
    [
      'a workspace id the service would not issue',
      { organizations: [{ name: 'a', workspaces: [{ name: 'w', id: 'ws-networking-prod' }] }] },
      'organizations[0].workspaces[0]: id "ws-networking-prod" is not a workspace id the service would issue: "ws-" and then letters and digits only',
    ],
    [
      'a project id of another kind',
      { organizations: [{ name: 'a', projects: [{ name: 'p', id: 'ws-1' }] }] },
      'organizations[0].projects[0]: id "ws-1" is not a project id',
    ],
    [
      'a bad visibility',
      { organizations: [{ name: 'a', teams: [{ name: 't', visibility: 'public' }] }] },
      'organizations[0].teams[0]: Visibility is not included in the list',
    ],
    ['a duplicated organization', { organizations: [{ name: 'a' }, { name: 'a' }] }, 'organizations[1]: organization "a" is listed twice'],
    ['no organizations list', { orgs: [] }, 'document: unknown key "orgs"'],
    [
      'a token used twice',
      { organizations: [{ name: 'a', token: 't', teams: [{ name: 'x', tokens: ['t'] }] }] },
      'organizations[0].teams[0].tokens[0]: this token is already used',
    ],
    ['the admin token reused', { organizations: [{ name: 'a', token: 'tfe-access-emulator-admin' }] }, 'organizations[0].token: this token is already used'],
  ];
  it.each(BAD)('refuses %s', async (_name, seed, message) => {
    const error = await seedError(seed);
    expect(error).toContain(message);
    expect(error).toMatch(/^seed: /);
  });
});
