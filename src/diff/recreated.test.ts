// The `team-recreated` warning (diff/recreated.ts): a SCIM-linked team holding none of the files'
// grants on the targets read, and no other.
import { describe, expect, it } from 'vitest';
import type { LiveState, Team } from '../core/model.js';
import type { Change } from '../core/plan.js';
import { recreatedTeamWarnings } from './recreated.js';

const team = (name: string, more: Partial<Team> = {}): Team => ({ id: `team-${name}`, name, visibility: 'organization', organizationAccess: {}, ...more });
const ENG = team('eng', { scimLinked: true, scimUpdatedAt: '2026-11-29T05:00:00.000Z' });
const SRE = team('sre');

const add = (t: Team, target: string, access = 'read'): Change => ({
  action: 'add',
  resource: 'team-workspaces',
  team: { name: t.name, id: t.id },
  target: { type: 'workspace', name: target, id: `ws-${target}` },
  after: { access: access as 'read' },
});

function live(grants: { teamId: string; target: string }[]): LiveState {
  const targets = new Map(
    ['web', 'api'].map((name) => [
      `ws-${name}`,
      {
        type: 'workspace' as const,
        id: `ws-${name}`,
        name,
        grants: grants
          .filter((g) => g.target === name)
          .map((g) => ({
            id: `tws-${g.teamId}-${name}`,
            resource: 'team-workspaces' as const,
            teamId: g.teamId,
            targetId: `ws-${name}`,
            access: { access: 'read' },
          })),
      },
    ]),
  );
  return { organization: 'acme', teams: new Map([ENG, SRE].map((t) => [t.id, t])), targets } as unknown as LiveState;
}

describe('recreatedTeamWarnings', () => {
  it('names a SCIM-linked team whose every grant of the files is an add, each grant to restore', () => {
    const warnings = recreatedTeamWarnings([add(ENG, 'web'), add(ENG, 'api', 'write'), add(SRE, 'api')], live([]));
    expect(warnings).toEqual([
      {
        code: 'team-recreated',
        team: 'eng',
        message:
          "team eng (team-eng) is linked to a SCIM group (updated by SCIM at 2026-11-29T05:00:00.000Z) and holds none of the 2 grants the files give it on the targets read: it looks re-created by its identity provider (a group re-activated makes a new team under a new id, without the old one's grants). To restore: workspace api (write), workspace web (read); this plan restores them to team-eng.",
      },
    ]);
  });

  it('says nothing of a team holding a grant on a target read, of a team no SCIM group owns, nor of a plan without adds', () => {
    expect(recreatedTeamWarnings([add(ENG, 'web')], live([{ teamId: 'team-eng', target: 'api' }]))).toEqual([]);
    expect(recreatedTeamWarnings([add(SRE, 'web')], live([]))).toEqual([]);
    expect(recreatedTeamWarnings([], live([]))).toEqual([]);
  });
});
