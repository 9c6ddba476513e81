import { describe, expect, it } from 'vitest';
import { access, liveOf, team, teamId } from '../../test/support/states.js';
import { incompleteTargetsOf } from './completeness.js';

describe('incompleteTargetsOf', () => {
  it('marks targets the reader flagged and targets with a grant of an invisible team', () => {
    const grant = (id: string, teamName: string, targetId: string) => ({ id, resource: 'team-projects' as const, teamId: teamId(teamName), targetId, access: access('team-projects', 'read'), extra: {} });
    const live = liveOf('acme', [team('dev')], [
      { type: 'project', id: 'prj-a', name: 'a', grants: [grant('g1', 'dev', 'prj-a')] },
      { type: 'project', id: 'prj-b', name: 'b', grants: [grant('g2', 'secret', 'prj-b')] },
      { type: 'project', id: 'prj-c', name: 'c', grants: [], complete: false },
    ]);
    expect([...incompleteTargetsOf(live)].sort()).toEqual(['prj-b', 'prj-c']);
  });
});
