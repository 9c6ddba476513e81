// Builders and fast-check arbitraries of desired and live states, for the pure core's tests.
import fc from 'fast-check';
import { IMPLIED, LEVELS, type Level, PERMISSIONS, type Resource } from '../../src/core/access.js';
import { DEFAULT_SETTINGS, type DesiredState } from '../../src/core/desired-state.js';
import {
  type Access,
  type CustomAccess,
  type DesiredTarget,
  type LiveGrant,
  type LiveState,
  type LiveTarget,
  RESOURCE_OF,
  type ReportedAccess,
  type TargetType,
  type Team,
} from '../../src/core/model.js';
import { customAccess, permissionsOf } from '../../src/core/permissions.js';
import type { Person } from '../../src/core/person.js';

export const TEAM_NAMES = ['owners', 'dev', 'ops', 'sre', 'audit', 'ci'] as const;
export const teamId = (name: string): string => `team-${name}`;

/** An active person (no service account) in `teams` (by name), their membership `ou-EMAIL`; `extra` overrides. */
export const person = (email: string, teams: readonly string[], extra: Partial<Person> = {}): Person => ({
  membershipId: `ou-${email}`,
  email,
  status: 'active',
  serviceAccount: false,
  teamIds: teams.map(teamId),
  ...extra,
});

export function team(name: string, organizationAccess: Record<string, boolean> = {}): Team {
  return { id: teamId(name), name, visibility: 'organization', organizationAccess };
}

/** A grant's access both as a file means it and as the service reports it (a fixed level reports its row). */
export type TestAccess = Access & ReportedAccess;

export function access(resource: Resource, level: Level, custom: Record<string, string | boolean> = {}): TestAccess {
  if (level === 'custom') return customAccess(resource, custom);
  return { access: level, permissions: IMPLIED[resource][level] ?? {} };
}

export function liveOf(organization: string, teams: Team[], targets: LiveTarget[]): LiveState {
  return {
    organization,
    teams: new Map(teams.map((t) => [t.id, t])),
    targets: new Map(targets.map((t) => [t.id, t])),
  };
}

export function desiredOf(targets: DesiredTarget[], settings: Partial<DesiredState['settings']> = {}): DesiredState {
  return { organization: 'acme', settings: { ...DEFAULT_SETTINGS, ...settings }, targets };
}

export const arbAccess = (resource: Resource): fc.Arbitrary<TestAccess> =>
  fc.oneof(
    fc.constantFrom(...LEVELS[resource].filter((l) => l !== 'custom')).map((level) => access(resource, level)),
    fc
      .tuple(...PERMISSIONS[resource].map((spec) => (spec.values === 'boolean' ? fc.boolean() : fc.constantFrom<string | boolean>(...spec.values))))
      .map((values) => access(resource, 'custom', Object.fromEntries(PERMISSIONS[resource].map((s, i) => [s.key, values[i] as string | boolean])))),
  );

export const TARGETS = [
  { type: 'project', name: 'platform', id: 'prj-platform' },
  { type: 'project', name: 'data', id: 'prj-data' },
  { type: 'workspace', name: 'net-prod', id: 'ws-netprod' },
  { type: 'workspace', name: 'app-dev', id: 'ws-appdev' },
] as const;

type GrantMap = Array<{ team: string; access: TestAccess }>;

const arbGrants = (resource: Resource): fc.Arbitrary<GrantMap> =>
  fc.uniqueArray(fc.record({ team: fc.constantFrom(...TEAM_NAMES), access: arbAccess(resource) }), {
    selector: (g) => g.team,
    maxLength: TEAM_NAMES.length,
  });

export interface Scenario {
  desired: DesiredState;
  live: LiveState;
}

