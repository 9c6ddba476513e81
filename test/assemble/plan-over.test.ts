// The plan as one pure call over the files and a hand-built value of what a run read
// (src/assemble/plan-over.ts, planOver): no server, no client. What it needs and the value lacks, it
// says as a `Need`, in the order the steps need them; given them, it plans.
import { describe, expect, it } from 'vitest';
import { stateOfTexts } from '../../src/adopt/files-state.js';
import { type PlanFiles, planOver } from '../../src/assemble/plan-over.js';
import { EVERY_TARGET } from '../../src/assemble/targets.js';
import type { LiveGrant, LiveState, Team, Workspace } from '../../src/core/model.js';
import { grantChanges } from '../../src/core/plan.js';
import { firstReads, listKey, type RunReads } from '../../src/core/run-reads.js';
import { UNKNOWN_SERVER } from '../../src/core/server.js';

const team = (name: string): Team => ({ id: `team-${name}`, name, visibility: 'organization', organizationAccess: {} });
const TEAMS = [team('sre'), team('dev'), team('ops')];
const API: Workspace = { id: 'ws-api', name: 'api-prod', projectId: 'prj-platform' };
const OTHER: Workspace = { id: 'ws-other', name: 'other', projectId: 'prj-platform' };

const grant = (name: string, targetId: string, access: 'read' | 'write' | 'admin'): LiveGrant => ({
  id: `tws-${name}-${targetId}`,
  resource: 'team-workspaces',
  teamId: `team-${name}`,
  targetId,
  access: { access, permissions: {} },
  extra: {},
});

function filesOf(text: string): PlanFiles {
  const loaded = stateOfTexts([{ path: 'access.yaml', text }]);
  if (!('state' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  return { paths: ['access.yaml'], desired: loaded.state, targets: EVERY_TARGET };
}

const FILES = `organization: acme
workspaces:
  api-prod:
    prune: true
    teams: { sre: admin, dev: write }
`;

const POLICY = `${FILES}policies:
  - name: nobody administers
    workspaces: { names: ["*"] }
    max-access: write
`;

/** What the lookup read for these files: the teams and the one workspace they name. */
function looked(): RunReads {
  return firstReads(UNKNOWN_SERVER, { organization: 'acme', teams: TEAMS, projects: [], workspaces: [API], allWorkspaces: false, pinned: [] });
}

const LIVE: LiveState = {
  organization: 'acme',
  teams: new Map(TEAMS.map((t) => [t.id, t])),
  targets: new Map([
    [
      'ws-api',
      {
        type: 'workspace',
        id: 'ws-api',
        name: 'api-prod',
        projectId: 'prj-platform',
        grants: [grant('sre', 'ws-api', 'admin'), grant('ops', 'ws-api', 'read')],
      },
    ],
  ]),
};

const NOW = Date.parse('2026-11-29T00:00:00Z');

describe('planOver', () => {
  it('plans the files over a hand-built read: the changes, the prune decided once, the same plan each time', () => {
    const reads = { ...looked(), live: LIVE };
    const first = planOver(filesOf(FILES), reads, { now: NOW });
    if (first.kind !== 'done') throw new Error(`needs ${first.need.kind}`);
    const { plan, pruned } = first.value;
    expect(grantChanges(plan).map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual(['add dev api-prod', 'remove ops api-prod']);
    expect([...pruned]).toEqual(['ws-api']);
    const again = planOver(filesOf(FILES), reads, { now: NOW });
    expect(again.kind === 'done' && again.value.plan.checksum).toBe(plan.checksum);
  });

  it('says as a value which read it needs when the reads lack it: the managed grants first', () => {
    const outcome = planOver(filesOf(FILES), looked(), { now: NOW });
    expect(outcome).toEqual({
      kind: 'needs',
      need: {
        kind: 'live',
        request: expect.objectContaining({
          organization: 'acme',
          targets: [expect.objectContaining({ type: 'workspace', id: 'ws-api', name: 'api-prod', projectId: 'prj-platform' })],
        }),
      },
    });
  });

  it('with a policy: its lists before any grant, then the grants of a target only it selects, then the plan with its violation', () => {
    const files = filesOf(POLICY);
    const lists = { projects: [{ id: 'prj-platform', name: 'platform' }], workspaces: [API, OTHER], complete: true, keyValueTags: false };
    const steps: string[] = [];
    let reads: RunReads = looked();
    for (let i = 0; i < 5; i++) {
      const outcome = planOver(files, reads, { now: NOW });
      if (outcome.kind === 'done') {
        expect(steps).toEqual(['policy-lists', 'live', 'grants project:prj-platform,workspace:ws-other']);
        const { violations, coverage } = outcome.value.plan;
        expect((violations ?? []).map((v) => `${v.policy} ${v.target?.name} ${v.team?.name}`)).toEqual([
          'nobody administers api-prod sre',
          'nobody administers other ops',
        ]);
        expect(coverage.complete).toBe(true);
        return;
      }
      const { need } = outcome;
      steps.push(need.kind === 'grants' ? `grants ${need.targets.map((t) => `${t.type}:${t.id}`).join(',')}` : need.kind);
      if (need.kind === 'policy-lists') reads = { ...reads, policyLists: lists };
      else if (need.kind === 'live') reads = { ...reads, live: LIVE };
      else if (need.kind === 'grants')
        reads = {
          ...reads,
          lists: new Map([
            [listKey({ type: 'workspace', id: 'ws-other' }), [grant('ops', 'ws-other', 'admin')]],
            [listKey({ type: 'project', id: 'prj-platform' }), []],
          ]),
        };
      else throw new Error(`an unexpected need: ${need.kind}`);
    }
    throw new Error(`never planned: ${steps.join(' -> ')}`);
  });
});
