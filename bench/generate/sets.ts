// The sets scenario's organization (docs/performance.md, "Performance"): the same projects, workspaces and teams
// as the entries' scenarios, but its access is written as 5 sets instead of one entry per target.
// Workspaces carry a flat tag (prod, staging or dev, in turn); 4 workspace sets give teams by tag
// and to every workspace, 1 project set to every generated project: the grants of provider-2000. The live grants differ from
// the sets' by the spec's shares: a missing grant (add), another level (update), and a grant of a
// team no set gives (remove, the sets prune). Deterministic from `spec.seed`.
import type { Resource } from '../../src/core/access.js';
import {
  type GeneratedGrant,
  type GeneratedOrganization,
  type GrantAccess,
  generateOrganization,
  type OrganizationSpec,
  projectName,
  teamName,
  workspaceName,
} from './organization.js';
import { type Random, seededRandom } from './random.js';
import { BENCH_LEVELS } from './roles.js';

export const WORKSPACE_TAGS = ['prod', 'staging', 'dev'] as const;

interface BenchSet {
  readonly resource: Resource;
  readonly name: string;
  /** The `match:` as written in flow style. */
  readonly match: string;
  readonly applies: (target: { readonly name: string; readonly tags?: readonly string[] }) => boolean;
  /** Team index -> fixed level. */
  readonly teams: ReadonlyArray<readonly [number, string]>;
}

const tagged = (tag: string) => (w: { readonly tags?: readonly string[] }) => w.tags?.includes(tag) === true;

/**
 * The 5 sets; the teams they give are team-0 .. team-12, no team in two sets. Every workspace gets
 * 5 teams (3 by its tag, 2 from `everyone`) and every project 2, as in provider-2000.
 */
export const BENCH_SETS: readonly BenchSet[] = [
  {
    resource: 'team-workspaces',
    name: 'prod',
    match: '{ tags: [prod] }',
    applies: tagged('prod'),
    teams: [
      [0, 'admin'],
      [1, 'write'],
      [2, 'plan'],
    ],
  },
  {
    resource: 'team-workspaces',
    name: 'staging',
    match: '{ tags: [staging] }',
    applies: tagged('staging'),
    teams: [
      [3, 'admin'],
      [4, 'write'],
      [5, 'plan'],
    ],
  },
  {
    resource: 'team-workspaces',
    name: 'dev',
    match: '{ tags: [dev] }',
    applies: tagged('dev'),
    teams: [
      [6, 'admin'],
      [7, 'write'],
      [8, 'write'],
    ],
  },
  {
    resource: 'team-workspaces',
    name: 'everyone',
    match: '{ names: ["*"] }',
    applies: () => true,
    teams: [
      [9, 'read'],
      [10, 'read'],
    ],
  },
  {
    resource: 'team-projects',
    name: 'projects',
    match: '{ names: ["project-*"] }',
    applies: () => true,
    teams: [
      [11, 'read'],
      [12, 'maintain'],
    ],
  },
];
const TEAMS_GIVEN = 13;

function otherLevel(random: Random, resource: Resource, current: string): GrantAccess {
  const others = BENCH_LEVELS[resource].filter((l) => l !== current);
  return { kind: 'level', level: others[random.below(others.length)] ?? current };
}

/** The grants of one target: the sets' (with their fates) and, for a remove, one of a team no set gives. */
function grantsOn(random: Random, spec: OrganizationSpec, resource: Resource, target: { name: string; tags?: readonly string[] }): GeneratedGrant[] {
  const grants: GeneratedGrant[] = [];
  for (const set of BENCH_SETS.filter((s) => s.resource === resource && s.applies(target))) {
    for (const [team, level] of set.teams) {
      const desired: GrantAccess = { kind: 'level', level };
      const r = random.next();
      const base = { resource, target: target.name, team: teamName(team), desired };
      if (r < spec.addShare) grants.push(base);
      else if (r < spec.addShare + spec.updateShare) grants.push({ ...base, live: otherLevel(random, resource, level) });
      else grants.push({ ...base, live: desired });
    }
  }
  if (random.next() < spec.removeShare) {
    const stray = TEAMS_GIVEN + random.below(spec.teams - TEAMS_GIVEN);
    grants.push({ resource, target: target.name, team: teamName(stray), live: { kind: 'level', level: 'read' } });
  }
  return grants;
}

function counted(grants: readonly GeneratedGrant[]): GeneratedOrganization['expected'] {
  const n = (test: (g: GeneratedGrant) => boolean) => grants.filter(test).length;
  return {
    add: n((g) => !g.live),
    update: n((g) => g.live !== undefined && g.desired !== undefined && JSON.stringify(g.live) !== JSON.stringify(g.desired)),
    remove: n((g) => !g.desired),
  };
}

/** An organization whose access the 5 sets describe; teams as the entries' generator makes them, none secret. */
export function generateSetsOrganization(spec: OrganizationSpec): GeneratedOrganization {
  if (spec.teams <= TEAMS_GIVEN) throw new RangeError(`the sets scenario needs more than ${TEAMS_GIVEN} teams`);
  const random = seededRandom(spec.seed);
  const teams = Array.from({ length: spec.teams }, (_, i) => ({ name: teamName(i), secret: false, organizationAccess: {} }));
  const projects = Array.from({ length: spec.projects }, (_, i) => projectName(i));
  const workspaces = Array.from({ length: spec.workspaces }, (_, i) => ({
    name: workspaceName(i),
    project: projectName(i % spec.projects),
    tags: [WORKSPACE_TAGS[i % WORKSPACE_TAGS.length] as string],
  }));
  const grants = [
    ...projects.flatMap((name) => grantsOn(random, spec, 'team-projects', { name })),
    ...workspaces.flatMap((w) => grantsOn(random, spec, 'team-workspaces', w)),
  ];
  return { spec, teams, projects, workspaces, grants, expected: counted(grants) };
}

/** The organization of a scenario: written as sets or as one entry per target. */
export function generateFor(spec: OrganizationSpec): GeneratedOrganization {
  return spec.managedBy === 'sets' ? generateSetsOrganization(spec) : generateOrganization(spec);
}

/** The 5 sets as a desired-state file: the same text whatever the organization's size. */
export function setsYaml(organization: string, maxRemovals: number): string {
  const section = (resource: Resource, key: string): string[] => [
    `${key}:`,
    ...BENCH_SETS.filter((s) => s.resource === resource).flatMap((s) => [
      `  ${s.name}:`,
      `    match: ${s.match}`,
      `    teams: { ${s.teams.map(([team, level]) => `${teamName(team)}: ${level}`).join(', ')} }`,
    ]),
  ];
  return [
    `organization: ${organization}`,
    'settings:',
    `  max-removals: ${maxRemovals}`,
    ...section('team-workspaces', 'workspace-sets'),
    ...section('team-projects', 'project-sets'),
    '',
  ].join('\n');
}
