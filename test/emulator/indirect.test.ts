// Indirect access in the emulator (docs/api.md, "Indirect access"; docs/emulator.md, "Indirect
// access"): variable sets, remote-state sharing and consumers, agent pools with their scope and
// workspace execution, Stacks per project; the current profile only.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { client, seedError } from './helpers.js';

const seed = (): SeedDocument => ({
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      teams: [
        { name: 'owners', id: 'team-owners' },
        { name: 'dev', id: 'team-dev', tokens: ['dev-token'] },
      ],
      projects: [
        { name: 'net', id: 'prj-net' },
        { name: 'apps', id: 'prj-apps' },
      ],
      workspaces: [
        { name: 'network-prod', id: 'ws-netprod', project: 'net', 'remote-state-consumers': ['app-a'] },
        { name: 'app-a', id: 'ws-appa', project: 'apps', 'execution-mode': 'agent', 'agent-pool': 'prod-vpc' },
        { name: 'app-b', id: 'ws-appb', project: 'apps', 'global-remote-state': true },
      ],
      varsets: [
        { name: 'cloud-creds', global: true, 'var-count': 2 },
        { name: 'app-settings', project: 'apps', projects: ['apps'] },
      ],
      'agent-pools': [{ name: 'prod-vpc', 'organization-scoped': false, 'allowed-projects': ['apps'], 'excluded-workspaces': ['app-b'] }],
      stacks: [{ name: 'edge', project: 'net' }],
      'team-workspaces': [
        { team: 'dev', workspace: 'app-a', access: 'write' },
        { team: 'dev', workspace: 'app-b', access: 'read' },
      ],
    },
  ],
});

let running: RunningEmulator | undefined;
afterEach(() => running?.stop());
async function start(document: SeedDocument = seed()) {
  running = await startEmulator({ seed: document, rateLimit: 0 });
  return client(running);
}
const names = (reply: { body: any }): string[] => reply.body.data.map((r: any) => r.attributes.name).sort();

describe('variable sets', () => {
  it('lists them paged, with scope, parent and counts; create answers 201 and relationships 204', async () => {
    const api = await start();
    const list = await api.get('/organizations/acme/varsets?page[size]=1');
    expect(list.status).toBe(200);
    expect(list.body.meta.pagination['total-count']).toBe(2);
    const all = await api.get('/organizations/acme/varsets');
    const owned = all.body.data.find((v: any) => v.attributes.name === 'app-settings');
    expect(owned.relationships.parent.data).toEqual({ id: 'prj-apps', type: 'projects' });
    expect(owned.relationships.projects.data).toEqual([{ id: 'prj-apps', type: 'projects' }]);
    const global = all.body.data.find((v: any) => v.attributes.name === 'cloud-creds');
    expect(global.attributes).toMatchObject({ global: true, 'var-count': 2, 'workspace-count': 0 });
    expect(global.relationships.parent.data).toEqual({ id: 'acme', type: 'organizations' });
    const made = await api.post('/organizations/acme/varsets', { data: { type: 'varsets', attributes: { name: 'db' } } });
    expect(made.status).toBe(201);
    const added = await api.post(`/varsets/${made.body.data.id}/relationships/workspaces`, { data: [{ type: 'workspaces', id: 'ws-appb' }] });
    expect(added.status).toBe(204);
    const after = await api.get('/organizations/acme/varsets');
    expect(after.body.data.find((v: any) => v.id === made.body.data.id).relationships.workspaces.data).toEqual([{ id: 'ws-appb', type: 'workspaces' }]);
  });

  it('refuses a global project-owned set and a name taken (422)', async () => {
    const api = await start();
    const parent = { parent: { data: { type: 'projects', id: 'prj-apps' } } };
    const globalOwned = await api.post('/organizations/acme/varsets', {
      data: { type: 'varsets', attributes: { name: 'x', global: true }, relationships: parent },
    });
    expect(globalOwned.status).toBe(422);
    const taken = await api.post('/organizations/acme/varsets', { data: { type: 'varsets', attributes: { name: 'cloud-creds' } } });
    expect(taken.status).toBe(422);
  });

  it('are read by owners and teams that manage workspaces only', async () => {
    const api = await start();
    expect((await api.get('/organizations/acme/varsets', 'dev-token')).status).toBe(404);
  });
});

