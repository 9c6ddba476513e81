// Every team-projects operation of the seed: success and each documented error status.
import { describe, expect, it } from 'vitest';
import { projectGrantBody, useEmulator } from './helpers.js';

const t = useEmulator();

const LIST = '/team-projects?filter%5Bproject%5D%5Bid%5D=';

describe('team-projects: list', () => {
  it('200 with the grants of the project and the pagination envelope', async () => {
    const r = await t.api.get(`${LIST}prj-platform`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((g: any) => g.id)).toEqual(['tprj-padmin', 'tprj-dev', 'tprj-obs', 'tprj-vault']);
    expect(r.body.meta.pagination).toEqual({ 'current-page': 1, 'page-size': 20, 'prev-page': null, 'next-page': null, 'total-pages': 1, 'total-count': 4 });
    expect(r.body.links.self).toBe(`${t.emu.url}/api/v2/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform&page%5Bnumber%5D=1&page%5Bsize%5D=20`);
  });

  it('paginates with page[number] and page[size]; a page past the end is empty', async () => {
    const second = await t.api.get(`${LIST}prj-platform&page%5Bnumber%5D=2&page%5Bsize%5D=3`);
    expect(second.body.data.map((g: any) => g.id)).toEqual(['tprj-vault']);
    expect(second.body.meta.pagination).toMatchObject({ 'current-page': 2, 'prev-page': 1, 'next-page': null, 'total-pages': 2 });
    const past = await t.api.get(`${LIST}prj-platform&page%5Bnumber%5D=9`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
  });

  it('404 for an unknown project and without the required filter', async () => {
    expect((await t.api.get(`${LIST}prj-nope`)).status).toBe(404);
    const r = await t.api.get('/team-projects');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ errors: [{ status: '404', title: 'not found' }] });
  });
});

describe('team-projects: show', () => {
  it('200 with the grant; fixed levels report their implied values', async () => {
    const r = await t.api.get('/team-projects/tprj-padmin');
    expect(r.status).toBe(200);
    expect(r.body.data.attributes).toEqual({
      access: 'admin',
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
    });
  });

  it('404 for an unknown id and for a team-workspaces id', async () => {
    expect((await t.api.get('/team-projects/tprj-nope')).status).toBe(404);
    expect((await t.api.get('/team-projects/tws-sre')).status).toBe(404);
  });
});

