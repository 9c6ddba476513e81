// Accepted exceptions (docs/evidence.md, "Accepted exceptions"): a violation an exception of its policy
// names (team or person, target) is accepted with the exception's reason and end until the clock
// passes it, then it is a violation again; a project's exception does not reach its workspaces.
import { describe, expect, it } from 'vitest';
import { access, team } from '../../test/support/states.js';
import type { Level, Resource } from '../core/access.js';
import type { Project, Team, Workspace } from '../core/model.js';
import type { DesiredPolicy, PolicyException } from '../core/policy.js';
import type { GrantInput } from '../effective/compute.js';
import { checkPolicies, type PolicyInput } from './check.js';

const PROJECTS: Project[] = [{ id: 'prj-platform', name: 'platform' }];
const WORKSPACES: Workspace[] = [
  { id: 'ws-api', name: 'api-prod', projectId: 'prj-platform', tags: { names: ['prod'] } },
  { id: 'ws-etl', name: 'etl-prod', projectId: 'prj-platform', tags: { names: ['prod'] } },
];
const END = '2026-06-01T00:00:00Z';
const BEFORE = Date.parse(END) - 1;

const grant = (teamName: string, resource: Resource, targetId: string, level: Level): GrantInput => ({
  resource,
  teamId: `team-${teamName}`,
  targetId,
  access: access(resource, level),
});
const org = (teams: Team[], grants: GrantInput[], now: number): PolicyInput => ({ teams, projects: PROJECTS, workspaces: WORKSPACES, grants, ends: [], now });
const maxWrite = (type: 'workspace' | 'project', exceptions: PolicyException[]): DesiredPolicy => ({
  name: 'at most write',
  type,
  match: { names: ['*'] },
  rule: { kind: 'max-access', access: 'write', exceptTeams: [] },
  exceptions,
});
const seen = (policies: DesiredPolicy[], input: PolicyInput) =>
  checkPolicies(policies, input).map(
    (v) =>
      `${v.target?.name ?? 'organization'} | ${v.team?.name ?? '-'} | ${v.accepted ? `accepted until ${v.accepted.expires}: ${v.accepted.reason}` : 'violation'}`,
  );

describe('accepted exceptions', () => {
  const teams = [team('dev'), team('data')];
  const grants = [grant('dev', 'team-workspaces', 'ws-api', 'admin'), grant('data', 'team-workspaces', 'ws-etl', 'admin')];
  const policies = [maxWrite('workspace', [{ team: 'dev', workspace: 'api-prod', reason: 'migration INC-42', expires: END }])];

  it('accept the violation of their team on their target, with reason and end; the others stay violations', () => {
    expect(seen(policies, org(teams, grants, BEFORE))).toEqual([`api-prod | dev | accepted until ${END}: migration INC-42`, 'etl-prod | data | violation']);
  });

  it('end: from `expires` on (the clock injected), the violation is one again', () => {
    expect(seen(policies, org(teams, grants, Date.parse(END)))).toEqual(['api-prod | dev | violation', 'etl-prod | data | violation']);
  });

  it("do not reach another team or another target: dev's exception on etl-prod accepts nothing on api-prod", () => {
    const elsewhere = [maxWrite('workspace', [{ team: 'dev', workspace: 'etl-prod', reason: 'r', expires: END }])];
    expect(seen(elsewhere, org(teams, grants, BEFORE))).toEqual(['api-prod | dev | violation', 'etl-prod | data | violation']);
  });

  it("a project's exception covers the project's own cell, not its workspaces", () => {
    const projectGrant = [grant('dev', 'team-projects', 'prj-platform', 'maintain')];
    const onProject = [maxWrite('project', [{ team: 'dev', project: 'platform', reason: 'r', expires: END }])];
    expect(seen(onProject, org(teams, projectGrant, BEFORE))).toEqual([`platform | dev | accepted until ${END}: r`]);
    const workspaces = [maxWrite('workspace', [{ team: 'dev', project: 'platform', reason: 'r', expires: END }])];
    expect(seen(workspaces, org(teams, projectGrant, BEFORE))).toEqual(['api-prod | dev | violation', 'etl-prod | dev | violation']);
  });

  it('max-teams: the excepted teams are not counted; accepted when the rest is within the count', () => {
    const two = [grant('dev', 'team-workspaces', 'ws-api', 'admin'), grant('data', 'team-workspaces', 'ws-api', 'admin')];
    const rule = { kind: 'max-teams', access: 'admin', count: 1 } as const;
    const policy = (exceptions: PolicyException[]): DesiredPolicy => ({
      name: 'one admin',
      type: 'workspace',
      match: { names: ['api-prod'] },
      rule,
      exceptions,
    });
    expect(seen([policy([{ team: 'data', workspace: 'api-prod', reason: 'handover', expires: END }])], org(teams, two, BEFORE))).toEqual([
      `api-prod | - | accepted until ${END}: handover`,
    ]);
    expect(seen([policy([{ team: 'data', workspace: 'etl-prod', reason: 'handover', expires: END }])], org(teams, two, BEFORE))).toEqual([
      'api-prod | - | violation',
    ]);
  });

  it('max-members: the excepted people are not counted', () => {
    const people = {
      people: ['a@x.io', 'b@x.io', 'c@x.io'].map((email) => ({ id: email, email, username: email, status: 'active', teamIds: ['team-sre'] })),
    } as unknown as PolicyInput['people'];
    const rule = { kind: 'max-members', team: 'sre', count: 2 } as const;
    const policy: DesiredPolicy = { name: 'small sre', type: 'organization', rule, exceptions: [{ person: 'C@x.io', reason: 'on-call cover', expires: END }] };
    const input: PolicyInput = { ...org([team('sre')], [], BEFORE), ...(people ? { people } : {}) };
    expect(seen([policy], input)).toEqual([`organization | sre | accepted until ${END}: on-call cover`]);
    expect(seen([policy], { ...input, now: Date.parse(END) + 1 })).toEqual(['organization | sre | violation']);
  });

  it('finding 8: an ended exception re-flags the violation as lapsed, with its end and reason; one of another team does not', () => {
    const lapsed = (policies: DesiredPolicy[], input: PolicyInput) =>
      checkPolicies(policies, input).map(
        (v) => `${v.target?.name} | ${v.team?.name} | ${v.accepted ? 'accepted' : v.lapsed ? `lapsed ${v.lapsed.expires}: ${v.lapsed.reason}` : 'violation'}`,
      );
    expect(lapsed(policies, org(teams, grants, Date.parse(END)))).toEqual([`api-prod | dev | lapsed ${END}: migration INC-42`, 'etl-prod | data | violation']);
    expect(lapsed(policies, org(teams, grants, BEFORE))).toEqual(['api-prod | dev | accepted', 'etl-prod | data | violation']);
  });
});
