// The name-resolution and set-up endpoints of docs/api.md, "Name resolution": organizations, teams,
// projects, workspaces and tokens, with their filters, pagination and errors.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import { client, useEmulator } from './helpers.js';

const t = useEmulator();

const names = (reply: { body: any }): string[] => reply.body.data.map((r: any) => r.attributes.name);

describe('organizations', () => {
  it('the admin token creates one (201) and everyone in it can show it', async () => {
    const r = await t.api.post('/organizations', { data: { type: 'organizations', attributes: { name: 'initech', email: 'it@initech.test' } } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ id: 'initech', type: 'organizations', attributes: { name: 'initech', email: 'it@initech.test' } });
    expect((await t.api.get('/organizations/initech')).status).toBe(200);
    expect(names(await t.api.get('/organizations'))).toEqual(['acme', 'globex', 'initech']);
    expect(names(await t.api.get('/organizations', 'dev-token'))).toEqual(['acme']);
  });

  it('404 for anyone but the admin token, and for an unknown organization; 422 for a bad name', async () => {
    expect((await t.api.post('/organizations', { data: { type: 'organizations', attributes: { name: 'x' } } }, 'acme-org-token')).status).toBe(404);
    expect((await t.api.get('/organizations/nope')).status).toBe(404);
    expect((await t.api.get('/organizations/globex', 'dev-token')).status).toBe(404);
    expect((await t.api.post('/organizations', { data: { type: 'organizations', attributes: { name: 'has space' } } })).status).toBe(422);
    expect((await t.api.post('/organizations', { data: { type: 'organizations', attributes: {} } })).status).toBe(422);
    expect((await t.api.post('/organizations', { data: { type: 'organizations', attributes: { name: 'acme' } } })).status).toBe(422);
  });
});

describe('teams', () => {
  it('creates a team with visibility and organization access, then lists and shows it', async () => {
    const body = { data: { type: 'teams', attributes: { name: 'auditors', visibility: 'organization', 'organization-access': { 'read-workspaces': true } } } };
    const r = await t.api.post('/organizations/acme/teams', body, 'acme-org-token');
    expect(r.status).toBe(201);
    expect(r.body.data.id).toMatch(/^team-[A-Za-z0-9]{16}$/);
    expect(r.body.data.attributes['organization-access']['read-workspaces']).toBe(true);
    const shown = await t.api.get(`/teams/${r.body.data.id}`);
    expect(shown.body.data.attributes).toMatchObject({ name: 'auditors', visibility: 'organization' });
    expect(names(await t.api.get('/organizations/acme/teams?filter%5Bnames%5D=auditors'))).toEqual(['auditors']);
  });

  it('the real default visibility is secret', async () => {
    const r = await t.api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'quiet' } } });
    expect(r.body.data.attributes.visibility).toBe('secret');
  });

  it('lists are paginated', async () => {
    const r = await t.api.get('/organizations/acme/teams?page%5Bsize%5D=3&page%5Bnumber%5D=2');
    expect(names(r)).toEqual(['observers', 'vault', 'sre']);
    expect(r.body.meta.pagination).toMatchObject({ 'total-count': 7, 'total-pages': 3, 'current-page': 2 });
  });

  it('422 for a bad visibility or organization access; 404 for a non-owner and an unknown team', async () => {
    const bad = [
      { name: 't1', visibility: 'public' },
      { name: 't2', 'organization-access': { 'manage-everything': true } },
      { name: 't3', 'organization-access': { 'manage-projects': 'yes' } },
    ];
    for (const attributes of bad) expect((await t.api.post('/organizations/acme/teams', { data: { type: 'teams', attributes } })).status).toBe(422);
    expect((await t.api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'x' } } }, 'padmin-token')).status).toBe(404);
    expect((await t.api.get('/teams/team-nope')).status).toBe(404);
  });
});

describe('projects', () => {
  it('creates, shows and lists projects, with counts', async () => {
    const r = await t.api.post('/organizations/acme/projects', { data: { type: 'projects', attributes: { name: 'Data Platform', description: 'd' } } });
    expect(r.status).toBe(201);
    expect(r.body.data.id).toMatch(/^prj-/);
    const shown = await t.api.get('/projects/prj-platform');
    expect(shown.body.data.attributes).toMatchObject({ name: 'platform', 'workspace-count': 1, 'team-count': 4 });
    expect(names(await t.api.get('/organizations/acme/projects?filter%5Bnames%5D=data%20platform'))).toEqual(['Data Platform']);
  });

  it('a team token lists only the projects it can see', async () => {
    expect(names(await t.api.get('/organizations/acme/projects', 'dev-token'))).toEqual(['platform']);
    expect(names(await t.api.get('/organizations/acme/projects', 'mgr-token'))).toEqual(['Default Project', 'platform', 'other']);
    expect((await t.api.get('/projects/prj-other', 'dev-token')).status).toBe(404);
  });
});

