// Issue 26, saved plans with team changes: format 4 (a reader of 3 refuses it rather than apply the
// grants without their teams), the round trip keeps every team change and a grant of a team the
// plan creates, the checksum and the seal cover them, an edit is refused, and a plan without teams
// is written as before (format 3).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import type { DesiredTarget, LiveState, LiveTarget, Team } from '../../src/core/model.js';
import { grantChanges, managedChanges } from '../../src/core/plan.js';
import { teamChangeDocument } from '../../src/core/plan-document.js';
import { normaliseFlags } from '../../src/core/team-flags.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { savedPlanDocument } from '../../src/pipeline/disk/saved-plan-file.js';
import { INTEGRITY_KEY, integrityOf } from '../../src/saved-plan/fingerprint.js';
import { parseSavedPlan } from '../../src/saved-plan/parse.js';
import { savedPlanOf } from '../../src/saved-plan/saved-plan.js';
import { assertTeamsFresh } from '../../src/saved-plan/stale.js';
import { team as teamNamed } from '../people/world.js';

const team = (name: string, id: string, more: Partial<Team> = {}): Team => teamNamed(name, { id, ...more });
const teams = [team('owners', 'team-owners'), team('old', 'team-old'), team('site-reliability', 'team-sre')];
const target: LiveTarget = {
  type: 'workspace',
  id: 'ws-1',
  name: 'web',
  grants: [{ id: 'tws-1', resource: 'team-workspaces', teamId: 'team-old', targetId: 'ws-1', access: { access: 'write', permissions: {} }, extra: {} }],
};
const live: LiveState = { organization: 'acme', teams: new Map(teams.map((t) => [t.id, t])), targets: new Map([[target.id, target]]) };
const entry: DesiredTarget = {
  type: 'workspace',
  name: 'web',
  prune: false,
  grants: [
    { team: 'platform', access: { access: 'admin' } },
    { team: 'sre', access: { access: 'read' } },
  ],
};
const desired: DesiredState = {
  organization: 'acme',
  settings: { ...DEFAULT_SETTINGS, pruneTeams: true, maxTeamDeletions: 1 },
  targets: [entry],
  teams: [
    { name: 'platform', previously: [], visibility: 'organization', organizationAccess: normaliseFlags({ 'manage-teams': true }) },
    { name: 'sre', previously: ['site-reliability'], ssoTeamId: 'idp-sre' },
  ],
};
const plan = guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));
const saved = savedPlanOf(plan, desired, live, 'http://127.0.0.1:1');
const document = savedPlanDocument(saved);
const json = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
const read0 = () => parseSavedPlan('p.json', json).plan;

describe('a saved plan with team changes', () => {
  it('is format 4 and reads back to the same plan, checksum and refusals', () => {
    expect(managedChanges(plan, 'team')?.map((c) => c.action)).toEqual(['create', 'rename', 'delete']);
    expect(json.format_version).toBe(4);
    const read = parseSavedPlan('p.json', json);
    // What a deleted team's grants say is their document (the level's permissions as the plan showed them).
    expect(managedChanges(read.plan, 'team')?.map(teamChangeDocument)).toEqual(managedChanges(plan, 'team')?.map(teamChangeDocument));
    expect(grantChanges(read.plan)).toEqual(grantChanges(plan));
    expect(read.plan.checksum).toBe(plan.checksum);
    expect(read.plan.refusals).toEqual(plan.refusals);
    expect(read.basis.teams).toEqual(saved.basis.teams);
  });

  it('refuses an edit of a team change, even resealed', () => {
    const edited = JSON.parse(JSON.stringify(json)) as { plan: { team_changes: { from?: string; name: string }[] } };
    (edited.plan.team_changes[1] as { from: string }).from = 'someone-else';
    const resealed = { ...edited, [INTEGRITY_KEY]: integrityOf(edited as unknown as Record<string, unknown>) };
    expect(() => parseSavedPlan('p.json', resealed)).toThrow(/checksum does not match/);
    // A created team renamed in the file leaves its grant naming a team the plan does not create.
    const renamed = JSON.parse(JSON.stringify(json)) as { plan: { team_changes: { name: string }[] } };
    (renamed.plan.team_changes[0] as { name: string }).name = 'platform2';
    expect(() => parseSavedPlan('p.json', { ...renamed, [INTEGRITY_KEY]: integrityOf(renamed as unknown as Record<string, unknown>) })).toThrow(
      /team.id is null, and the plan creates no team "platform"/,
    );
    const widened = JSON.parse(JSON.stringify(json)) as { basis: { teams: { max_team_deletions: number } } };
    widened.basis.teams.max_team_deletions = 5;
    expect(() => parseSavedPlan('p.json', { ...widened, [INTEGRITY_KEY]: integrityOf(widened as unknown as Record<string, unknown>) })).toThrow(
      /checksum does not match/,
    );
  });

  it('reads each field typed: a name that is no setting or flag, or a value the setting does not take, is refused', () => {
    const reread = (edit: (field: { field: string; after: unknown }) => void): unknown => {
      const edited = JSON.parse(JSON.stringify(json)) as { plan: { team_changes: { fields: { field: string; after: unknown }[] }[] } };
      const field = edited.plan.team_changes[0]?.fields[0];
      if (field) edit(field);
      return parseSavedPlan('p.json', { ...edited, [INTEGRITY_KEY]: integrityOf(edited as unknown as Record<string, unknown>) });
    };
    const created = managedChanges(read0(), 'team')?.[0];
    expect(created?.action === 'create' && created.fields.find((f) => 'flag' in f && f.flag === 'manage-teams')).toMatchObject({ after: true });
    expect(() => reread((f) => (f.field = 'colour'))).toThrow(/field "colour" is not a team setting or organization-access flag/);
    expect(() => reread((f) => (f.field = 'organization-access.'))).toThrow(/is not a team setting or organization-access flag/);
    expect(() => reread((f) => (f.after = 'public'))).toThrow(/after is not a value of visibility/);
  });

  it('is stale once the teams moved', async () => {
    await expect(assertTeamsFresh(saved, { listTeams: async () => teams })).resolves.toBeUndefined();
    const moved = [...teams, team('by-hand', 'team-hand')];
    await expect(assertTeamsFresh(saved, { listTeams: async () => moved })).rejects.toThrow(/the saved plan is stale: the teams changed/);
  });

  it('is format 3, without team keys, when the files manage no team', () => {
    const plain: DesiredState = { organization: 'acme', settings: DEFAULT_SETTINGS, targets: [{ ...entry, grants: [] }] };
    const p = guardPlan(buildPlan(plain, live), guardInputsOf(plain, live));
    const doc = JSON.parse(JSON.stringify(savedPlanDocument(savedPlanOf(p, plain, live)))) as { format_version: number; basis: object; plan: object };
    expect(doc.format_version).toBe(3);
    expect('teams' in doc.basis || 'team_changes' in doc.plan).toBe(false);
  });
});
