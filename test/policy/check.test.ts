// The policy checker (docs/effective-access.md, "Policies"): each kind violated and respected, on effective access
// (organization permissions, project grants reaching workspaces, custom vectors), owners exempt.
import { describe, expect, it } from 'vitest';
import type { Level, Resource } from '../../src/core/access.js';
import type { Project, SetMatch, TargetType, Team, Workspace } from '../../src/core/model.js';
import type { DesiredPolicy, TargetPolicy } from '../../src/core/policy.js';
import type { TargetRule } from '../../src/core/policy-rules.js';
import type { GrantInput } from '../../src/effective/compute.js';
import { checkPolicies, type PolicyInput } from '../../src/policy/check.js';
import { violationMessage } from '../../src/render/violations/violation-message.js';
import { access, team } from '../support/states.js';

const PROJECTS: Project[] = [
  { id: 'prj-platform', name: 'platform' },
  { id: 'prj-data', name: 'data' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-net-prod', name: 'networking-prod', projectId: 'prj-platform', tags: { names: ['prod'] } },
  { id: 'ws-net-dev', name: 'networking-dev', projectId: 'prj-platform', tags: { names: ['dev'] } },
  { id: 'ws-lake', name: 'lake', projectId: 'prj-data', tags: { names: [], bindings: [{ key: 'prod', value: 'yes' }] } },
];

const grant = (teamName: string, resource: Resource, targetId: string, level: Level, custom: Record<string, string | boolean> = {}): GrantInput => ({
  resource,
  teamId: `team-${teamName}`,
  targetId,
  access: access(resource, level, custom),
});

const org = (teams: Team[], grants: GrantInput[]): PolicyInput => ({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants, ends: [], now: 0 });
const policy = (type: TargetType, match: SetMatch, rule: TargetRule): TargetPolicy => ({ name: rule.kind, type, match, rule });
const found = (policies: DesiredPolicy[], input: PolicyInput) =>
  checkPolicies(policies, input).map(
    (v) => `${v.policy} | ${v.target ? `${v.target.type} ${v.target.name}` : 'organization'} | ${v.team?.name ?? '-'} | ${violationMessage(v)}`,
  );

describe('max-access', () => {
  const prodAtMostWrite = policy('workspace', { tags: ['prod'] }, { kind: 'max-access', access: 'write', exceptTeams: ['sre'] });

  it('is violated by admin from any source (a project maintain grant), on every workspace the match selects, flat or key-value tag', () => {
    const teams = [team('owners'), team('sre', { 'manage-workspaces': true }), team('developers'), team('ops')];
    const grants = [
      grant('developers', 'team-projects', 'prj-platform', 'maintain'),
      grant('ops', 'team-workspaces', 'ws-lake', 'admin'),
      grant('ops', 'team-workspaces', 'ws-net-prod', 'write'),
    ];
    expect(found([prodAtMostWrite], org(teams, grants))).toEqual([
      'max-access | workspace lake | ops | team "ops" has admin on workspace "lake", above write (workspace grant: admin)',
      'max-access | workspace networking-prod | developers | team "developers" has admin on workspace "networking-prod", above write (project platform: maintain)',
    ]);
  });

  it('is respected at the level, by the excepted team and by owners, and off the match', () => {
    const teams = [team('owners'), team('sre', { 'manage-workspaces': true }), team('developers'), team('ops', { 'read-workspaces': true })];
    const grants = [grant('developers', 'team-projects', 'prj-platform', 'write'), grant('ops', 'team-workspaces', 'ws-net-dev', 'admin')];
    expect(found([prodAtMostWrite], org(teams, grants))).toEqual([]);
  });

  it('compares a custom grant on its permissions: one permission above the level is a violation, below it is not', () => {
    const teams = [team('release'), team('viewer')];
    const readOnly = policy('workspace', { names: ['networking-*'] }, { kind: 'max-access', access: 'read', exceptTeams: [] });
    const grants = [
      grant('release', 'team-workspaces', 'ws-net-prod', 'custom', { runs: 'read', variables: 'write' }),
      grant('viewer', 'team-workspaces', 'ws-net-dev', 'custom', { runs: 'read', 'state-versions': 'read-outputs' }),
    ];
    expect(found([readOnly], org(teams, grants))).toEqual([
      'max-access | workspace networking-prod | release | team "release" has custom on workspace "networking-prod", above read (workspace grant: custom)',
    ]);
  });

  it('on projects: maintain is above write', () => {
    const teams = [team('data-engineers'), team('devs')];
    const grants = [grant('data-engineers', 'team-projects', 'prj-data', 'maintain'), grant('devs', 'team-projects', 'prj-platform', 'write')];
    const projects = policy('project', { names: ['*'] }, { kind: 'max-access', access: 'write', exceptTeams: [] });
    expect(found([projects], org(teams, grants))).toEqual([
      'max-access | project data | data-engineers | team "data-engineers" has maintain on project "data", above write (project grant: maintain)',
    ]);
  });
});

describe('min-access', () => {
  const auditorsRead = policy('workspace', { names: ['*'] }, { kind: 'min-access', team: 'auditors', access: 'read' });

  it('is violated where the team has no access, or less than the level', () => {
    const teams = [team('auditors')];
    const grants = [grant('auditors', 'team-projects', 'prj-platform', 'read'), grant('auditors', 'team-workspaces', 'ws-lake', 'custom', { runs: 'read' })];
    expect(found([auditorsRead], org(teams, grants))).toEqual([
      'min-access | workspace lake | auditors | team "auditors" has custom (workspace grant: custom) on workspace "lake", below read',
    ]);
    expect(found([auditorsRead], org(teams, []))).toHaveLength(3);
    expect(checkPolicies([auditorsRead], org(teams, []))[0]?.team).toBeNull();
  });

  it('is respected through an organization permission, a project grant or anything higher', () => {
    expect(found([auditorsRead], org([team('auditors', { 'read-workspaces': true })], []))).toEqual([]);
    const grants = [grant('auditors', 'team-projects', 'prj-platform', 'write'), grant('auditors', 'team-workspaces', 'ws-lake', 'plan')];
    expect(found([auditorsRead], org([team('auditors')], grants))).toEqual([]);
  });
});

describe('max-teams', () => {
  const fewAdmins = policy('project', { names: ['*'] }, { kind: 'max-teams', access: 'admin', count: 1 });

  it('is violated by more teams than the count with at least the level; owners are not counted', () => {
    const teams = [team('owners'), team('a', { 'manage-projects': true, 'manage-workspaces': true }), team('b'), team('c')];
    const grants = [grant('b', 'team-projects', 'prj-data', 'admin'), grant('c', 'team-projects', 'prj-data', 'maintain')];
    expect(found([fewAdmins], org(teams, grants))).toEqual(['max-teams | project data | - | 2 teams have admin on project "data", more than 1: a, b']);
  });

  it('is respected at the count, and counts "at least" a lower level', () => {
    const teams = [team('owners'), team('a'), team('b')];
    const grants = [grant('a', 'team-workspaces', 'ws-lake', 'write'), grant('b', 'team-projects', 'prj-data', 'admin')];
    expect(found([fewAdmins], org(teams, grants))).toEqual([]);
    const writers = policy('workspace', { projects: ['data'] }, { kind: 'max-teams', access: 'write', count: 1 });
    expect(found([writers], org(teams, grants))).toEqual([
      'max-teams | workspace lake | - | 2 teams have at least write on workspace "lake", more than 1: a, b',
    ]);
    expect(found([{ ...writers, rule: { ...writers.rule, count: 2 } as TargetRule }], org(teams, grants))).toEqual([]);
  });
});

describe('max-expiry', () => {
  const NOW = Date.UTC(2026, 0, 1);
  const at = (days: number): string => new Date(NOW + days * 86_400_000).toISOString().replace('.000Z', 'Z');
  const end = (teamName: string, targetId: string, days: number) => ({ teamId: `team-${teamName}`, targetId, at: at(days) });
  const breakGlass = policy('workspace', { names: ['*'] }, { kind: 'max-expiry', access: 'write', days: 7 });
  const clocked = (teams: Team[], grants: GrantInput[], ends: PolicyInput['ends']): PolicyInput => ({ ...org(teams, grants), ends, now: NOW });

  it('is violated by a grant of at least the level that never ends, or ends more than the days ahead', () => {
    const teams = [team('ops'), team('sre'), team('dev')];
    const grants = [
      grant('ops', 'team-workspaces', 'ws-lake', 'admin'),
      grant('sre', 'team-workspaces', 'ws-lake', 'write'),
      grant('dev', 'team-workspaces', 'ws-net-dev', 'write'),
    ];
    expect(found([breakGlass], clocked(teams, grants, [end('sre', 'ws-lake', 30), end('dev', 'ws-net-dev', 7)]))).toEqual([
      'max-expiry | workspace lake | ops | team "ops" has admin on workspace "lake" with no expiry: a grant of at least write must expire within 7 days',
      'max-expiry | workspace lake | sre | team "sre" has write on workspace "lake" until end of 2026-01-30 UTC: a grant of at least write must expire within 7 days',
    ]);
  });

  it('is respected by a grant below the level, one that ends within the days or has ended, and the owners team', () => {
    const teams = [team('owners'), team('viewer'), team('oncall'), team('gone')];
    const grants = [
      grant('owners', 'team-workspaces', 'ws-lake', 'admin'),
      grant('viewer', 'team-workspaces', 'ws-lake', 'plan'),
      grant('oncall', 'team-workspaces', 'ws-lake', 'admin'),
      grant('gone', 'team-workspaces', 'ws-lake', 'admin'),
    ];
    expect(found([breakGlass], clocked(teams, grants, [end('oncall', 'ws-lake', 6.5), end('gone', 'ws-lake', -1)]))).toEqual([]);
  });

  it('compares a custom grant on its vector: every permission of the level counts, some do not', () => {
    const writeVector = {
      runs: 'apply',
      variables: 'write',
      'state-versions': 'write',
      'sentinel-mocks': 'read',
      'workspace-locking': true,
      'run-tasks': false,
    };
    const grants = [
      grant('full', 'team-workspaces', 'ws-lake', 'custom', writeVector),
      grant('part', 'team-workspaces', 'ws-lake', 'custom', { runs: 'apply' }),
    ];
    expect(found([breakGlass], clocked([team('full'), team('part')], grants, [])).map((v) => v.split(' | ')[2])).toEqual(['full']);
  });

  it("holds each grant to its own end: a project grant is not the workspace's, and a project policy checks it", () => {
    const grants = [grant('ops', 'team-projects', 'prj-data', 'admin')];
    expect(found([breakGlass], clocked([team('ops')], grants, []))).toEqual([]);
    const projects = policy('project', { names: ['data'] }, { kind: 'max-expiry', access: 'admin', days: 1 });
    expect(found([projects], clocked([team('ops')], grants, []))).toEqual([
      'max-expiry | project data | ops | team "ops" has admin on project "data" with no expiry: a grant of admin must expire within 1 day',
    ]);
  });
});

describe('a violation is data', () => {
  it("names the rule, the level found and its sources; its words are the renderer's", () => {
    const rule: TargetRule = { kind: 'max-access', access: 'write', exceptTeams: [] };
    const [violation, ...rest] = checkPolicies(
      [policy('workspace', { names: ['lake'] }, rule)],
      org([team('ops')], [grant('ops', 'team-projects', 'prj-data', 'admin')]),
    );
    expect(rest).toEqual([]);
    expect(violation).toEqual({
      policy: 'max-access',
      target: { type: 'workspace', name: 'lake', id: 'ws-lake' },
      team: { name: 'ops', id: 'team-ops' },
      found: { kind: 'max-access', rule, access: 'admin', sources: [{ kind: 'project', name: 'data', id: 'prj-data', access: 'admin' }] },
    });
    expect(violation && 'message' in violation).toBe(false);
  });
});

describe('organization-access (docs/effective-access.md, "Organization powers")', () => {
  const rule = { kind: 'organization-access' as const, forbid: ['manage-organization-access', 'manage-teams'], exceptTeams: ['platform-admins'] };
  const onlyAdmins: DesiredPolicy = { name: 'only platform-admins hand out powers', type: 'organization', rule };
  const teams = [
    team('owners', { 'manage-organization-access': true, 'manage-teams': true }),
    team('platform-admins', { 'manage-organization-access': true }),
    team('helpdesk', { 'manage-teams': true, 'manage-membership': true }),
    // As a file writes it: the implied manage-teams left out, and counted all the same.
    team('sneaky', { 'manage-organization-access': true }),
    team('readers', { 'read-workspaces': true }),
  ];

  it('is checked once, with no target: every team but the owners team and the exceptions, each forbidden flag it has, an implied one with what brings it', () => {
    expect(found([onlyAdmins], org(teams, []))).toEqual([
      'only platform-admins hand out powers | organization | helpdesk | team "helpdesk" has manage-teams in the organization: forbidden to every team but platform-admins',
      'only platform-admins hand out powers | organization | sneaky | team "sneaky" has manage-teams (through manage-organization-access), manage-organization-access in the organization: forbidden to every team but platform-admins',
    ]);
  });

  it('a flag not forbidden, or a team without the flags, breaks nothing; with no exception, every team but the owners team is held to it', () => {
    expect(found([{ ...onlyAdmins, rule: { ...rule, forbid: ['manage-policies'] } }], org(teams, []))).toEqual([]);
    const none: DesiredPolicy = { ...onlyAdmins, rule: { ...rule, forbid: ['manage-organization-access'], exceptTeams: [] } };
    expect(found([none], org(teams, [])).map((v) => v.split(' | ')[2])).toEqual(['platform-admins', 'sneaky']);
  });

  it('keeps file order beside the policies of targets', () => {
    const targets = policy('workspace', { names: ['lake'] }, { kind: 'max-access', access: 'read', exceptTeams: [] });
    const out = found([onlyAdmins, targets], org(teams, [grant('readers', 'team-workspaces', 'ws-lake', 'write')]));
    expect(out.map((v) => v.split(' | ').slice(0, 3).join(' | '))).toEqual([
      'only platform-admins hand out powers | organization | helpdesk',
      'only platform-admins hand out powers | organization | sneaky',
      'max-access | workspace lake | readers',
    ]);
  });
});
