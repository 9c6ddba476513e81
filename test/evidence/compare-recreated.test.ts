// Issue 39, part B: `report diff` matches a team re-created by its identity provider by the plan's
// one rule (core/recreated-team.ts): the same name under a new id, linked in NEW, holding none of the
// old id's grants. Where the rule does not hold, the teams stay a removal and an addition.
import { describe, expect, it } from 'vitest';
import { compareSnapshots, differenceCount } from '../../src/evidence/compare.js';
import type { Snapshot } from '../../src/evidence/snapshot.js';
import { snapshotOf } from '../support/snapshots.js';

const cell = (team: string, id: string, access = 'write') => ({
  name: team,
  id,
  access,
  permissions: {},
  sources: [{ kind: 'workspace', access }],
});
const workspace = (name: string, teams: unknown[]) => ({ name, id: `ws-${name}`, project: null, teams });
const team = (name: string, id: string, linked?: boolean) => ({
  name,
  id,
  visibility: 'organization',
  ...(linked === undefined ? {} : { scim_linked: linked }),
});

const OLD: Snapshot = snapshotOf({
  teams: [team('eng', 'team-old', true)],
  workspaces: [workspace('api', [cell('eng', 'team-old')]), workspace('web', [cell('eng', 'team-old', 'read')])],
});

const now = (linked: boolean | undefined, grants: 'none' | 'one'): Snapshot =>
  snapshotOf({
    teams: [team('eng', 'team-new', linked)],
    workspaces: [workspace('api', grants === 'one' ? [cell('eng', 'team-new')] : []), workspace('web', [])],
  });

describe('report diff: a re-created team (issue 39)', () => {
  it('linked, none of the old grants held: re-created, its two grants to restore, no team added or removed', () => {
    const diff = compareSnapshots(OLD, now(true, 'none'));
    expect(diff.teamsRecreated.map((r) => ({ ...r, restore: r.restore.map((c) => `${c.target.name} ${c.before?.access}`) }))).toEqual([
      { name: 'eng', before: 'team-old', after: 'team-new', restore: ['api write', 'web read'] },
    ]);
    expect([diff.teamsAdded, diff.teamsRemoved, diff.access]).toEqual([[], [], []]);
    expect(differenceCount(diff)).toBe(3);
  });

  it('not linked, linked unknown (an older report), or one old grant held again: removed and added, the grants lost', () => {
    for (const next of [now(false, 'none'), now(undefined, 'none'), now(true, 'one')]) {
      const diff = compareSnapshots(OLD, next);
      expect(diff.teamsRecreated).toEqual([]);
      expect([diff.teamsAdded, diff.teamsRemoved]).toEqual([['eng'], ['eng']]);
      expect(diff.access.filter((c) => c.change === 'removed').map((c) => c.target.name)).toEqual(['api', 'web']);
    }
  });
});
