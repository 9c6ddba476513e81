// Issue 26, the diff of the teams themselves: create, update (fields before and after), rename by
// `previously:` (the id stays), deletion with prune-teams (owners and SCIM-linked teams never, the
// grants listed), implied flags normalised (no perpetual diff: the provider's #1964), a secret team
// a token cannot make said once, a grant to a team created in the same plan, and the guard.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import type { DesiredTarget, LiveState, LiveTarget, Team, Viewer } from '../../src/core/model.js';
import { managedChanges } from '../../src/core/plan.js';
import { normaliseFlags } from '../../src/core/team-flags.js';
import type { DesiredTeam } from '../../src/core/teams.js';
import { buildPlan } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { renderJson } from '../../src/render/plan/json.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';

const ALL_FALSE = normaliseFlags({});
const team = (name: string, id: string, more: Partial<Team> = {}): Team => ({
  id,
  name,
  visibility: 'organization',
  organizationAccess: { ...ALL_FALSE },
  ssoTeamId: null,
  allowMemberTokenManagement: true,
  ...more,
});
const OWNERS = team('owners', 'team-owners', { visibility: 'secret' });

function liveOf(teams: readonly Team[], targets: readonly LiveTarget[] = [], viewer?: Viewer): LiveState {
  return { organization: 'acme', teams: new Map(teams.map((t) => [t.id, t])), targets: new Map(targets.map((t) => [t.id, t])), ...(viewer ? { viewer } : {}) };
}

function desiredOf(teams: readonly DesiredTeam[] | undefined, more: Partial<DesiredState> = {}): DesiredState {
  return { organization: 'acme', settings: DEFAULT_SETTINGS, targets: [], ...(teams ? { teams } : {}), ...more };
}

const desiredTeam = (name: string, more: Partial<DesiredTeam> = {}): DesiredTeam => ({ name, previously: [], ...more });
const plan = (desired: DesiredState, live: LiveState) => guardPlan(buildPlan(desired, live), guardInputsOf(desired, live));

