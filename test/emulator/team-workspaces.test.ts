// Every team-workspaces operation of the seed: success and each documented error status.
import { describe, expect, it } from 'vitest';
import { useEmulator, workspaceGrantBody } from './helpers.js';

const t = useEmulator();

const LIST = '/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=';

describe('team-workspaces: list', () => {
  it('200 with every grant of the workspace', async () => {
    const r = await t.api.get(`${LIST}ws-alone`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((g: any) => g.id)).toEqual(['tws-sre', 'tws-dev', 'tws-obs', 'tws-vault']);
  });

  it('404 for an unknown workspace and without the required filter', async () => {
    expect((await t.api.get(`${LIST}ws-nope`)).status).toBe(404);
    expect((await t.api.get('/team-workspaces')).status).toBe(404);
  });
});

describe('team-workspaces: show', () => {
  it("200 with the write level reporting the seed's values", async () => {
    const r = await t.api.get('/team-workspaces/tws-vault');
    expect(r.status).toBe(200);
    // Seed: "For write the reported values are: runs apply, variables write, state-versions write,
    // sentinel-mocks read, workspace-locking true, run-tasks false."
    expect(r.body.data.attributes).toEqual({
      access: 'write',
      runs: 'apply',
      variables: 'write',
      'state-versions': 'write',
      'sentinel-mocks': 'read',
      'workspace-locking': true,
      'run-tasks': false,
    });
  });

  it('404 for an unknown id and for a team-projects id', async () => {
    expect((await t.api.get('/team-workspaces/tws-nope')).status).toBe(404);
    expect((await t.api.get('/team-workspaces/tprj-dev')).status).toBe(404);
  });
});

describe('team-workspaces: add', () => {
  it('200 with the new grant; custom fills the defaults', async () => {
    const r = await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'custom', runs: 'plan' }));
    expect(r.status).toBe(200);
    expect(r.body.data.id).toMatch(/^tws-[A-Za-z0-9]{16}$/);
    expect(r.body.data.attributes).toEqual({
      access: 'custom',
      runs: 'plan',
      variables: 'none',
      'state-versions': 'none',
      'sentinel-mocks': 'none',
      'workspace-locking': false,
      'run-tasks': false,
    });
  });

  it('404 when the workspace or the team is unknown', async () => {
    expect((await t.api.post('/team-workspaces', workspaceGrantBody('ws-nope', 'team-sre', { access: 'read' }))).status).toBe(404);
    expect((await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-nope', { access: 'read' }))).status).toBe(404);
  });

  const malformed: [string, unknown, string][] = [
    ['missing data.type', { data: { attributes: { access: 'read' } } }, '/data/type'],
    ['missing access', workspaceGrantBody('ws-net', 'team-sre', {}), '/data/attributes/access'],
    ['a project level', workspaceGrantBody('ws-net', 'team-sre', { access: 'maintain' }), '/data/attributes/access'],
    ['unknown value', workspaceGrantBody('ws-net', 'team-sre', { access: 'custom', 'state-versions': 'all' }), '/data/attributes/state-versions'],
    ['string for a boolean', workspaceGrantBody('ws-net', 'team-sre', { access: 'custom', 'run-tasks': 'true' }), '/data/attributes/run-tasks'],
    [
      'wrong relationship type',
      {
        data: {
          type: 'team-workspaces',
          attributes: { access: 'read' },
          relationships: { workspace: { data: { type: 'projects', id: 'ws-net' } }, team: { data: { type: 'teams', id: 'team-sre' } } },
        },
      },
      '/data/relationships/workspace/data/type',
    ],
    [
      'missing workspace relationship',
      { data: { type: 'team-workspaces', attributes: { access: 'read' }, relationships: { team: { data: { type: 'teams', id: 'team-sre' } } } } },
      '/data/relationships/workspace',
    ],
  ];
  it.each(malformed)('422 with a JSON:API error object: %s', async (_name, body, pointer) => {
    const r = await t.api.post('/team-workspaces', body);
    expect(r.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({ status: '422', title: 'invalid attribute', source: { pointer } });
  });
});

describe('team-workspaces: update', () => {
  it('200; a partial update (only access and state-versions) keeps the other values', async () => {
    // Seed, "Update request body": "A partial update (for example only access and state-versions) is accepted."
    const r = await t.api.patch('/team-workspaces/tws-vault', { data: { attributes: { access: 'custom', 'state-versions': 'none' } } });
    expect(r.status).toBe(200);
    expect(r.body.data.attributes).toEqual({
      access: 'custom',
      runs: 'apply',
      variables: 'write',
      'state-versions': 'none',
      'sentinel-mocks': 'read',
      'workspace-locking': true,
      'run-tasks': false,
    });
  });

  it('404 for an unknown id', async () => {
    expect((await t.api.patch('/team-workspaces/tws-nope', { data: { attributes: { access: 'read' } } })).status).toBe(404);
  });

  it('422 for a malformed body', async () => {
    expect((await t.api.patch('/team-workspaces/tws-vault', { data: { attributes: { access: 'custom', runs: 'apply-all' } } })).status).toBe(422);
    expect((await t.api.patch('/team-workspaces/tws-vault', { data: { type: 'team-projects', attributes: { access: 'read' } } })).status).toBe(422);
    expect((await t.api.patch('/team-workspaces/tws-vault', 'text')).status).toBe(422);
  });
});

describe('team-workspaces: remove', () => {
  it('204 without a body, then 404', async () => {
    const r = await t.api.del('/team-workspaces/tws-obs');
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect((await t.api.get('/team-workspaces/tws-obs')).status).toBe(404);
    expect((await t.api.del('/team-workspaces/tws-obs')).status).toBe(404);
  });
});