describe('remote state sharing', () => {
  it('lists the explicit consumers, every other workspace with global sharing, and hides what the caller cannot see', async () => {
    const api = await start();
    expect(names(await api.get('/workspaces/ws-netprod/relationships/remote-state-consumers'))).toEqual(['app-a']);
    expect(names(await api.get('/workspaces/ws-appb/relationships/remote-state-consumers'))).toEqual(['app-a', 'network-prod']);
    expect(names(await api.get('/workspaces/ws-appb/relationships/remote-state-consumers?show_only_configured=true'))).toEqual([]);
    // dev sees app-a and app-b only: the consumers of app-b it can list leave network-prod out.
    expect(names(await api.get('/workspaces/ws-appb/relationships/remote-state-consumers', 'dev-token'))).toEqual(['app-a']);
    expect((await api.get('/workspaces/ws-netprod/relationships/remote-state-consumers', 'dev-token')).status).toBe(404);
    const ws = await api.get('/workspaces/ws-appb');
    expect(ws.body.data.attributes['global-remote-state']).toBe(true);
  });

  it('adds consumers only while global sharing is off, never the workspace itself', async () => {
    const api = await start();
    const body = (id: string) => ({ data: [{ type: 'workspaces', id }] });
    expect((await api.post('/workspaces/ws-appb/relationships/remote-state-consumers', body('ws-appa'))).status).toBe(422);
    expect((await api.post('/workspaces/ws-netprod/relationships/remote-state-consumers', body('ws-netprod'))).status).toBe(422);
    expect((await api.post('/workspaces/ws-netprod/relationships/remote-state-consumers', body('ws-appb'))).status).toBe(204);
    expect(names(await api.get('/workspaces/ws-netprod/relationships/remote-state-consumers'))).toEqual(['app-a', 'app-b']);
  });
});

describe('agent pools', () => {
  it('lists a pool with its scope and the workspaces that run on it; the workspace names its pool', async () => {
    const api = await start();
    const pools = await api.get('/organizations/acme/agent-pools');
    const pool = pools.body.data[0];
    expect(pool.attributes).toMatchObject({ name: 'prod-vpc', 'organization-scoped': false });
    expect(pool.relationships['allowed-projects'].data).toEqual([{ id: 'prj-apps', type: 'projects' }]);
    expect(pool.relationships['excluded-workspaces'].data).toEqual([{ id: 'ws-appb', type: 'workspaces' }]);
    expect(pool.relationships.workspaces.data).toEqual([{ id: 'ws-appa', type: 'workspaces' }]);
    const ws = await api.get('/workspaces/ws-appa');
    expect(ws.body.data.attributes['execution-mode']).toBe('agent');
    expect(ws.body.data.relationships['agent-pool'].data).toEqual({ id: pool.id, type: 'agent-pools' });
  });

  it('refuses agent execution on a pool that excludes or does not allow the workspace (422)', async () => {
    const api = await start();
    const pools = await api.get('/organizations/acme/agent-pools');
    const body = {
      data: {
        type: 'workspaces',
        attributes: { 'execution-mode': 'agent' },
        relationships: { 'agent-pool': { data: { type: 'agent-pools', id: pools.body.data[0].id } } },
      },
    };
    expect((await api.patch('/workspaces/ws-appb', body)).status).toBe(422);
    expect((await api.patch('/workspaces/ws-netprod', body)).status).toBe(422);
  });
});

describe('Stacks and profiles', () => {
  it('lists Stacks with their project, filtered by project', async () => {
    const api = await start();
    const stacks = await api.get('/organizations/acme/stacks?filter[project][id]=prj-net');
    expect(stacks.body.data.map((s: any) => [s.attributes.name, s.relationships.project.data.id])).toEqual([['edge', 'prj-net']]);
    expect((await api.get('/organizations/acme/stacks?filter[project][id]=prj-apps')).body.data).toEqual([]);
  });

  it('the seed profile has none of the paths, and its seeds refuse the keys', async () => {
    const api = await start({ organizations: [{ name: 'acme' }] });
    expect((await api.get('/organizations/acme/varsets')).status).toBe(404);
    expect((await api.get('/organizations/acme/agent-pools')).status).toBe(404);
    expect(await seedError({ organizations: [{ name: 'acme', varsets: [{ name: 'v' }] }] })).toMatch(/current profile only/);
    expect(await seedError({ profile: 'current', organizations: [{ name: 'acme', varsets: [{ nam: 'v' }] }] })).toMatch(/unknown key "nam"/);
  });
});