describe('team-projects: add', () => {
  it('200 with the new grant (minimal body: type, access, both relationships)', async () => {
    const r = await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-dev', { access: 'write' }));
    expect(r.status).toBe(200);
    expect(r.body.data.id).toMatch(/^tprj-[A-Za-z0-9]{16}$/);
    expect(r.body.data.attributes.access).toBe('write');
    expect((await t.api.get(`/team-projects/${r.body.data.id}`)).status).toBe(200);
  });

  it('custom fills the custom defaults for attributes not sent', async () => {
    const r = await t.api.post(
      '/team-projects',
      projectGrantBody('prj-other', 'team-dev', { access: 'custom', 'workspace-access': { runs: 'apply', locking: true } }),
    );
    const show = await t.api.get(`/team-projects/${r.body.data.id}`);
    expect(show.body.data.attributes).toEqual({
      access: 'custom',
      'project-access': { settings: 'read', teams: 'none' },
      'workspace-access': {
        runs: 'apply',
        'sentinel-mocks': 'none',
        'state-versions': 'none',
        variables: 'none',
        create: false,
        locking: true,
        delete: false,
        move: false,
        'run-tasks': false,
      },
    });
  });

  it('404 when the project or the team is unknown, or the team is of another organization', async () => {
    expect((await t.api.post('/team-projects', projectGrantBody('prj-nope', 'team-dev', { access: 'read' }))).status).toBe(404);
    expect((await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-nope', { access: 'read' }))).status).toBe(404);
    expect((await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-globex-devs', { access: 'read' }))).status).toBe(404);
  });

  const malformed: [string, unknown, string][] = [
    ['no data', {}, '/data'],
    ['wrong data.type', { data: { type: 'team-workspaces', attributes: { access: 'read' } } }, '/data/type'],
    ['missing access', projectGrantBody('prj-other', 'team-dev', {}), '/data/attributes/access'],
    ['unknown level', projectGrantBody('prj-other', 'team-dev', { access: 'plan' }), '/data/attributes/access'],
    ['mistyped access', projectGrantBody('prj-other', 'team-dev', { access: 3 }), '/data/attributes/access'],
    [
      'unknown value',
      projectGrantBody('prj-other', 'team-dev', { access: 'custom', 'project-access': { settings: 'write' } }),
      '/data/attributes/project-access/settings',
    ],
    [
      'string for a boolean',
      projectGrantBody('prj-other', 'team-dev', { access: 'custom', 'workspace-access': { locking: 'yes' } }),
      '/data/attributes/workspace-access/locking',
    ],
    [
      'workspace-access not an object',
      projectGrantBody('prj-other', 'team-dev', { access: 'custom', 'workspace-access': 'all' }),
      '/data/attributes/workspace-access',
    ],
    ['missing relationships', { data: { type: 'team-projects', attributes: { access: 'read' } } }, '/data/relationships'],
    [
      'wrong relationship type',
      {
        data: {
          type: 'team-projects',
          attributes: { access: 'read' },
          relationships: { project: { data: { type: 'workspaces', id: 'prj-other' } }, team: { data: { type: 'teams', id: 'team-dev' } } },
        },
      },
      '/data/relationships/project/data/type',
    ],
    [
      'missing team id',
      {
        data: {
          type: 'team-projects',
          attributes: { access: 'read' },
          relationships: { project: { data: { type: 'projects', id: 'prj-other' } }, team: { data: { type: 'teams' } } },
        },
      },
      '/data/relationships/team/data/id',
    ],
  ];
  it.each(malformed)('422 with a JSON:API error object: %s', async (_name, body, pointer) => {
    const r = await t.api.post('/team-projects', body);
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({ status: '422', title: 'invalid attribute', source: { pointer } });
    expect(typeof r.body.errors[0].detail).toBe('string');
  });

  it('422 for a body that is not JSON', async () => {
    const r = await t.api.raw('/team-projects', {
      method: 'POST',
      headers: { Authorization: 'Bearer tfe-access-emulator-admin', 'Content-Type': 'application/vnd.api+json' },
      body: '{not json',
    });
    expect(r.status).toBe(422);
  });
});

describe('team-projects: update', () => {
  it('200 with the new values; PATCH is partial and data.type optional', async () => {
    const r = await t.api.patch('/team-projects/tprj-vault', { data: { attributes: { 'project-access': { teams: 'read' } } } });
    expect(r.status).toBe(200);
    expect(r.body.data.attributes['project-access']).toEqual({ settings: 'read', teams: 'read' });
    expect(r.body.data.attributes['workspace-access'].runs).toBe('plan');
  });

  it("moving to a fixed level reports that level's implied values, moving back to custom starts from them", async () => {
    await t.api.patch('/team-projects/tprj-vault', { data: { type: 'team-projects', attributes: { access: 'maintain' } } });
    const back = await t.api.patch('/team-projects/tprj-vault', {
      data: { id: 'tprj-vault', attributes: { access: 'custom', 'workspace-access': { move: true } } },
    });
    expect(back.body.data.attributes['workspace-access']).toMatchObject({ runs: 'apply', create: true, delete: true, move: true });
  });

  it('404 for an unknown id', async () => {
    expect((await t.api.patch('/team-projects/tprj-nope', { data: { attributes: { access: 'read' } } })).status).toBe(404);
  });

  it('422 for a malformed body: wrong type, mismatched id, no attributes, unknown level, bad value', async () => {
    const bodies = [
      { data: { type: 'teams', attributes: { access: 'read' } } },
      { data: { id: 'tprj-dev', attributes: { access: 'read' } } },
      { data: {} },
      { data: { attributes: { access: 'owner' } } },
      { data: { attributes: { access: 'custom', 'workspace-access': { runs: 'destroy' } } } },
    ];
    for (const body of bodies) expect((await t.api.patch('/team-projects/tprj-vault', body)).status).toBe(422);
  });
});

describe('team-projects: remove', () => {
  it('204 without a body, then the grant is gone', async () => {
    const r = await t.api.del('/team-projects/tprj-dev');
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect((await t.api.get('/team-projects/tprj-dev')).status).toBe(404);
    expect((await t.api.get(`${LIST}prj-platform`)).body.data).toHaveLength(3);
  });

  it('404 for an unknown id and for a second delete', async () => {
    expect((await t.api.del('/team-projects/tprj-nope')).status).toBe(404);
    await t.api.del('/team-projects/tprj-dev');
    expect((await t.api.del('/team-projects/tprj-dev')).status).toBe(404);
  });
});
