// The authorization matrix (seed, "Authentication"): {admin token, organization token, target-admin
// team token, plain team token, secret-team non-member, no token} x {list, show, add, update, remove}
// on both resource types, each cell asserting the status the seed prescribes. Each cell runs on a
// fresh emulator so that no cell sees another's changes.
import { describe, expect, it } from 'vitest';
import { ADMIN, client, projectGrantBody, withEmulator, workspaceGrantBody } from './helpers.js';

type Op = 'list' | 'show' | 'add' | 'update' | 'remove';
type Row = 'admin token' | 'organization token' | 'target-admin team token' | 'plain team token' | 'secret-team non-member' | 'no token';

interface Kind {
  resource: 'team-projects' | 'team-workspaces';
  list: string;
  secretGrant: string;
  ownGrant: string;
  addBody: unknown;
  update: unknown;
  tokens: Record<Row, string | null>;
}

const KINDS: Kind[] = [
  {
    resource: 'team-projects',
    list: '/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform',
    secretGrant: 'tprj-vault',
    ownGrant: 'tprj-dev',
    addBody: projectGrantBody('prj-platform', 'team-sre', { access: 'read' }),
    update: { data: { attributes: { access: 'write' } } },
    // Project admin: a team with the `admin` project grant (seed, Authentication 3).
    tokens: {
      'admin token': ADMIN,
      'organization token': 'acme-org-token',
      'target-admin team token': 'padmin-token',
      'plain team token': 'dev-token',
      'secret-team non-member': 'obs-token',
      'no token': null,
    },
  },
  {
    resource: 'team-workspaces',
    list: '/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone',
    secretGrant: 'tws-vault',
    ownGrant: 'tws-dev',
    addBody: workspaceGrantBody('ws-alone', 'team-padmin', { access: 'read' }),
    update: { data: { attributes: { access: 'plan' } } },
    // Workspace admin: a team with the `admin` workspace grant.
    tokens: {
      'admin token': ADMIN,
      'organization token': 'acme-org-token',
      'target-admin team token': 'sre-token',
      'plain team token': 'dev-token',
      'secret-team non-member': 'obs-token',
      'no token': null,
    },
  },
];

const ALLOWED: Record<Op, number> = { list: 200, show: 200, add: 200, update: 200, remove: 204 };
const EXPECTED: Record<Row, Record<Op, number>> = {
  'admin token': ALLOWED,
  'organization token': ALLOWED,
  'target-admin team token': ALLOWED,
  // Seed, Authentication 2: a member views its own team's access; changes are 404 (Authentication 5).
  'plain team token': { list: 200, show: 200, add: 404, update: 404, remove: 404 },
  // Secret teams are invisible to non-members: the secret team's grant is "not found".
  'secret-team non-member': { list: 200, show: 404, add: 404, update: 404, remove: 404 },
  'no token': { list: 401, show: 401, add: 401, update: 401, remove: 401 },
};
const SEES_SECRET: Record<Row, boolean> = {
  'admin token': true,
  'organization token': true,
  'target-admin team token': true,
  'plain team token': false,
  'secret-team non-member': false,
  'no token': false,
};

/** The grant a row acts on: a plain team token acts on its own grant, the others on the secret team's. */
function subject(kind: Kind, row: Row): string {
  return row === 'plain team token' ? kind.ownGrant : kind.secretGrant;
}

async function perform(kind: Kind, row: Row, op: Op): Promise<{ status: number; body: any }> {
  const emu = await withEmulator();
  try {
    const api = client(emu, kind.tokens[row]);
    const path = `/${kind.resource}/${subject(kind, row)}`;
    switch (op) {
      case 'list':
        return await api.get(kind.list);
      case 'show':
        return await api.get(path);
      case 'add':
        return await api.post(`/${kind.resource}`, kind.addBody);
      case 'update':
        return await api.patch(path, kind.update);
      case 'remove':
        return await api.del(path);
    }
  } finally {
    await emu.stop();
  }
}

