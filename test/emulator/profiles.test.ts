// The emulator's two profiles (docs/emulator.md, "Profiles"; docs/api.md, "Emulator quirks"): `seed` answers
// exactly as the seed document says, `current` as the service does today.
import { describe, expect, it } from 'vitest';
import { IMPLIED } from '../../src/core/access.js';
import { CURRENT_SERVER_HEADERS } from '../../src/emulator/profile.js';
import { startEmulator } from '../../src/emulator/start.js';
import { client, projectGrantBody, SEED, useEmulator, workspaceGrantBody } from './helpers.js';

const NEWER_PROJECT = { 'project-access': { 'variable-sets': 'write' }, 'workspace-access': { 'policy-overrides': true } };

describe('profile seed (the default)', () => {
  const ctx = useEmulator();

  it('knows no ping, answers a create 200, lists team-workspaces without the envelope, announces no limit on a 200', async () => {
    expect(ctx.emu.profile).toBe('seed');
    const ping = await ctx.api.get('/ping');
    expect(ping.status).toBe(404);
    expect(ping.headers.get('tfp-api-version')).toBeNull();
    const created = await ctx.api.post('/team-projects', projectGrantBody('prj-other', 'team-dev', { access: 'read' }));
    expect(created.status).toBe(200);
    const list = await ctx.api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone');
    expect(Object.keys(list.body)).toEqual(['data']);
    expect(list.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('accepts the newer permissions in a body and ignores them: never stored, never reported, on any level', async () => {
    const created = await ctx.api.post('/team-projects', projectGrantBody('prj-other', 'team-dev', { access: 'custom', ...NEWER_PROJECT }));
    expect(created.body.data.attributes['project-access']).not.toHaveProperty('variable-sets');
    expect(created.body.data.attributes['workspace-access']).not.toHaveProperty('policy-overrides');
    const admin = await ctx.api.get('/team-projects/tprj-padmin');
    expect(admin.body.data.attributes['project-access']).toEqual({ settings: 'delete', teams: 'manage' });
    const sre = await ctx.api.get('/team-workspaces/tws-sre');
    expect(sre.body.data.attributes).not.toHaveProperty('policy-overrides');
  });
});

describe('profile current', () => {
  const ctx = useEmulator({ profile: 'current', rateLimit: 12 });

  it('answers the ping with its versions and the rate limit, and sends them with every answer', async () => {
    const ping = await ctx.api.get('/ping');
    expect(ping.status).toBe(204);
    for (const [name, value] of Object.entries(CURRENT_SERVER_HEADERS)) expect(ping.headers.get(name)).toBe(value);
    expect(ping.headers.get('x-ratelimit-limit')).toBe('12');
    const show = await ctx.api.get('/team-projects/tprj-dev');
    expect(show.headers.get('x-tfe-version')).toBe(CURRENT_SERVER_HEADERS['X-TFE-Version']);
    expect(show.headers.get('x-ratelimit-limit')).toBe('12');
  });

  it('answers a create 201 and stores and reports the newer permissions of a custom grant', async () => {
    const created = await ctx.api.post('/team-projects', projectGrantBody('prj-other', 'team-dev', { access: 'custom', ...NEWER_PROJECT }));
    expect(created.status).toBe(201);
    const shown = await ctx.api.get(`/team-projects/${created.body.data.id as string}`);
    expect(shown.body.data.attributes['project-access']['variable-sets']).toBe('write');
    expect(shown.body.data.attributes['workspace-access']['policy-overrides']).toBe(true);
    const ws = await ctx.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-dev', { access: 'custom', 'policy-overrides': true }));
    expect(ws.status).toBe(201);
    expect(ws.body.data.attributes['policy-overrides']).toBe(true);
  });

  it('reports them on fixed levels too: the tables where they say, else plausible values of its own', async () => {
    const write = await ctx.api.get('/team-workspaces/tws-vault');
    expect(write.body.data.attributes['policy-overrides']).toBe(IMPLIED['team-workspaces'].write?.['policy-overrides']);
    const admin = await ctx.api.get('/team-projects/tprj-padmin');
    expect(admin.body.data.attributes['project-access']['variable-sets']).toBe('write');
    expect(admin.body.data.attributes['workspace-access']['policy-overrides']).toBe(true);
    const read = await ctx.api.get('/team-projects/tprj-dev');
    expect(read.body.data.attributes['project-access']['variable-sets']).toBe('none');
  });

  it('refuses a newer permission with a fixed level, as every permission (422 naming it)', async () => {
    const refused = await ctx.api.post(
      '/team-projects',
      projectGrantBody('prj-other', 'team-dev', { access: 'read', 'project-access': { 'variable-sets': 'read' } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toContain('Variable sets is read-only');
  });

  it('sends the pagination envelope on every list: a team-workspaces list without page parameters is one page of all', async () => {
    const list = await ctx.api.get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-alone');
    expect(list.body.data).toHaveLength(4);
    expect(list.body.meta.pagination).toMatchObject({ 'current-page': 1, 'total-pages': 1, 'total-count': 4, 'next-page': null });
    expect(list.body.links.next).toBeNull();
  });
});

describe('choosing the profile', () => {
  it("takes the seed document's profile key, and the caller's option over it", async () => {
    const fromSeed = await startEmulator({ seed: { ...SEED, profile: 'current' }, rateLimit: 0 });
    const overridden = await startEmulator({ seed: { ...SEED, profile: 'current' }, profile: 'seed', rateLimit: 0 });
    try {
      expect(fromSeed.profile).toBe('current');
      expect((await client(fromSeed).get('/ping')).status).toBe(204);
      expect(overridden.profile).toBe('seed');
      expect((await client(overridden).get('/ping')).status).toBe(404);
    } finally {
      await fromSeed.stop();
      await overridden.stop();
    }
  });

  it('a seed file that gives a newer permission to the seed profile is refused in one line naming it', async () => {
    const seed = {
      ...SEED,
      organizations: [
        { name: 'x', teams: [{ name: 'a' }], projects: [{ name: 'p' }], 'team-projects': [{ team: 'a', project: 'p', access: 'custom', ...NEWER_PROJECT }] },
      ],
    };
    await expect(startEmulator({ seed })).rejects.toThrow(
      /organizations\[0\]\.team-projects\[0\]: project-access\.variable-sets exists in the current profile only/,
    );
    await expect(startEmulator({ seed: { ...seed, profile: 'vintage' as never } })).rejects.toThrow(/profile must be one of seed, current/);
  });
});

describe('an organization that uses HCP groups (HCP Europe)', () => {
  it('has no teams endpoints (404) while the organization and its access endpoints answer', async () => {
    const emu = await startEmulator({ seed: { organizations: [{ ...SEED.organizations[0]!, 'hcp-groups': true }] }, rateLimit: 0 });
    try {
      const api = client(emu);
      expect((await api.get('/organizations/acme/teams')).status).toBe(404);
      expect((await api.get('/teams/team-dev')).status).toBe(404);
      expect((await api.post('/organizations/acme/teams', { data: { type: 'teams', attributes: { name: 'new' } } })).status).toBe(404);
      expect((await api.get('/organizations/acme')).status).toBe(200);
      expect((await api.get('/team-projects?filter%5Bproject%5D%5Bid%5D=prj-platform')).status).toBe(200);
    } finally {
      await emu.stop();
    }
  });
});
