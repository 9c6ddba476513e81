// The reach's walk over what was read (src/effective/reach.ts; docs/effective-access.md, "Indirect
// access"): what each answer could not see is said as a gap, never taken as nobody.
import { describe, expect, it } from 'vitest';
import type { EffectiveCell } from '../../src/core/effective.js';
import type { IndirectRead, WorkspaceReachRead } from '../../src/core/indirect.js';
import type { Project, Team, Workspace } from '../../src/core/model.js';
import type { CanInput } from '../../src/effective/can.js';
import { EffectiveIndex } from '../../src/effective/compute.js';
import { type ReachInput, reachAnswer } from '../../src/effective/reach.js';

const PROJECTS: Project[] = [{ id: 'prj-a', name: 'a' }];
const WORKSPACES: Workspace[] = [
  { id: 'ws-p', name: 'producer', projectId: 'prj-a' },
  { id: 'ws-c', name: 'consumer', projectId: 'prj-a' },
];
const TEAMS: Team[] = [{ id: 'team-dev', name: 'dev', visibility: 'organization', organizationAccess: {} }];

function input(indirect: IndirectRead, seesEveryWorkspace = true): ReachInput {
  const index = new EffectiveIndex({
    teams: TEAMS,
    projects: PROJECTS,
    workspaces: WORKSPACES,
    grants: [{ resource: 'team-workspaces', teamId: 'team-dev', targetId: 'ws-c', access: { access: 'write' } }],
  });
  const can: CanInput = {
    cells: index.all(),
    sourcesOf: (c: EffectiveCell) => index.sourcesOf(c.team.id, c.target.type, c.target.id),
    teams: TEAMS,
    targets: WORKSPACES.map((w) => ({ type: 'workspace' as const, name: w.name, id: w.id })),
  };
  return { can, indirect, workspaces: WORKSPACES, seesEveryWorkspace };
}

const settings = (id: string, more: Partial<WorkspaceReachRead> = {}): WorkspaceReachRead => ({
  workspaceId: id,
  name: WORKSPACES.find((w) => w.id === id)?.name ?? id,
  executionMode: 'remote',
  globalRemoteState: false,
  projectRemoteState: false,
  consumerIds: [],
  ...more,
});

const answerOf = (result: ReturnType<typeof reachAnswer>) => {
  if (!('answer' in result)) throw new Error('no answer');
  return result.answer;
};

describe('indirect answers say what they could not read', () => {
  it('consumers not given: the producer own readers only, and the gap', () => {
    const { consumerIds: _none, ...unread } = settings('ws-p');
    const answer = answerOf(reachAnswer({ kind: 'outputs', name: 'producer' }, input({ workspaces: [unread, settings('ws-c')] })));
    expect(answer.holders).toEqual([]);
    expect(answer.gaps).toEqual([{ reason: 'consumers-not-read', workspace: 'producer' }]);
  });

  it('a token that does not see every workspace: the consumers found, and the gap', () => {
    const answer = answerOf(
      reachAnswer({ kind: 'outputs', name: 'producer' }, input({ workspaces: [settings('ws-p', { consumerIds: ['ws-c'] }), settings('ws-c')] }, false)),
    );
    expect(answer.holders.map((h) => [h.team.name, h.target.name, h.via])).toEqual([['dev', 'consumer', { uses: 'runs', edge: 'consumer' }]]);
    expect(answer.gaps).toEqual([{ reason: 'partial-token' }]);
  });

  it('a set whose listed workspaces are fewer than its count: the gap names it', () => {
    const indirect: IndirectRead = { varsets: [{ id: 'varset-1', name: 'creds', global: false, workspaceIds: ['ws-c'], projectIds: [], workspaceCount: 2 }] };
    const answer = answerOf(reachAnswer({ kind: 'varset', name: 'creds' }, input(indirect)));
    expect(answer.holders.map((h) => h.target.name)).toEqual(['consumer']);
    expect(answer.gaps).toEqual([{ reason: 'relationship-short', varset: 'creds' }]);
  });

  it('workspaces on agents whose pool is not named: listed as a gap, never as on the pool asked', () => {
    const indirect: IndirectRead = {
      pools: [{ id: 'apool-1', name: 'vpc', organizationScoped: true, allowedWorkspaceIds: [], allowedProjectIds: [], excludedWorkspaceIds: [] }],
      workspaces: [settings('ws-p'), settings('ws-c', { executionMode: 'agent' })],
    };
    const answer = answerOf(reachAnswer({ kind: 'agent-pool', name: 'vpc' }, input(indirect)));
    expect(answer.holders).toEqual([]);
    expect(answer.gaps).toEqual([{ reason: 'pool-not-named', workspaces: ['consumer'] }]);
  });

  it('a list not given: the gap; a name none has: the names it could have meant', () => {
    expect(answerOf(reachAnswer({ kind: 'stack', name: 'x' }, input({}))).gaps).toEqual([{ reason: 'not-listed', list: 'stacks' }]);
    expect(
      reachAnswer({ kind: 'varset', name: 'cred' }, input({ varsets: [{ id: 'varset-1', name: 'creds', global: true, workspaceIds: [], projectIds: [] }] })),
    ).toEqual({
      unknownName: ['creds'],
    });
  });
});
