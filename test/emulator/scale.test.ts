// Scale: 10,000 workspaces and 50,000 grants fit, and requests over them answer correctly. (Speed is
// measured by `npm run bench`, never asserted here.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument, SeedTeamWorkspace } from '../../src/emulator/types.js';
import { numbered, oneOrganization, spreadOver } from '../support/seeds.js';
import { client } from './helpers.js';

const WORKSPACES = 10_000;
const TEAMS_PER_WORKSPACE = 5;
const TEAMS = 50;
const PROJECTS = 20;

function bigSeed(): SeedDocument {
  const teams = numbered(
    TEAMS,
    (i) => `team-${i}`,
    (i) => `team-${i}`,
  ).map((team, i) => ({ ...team, tokens: i === 0 ? ['team-0-token'] : [] }));
  const projects = numbered(
    PROJECTS,
    (i) => `project-${i}`,
    (i) => `prj-${i}`,
  );
  const workspaces = spreadOver(
    numbered(
      WORKSPACES,
      (i) => `ws-${i}`,
      (i) => `ws-${i}`,
    ),
    projects,
  );
  const grants: SeedTeamWorkspace[] = [];
  for (let w = 0; w < WORKSPACES; w += 1) {
    for (let k = 0; k < TEAMS_PER_WORKSPACE; k += 1) grants.push({ team: `team-${(w + k * 7) % TEAMS}`, workspace: `ws-${w}`, access: 'read' });
  }
  return oneOrganization({ name: 'big', teams, projects, workspaces, 'team-workspaces': grants });
}

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: bigSeed(), rateLimit: 0 });
});
afterAll(() => emu.stop());

describe('10,000 workspaces and 50,000 grants', () => {
  it("lists one workspace's grants", async () => {
    const r = await client(emu).get('/team-workspaces?filter%5Bworkspace%5D%5Bid%5D=ws-9999');
    expect(r.body.data).toHaveLength(TEAMS_PER_WORKSPACE);
  });

  it("paginates the organization's workspaces and filters them by project", async () => {
    const all = await client(emu).get('/organizations/big/workspaces?page%5Bsize%5D=100&page%5Bnumber%5D=100');
    expect(all.body.meta.pagination).toMatchObject({ 'total-count': WORKSPACES, 'total-pages': 100, 'next-page': null });
    expect(all.body.data).toHaveLength(100);
    const inProject = await client(emu).get('/organizations/big/workspaces?filter%5Bproject%5D%5Bid%5D=prj-3');
    expect(inProject.body.meta.pagination['total-count']).toBe(WORKSPACES / PROJECTS);
  });

  it('a team token sees only the workspaces it has a grant on', async () => {
    const r = await client(emu, 'team-0-token').get('/organizations/big/workspaces?page%5Bsize%5D=1');
    // team-0 is granted on workspace w when (w + 7k) % 50 === 0 for some k < 5: 5 of every 50.
    expect(r.body.meta.pagination['total-count']).toBe((WORKSPACES / TEAMS) * TEAMS_PER_WORKSPACE);
  });

  it('adds and removes a grant among them', async () => {
    const api = client(emu);
    const body = {
      data: {
        type: 'team-workspaces',
        attributes: { access: 'write' },
        relationships: { workspace: { data: { type: 'workspaces', id: 'ws-5000' } }, team: { data: { type: 'teams', id: 'team-49' } } },
      },
    };
    const created = await api.post('/team-workspaces', body);
    expect(created.status).toBe(200);
    expect((await api.del(`/team-workspaces/${created.body.data.id}`)).status).toBe(204);
  });
});