describe('workspaces', () => {
  it('creates one in a project or in the Default Project', async () => {
    const inProject = await t.api.post('/organizations/acme/workspaces', {
      data: { type: 'workspaces', attributes: { name: 'app-prod' }, relationships: { project: { data: { type: 'projects', id: 'prj-other' } } } },
    });
    expect(inProject.status).toBe(201);
    expect(inProject.body.data.relationships.project.data.id).toBe('prj-other');
    const byDefault = await t.api.post('/organizations/acme/workspaces', { data: { type: 'workspaces', attributes: { name: 'loose' } } });
    const defaultProject = (await t.api.get('/organizations/acme/projects?filter%5Bnames%5D=Default%20Project')).body.data[0].id;
    expect(byDefault.body.data.relationships.project.data.id).toBe(defaultProject);
  });

  it('finds one by name and by id, and lists with search[name] and filter[project][id]', async () => {
    expect((await t.api.get('/organizations/acme/workspaces/networking-prod')).body.data.id).toBe('ws-net');
    expect((await t.api.get('/workspaces/ws-net')).body.data.attributes.name).toBe('networking-prod');
    expect(names(await t.api.get('/organizations/acme/workspaces?search%5Bname%5D=NETWORK'))).toEqual(['networking-prod']);
    expect(names(await t.api.get('/organizations/acme/workspaces?filter%5Bproject%5D%5Bid%5D=prj-platform'))).toEqual(['networking-prod']);
    expect((await t.api.get('/organizations/acme/workspaces/Networking-Prod')).status).toBe(404);
  });

  it('404 for an unknown project and for callers who cannot see the workspace; 422 for a bad name', async () => {
    expect(
      (
        await t.api.post('/organizations/acme/workspaces', {
          data: { type: 'workspaces', attributes: { name: 'x' }, relationships: { project: { data: { type: 'projects', id: 'prj-nope' } } } },
        })
      ).status,
    ).toBe(404);
    expect((await t.api.get('/workspaces/ws-net', 'sre-token')).status).toBe(404);
    expect((await t.api.get('/workspaces/ws-net', 'dev-token')).status).toBe(200);
    expect((await t.api.post('/organizations/acme/workspaces', { data: { type: 'workspaces', attributes: { name: 'bad name!' } } })).status).toBe(422);
  });
});

describe('tokens', () => {
  it('team and organization tokens are created by owners and work at once', async () => {
    const team = await t.api.post('/teams/team-sre/authentication-token', { data: { type: 'authentication-tokens', attributes: {} } }, 'owners-token');
    expect(team.status).toBe(201);
    const token: string = team.body.data.attributes.token;
    expect((await t.api.get('/team-workspaces/tws-sre', token)).status).toBe(200);
    const org = await t.api.post('/organizations/acme/authentication-token', {});
    expect((await t.api.get('/team-projects/tprj-vault', org.body.data.attributes.token)).status).toBe(200);
    expect((await t.api.post('/teams/team-sre/authentication-token', {}, 'sre-token')).status).toBe(404);
  });

  it('a custom admin token replaces the default one', async () => {
    const custom = await startEmulator({ adminToken: 'my-admin', rateLimit: 0 });
    try {
      expect((await client(custom, 'my-admin').get('/organizations')).status).toBe(200);
      expect((await client(custom).get('/organizations')).status).toBe(401);
    } finally {
      await custom.stop();
    }
  });
});

describe('routing', () => {
  it('unknown paths and methods are 404, paths outside /api/v2 too', async () => {
    expect((await t.api.get('/nothing-here')).status).toBe(404);
    expect((await t.api.patch('/organizations/acme', { data: {} })).status).toBe(404);
    const outside = await fetch(`${t.emu.url}/`, { headers: { Authorization: 'Bearer tfe-access-emulator-admin' } });
    expect(outside.status).toBe(404);
  });
});
