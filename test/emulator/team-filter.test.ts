// `filter[team][id]` on the grant lists (docs/api.md, "Listing by team"; docs/emulator.md, "Profiles"): the
// current profile lists them as the v2 spec does, the seed profile as the seed does (the target
// filter required).
import { describe, expect, it } from 'vitest';
import { useEmulator, workspaceGrantBody } from './helpers.js';

const TEAM = 'filter%5Bteam%5D%5Bid%5D=';
const WORKSPACE = 'filter%5Bworkspace%5D%5Bid%5D=';
const PROJECT = 'filter%5Bproject%5D%5Bid%5D=';
const ids = (body: any): string[] => body.data.map((g: any) => g.id);

describe('profile seed: the team filter is not known', () => {
  const t = useEmulator();

  it('refuses a team-workspaces list by team (its workspace filter is required), and lists a workspace whole whatever the team filter says', async () => {
    expect((await t.api.get(`/team-workspaces?${TEAM}team-dev`)).status).toBe(404);
    expect((await t.api.get(`/team-workspaces?${TEAM}team-dev&page%5Bsize%5D=1`)).status).toBe(404);
    const both = await t.api.get(`/team-workspaces?${WORKSPACE}ws-alone&${TEAM}team-dev`);
    expect(ids(both.body)).toEqual(['tws-sre', 'tws-dev', 'tws-obs', 'tws-vault']);
  });
});

describe('profile current: the grant lists as the v2 spec has them', () => {
  const t = useEmulator({ profile: 'current' });

  it("lists one team's workspace grants across its organization, paginated, in workspace order", async () => {
    const created = await t.api.post('/team-workspaces', workspaceGrantBody('ws-net', 'team-dev', { access: 'write' }));
    expect(created.status).toBe(201);
    const all = await t.api.get(`/team-workspaces?${TEAM}team-dev`);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([created.body.data.id, 'tws-dev']);
    expect(all.body.data.every((g: any) => g.relationships.team.data.id === 'team-dev')).toBe(true);
    const first = await t.api.get(`/team-workspaces?${TEAM}team-dev&page%5Bnumber%5D=1&page%5Bsize%5D=1`);
    expect(ids(first.body)).toEqual([created.body.data.id]);
    expect(first.body.meta.pagination).toMatchObject({ 'current-page': 1, 'next-page': 2, 'total-pages': 2, 'total-count': 2 });
    expect(first.body.links.next).toContain('filter%5Bteam%5D%5Bid%5D=team-dev');
  });

  it("narrows a workspace's list or a project's list to one team; team-projects still needs its project filter", async () => {
    expect(ids((await t.api.get(`/team-workspaces?${WORKSPACE}ws-alone&${TEAM}team-obs`)).body)).toEqual(['tws-obs']);
    expect(ids((await t.api.get(`/team-projects?${PROJECT}prj-platform&${TEAM}team-dev`)).body)).toEqual(['tprj-dev']);
    expect((await t.api.get(`/team-projects?${TEAM}team-dev`)).status).toBe(404);
  });

  it("lists every workspace grant of the caller's organizations without any filter", async () => {
    const r = await t.api.get('/team-workspaces');
    expect(r.status).toBe(200);
    expect(ids(r.body).sort()).toEqual(['tws-dev', 'tws-obs', 'tws-sre', 'tws-vault']);
  });

  it('answers 404 for a team the caller cannot see, and filters what it sees of a team it can', async () => {
    expect((await t.api.get(`/team-workspaces?${TEAM}team-nope`)).status).toBe(404);
    expect((await t.api.get(`/team-workspaces?${TEAM}team-vault`, 'dev-token')).status).toBe(404);
    expect(ids((await t.api.get(`/team-workspaces?${TEAM}team-vault`, 'vault-token')).body)).toEqual(['tws-vault']);
    // The developers see standalone (they have a grant there), so the observers' grant on it too.
    expect(ids((await t.api.get(`/team-workspaces?${TEAM}team-obs`, 'dev-token')).body)).toEqual(['tws-obs']);
    // A team of another organization: visible to nobody here but its own.
    expect((await t.api.get(`/team-workspaces?${TEAM}team-globex-devs`, 'dev-token')).status).toBe(404);
  });
});
