import { describe, expect, it } from 'vitest';
import type { LiveGrant, LiveState, LiveTarget, Team, Viewer } from '../core/model.js';
import { unseenTargetsOf } from './unseen.js';

const team = (id: string, organizationAccess: Record<string, boolean> = {}): Team => ({ id, name: id, visibility: 'organization', organizationAccess });
const grant = (teamId: string, targetId: string, access: string, resource: LiveGrant['resource'] = 'team-workspaces'): LiveGrant => ({
  id: `g-${teamId}-${targetId}`,
  resource,
  teamId,
  targetId,
  access: { access: access as 'read', permissions: {} },
  extra: {},
});
const target = (type: 'project' | 'workspace', id: string, grants: LiveGrant[], projectId?: string): LiveTarget => ({
  type,
  id,
  name: id,
  grants,
  ...(projectId ? { projectId } : {}),
});
const live = (viewer: Viewer | undefined, targets: LiveTarget[]): LiveState => ({
  organization: 'o',
  teams: new Map(),
  targets: new Map(targets.map((t) => [t.id, t])),
  ...(viewer ? { viewer } : {}),
});
const identity = { kind: 'team' as const, userId: 'u', username: 'api-team_x', serviceAccount: true, resourceId: 'me' };

describe('unseenTargetsOf', () => {
  const targets = [
    target('project', 'p1', [grant('me', 'p1', 'maintain', 'team-projects')]),
    target('workspace', 'w1', [], 'p1'),
    target('workspace', 'w2', [grant('me', 'w2', 'admin')], 'p2'),
    target('workspace', 'w3', [grant('me', 'w3', 'write')], 'p2'),
  ];

  it('is 0 for an owner, and when the reader is not known', () => {
    expect(unseenTargetsOf(live({ identity, seesEveryTeam: true, teams: [] }, targets))).toBe(0);
    expect(unseenTargetsOf(live(undefined, targets))).toBe(0);
  });

  it("counts the targets where the token manages no team access: its admin grant and its project's maintain count, a write grant and a maintain project grant on the project itself do not", () => {
    // p1: maintain is not admin of the project; w1: p1's maintain gives admin; w2: admin; w3: write.
    expect(unseenTargetsOf(live({ identity, seesEveryTeam: false, teams: [team('me')] }, targets))).toBe(2);
  });

  it('manage-projects manages every target; manage-workspaces every workspace', () => {
    expect(unseenTargetsOf(live({ identity, seesEveryTeam: false, teams: [team('me', { 'manage-projects': true })] }, targets))).toBe(0);
    expect(unseenTargetsOf(live({ identity, seesEveryTeam: false, teams: [team('me', { 'manage-workspaces': true })] }, targets))).toBe(1);
  });
});