/** A random desired state over TARGETS and a random live state of the same targets. */
export const arbScenario: fc.Arbitrary<Scenario> = fc
  .record({
    desired: fc.tuple(...TARGETS.map((t) => fc.record({ grants: arbGrants(RESOURCE_OF[t.type]), prune: fc.boolean() }))),
    live: fc.tuple(...TARGETS.map((t) => arbGrants(RESOURCE_OF[t.type]))),
    ignore: fc.subarray(['audit', 'ci']),
    orgAccess: fc.dictionary(fc.constantFrom(...TEAM_NAMES), fc.boolean()),
  })
  .map(({ desired, live, ignore, orgAccess }) => {
    const teams = TEAM_NAMES.map((n) => team(n, orgAccess[n] ? { 'manage-projects': true } : {}));
    const targets: DesiredTarget[] = TARGETS.map((t, i) => ({
      type: t.type,
      name: t.name,
      prune: desired[i]?.prune ?? true,
      grants: (desired[i]?.grants ?? []).filter((g) => !ignore.includes(g.team)).map((g) => ({ team: g.team, access: written(g.access) })),
    }));
    const liveTargets: LiveTarget[] = TARGETS.map((t, i) => ({
      type: t.type,
      id: t.id,
      name: t.name,
      grants: (live[i] ?? []).map((g, j) => ({
        id: `${t.type === 'project' ? 'tprj' : 'tws'}-${i}-${j}`,
        resource: RESOURCE_OF[t.type],
        teamId: teamId(g.team),
        targetId: t.id,
        access: g.access,
        extra: {},
      })),
    }));
    return { desired: desiredOf(targets, { ignoreTeams: ignore }), live: liveOf('acme', teams, liveTargets) };
  });

/**
 * arbScenario with roles: the custom sets of the live grants become roles (`role-N`, by kind), and
 * a desired custom grant with one of those sets names it, as a file that grants a role does.
 */
export const arbScenarioWithRoles: fc.Arbitrary<Scenario> = arbScenario.map(({ desired, live }) => {
  const roles = { project: new Map<string, CustomAccess>(), workspace: new Map<string, CustomAccess>() };
  for (const target of live.targets.values()) {
    for (const grant of target.grants) {
      const known = [...roles[target.type].values()].some((r) => JSON.stringify(r.permissions) === JSON.stringify(grant.access.permissions));
      if (grant.access.access === 'custom' && !known)
        roles[target.type].set(`role-${roles[target.type].size}`, { access: 'custom', permissions: grant.access.permissions });
    }
  }
  const roleOf = (type: TargetType, access: Access): string | undefined =>
    access.access === 'custom' ? [...roles[type]].find(([, r]) => JSON.stringify(r.permissions) === JSON.stringify(access.permissions))?.[0] : undefined;
  const targets = desired.targets.map((t) => ({
    ...t,
    grants: t.grants.map((g) => ({ ...g, ...(roleOf(t.type, g.access) ? { role: roleOf(t.type, g.access) } : {}) })),
  }));
  return { desired: { ...desired, targets, roles }, live };
});

/** The access as a desired state holds it: a fixed level without a vector of its own. */
export function written(access: TestAccess): Access {
  return access.access === 'custom' ? access : { access: access.access };
}

/** What the service reports after writing `access`: a fixed level reports its row. */
export function reportedOf(resource: Resource, written: Access): ReportedAccess {
  return { access: written.access, permissions: permissionsOf(resource, written) };
}

/** Applies changes to a live state in memory, as the service would. */
export function applyInMemory(live: LiveState, changes: ReturnType<typeof import('../../src/diff/diff.js').diff>): LiveState {
  const targets = new Map([...live.targets].map(([id, t]) => [id, { ...t, grants: [...t.grants] }]));
  let next = 0;
  for (const change of changes) {
    const target = targets.get(change.target.id);
    if (!target) throw new Error(`no target ${change.target.id}`);
    if (change.action === 'add') {
      const grant: LiveGrant = {
        id: `new-${next++}`,
        resource: change.resource,
        teamId: change.team.id,
        targetId: target.id,
        access: reportedOf(change.resource, change.after),
        extra: {},
      };
      target.grants.push(grant);
    } else if (change.action === 'update') {
      target.grants = target.grants.map((g) => (g.id === change.id ? { ...g, access: reportedOf(change.resource, change.after) } : g));
    } else {
      target.grants = target.grants.filter((g) => g.id !== change.id);
    }
  }
  return { ...live, targets };
}
