// The run's reader (src/live/run-reader.ts) with a counting fake: each target's list asked of the
// client once, whoever asks and however often, its failure served as its answer; the workspaces a
// read by team saw whole served with no request; everything else passed through.
import { describe, expect, it } from 'vitest';
import type { LiveGrant, LiveState } from '../../src/core/model.js';
import { RunReader, type RunClient } from '../../src/live/run-reader.js';

const grant = (id: string, targetId: string): LiveGrant => ({
  id,
  resource: 'team-workspaces',
  teamId: 'team-a',
  targetId,
  access: { access: 'read', permissions: {} },
  extra: {},
});

function fake(): { client: RunClient; asked: string[] } {
  const asked: string[] = [];
  const client: RunClient = {
    listGrants: async (target) => {
      asked.push(`${target.type}:${target.id}`);
      if (target.id === 'ws-gone') throw new Error('404');
      return [grant(`g-${target.id}`, target.id)];
    },
    teamGrantsPage: async () => ({ items: [] }),
    restOfTeamGrants: async () => [],
    accountDetails: async () => undefined,
    listTaggedWorkspaces: async () => ({ workspaces: [], keyValueTags: false }),
    listTeams: async () => [],
    showsOrganization: async () => true,
    listProjects: async () => [],
    listWorkspaces: async () => [],
    requestsSent: () => asked.length,
    listPeople: async (organization) => {
      asked.push(`people:${organization}`);
      return { people: [] };
    },
  };
  return { client, asked };
}

describe('RunReader', () => {
  it("lists the organization's people once, for every caller (the member diff, a policy, a report)", async () => {
    const { client, asked } = fake();
    const reader = new RunReader(client);
    const [a, b] = await Promise.all([reader.listPeople('acme'), reader.listPeople('acme')]);
    expect(b).toBe(a);
    expect(await reader.listPeople('acme')).toBe(a);
    expect(asked).toEqual(['people:acme']);
  });

  it('lists a target once, for every caller, at the same time or later; a project and a workspace of one id are two targets', async () => {
    const { client, asked } = fake();
    const reader = new RunReader(client);
    const [a, b] = await Promise.all([reader.listGrants({ type: 'workspace', id: 'ws-1' }), reader.listGrants({ type: 'workspace', id: 'ws-1' })]);
    expect(b).toBe(a);
    expect(await reader.listGrants({ type: 'workspace', id: 'ws-1' })).toBe(a);
    await reader.listGrants({ type: 'project', id: 'ws-1' });
    expect(asked).toEqual(['workspace:ws-1', 'project:ws-1']);
    expect(reader.requestsSent()).toBe(2);
  });

  it('serves a failed list as its failure, without asking again', async () => {
    const { client, asked } = fake();
    const reader = new RunReader(client);
    await expect(reader.listGrants({ type: 'workspace', id: 'ws-gone' })).rejects.toThrow('404');
    await expect(reader.listGrants({ type: 'workspace', id: 'ws-gone' })).rejects.toThrow('404');
    expect(asked).toEqual(['workspace:ws-gone']);
  });

  it('serves the workspaces a read by team saw whole with no request, and keeps a list already asked', async () => {
    const { client, asked } = fake();
    const reader = new RunReader(client);
    const listed = await reader.listGrants({ type: 'workspace', id: 'ws-1' });
    const seen = [grant('g-team', 'ws-2')];
    const live: LiveState = {
      organization: 'o',
      teams: new Map(),
      targets: new Map(),
      unmanagedWorkspaceGrants: new Map([
        ['ws-2', seen],
        ['ws-1', []],
      ]),
    };
    reader.remember(live);
    expect(await reader.listGrants({ type: 'workspace', id: 'ws-2' })).toBe(seen);
    expect(await reader.listGrants({ type: 'workspace', id: 'ws-1' })).toBe(listed);
    // A project of the same id is not what the read by team saw.
    await reader.listGrants({ type: 'project', id: 'ws-2' });
    expect(asked).toEqual(['workspace:ws-1', 'project:ws-2']);
  });
});
