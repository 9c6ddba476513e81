// Each quirk of the seed and of the real service (docs/api.md) that the emulator reproduces, one test naming it.
import { describe, expect, it } from 'vitest';
import { ADMIN, projectGrantBody, useEmulator, workspaceGrantBody } from './helpers.js';

const t = useEmulator();

describe('quirks of the seed and of the real service (docs/api.md)', () => {
  it('seed: create answers 200, not 201', async () => {
    expect((await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'read' }))).status).toBe(200);
    expect((await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'read' }))).status).toBe(200);
  });

  it('seed + samples: the team-projects create response lacks workspace-access.delete; show has it', async () => {
    const created = await t.api.post('/team-projects', projectGrantBody('prj-other', 'team-sre', { access: 'maintain' }));
    expect(created.body.data.attributes['workspace-access']).not.toHaveProperty('delete');
    const shown = await t.api.get(`/team-projects/${created.body.data.id}`);
    expect(shown.body.data.attributes['workspace-access'].delete).toBe(true);
  });

  it('docs/api.md: project-access and workspace-access are nested objects, team-workspaces attributes flat', async () => {
    const p = (await t.api.get('/team-projects/tprj-dev')).body.data.attributes;
    expect(Object.keys(p).sort()).toEqual(['access', 'project-access', 'workspace-access']);
    expect(p['project-access.settings']).toBeUndefined();
    const w = (await t.api.get('/team-workspaces/tws-dev')).body.data.attributes;
    expect(Object.values(w).every((v) => typeof v !== 'object')).toBe(true);
  });

  it('seed: the team-workspaces list is unpaginated (only data) without page[...], paginated with one', async () => {
    const plain = await t.api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone');
    expect(Object.keys(plain.body)).toEqual(['data']);
    const paged = await t.api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone&page%5Bsize%5D=3');
    expect(paged.body.data).toHaveLength(3);
    expect(paged.body.meta.pagination).toMatchObject({ 'total-count': 4, 'total-pages': 2, 'next-page': 2 });
    expect(Object.keys(paged.body.links).sort()).toEqual(['first', 'last', 'next', 'prev', 'self']);
  });

  it('seed: the team-projects list is always paginated, default page size 20, maximum 100', async () => {
    const ids = ['team-dev', 'team-obs', 'team-sre', 'team-vault', 'team-padmin', 'team-mgr', 'team-owners'];
    for (const id of ids) await t.api.post('/team-projects', projectGrantBody('prj-other', id, { access: 'read' }));
    const r = await t.api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-other&page%5Bsize%5D=500');
    expect(r.body.meta.pagination['page-size']).toBe(100);
    expect((await t.api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-other')).body.meta.pagination['page-size']).toBe(20);
  });

  it('seed: PATCH is partial and data.type is optional on update', async () => {
    const r = await t.api.patch('/team-workspaces/tws-dev', { data: { attributes: { access: 'plan' } } });
    expect(r.status).toBe(200);
    expect(r.body.data.attributes.runs).toBe('plan');
  });

  it('docs/api.md: moving between levels resets custom values (admin -> read -> custom)', async () => {
    await t.api.patch('/team-projects/tprj-vault', { data: { attributes: { access: 'admin' } } });
    await t.api.patch('/team-projects/tprj-vault', { data: { attributes: { access: 'read' } } });
    const r = await t.api.patch('/team-projects/tprj-vault', { data: { attributes: { access: 'custom' } } });
    expect(r.body.data.attributes['workspace-access']).toMatchObject({ runs: 'read', move: false, create: false });
    expect(r.body.data.attributes['project-access']).toEqual({ settings: 'read', teams: 'none' });
  });

  it('docs/api.md: plan-outputs is accepted on create and ignored; responses never carry it', async () => {
    const r = await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'custom', runs: 'apply', 'plan-outputs': 'none' }));
    expect(r.status).toBe(200);
    expect(r.body.data.attributes).not.toHaveProperty('plan-outputs');
  });

  it('docs/api.md: newer attributes (policy-overrides, variable-sets) are accepted and ignored', async () => {
    const r = await t.api.post(
      '/team-projects',
      projectGrantBody('prj-other', 'team-sre', {
        access: 'custom',
        'project-access': { 'variable-sets': 'read' },
        'workspace-access': { 'policy-overrides': true },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.attributes['project-access']).toEqual({ settings: 'read', teams: 'none' });
  });

  it('docs/api.md: the workspace relationship links.related is the by-name URL', async () => {
    const r = await t.api.get('/team-workspaces/tws-dev');
    expect(r.body.data.relationships.workspace).toEqual({
      data: { id: 'ws-alone', type: 'workspaces' },
      links: { related: '/api/v2/organizations/acme/workspaces/standalone' },
    });
    expect(r.body.data.links.self).toBe('/api/v2/team-workspaces/tws-dev');
  });

  it('docs/api.md: a permission attribute with a fixed level is a 422 "... is read-only when access level is ..."', async () => {
    const r = await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-sre', { access: 'read', runs: 'read' }));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      errors: [
        {
          status: '422',
          title: 'invalid attribute',
          detail: "Runs is read-only when access level is 'read'; use the 'custom' access level to set this attribute.",
          source: { pointer: '/data/attributes/runs' },
        },
      ],
    });
    const p = await t.api.patch('/team-projects/tprj-dev', { data: { attributes: { 'workspace-access': { 'state-versions': 'write' } } } });
    expect(p.status).toBe(422);
    expect(p.body.errors[0].detail).toBe("State versions is read-only when access level is 'read'; use the 'custom' access level to set this attribute.");
    expect(p.body.errors[0].source.pointer).toBe('/data/attributes/workspace-access/state-versions');
  });

  it('docs/api.md: adding a team that already has access there is a 422 "Team has already been taken"', async () => {
    for (const [path, body] of [
      ['/team-projects', projectGrantBody('prj-platform', 'team-dev', { access: 'write' })],
      ['/team-workspaces', workspaceGrantBody('ws-alone', 'team-dev', { access: 'write' })],
    ] as const) {
      const r = await t.api.post(path, body);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({
        errors: [{ status: '422', title: 'invalid attribute', detail: 'Team has already been taken', source: { pointer: '/data/attributes/team' } }],
      });
    }
  });

  it('seed, Authentication 5: not allowed answers exactly the 404 of a missing resource', async () => {
    const hidden = await t.api.get('/team-projects/tprj-vault', 'dev-token');
    const missing = await t.api.get('/team-projects/tprj-nope', 'dev-token');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual({ errors: [{ status: '404', title: 'not found' }] });
  });

  it('docs/api.md: 401 without a token and with a bad one', async () => {
    for (const token of [null, 'not-a-token']) {
      const r = await t.api.get('/team-projects/tprj-dev', token);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ errors: [{ status: '401', title: 'unauthorized' }] });
    }
  });

  it('docs/api.md: 415 when POST/PATCH/DELETE lack Content-Type application/vnd.api+json', async () => {
    const auth = { Authorization: `Bearer ${ADMIN}` };
    const body = JSON.stringify(projectGrantBody('prj-other', 'team-sre', { access: 'read' }));
    expect((await t.api.raw('/team-projects', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body })).status).toBe(415);
    expect((await t.api.raw('/team-projects/tprj-dev', { method: 'PATCH', headers: auth, body })).status).toBe(415);
    expect((await t.api.raw('/team-projects/tprj-dev', { method: 'DELETE', headers: auth })).status).toBe(415);
    expect((await t.api.get('/team-projects/tprj-dev')).status).toBe(200);
    const withCharset = await t.api.raw('/team-projects', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/vnd.api+json; charset=utf-8' },
      body,
    });
    expect(withCharset.status).toBe(200);
  });

  it('docs/api.md: rate limit per identity answers 429 with the real body (numeric status) and X-RateLimit headers', async () => {
    t.emu.setRateLimit(5);
    // Sent together so that a slow machine can't refill the bucket between them.
    const replies = await Promise.all(Array.from({ length: 12 }, () => t.api.get('/team-projects/tprj-dev')));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(limited[0]!.body).toEqual({ errors: [{ detail: "You have exceeded the API's rate limit.", status: 429, title: 'Too many requests' }] });
    expect(limited[0]!.headers.get('x-ratelimit-limit')).toBe('5');
    expect(Number(limited[0]!.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    expect(limited[0]!.headers.get('x-ratelimit-reset')).toMatch(/^\d+\.\d+$/);
    // Per identity: another caller is not limited by the first one's burst.
    expect((await t.api.get('/team-projects/tprj-dev', 'dev-token')).status).toBe(200);
    expect(t.emu.counters().rateLimited).toBe(limited.length);
  });

  it('docs/api.md: every organization has an owners team and a Default Project', async () => {
    await t.api.post('/organizations', { data: { type: 'organizations', attributes: { name: 'fresh', email: 'x@y.z' } } });
    const teams = await t.api.get('/organizations/fresh/teams');
    expect(teams.body.data.map((t: any) => t.attributes.name)).toEqual(['owners']);
    const projects = await t.api.get('/organizations/fresh/projects');
    expect(projects.body.data.map((p: any) => p.attributes.name)).toEqual(['Default Project']);
  });

  it('docs/api.md: projects filter[names] is case-insensitive; teams filter[names] and q filter by name', async () => {
    const projects = await t.api.get('/organizations/acme/projects?filter%5Bnames%5D=PLATFORM,Other');
    expect(projects.body.data.map((p: any) => p.attributes.name)).toEqual(['platform', 'other']);
    const teams = await t.api.get('/organizations/acme/teams?filter%5Bnames%5D=developers,sre');
    expect(teams.body.data.map((t: any) => t.attributes.name)).toEqual(['developers', 'sre']);
    const q = await t.api.get('/organizations/acme/teams?q=admin');
    expect(q.body.data.map((t: any) => t.attributes.name)).toEqual(['platform-admins']);
  });

  it('samples: "Name has already been taken" for a second team, project or workspace of the same name', async () => {
    const taken = {
      errors: [{ status: '422', title: 'invalid attribute', detail: 'Name has already been taken', source: { pointer: '/data/attributes/name' } }],
    };
    expect((await t.api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'sre' } } })).body).toEqual(taken);
    expect((await t.api.post('/organizations/acme/projects', { data: { type: 'projects', attributes: { name: 'Platform' } } })).body).toEqual(taken);
    expect((await t.api.post('/organizations/acme/workspaces', { data: { type: 'workspaces', attributes: { name: 'standalone' } } })).body).toEqual(taken);
  });

  it('seed, Limits: a project name is at most 40 characters', async () => {
    const ok = await t.api.post('/organizations/acme/projects', { data: { type: 'projects', attributes: { name: 'p'.repeat(40) } } });
    expect(ok.status).toBe(201);
    const tooLong = await t.api.post('/organizations/acme/projects', { data: { type: 'projects', attributes: { name: 'p'.repeat(41) } } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });
});