describe('team changes', () => {
  it('creates, updates and renames, each field before and after', () => {
    const live = liveOf([OWNERS, team('sre-old', 'team-sre'), team('auditors', 'team-aud', { visibility: 'secret' })]);
    const desired = desiredOf([
      desiredTeam('platform', { visibility: 'organization', organizationAccess: normaliseFlags({ 'manage-projects': true }), ssoTeamId: 'abc' }),
      desiredTeam('sre', { previously: ['sre-old'], allowMemberTokenManagement: false }),
      desiredTeam('auditors', { visibility: 'organization', organizationAccess: normaliseFlags({ 'read-workspaces': true }) }),
    ]);
    const result = plan(desired, live);
    // Issue 36, Build 2: a create also shows what it gets without the files saying it, marked (the service's defaults, not written).
    const [create, ...rest] = managedChanges(result, 'team') ?? [];
    expect(create?.action === 'create' && create.fields.filter((f) => f.default === undefined)).toEqual([
      { field: 'visibility', before: null, after: 'organization' },
      { field: 'sso-team-id', before: null, after: 'abc' },
      { flag: 'manage-workspaces', before: null, after: true },
      { flag: 'manage-projects', before: null, after: true },
      { flag: 'read-projects', before: null, after: true },
      { flag: 'read-workspaces', before: null, after: true },
    ]);
    const defaults = create?.action === 'create' ? create.fields.filter((f) => f.default !== undefined) : [];
    expect(defaults[0]).toEqual({ field: 'allow-member-token-management', before: null, after: true, default: 'service' });
    expect(defaults.slice(1).every((f) => 'flag' in f && f.after === false && f.default === 'service')).toBe(true);
    expect(defaults.map((f) => ('flag' in f ? f.flag : f.field))).toContain('manage-teams');
    expect(rest).toEqual([
      { action: 'rename', id: 'team-sre', name: 'sre', from: 'sre-old', fields: [{ field: 'allow-member-token-management', before: true, after: false }] },
      {
        action: 'update',
        id: 'team-aud',
        name: 'auditors',
        fields: [
          { field: 'visibility', before: 'secret', after: 'organization' },
          { flag: 'read-workspaces', before: false, after: true },
        ],
      },
    ]);
    expect(result.refusals).toEqual([]);
    expect(JSON.parse(renderJson(result)).team_summary).toEqual({ create: 1, rename: 1, update: 1, delete: 0 });
    const text = renderText(result, { color: false });
    expect(text).toContain('Teams: 1 to create, 1 to rename, 1 to change, 0 to delete.');
    expect(text).toContain('  ~ sre       rename from sre-old (team-sre, which keeps its members and grants)');
    expect(text).toContain('      - visibility: secret\n      + visibility: organization');
    expect(renderMarkdown(result)).toContain('**teams** (1 to create, 1 to rename, 1 to change, 0 to delete)');
  });

  it('never diffs on an implied flag the file leaves out (#1964), and a map is authoritative', () => {
    // What the service keeps after `manage-teams: true` alone: manage-membership switched on too.
    const live = liveOf([
      OWNERS,
      team('admins', 'team-adm', { organizationAccess: { ...ALL_FALSE, 'manage-teams': true, 'manage-membership': true, 'manage-policies': true } }),
    ]);
    const same = plan(desiredOf([desiredTeam('admins', { organizationAccess: normaliseFlags({ 'manage-teams': true, 'manage-policies': true }) })]), live);
    expect(managedChanges(same, 'team')).toEqual([]);
    // A flag the map does not name is false.
    const fewer = plan(desiredOf([desiredTeam('admins', { organizationAccess: normaliseFlags({ 'manage-teams': true }) })]), live);
    expect(managedChanges(fewer, 'team')).toEqual([
      { action: 'update', id: 'team-adm', name: 'admins', fields: [{ flag: 'manage-policies', before: true, after: false }] },
    ]);
    // Settings left out are not managed.
    expect(managedChanges(plan(desiredOf([desiredTeam('admins')]), live), 'team')).toEqual([]);
  });

  it('says once that a token which cannot see secret teams cannot make one, instead of a change every plan', () => {
    const viewer: Viewer = {
      identity: { kind: 'team', resourceId: 'team-ci', userId: 'user-ci', username: 'api-team_1', serviceAccount: true },
      seesEveryTeam: false,
      teams: [],
    };
    const live = liveOf([OWNERS, team('auditors', 'team-aud')], [], viewer);
    const result = plan(desiredOf([desiredTeam('auditors', { visibility: 'secret' })]), live);
    expect(managedChanges(result, 'team')).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['team-setting-ignored']);
  });

  it('deletes, with prune-teams, the teams no file names: never owners nor a SCIM-linked team, its grants listed, refused by max-team-deletions', () => {
    const grant = {
      id: 'tws-1',
      resource: 'team-workspaces' as const,
      teamId: 'team-old',
      targetId: 'ws-1',
      access: { access: 'write' as const, permissions: {} },
      extra: {},
    };
    const target: LiveTarget = { type: 'workspace', id: 'ws-1', name: 'web', grants: [grant] };
    const live = liveOf([OWNERS, team('old', 'team-old'), team('scim', 'team-scim', { scimLinked: true }), team('named', 'team-named')], [target]);
    const desiredTarget: DesiredTarget = { type: 'workspace', name: 'web', prune: false, grants: [{ team: 'named', access: { access: 'read' } }] };
    const desired = desiredOf(undefined, { settings: { ...DEFAULT_SETTINGS, pruneTeams: true }, targets: [desiredTarget] });
    const result = plan(desired, live);
    expect(managedChanges(result, 'team')).toEqual([
      {
        action: 'delete',
        id: 'team-old',
        name: 'old',
        grants: [{ resource: 'team-workspaces', target: { type: 'workspace', name: 'web', id: 'ws-1' }, access: grant.access }],
      },
    ]);
    expect(result.refusals.map((r) => r.guard)).toEqual(['max-team-deletions']);
    expect(renderText(result, { color: false })).toContain('  - old  delete (team-old), with 1 grant on the targets read\n      - workspace web: write');
    const allowed = plan({ ...desired, settings: { ...desired.settings, maxTeamDeletions: 1 } }, live);
    expect(allowed.refusals).toEqual([]);
    expect(allowed.checksum).not.toBe(result.checksum);
    // A team a `previously` names is never deleted, even when its new name exists too (no rename then).
    const both = plan({ ...desired, teams: [desiredTeam('named', { previously: ['old'] })] }, live);
    expect(managedChanges(both, 'team')).toEqual([]);
    // A --target plan deletes no team.
    expect(managedChanges(buildPlan(desired, live, { targeted: true }), 'team')).toEqual([]);
  });

  it('grants a team created in the same plan by its name, with no id until apply', () => {
    const live = liveOf([OWNERS], [{ type: 'workspace', id: 'ws-1', name: 'web', grants: [] }]);
    const desiredTarget: DesiredTarget = { type: 'workspace', name: 'web', prune: true, grants: [{ team: 'platform', access: { access: 'admin' } }] };
    const result = plan(desiredOf([desiredTeam('platform')], { targets: [desiredTarget] }), live);
    // Issue 36, Build 2: told nothing, the create still shows what it gets (tfe-access's visibility, the service's defaults).
    const created = managedChanges(result, 'team')?.[0];
    const fields = created?.action === 'create' ? created.fields : [];
    expect(fields.every((f) => f.default !== undefined)).toBe(true);
    expect(fields[0]).toEqual({ field: 'visibility', before: null, after: 'organization', default: 'tfe-access' });
    const json = JSON.parse(renderJson(result));
    expect(json.changes[0].team).toEqual({ name: 'platform', id: null });
    expect(json.team_changes).toMatchObject([{ action: 'create', name: 'platform', id: null }]);
    expect(json.team_changes[0].fields).toHaveLength(fields.length);
  });

  it('leaves a plan of files without teams exactly as it was', () => {
    const live = liveOf([OWNERS, team('old', 'team-old')]);
    const result = plan(desiredOf(undefined), live);
    expect('teamChanges' in result).toBe(false);
    expect(renderJson(result)).not.toContain('team_changes');
  });
});

describe('the Markdown plan of many team changes', () => {
  it('stays within a comment, counting the team changes it leaves out', () => {
    const names = Array.from({ length: 400 }, (_, i) => `team-number-${i}`);
    const many = desiredOf(
      names.map((name) =>
        desiredTeam(name, { visibility: 'organization', organizationAccess: normaliseFlags({ 'manage-projects': true, 'manage-organization-access': true }) }),
      ),
    );
    const result = plan(many, liveOf([OWNERS]));
    const markdown = renderMarkdown(result);
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    expect(markdown).toMatch(/> \*\*\d+ of 400 team changes not shown\*\*/);
    expect(markdown).toContain(`Checksum: \`${result.checksum}\``);
  });
});
