// The policy checker (README, "Policies"): each kind violated and respected, on effective access
// (organization permissions, project grants reaching workspaces, custom vectors), owners exempt.
import { describe, expect, it } from 'vitest';
import { access, team } from '../../test/support/states.js';
import type { Level, Resource } from '../core/access.js';
import type { Project, SetMatch, TargetType, Team, Workspace } from '../core/model.js';
import type { DesiredPolicy } from '../core/policy.js';
import type { PolicyRule } from '../core/policy-rules.js';
import { violationMessage } from '../render/violation-message.js';
import type { GrantInput, OrganizationInput } from '../effective/compute.js';
import { checkPolicies } from './check.js';

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

const org = (teams: Team[], grants: GrantInput[]): OrganizationInput => ({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants });
const policy = (type: TargetType, match: SetMatch, rule: PolicyRule): DesiredPolicy => ({ name: rule.kind, type, match, rule });
const found = (policies: DesiredPolicy[], input: OrganizationInput) => checkPolicies(policies, input).map((v) => `${v.policy} | ${v.target.type} ${v.target.name} | ${v.team?.name ?? '-'} | ${violationMessage(v)}`);

describe('max-access', () => {
  const prodAtMostWrite = policy('workspace', { tags: ['prod'] }, { kind: 'max-access', access: 'write', exceptTeams: ['sre'] });

  it('is violated by admin from any source (a project maintain grant), on every workspace the match selects, flat or key-value tag', () => {
    const teams = [team('owners'), team('sre', { 'manage-workspaces': true }), team('developers'), team('ops')];
    const grants = [grant('developers', 'team-projects', 'prj-platform', 'maintain'), grant('ops', 'team-workspaces', 'ws-lake', 'admin'), grant('ops', 'team-workspaces', 'ws-net-prod', 'write')];
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
    expect(found([readOnly], org(teams, grants))).toEqual(['max-access | workspace networking-prod | release | team "release" has custom on workspace "networking-prod", above read (workspace grant: custom)']);
  });

  it('on projects: maintain is above write', () => {
    const teams = [team('data-engineers'), team('devs')];
    const grants = [grant('data-engineers', 'team-projects', 'prj-data', 'maintain'), grant('devs', 'team-projects', 'prj-platform', 'write')];
    const projects = policy('project', { names: ['*'] }, { kind: 'max-access', access: 'write', exceptTeams: [] });
    expect(found([projects], org(teams, grants))).toEqual(['max-access | project data | data-engineers | team "data-engineers" has maintain on project "data", above write (project grant: maintain)']);
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
    expect(found([writers], org(teams, grants))).toEqual(['max-teams | workspace lake | - | 2 teams have at least write on workspace "lake", more than 1: a, b']);
    expect(found([{ ...writers, rule: { ...writers.rule, count: 2 } as PolicyRule }], org(teams, grants))).toEqual([]);
  });
});

describe('a violation is data', () => {
  it('names the rule, the level found and its sources; its words are the renderer\'s', () => {
    const rule: PolicyRule = { kind: 'max-access', access: 'write', exceptTeams: [] };
    const [violation, ...rest] = checkPolicies([policy('workspace', { names: ['lake'] }, rule)], org([team('ops')], [grant('ops', 'team-projects', 'prj-data', 'admin')]));
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