const ROWS = Object.keys(EXPECTED) as Row[];
const OPS: Op[] = ['list', 'show', 'add', 'update', 'remove'];

for (const kind of KINDS) {
  describe(`authorization matrix: ${kind.resource}`, () => {
    for (const row of ROWS) {
      for (const op of OPS) {
        it(`${row} x ${op} -> ${EXPECTED[row][op]}`, async () => {
          const reply = await perform(kind, row, op);
          expect(reply.status).toBe(EXPECTED[row][op]);
          if (op === 'list' && reply.status === 200) {
            const ids: string[] = reply.body.data.map((g: any) => g.id);
            expect(ids.includes(kind.secretGrant)).toBe(SEES_SECRET[row]);
            expect(ids).toContain(kind.ownGrant);
          }
        });
      }
    }
  });
}

describe('authorization beyond the matrix', () => {
  it('the owners team token acts as an owner (seed, Authentication 4)', async () => {
    const emu = await withEmulator();
    const api = client(emu, 'owners-token');
    expect((await api.get('/team-projects/tprj-vault')).status).toBe(200);
    expect((await api.del('/team-workspaces/tws-vault')).status).toBe(204);
    await emu.stop();
  });

  it("project admin gives the admin workspace role on the project's workspaces; maintain too", async () => {
    const emu = await withEmulator();
    const admin = client(emu, 'padmin-token');
    expect((await admin.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'write' }))).status).toBe(200);
    expect((await admin.post('/team-workspaces', workspaceGrantBody('ws-alone', 'team-mgr', { access: 'write' }))).status).toBe(404);
    await client(emu).patch('/team-projects/tprj-dev', { data: { attributes: { access: 'maintain' } } });
    expect((await client(emu, 'dev-token').post('/team-workspaces', workspaceGrantBody('ws-net', 'team-obs', { access: 'read' }))).status).toBe(200);
    await emu.stop();
  });

  it('custom project-access.teams "manage" manages the project\'s team access; organization manage-projects does everywhere', async () => {
    const emu = await withEmulator();
    await client(emu).patch('/team-projects/tprj-obs', { data: { attributes: { access: 'custom', 'project-access': { teams: 'manage' } } } });
    expect((await client(emu, 'obs-token').get('/team-projects/tprj-vault')).status).toBe(200);
    expect((await client(emu, 'obs-token').del('/team-projects/tprj-dev')).status).toBe(204);
    const manager = client(emu, 'mgr-token');
    expect((await manager.post('/team-projects', projectGrantBody('prj-other', 'team-dev', { access: 'read' }))).status).toBe(200);
    expect((await manager.get('/team-workspaces/tws-vault')).status).toBe(200);
    await emu.stop();
  });

  it('a team token sees non-secret teams and its own secret team, never another organization', async () => {
    const emu = await withEmulator();
    const vault = client(emu, 'vault-token');
    expect((await vault.get('/teams/team-vault')).status).toBe(200);
    expect((await client(emu, 'dev-token').get('/teams/team-vault')).status).toBe(404);
    const names = (await client(emu, 'dev-token').get('/organizations/acme/teams')).body.data.map((t: any) => t.attributes.name);
    expect(names).not.toContain('vault');
    expect(names).toContain('developers');
    expect((await client(emu, 'globex-org-token').get('/team-projects/tprj-dev')).status).toBe(404);
    expect((await client(emu, 'globex-org-token').get('/organizations/acme/teams')).status).toBe(404);
    await emu.stop();
  });

  it('the secret team itself sees its grants (seed, Authentication 2)', async () => {
    const emu = await withEmulator();
    const vault = client(emu, 'vault-token');
    expect((await vault.get('/team-projects/tprj-vault')).status).toBe(200);
    const list = await vault.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone');
    expect(list.body.data.map((g: any) => g.id)).toContain('tws-vault');
    await emu.stop();
  });
});
