// The comparison of two snapshots, pure (docs/evidence.md, "Comparing snapshots"): a rename is not a
// loss and a gain (teams and targets matched by id), and two reports by person compare their people.
import { describe, expect, it } from 'vitest';
import { compareSnapshots, differenceCount } from '../../src/evidence/compare.js';
import { parseSnapshot } from '../../src/evidence/snapshot.js';
import { renderReportDiff } from '../../src/render/report-diff.js';
import { snapshotOf, snapshotText } from '../support/snapshots.js';

const cell = (team: string, teamId: string, access: string) => ({
  name: team,
  id: teamId,
  access,
  permissions: { runs: access === 'read' ? 'read' : 'apply' },
  sources: [{ kind: 'workspace', access }],
});

const snapshot = snapshotOf;

const person = (email: string, access: string) => ({ email, access: [{ target: { type: 'workspace', name: 'web', id: 'ws-web' }, access }] });

describe('compareSnapshots', () => {
  it('matches teams and targets by id: a renamed team or workspace with the same access is no difference', () => {
    const old = snapshot({ teams: [{ name: 'dev', id: 'team-1' }], workspaces: [{ name: 'web', id: 'ws-web', teams: [cell('dev', 'team-1', 'write')] }] });
    const renamed = snapshot({
      teams: [{ name: 'developers', id: 'team-1' }],
      workspaces: [{ name: 'www', id: 'ws-web', teams: [cell('developers', 'team-1', 'write')] }],
    });
    // Issue 37, finding 2: the rename is listed (and so one difference), never as a loss and a gain.
    const diff = compareSnapshots(old, renamed);
    expect(diff.access).toEqual([]);
    expect(diff.teamsAdded).toEqual([]);
    expect(diff.teamsRemoved).toEqual([]);
    expect(diff.teamsRenamed).toEqual([{ id: 'team-1', before: 'dev', after: 'developers' }]);
    expect(differenceCount(diff)).toBe(1);
  });

  it('compares the people of two reports by person: added, removed, and each level changed', () => {
    const teams = [{ name: 'dev', id: 'team-1' }];
    const workspaces = [{ name: 'web', id: 'ws-web', teams: [cell('dev', 'team-1', 'write')] }];
    const old = snapshot({ teams, workspaces, people: [person('a@x.io', 'read'), person('gone@x.io', 'write')] });
    const now = snapshot({ teams, workspaces, people: [person('a@x.io', 'write'), person('new@x.io', 'write')] });
    const diff = compareSnapshots(old, now);
    expect(diff.people).toEqual({
      added: ['new@x.io'],
      removed: ['gone@x.io'],
      access: [
        { change: 'changed', email: 'a@x.io', target: { type: 'workspace', name: 'web', id: 'ws-web' }, before: 'read', after: 'write', joined: [], left: [] },
        { change: 'removed', email: 'gone@x.io', target: { type: 'workspace', name: 'web', id: 'ws-web' }, before: 'write', after: null, joined: [], left: [] },
        { change: 'added', email: 'new@x.io', target: { type: 'workspace', name: 'web', id: 'ws-web' }, before: null, after: 'write', joined: [], left: [] },
      ],
      // Issue 37, Build 3: the organization powers people gained or lost (none here: no report names one).
      powers: [],
    });
    expect(renderReportDiff(diff, 'text', {})).toContain(
      'People access:\n  ~ a@x.io on workspace "web": read -> write\n  - gone@x.io lost write on workspace "web"\n',
    );
    // One report by team and one by person: the people are not compared.
    expect(compareSnapshots(snapshot({ teams, workspaces }), now).people).toBeUndefined();
  });

  it('reads a source of a kind added later as a problem, never as another kind', () => {
    const parsed = parseSnapshot(
      snapshotText({
        teams: [],
        workspaces: [{ name: 'w', id: 'ws-1', teams: [{ name: 'a', id: 'team-a', access: 'read', permissions: {}, sources: [{ kind: 'magic' }] }] }],
      }),
    );
    expect(parsed).toEqual({ problem: 'workspaces[0].teams[0].sources[0].kind is not a kind of source' });
  });
});
